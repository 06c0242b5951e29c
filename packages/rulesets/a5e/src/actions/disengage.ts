import { addCondition, currentCreatureId, type ConditionDef, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { ACTION, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import type { ActionHandler } from '../module';

/** flag the movement rules read: this creature's movement provokes no opportunity attacks */
export const NO_OPPORTUNITY_ATTACKS = 'provokes-no-opportunity-attacks';

export const disengagedCondition: ConditionDef = {
  id: 'disengaged', name: 'Disengaged', ruleId: 'A5E-ACT-8',
  effects: [{ kind: 'flag', flag: NO_OPPORTUNITY_ATTACKS, ruleId: 'A5E-ACT-8' }],
};

/** Why it cannot Disengage now: the action cannot be paid (a mount may Disengage uncommanded, A5E-POS-4). */
export function disengageRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  return spendRefusal(ruleset, state, actorId, ACTION, 'A5E-ACT-8', { mountMay: true, purchase });
}

/** Disengage (A5E-ACT-8): for the rest of this turn its movement provokes no opportunity attacks. */
export const disengageAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  // `spend` asks `disengageRefusal`'s question (`spendRefusal`) before it pays.
  spend(ctx, actorId, ACTION, 'A5E-ACT-8', { mountMay: true, purchase: purchaseOf(action, targets, options) });
  // Ends with the turn in progress (a controlled mount's is its rider's), not the creature's next one.
  const owner = currentCreatureId(ctx.state) ?? actorId;
  addCondition(ctx, actorId, 'disengaged', { source: actorId, ruleId: 'A5E-ACT-8', duration: { kind: 'turns', creatureId: owner, boundary: 'end', count: 1, skipCurrent: false } });
};
