import { hasCondition, isAdjacent, hasCreature, type EncounterState, type Json, type LoadedRuleset, type Resolution, type SpaceState } from '@fray/engine';
import { rejectWith } from '../actions/common';
import { a5eTest } from '../core/d20';
import { ACTION, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import { hasNoAir, isSuffocating } from '../hazards/breath';
import { becomeStable, DEAD, DYING } from './state';

/**
 * A creature at 0 hit points from suffocation that still has no air can be neither healed nor
 * stabilized (A5E-DYING-19, A5E-ENV-6); the hazards module keeps the air vars.
 */
export function suffocatingAtZero(ctx: Resolution | { state: EncounterState }, id: string): boolean {
  const c = ctx.state.creatures[id];
  return !!c && c.hp === 0 && hasNoAir(c) && isSuffocating(c);
}

/**
 * Why it cannot give first aid now (A5E-DYING-11), in the handler's order: no patient, one dead,
 * conscious or not dying, one still without air (A5E-DYING-19), one out of a hand's reach on the map,
 * or the action cannot be paid. The Medicine check is rolled after, and refuses nothing.
 */
export function firstAidRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const patientId = purchase.targets[0];
  if (!patientId) return { code: 'no-target', message: 'first aid needs a patient', ruleId: 'A5E-DYING-11' };
  const patient = Object.hasOwn(state.creatures, patientId) ? state.creatures[patientId] : undefined;
  if (!patient) return { code: 'unknown-creature', message: `no creature '${patientId}'`, ruleId: 'A5E-DYING-11' };
  if (patient.status === DEAD) return { code: 'patient-dead', message: `${patient.name} is dead`, ruleId: 'A5E-DYING-11' };
  if (!hasCondition(patient, 'unconscious')) return { code: 'not-unconscious', message: `first aid is for an unconscious creature, and ${patient.name} is conscious`, ruleId: 'A5E-DYING-11' };
  if (patient.status !== DYING) return { code: 'not-dying', message: `${patient.name} is not dying (status ${patient.status})`, ruleId: 'A5E-DYING-11' };
  if (suffocatingAtZero({ state }, patientId)) return { code: 'cannot-stabilize', message: `${patient.name} still cannot breathe and cannot be stabilized`, ruleId: 'A5E-DYING-19' };
  const space = state.space as SpaceState | null;
  if (space && hasCreature(space, actorId) && hasCreature(space, patientId) && !isAdjacent(space, actorId, patientId)) {
    return { code: 'out-of-reach', message: `${patient.name} is not next to ${state.creatures[actorId]?.name ?? actorId}`, ruleId: 'A5E-DYING-11' };
  }
  return spendRefusal(ruleset, state, actorId, ACTION, 'A5E-DYING-11', { purchase });
}

/**
 * First aid (A5E-DYING-11): the actor's action and a DC 10 Wisdom (Medicine) check make a dying,
 * unconscious creature stable. On a map the patient must be within reach of a hand (adjacent).
 */
export function firstAid(ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>, action: string): void {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, firstAidRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const patientId = targets[0]!;
  spend(ctx, actorId, ACTION, 'A5E-DYING-11', { purchase });
  const check = a5eTest(ctx, { kind: 'check', actor: actorId, target: patientId, ability: 'wis', skill: 'medicine', dc: { label: 'first aid DC', value: 10 }, options: ['check:first-aid'], ruleId: 'A5E-DYING-11' });
  if (check.outcome === 'success') becomeStable(ctx, patientId, 'A5E-DYING-11');
}
