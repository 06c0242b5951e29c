import { activeEffects } from '@fray/engine';
import { ACTION, OBJECT, has, spend } from '../core/economy';
import type { ActionHandler } from '../module';

/**
 * Use an Object (A5E-ACT-20, A5E-ACT-2): one quick interaction with one object per turn is free
 * (proposed ruling: one); a second one, or a complex or slow use (`options.complex`), takes the action.
 */
export const useObjectAction: ActionHandler = (ctx, actorId, _targets, options) => {
  const c = ctx.state.creatures[actorId]!;
  const what = typeof options['object'] === 'string' ? options['object'] : 'an object';
  const forbidden = activeEffects(ctx.ruleset, c).find((a) => a.effect.kind === 'forbid' && a.effect.what === OBJECT);
  if (forbidden) ctx.reject('cannot-act', `${c.name} is ${forbidden.conditionId} and cannot handle objects`, 'A5E-ACT-20');
  spend(ctx, actorId, 'free', 'A5E-ACT-2');
  if (options['complex'] !== true && has(c, OBJECT)) {
    ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: OBJECT, value: 0, ruleId: 'A5E-ACT-2' });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-2', text: `${c.name} handles ${what} (its free object interaction)`, creatureId: actorId });
    return;
  }
  spend(ctx, actorId, ACTION, 'A5E-ACT-20');
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-20', text: `${c.name} uses ${what} (Use an Object action)`, creatureId: actorId });
};
