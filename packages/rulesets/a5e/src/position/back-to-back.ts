import { addCondition, removeInstance, type ConditionDef, type EncounterState, type LoadedRuleset, type Resolution } from '@fray/engine';
import { BONUS, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import { oneTargetRefusal, rejectWith, turnOwner } from '../actions/common';
import type { ActionHandler } from '../module';
import { isAlly, isPlaced, withinReach } from './geometry';

/** Passive Perception +2 while back-to-back (A5E-POS-11). */
export const BACK_TO_BACK_PERCEPTION = 2;

/**
 * Back-to-back (A5E-POS-11), with the ally in its data (`{ with }`): passive Perception +2 (passive
 * checks only) and it cannot be flanked.
 */
export const backToBackCondition: ConditionDef = {
  id: 'back-to-back', name: 'Back-to-back', ruleId: 'A5E-POS-11',
  effects: [
    { kind: 'modifier', selector: 'check:perception', value: BACK_TO_BACK_PERCEPTION, predicate: 'check:passive', ruleId: 'A5E-POS-11' },
    { kind: 'flag', flag: 'cannot-be-flanked', ruleId: 'A5E-POS-11' },
  ],
};

/** The ally it stands back-to-back with, or null. */
export function backToBackWith(state: EncounterState, id: string): string | null {
  const inst = state.creatures[id]?.conditions.find((x) => x.conditionId === 'back-to-back');
  const ally = (inst?.data as { with?: unknown } | undefined)?.with;
  return typeof ally === 'string' ? ally : inst ? '' : null;
}

/**
 * Why it cannot stand back-to-back now (A5E-POS-11): not one target, one that is not an ally, an ally
 * farther than 5 feet on the map, or the bonus action cannot be paid.
 */
export function backToBackRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const one = oneTargetRefusal(purchase.targets, 'standing back-to-back', 'A5E-POS-11');
  if (one) return one;
  const ally = purchase.targets[0]!;
  if (!isAlly(state, actorId, ally)) return { code: 'not-an-ally', message: `${state.creatures[ally]!.name} is not an ally`, ruleId: 'A5E-POS-11' };
  const placed = isPlaced(state, actorId) && isPlaced(state, ally);
  if (placed && !withinReach(state, actorId, ally, 5)) return { code: 'too-far', message: 'back-to-back needs the ally within 5 feet', ruleId: 'A5E-POS-11' };
  return spendRefusal(ruleset, state, actorId, BONUS, 'A5E-POS-11', { purchase });
}

/**
 * Back-to-back (A5E-POS-11), a bonus action next to an ally, until the start of its next turn or until
 * either of the two moves. Only the creature spending the bonus action gains it (proposed ruling).
 */
export const backToBackAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, backToBackRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const ally = targets[0]!;
  spend(ctx, actorId, BONUS, 'A5E-POS-11', { purchase });
  for (const inst of ctx.state.creatures[actorId]!.conditions.filter((x) => x.conditionId === 'back-to-back')) removeInstance(ctx, actorId, inst, 'a new stance');
  addCondition(ctx, actorId, 'back-to-back', {
    source: actorId, ruleId: 'A5E-POS-11', data: { with: ally },
    duration: { kind: 'nextTurn', creatureId: turnOwner(ctx.state, actorId), boundary: 'start' },
  });
};

/** Ends every back-to-back stance the creature is part of (it moved, A5E-POS-11). */
export function endBackToBack(ctx: Resolution, movedId: string, reason: string): void {
  for (const id of ctx.state.creatureIds) {
    for (const inst of ctx.state.creatures[id]!.conditions) {
      if (inst.conditionId !== 'back-to-back') continue;
      if (id !== movedId && (inst.data as { with?: unknown } | undefined)?.with !== movedId) continue;
      removeInstance(ctx, id, inst, `${ctx.state.creatures[movedId]!.name} moved: ${reason}`, 'A5E-POS-11');
    }
  }
}
