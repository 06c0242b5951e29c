import { addCondition, hasCondition, removeInstance, type ConditionDef, type EncounterState, type Hook, type LoadedRuleset } from '@fray/engine';
import { ACTION, effectiveSpeed, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import type { ActionHandler } from '../module';
import { rejectWith, turnOwner } from './common';

/** roll option: the target of this attack cannot see the attacker (blinded, invisible attacker, hidden attacker) */
export const UNSEEN_BY_TARGET = 'attack:unseen-by-target';

/**
 * Dodging (A5E-ACT-9): attacks against it have disadvantage, but only from attackers it can see; its
 * Dexterity saves have advantage. Lasts until the start of its next turn.
 */
export const dodgingCondition: ConditionDef = {
  id: 'dodging', name: 'Dodging', ruleId: 'A5E-ACT-9',
  effects: [
    { kind: 'rollMode', selector: 'attack', subject: 'against', mode: 'disadvantage', predicate: { not: UNSEEN_BY_TARGET }, ruleId: 'A5E-ACT-9' },
    { kind: 'rollMode', selector: 'save:dex', subject: 'self', mode: 'advantage', ruleId: 'A5E-ACT-9' },
  ],
};

/** Why it cannot Dodge now: Speed 0, or the action cannot be paid (a mount may Dodge uncommanded). */
export function dodgeRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const c = state.creatures[actorId]!;
  if (effectiveSpeed(ruleset, state, actorId) === 0) return { code: 'speed-zero', message: `${c.name}'s Speed is 0, so it cannot Dodge`, ruleId: 'A5E-ACT-9' };
  return spendRefusal(ruleset, state, actorId, ACTION, 'A5E-ACT-9', { mountMay: true, purchase });
}

/** Dodge (A5E-ACT-9): not with Speed 0. */
export const dodgeAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, dodgeRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  spend(ctx, actorId, ACTION, 'A5E-ACT-9', { mountMay: true, purchase });
  addCondition(ctx, actorId, 'dodging', { source: actorId, ruleId: 'A5E-ACT-9', duration: { kind: 'nextTurn', creatureId: turnOwner(ctx.state, actorId), boundary: 'start' } });
};

/** The dodge ends at once if the dodger is incapacitated or its Speed drops to 0 (A5E-ACT-9, proposed ruling). */
export const dodgeEndsHook: Hook<'condition.added'> = {
  stage: 'condition.added', id: 'a5e.actions.dodge-ends', priority: 50, ruleId: 'A5E-ACT-9',
  run: (ctx, p) => {
    const c = ctx.state.creatures[p.creatureId];
    if (!c || p.condition.conditionId === 'dodging' || !hasCondition(c, 'dodging')) return;
    if (!hasCondition(c, 'incapacitated') && effectiveSpeed(ctx.ruleset, ctx.state, c.id) > 0) return;
    for (const inst of c.conditions.filter((x) => x.conditionId === 'dodging')) removeInstance(ctx, c.id, inst, `${p.condition.conditionId}: the dodge ends`, 'A5E-ACT-9');
  },
};
