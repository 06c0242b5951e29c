import type { EncounterState, LoadedRuleset } from '@fray/engine';
import { ACTION, MOVEMENT, MOVEMENT_MAX, effectiveSpeed, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import type { ActionHandler } from '../module';
import { namedActionRefusal, rejectWith } from './common';

/** Why it cannot Dash now: a condition forbids it (fatigue, A5E-FATIGUE-1), or the action cannot be paid (a mount may Dash uncommanded). */
export function dashRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  return namedActionRefusal(ruleset, state, actorId, 'dash', 'A5E-ACT-7') ?? spendRefusal(ruleset, state, actorId, ACTION, 'A5E-ACT-7', { mountMay: true, purchase });
}

/**
 * Dash (A5E-ACT-7): Speed doubles for the rest of the turn, after every other Speed change, so the
 * movement pool grows by the current Speed and what was already walked still counts. Fatigue in effect
 * forbids it (A5E-FATIGUE-1); fatigue deferred until the encounter ends does not (proposed ruling).
 */
export const dashAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const c = ctx.state.creatures[actorId]!;
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, dashRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  spend(ctx, actorId, ACTION, 'A5E-ACT-7', { mountMay: true, purchase });
  const speed = effectiveSpeed(ctx.ruleset, ctx.state, c.id);
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: MOVEMENT, value: (c.resources[MOVEMENT] ?? 0) + speed, ruleId: 'A5E-ACT-7' });
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: MOVEMENT_MAX, value: (c.resources[MOVEMENT_MAX] ?? 0) + speed, ruleId: 'A5E-ACT-7' });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-7', text: `${c.name} dashes: Speed ${speed} doubled for this turn`, creatureId: actorId });
};
