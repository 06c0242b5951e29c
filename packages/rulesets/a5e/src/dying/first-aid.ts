import { hasCondition, isAdjacent, hasCreature, type Json, type Resolution, type SpaceState } from '@fray/engine';
import { a5eTest } from '../core/d20';
import { ACTION, spend, purchaseOf } from '../core/economy';
import { hasNoAir, isSuffocating } from '../hazards/breath';
import { becomeStable, DEAD, DYING } from './state';

/**
 * A creature at 0 hit points from suffocation that still has no air can be neither healed nor
 * stabilized (A5E-DYING-19, A5E-ENV-6); the hazards module keeps the air vars.
 */
export function suffocatingAtZero(ctx: Resolution, id: string): boolean {
  const c = ctx.state.creatures[id];
  return !!c && c.hp === 0 && hasNoAir(c) && isSuffocating(c);
}

/**
 * First aid (A5E-DYING-11): the actor's action and a DC 10 Wisdom (Medicine) check make a dying,
 * unconscious creature stable. On a map the patient must be within reach of a hand (adjacent).
 */
export function firstAid(ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>, action: string): void {
  const patientId = targets[0];
  if (!patientId) return ctx.reject('no-target', 'first aid needs a patient', 'A5E-DYING-11');
  const patient = ctx.state.creatures[patientId];
  if (!patient) return ctx.reject('unknown-creature', `no creature '${patientId}'`, 'A5E-DYING-11');
  if (patient.status === DEAD) ctx.reject('patient-dead', `${patient.name} is dead`, 'A5E-DYING-11');
  if (!hasCondition(patient, 'unconscious')) ctx.reject('not-unconscious', `first aid is for an unconscious creature, and ${patient.name} is conscious`, 'A5E-DYING-11');
  if (patient.status !== DYING) ctx.reject('not-dying', `${patient.name} is not dying (status ${patient.status})`, 'A5E-DYING-11');
  if (suffocatingAtZero(ctx, patientId)) ctx.reject('cannot-stabilize', `${patient.name} still cannot breathe and cannot be stabilized`, 'A5E-DYING-19');
  const space = ctx.state.space as SpaceState | null;
  if (space && hasCreature(space, actorId) && hasCreature(space, patientId) && !isAdjacent(space, actorId, patientId)) {
    ctx.reject('out-of-reach', `${patient.name} is not next to ${ctx.state.creatures[actorId]?.name ?? actorId}`, 'A5E-DYING-11');
  }
  spend(ctx, actorId, ACTION, 'A5E-DYING-11', { purchase: purchaseOf(action, targets, options) });
  const check = a5eTest(ctx, { kind: 'check', actor: actorId, target: patientId, ability: 'wis', skill: 'medicine', dc: { label: 'first aid DC', value: 10 }, options: ['check:first-aid'], ruleId: 'A5E-DYING-11' });
  if (check.outcome === 'success') becomeStable(ctx, patientId, 'A5E-DYING-11');
}
