import { activeEffects, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { ACTION, OBJECT, economyRefusal, has, spend, type Refusal, purchaseOf } from '../core/economy';
import type { ActionHandler } from '../module';

/**
 * Use an Object (A5E-ACT-20, A5E-ACT-2): one quick interaction with one object per turn is free
 * (proposed ruling: one); a second one, or a complex or slow use (`options.complex`), takes the action.
 */
export const useObjectAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const c = ctx.state.creatures[actorId]!;
  const what = typeof options['object'] === 'string' ? options['object'] : 'an object';
  const forbidden = handsTied(ctx.ruleset, ctx.state, actorId);
  if (forbidden) ctx.reject(forbidden.code, forbidden.message, forbidden.ruleId);
  spend(ctx, actorId, 'free', 'A5E-ACT-2', { purchase: purchaseOf(action, targets, options) });
  if (options['complex'] !== true && has(c, OBJECT)) {
    ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: OBJECT, value: 0, ruleId: 'A5E-ACT-2' });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-2', text: `${c.name} handles ${what} (its free object interaction)`, creatureId: actorId });
    return;
  }
  spend(ctx, actorId, ACTION, 'A5E-ACT-20', { purchase: purchaseOf(action, targets, options) });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-20', text: `${c.name} uses ${what} (Use an Object action)`, creatureId: actorId });
};

/** Why it cannot handle objects at all: a condition forbids it (A5E-ACT-20). */
export function handsTied(ruleset: LoadedRuleset, state: EncounterState, id: string): Refusal | null {
  const c = state.creatures[id]!;
  const forbidden = activeEffects(ruleset, c).find((a) => a.effect.kind === 'forbid' && a.effect.what === OBJECT);
  return forbidden ? { code: 'cannot-act', message: `${c.name} is ${forbidden.conditionId} and cannot handle objects`, ruleId: 'A5E-ACT-20' } : null;
}

/**
 * Why it cannot use an object now (A5E-ACT-2, A5E-ACT-20): hands tied, not its turn, or (with its free
 * interaction spent, or for a complex use) no action left. The handler asks the same questions in turn.
 */
export function useObjectRefusal(ruleset: LoadedRuleset, state: EncounterState, id: string, complex = false): Refusal | null {
  const c = state.creatures[id]!;
  return handsTied(ruleset, state, id)
    ?? economyRefusal(ruleset, state, id, 'free', { skipCostHookRefusals: true })
    ?? (!complex && has(c, OBJECT) ? null : economyRefusal(ruleset, state, id, ACTION, { skipCostHookRefusals: true }));
}
