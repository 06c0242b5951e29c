import { addCondition, type ConditionDef, type EncounterState, type Json, type LoadedRuleset } from '@fray/engine';
import { a5eTest } from '../core/d20';
import { ACTION, MOVEMENT, MOVEMENT_MAX, effectiveSpeed, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import { gainFatigue } from '../conditions/tracks';
import type { ActionHandler } from '../module';
import { mod, sheetOf } from '../sheet/derived';
import { namedActionRefusal, rejectWith, turnOwner } from './common';

/** encounter option: 'minimal' (default) or 'extended' Sprint rules (A5E-ACT-18) */
export const SPRINT_RULES = 'sprintRules';
/** creature var: `{ round, streak, checks }` for consecutive extended Sprints */
export const SPRINT = 'a5e.sprint';

/** Sprinting, minimal ruling: no bonus action or reaction until the start of its next turn. */
export const sprintingCondition: ConditionDef = {
  id: 'sprinting', name: 'Sprinting', ruleId: 'A5E-ACT-18',
  effects: [{ kind: 'forbid', what: 'bonusAction', ruleId: 'A5E-ACT-18' }, { kind: 'forbid', what: 'reaction', ruleId: 'A5E-ACT-18' }],
};

/** Sprinting, extended ruling: also straight lines only, and attacks against it have advantage. */
export const sprintingExtendedCondition: ConditionDef = {
  id: 'sprinting-flat-out', name: 'Sprinting flat out', ruleId: 'A5E-ACT-18',
  effects: [
    { kind: 'forbid', what: 'bonusAction', ruleId: 'A5E-ACT-18' },
    { kind: 'forbid', what: 'reaction', ruleId: 'A5E-ACT-18' },
    { kind: 'rollMode', selector: 'attack', subject: 'against', mode: 'advantage', ruleId: 'A5E-ACT-18' },
    { kind: 'flag', flag: 'straight-line-only', ruleId: 'A5E-ACT-18' },
  ],
};

interface SprintRecord {
  round: number;
  streak: number;
  /** clock seconds of each Constitution (Athletics) check made for a further Sprint */
  checks: number[];
}

/** Why it cannot Sprint now: a condition forbids it (fatigue 1+, A5E-FATIGUE-1), or the action cannot be paid. */
export function sprintRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  return namedActionRefusal(ruleset, state, actorId, 'sprint', 'A5E-ACT-18') ?? spendRefusal(ruleset, state, actorId, ACTION, 'A5E-ACT-18', { purchase });
}

/**
 * Sprint (A5E-ACT-18): the whole turn goes to running; fatigue 1+ forbids it (A5E-FATIGUE-1). The
 * seeds give no numbers, so by default (`sprintRules: 'minimal'`) it is a Dash that also gives up the
 * bonus action and reactions until its next turn. `sprintRules: 'extended'` (reconstructed, proposed
 * ruling): Speed ×4 (×3 encumbered or in heavy armour, `options.heavyArmor`), straight lines, attacks
 * against it have advantage; free for Constitution modifier (min 1) consecutive turns, then each further
 * one needs a Constitution (Athletics) check, DC 10 + 1 per such check in the last minute, or it gains
 * a level of fatigue.
 */
export const sprintAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const c = ctx.state.creatures[actorId]!;
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, sprintRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  spend(ctx, actorId, ACTION, 'A5E-ACT-18', { purchase });
  const extended = ctx.state.options[SPRINT_RULES] === 'extended';
  const speed = effectiveSpeed(ctx.ruleset, ctx.state, c.id);
  const heavy = options['heavyArmor'] === true || c.conditions.some((x) => x.conditionId === 'encumbered');
  const factor = extended ? (heavy ? 3 : 4) : 2;
  const extra = speed * (factor - 1);
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: MOVEMENT, value: (c.resources[MOVEMENT] ?? 0) + extra, ruleId: 'A5E-ACT-18' });
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: MOVEMENT_MAX, value: (c.resources[MOVEMENT_MAX] ?? 0) + extra, ruleId: 'A5E-ACT-18' });
  addCondition(ctx, actorId, extended ? 'sprinting-flat-out' : 'sprinting', { source: actorId, ruleId: 'A5E-ACT-18', duration: { kind: 'nextTurn', creatureId: turnOwner(ctx.state, actorId), boundary: 'start' } });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-18', text: `${c.name} sprints: Speed ${speed} ×${factor} this turn`, creatureId: actorId });
  if (!extended) return;
  const prev = c.vars[SPRINT] as unknown as SprintRecord | undefined;
  const streak = prev && prev.round === ctx.state.round - 1 ? prev.streak + 1 : 1;
  const recent = (prev?.checks ?? []).filter((t) => ctx.state.clockSeconds - t < 60);
  const free = Math.max(1, mod(sheetOf(c), 'con'));
  if (streak > free) {
    const dc = 10 + recent.length;
    const p = a5eTest(ctx, { kind: 'check', actor: actorId, ability: 'con', skill: 'athletics', dc: { label: 'DC', value: dc }, options: ['check:sprint'], ruleId: 'A5E-ACT-18' });
    recent.push(ctx.state.clockSeconds);
    if (p.outcome !== 'success') gainFatigue(ctx, actorId, 1, 'A5E-ACT-18');
  }
  ctx.emit({ type: 'VarSet', creatureId: actorId, key: SPRINT, value: { round: ctx.state.round, streak, checks: recent } as unknown as Json });
};
