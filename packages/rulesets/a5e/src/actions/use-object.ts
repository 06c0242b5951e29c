import { activeEffects, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { ACTION, OBJECT, has, spend, spendRefusal, type Purchase, type Refusal, purchaseOf } from '../core/economy';
import type { ActionHandler } from '../module';

/**
 * Use an Object (A5E-ACT-20, A5E-ACT-2): one quick interaction with one object per turn is free
 * (proposed ruling: one); a second one, or a complex or slow use (`options.complex`), takes the action.
 */
export const useObjectAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const c = ctx.state.creatures[actorId]!;
  const what = typeof options['object'] === 'string' ? options['object'] : 'an object';
  const purchase = purchaseOf(action, targets, options);
  const refusal = useObjectRefusal(ctx.ruleset, ctx.state, actorId, purchase);
  if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  spend(ctx, actorId, 'free', 'A5E-ACT-2', { purchase });
  if (options['complex'] !== true && has(c, OBJECT)) {
    ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: OBJECT, value: 0, ruleId: 'A5E-ACT-2' });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-2', text: `${c.name} handles ${what} (its free object interaction)`, creatureId: actorId });
    return;
  }
  spend(ctx, actorId, ACTION, 'A5E-ACT-20', { purchase });
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
 * interaction spent, or for a complex use, `options.complex`) the action cannot be paid. The handler
 * rejects with it; the menu and the legal commands ask it.
 */
export function useObjectRefusal(ruleset: LoadedRuleset, state: EncounterState, id: string, purchase: Purchase): Refusal | null {
  const c = state.creatures[id]!;
  return handsTied(ruleset, state, id)
    ?? spendRefusal(ruleset, state, id, 'free', 'A5E-ACT-2', { purchase })
    ?? (purchase.options['complex'] !== true && has(c, OBJECT) ? null : spendRefusal(ruleset, state, id, ACTION, 'A5E-ACT-20', { purchase }));
}
