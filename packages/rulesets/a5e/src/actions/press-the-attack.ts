import { addCondition, hasFlag, type ConditionDef, type EncounterState, type Hook, type Json, type LoadedRuleset } from '@fray/engine';
import { ACTION, ATTACKS_LEFT, BONUS, REACTION, economyRefusal, has, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import type { ActionHandler } from '../module';
import { livingRefusal, rejectWith, requireLiving, turnOwner, within } from './common';
import { hostileActionBlock, meleeReach } from '../conditions/queries';
import { isDuelist } from '../duel/active';
import { gridWith, shift, stepFrom } from './grid-step';
import type { ExpertiseSource } from '../core/d20';

/** creature var on the presser: `{ target, fellBack }` until the start of its next turn (A5E-ACT-13, A5E-ACT-14) */
export const PRESS = 'a5e.press';

interface PressState {
  target: string;
  fellBack: boolean;
}

export function pressOf(c: { vars: Record<string, Json> } | undefined): PressState | null {
  const v = c?.vars[PRESS] as unknown as PressState | undefined;
  return v && typeof v.target === 'string' ? v : null;
}

/** Pressing the attack: every attack roll against the presser has advantage (A5E-ACT-13). */
export const pressingCondition: ConditionDef = {
  id: 'pressing', name: 'Pressing the attack', ruleId: 'A5E-ACT-13',
  effects: [{ kind: 'rollMode', selector: 'attack', subject: 'against', mode: 'advantage', ruleId: 'A5E-ACT-13' }],
};

const raging = (ctx: Parameters<ActionHandler>[0], id: string) => {
  const c = ctx.state.creatures[id]!;
  return c.vars['a5e.raging'] === true || hasFlag(ctx.ruleset, c, 'raging');
};

/** Who is already pressing the attack against this creature (proposed ruling: by any creature), if anyone. */
const presserOf = (state: EncounterState, target: string) => state.creatureIds.find((x) => pressOf(state.creatures[x])?.target === target);

/**
 * Why the Attack action cannot follow Press the Attack, asked of the state once its bonus action is paid
 * (slowed or strife 3 allow an action or a bonus action, not both; A5E-ACT-24).
 */
function attackAfterPressRefusal(ruleset: LoadedRuleset, stateAfter: EncounterState, actorId: string): Refusal | null {
  const after = economyRefusal(ruleset, stateAfter, actorId, ACTION);
  return after ? { ...after, message: `${after.message}: Press the Attack needs the Attack action after it` } : null;
}

/** The state as paying the bonus action leaves it when no cost hook pays it another way: one bonus action fewer. */
function withBonusSpent(state: EncounterState, actorId: string): EncounterState {
  const c = state.creatures[actorId]!;
  return { ...state, creatures: { ...state.creatures, [actorId]: { ...c, resources: { ...c.resources, [BONUS]: (c.resources[BONUS] ?? 1) - 1 } } } };
}

/**
 * Why it cannot press the attack now (A5E-ACT-13), in the handler's order: not one target, itself, one
 * it may not act against (placid, charmed), the Attack action already begun or spent, out of reach or
 * already pressed (a dead target is named as such first, as the words about it ask), the bonus action
 * cannot be paid, the Attack action could not follow it (`attackAfterPressRefusal`), or a dead target. A duelist pays
 * the bonus action out of the duel's pool, which the query does not foresee (DUEL-ACTION-3): for it the
 * last check is left to the handler, after paying, and the query says undefined when all else passes.
 */
export function pressTheAttackRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null | undefined {
  const { targets } = purchase;
  if (targets.length !== 1) return { code: targets.length ? 'one-target' : 'no-target', message: 'Press the Attack needs exactly one target', ruleId: 'A5E-ACT-13' };
  const target = targets[0]!;
  if (target === actorId) return { code: 'illegal-target', message: 'a creature cannot press the attack against itself', ruleId: 'A5E-ACT-13' };
  const block = hostileActionBlock(state, actorId, target, ruleset);
  if (block) return block;
  const me = state.creatures[actorId]!;
  if (!has(me, ACTION) || (me.resources[ATTACKS_LEFT] ?? 0) > 0) return { code: 'attack-already-taken', message: `${me.name} must press the attack before taking the Attack action`, ruleId: 'A5E-ACT-13' };
  const foe = state.creatures[target]!;
  if (!within(state, actorId, target, meleeReach(me))) return livingRefusal(state, target, 'A5E-ACT-13') ?? { code: 'out-of-reach', message: `${foe.name} is not within ${me.name}'s reach`, ruleId: 'A5E-ACT-13' };
  const presser = presserOf(state, target);
  if (presser) return livingRefusal(state, target, 'A5E-ACT-13') ?? { code: 'already-pressed', message: `${foe.name} is already the target of ${state.creatures[presser]!.name}'s Press the Attack`, ruleId: 'A5E-ACT-13' };
  const paid = spendRefusal(ruleset, state, actorId, BONUS, 'A5E-ACT-13', { purchase });
  if (paid) return paid;
  if (isDuelist(state, actorId)) return undefined;
  // A dead designee within reach is refused last, where the handler first names it (`requireLiving`).
  return attackAfterPressRefusal(ruleset, withBonusSpent(state, actorId), actorId) ?? livingRefusal(state, target, 'A5E-ACT-13');
}

/**
 * Press the Attack (bonus action, A5E-ACT-13), before the Attack action: designate one creature within
 * reach that nobody is pressing yet (proposed ruling: by any creature). Until the start of the presser's
 * next turn its melee attacks on that creature gain an expertise die (not with disadvantage) and every
 * attack against the presser has advantage. The designee may Fall Back with its reaction (A5E-ACT-14):
 * 5 ft straight back, which costs the presser its die (the advantage against it stays), and the presser
 * may follow 5 ft; neither step spends Speed or provokes. A raging creature cannot Fall Back, nor can one
 * with no free square behind it (proposed ruling).
 */
export const pressTheAttackAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, pressTheAttackRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const target = targets[0]!;
  const foe = () => requireLiving(ctx, target, 'A5E-ACT-13');
  const me = () => (ctx.state.creatures[actorId])!;
  spend(ctx, actorId, BONUS, 'A5E-ACT-13', { purchase });
  // Asked again of the state after paying: a duel's pool paid it, which the query could not foresee.
  rejectWith(ctx, attackAfterPressRefusal(ctx.ruleset, ctx.state, actorId));
  addCondition(ctx, actorId, 'pressing', { source: actorId, ruleId: 'A5E-ACT-13', data: { target }, duration: { kind: 'nextTurn', creatureId: turnOwner(ctx.state, actorId), boundary: 'start' } });
  ctx.emit({ type: 'VarSet', creatureId: actorId, key: PRESS, value: { target, fellBack: false } });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-13', text: `${me().name} presses the attack against ${foe().name}`, creatureId: actorId });

  const grid = gridWith(ctx, actorId, target);
  const back = grid ? stepFrom(grid, target, actorId) : null;
  const canFallBack = !economyRefusal(ctx.ruleset, ctx.state, target, REACTION) && !raging(ctx, target) && (!grid || back !== null);
  if (!canFallBack) return;
  const answer = ctx.ask({
    key: 'a5e.fallBack', to: { controllerOf: target }, about: target, ruleId: 'A5E-ACT-14',
    text: `${me().name} presses the attack against ${foe().name}. Fall Back 5 feet with the reaction, denying the expertise die?`,
    options: [{ id: 'hold', label: 'Hold ground' }, { id: 'fall-back', label: 'Fall Back (reaction)' }],
    default: 'hold',
  });
  if (answer !== 'fall-back') return;
  spend(ctx, target, REACTION, 'A5E-ACT-14');
  const gridNow = gridWith(ctx, actorId, target);
  if (gridNow && back) shift(ctx, gridNow, target, back);
  ctx.emit({ type: 'VarSet', creatureId: actorId, key: PRESS, value: { target, fellBack: true } });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-14', text: `${ctx.state.creatures[target]!.name} falls back 5 feet: no expertise die from this Press the Attack`, creatureId: target });
  const grid2 = gridWith(ctx, actorId, target);
  const toward = grid2 ? stepFrom(grid2, actorId, target, -1) : null;
  if (!grid2 || !toward) return;
  const follow = ctx.ask({
    key: 'a5e.pressFollow', to: { controllerOf: actorId }, about: actorId, ruleId: 'A5E-ACT-14',
    text: `Follow ${ctx.state.creatures[target]!.name} 5 feet as part of the Attack action?`,
    options: [{ id: 'follow', label: 'Follow 5 feet' }, { id: 'stay', label: 'Stay' }],
    default: 'follow',
  });
  const gridThen = gridWith(ctx, actorId, target);
  if (follow === 'follow' && gridThen) shift(ctx, gridThen, actorId, toward);
};

/** The presser's melee attacks on its designee gain an expertise die, unless made with disadvantage (A5E-ACT-13, A5E-CORE-7). */
export const pressExpertiseHook: Hook<'test.modifiers'> = {
  stage: 'test.modifiers', id: 'a5e.actions.press-expertise', priority: 900, ruleId: 'A5E-ACT-13',
  run: (ctx, p) => {
    if (p.kind !== 'attack' || !p.actor || !p.target || !p.options.has('attack:melee')) return;
    const press = pressOf(ctx.state.creatures[p.actor]);
    if (!press || press.target !== p.target || press.fellBack) return;
    if (ctx.ruleset.rollMode(p.rollModeSources, p.options).mode === 'disadvantage') {
      p.data[NO_PRESS_DIE] = true;
      return;
    }
    const list = (p.data['expertise'] as unknown as ExpertiseSource[] | undefined) ?? [];
    p.data['expertise'] = [...list, { source: 'Press the Attack', ruleId: 'A5E-ACT-13' }] as unknown as Json;
  },
};

/** test payload data: gathering found the pressed attack at disadvantage, so it gets no die */
const NO_PRESS_DIE = 'a5e.press.no-die';

/** Says why a pressed attack has no Press the Attack die (A5E-CORE-7), once gathering has decided it. */
export const pressNoDieNoteHook: Hook<'test.commit'> = {
  stage: 'test.commit', id: 'a5e.actions.press-no-die-note', priority: 3, ruleId: 'A5E-CORE-7',
  run: (ctx, p) => {
    if (p.data[NO_PRESS_DIE] === true && p.actor) ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-CORE-7', text: 'attack with disadvantage: no Press the Attack die', creatureId: p.actor });
  },
};
