import type { EncounterState, Hook, Resolution } from '@fray/engine';
import { BONUS, spend } from '../core/economy';
import { oneTarget } from '../actions/common';
import type { ActionHandler } from '../module';
import { isAlly, isPlaced, withinReach } from './geometry';

/** creature var: the ally it stands back-to-back with (A5E-POS-11) */
export const BACK_TO_BACK = 'a5e.backToBack';

export function backToBackWith(state: EncounterState, id: string): string | null {
  const v = state.creatures[id]?.vars[BACK_TO_BACK];
  return typeof v === 'string' && state.creatures[v] ? v : null;
}

/** Passive Perception +2 while back-to-back (A5E-POS-11). */
export const BACK_TO_BACK_PERCEPTION = 2;

/**
 * Back-to-back (A5E-POS-11), a bonus action next to an ally: it cannot be flanked and its passive
 * Perception is 2 higher until the start of its next turn or until either of the two moves. Only the
 * creature spending the bonus action gains this (proposed ruling).
 */
export const backToBackAction: ActionHandler = (ctx, actorId, targets) => {
  const ally = oneTarget(ctx, targets, 'standing back-to-back', 'A5E-POS-11');
  if (!isAlly(ctx.state, actorId, ally)) ctx.reject('not-an-ally', `${ctx.state.creatures[ally]!.name} is not an ally`, 'A5E-POS-11');
  const placed = isPlaced(ctx.state, actorId) && isPlaced(ctx.state, ally);
  if (placed && !withinReach(ctx.state, actorId, ally, 5)) ctx.reject('too-far', 'back-to-back needs the ally within 5 feet', 'A5E-POS-11');
  spend(ctx, actorId, BONUS, 'A5E-POS-11');
  ctx.emit({ type: 'VarSet', creatureId: actorId, key: BACK_TO_BACK, value: ally });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-POS-11', text: `${ctx.state.creatures[actorId]!.name} stands back-to-back with ${ctx.state.creatures[ally]!.name}: cannot be flanked, passive Perception +2`, creatureId: actorId });
};

/** Ends every back-to-back stance the creature is part of (it moved, A5E-POS-11). */
export function endBackToBack(ctx: Resolution, movedId: string, reason: string): void {
  for (const id of ctx.state.creatureIds) {
    const c = ctx.state.creatures[id]!;
    if (c.vars[BACK_TO_BACK] === undefined) continue;
    if (id !== movedId && c.vars[BACK_TO_BACK] !== movedId) continue;
    ctx.emit({ type: 'VarSet', creatureId: id, key: BACK_TO_BACK, value: null });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-POS-11', text: `${c.name} is no longer back-to-back (${reason})`, creatureId: id });
  }
}

export const backToBackExpires: Hook<'turn.start'> = {
  stage: 'turn.start', id: 'a5e.position.back-to-back-ends', priority: 30, ruleId: 'A5E-POS-11',
  run: (ctx, p) => {
    if (ctx.state.creatures[p.creatureId]?.vars[BACK_TO_BACK] === undefined) return;
    ctx.emit({ type: 'VarSet', creatureId: p.creatureId, key: BACK_TO_BACK, value: null });
  },
};
