import { isWithinReach, removeInstance, type AnyHook, type EncounterState, type Json, type LoadedRuleset, type Resolution, type SpaceState } from '@fray/engine';
import type { ActionHandler } from '../module';
import { rejectWith } from '../actions/common';
import { a5eTest } from '../core/d20';
import { ACTION, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import { maneuverDC, mod, sheetById } from '../sheet/derived';
import { actBlock, meleeReach } from './queries';

/** Whether a grappler can no longer hold on: incapacitated or dead (A5E-COND-16b). */
function cannotHold(ctx: Resolution, grapplerId: string): boolean {
  const g = ctx.state.creatures[grapplerId];
  return !!g && (g.status === 'dead' || g.conditions.some((x) => x.conditionId === 'incapacitated'));
}

/** Ends every grapple held by a creature that became incapacitated or died (A5E-COND-16b). */
export function releaseGrapplesBy(ctx: Resolution, grapplerId: string): void {
  if (!cannotHold(ctx, grapplerId)) return;
  for (const id of ctx.state.creatureIds) {
    for (const inst of [...(ctx.state.creatures[id]?.conditions ?? [])]) {
      if (inst.conditionId === 'grappled' && inst.source === grapplerId) removeInstance(ctx, id, inst, `${ctx.state.creatures[grapplerId]!.name} can no longer hold on`, 'A5E-COND-16');
    }
  }
}

/**
 * Ends grapples that a move broke: the grappled creature is out of the grappler's reach (A5E-COND-16c).
 * The movement code calls it after moving `movedId` (as grappler or grappled). Needs a map.
 */
export function endGrapplesOutOfReach(ctx: Resolution, movedId: string): void {
  const space = ctx.state.space as unknown as SpaceState | null;
  if (!space || !space.creatures) return;
  for (const id of ctx.state.creatureIds) {
    for (const inst of [...(ctx.state.creatures[id]?.conditions ?? [])]) {
      const g = inst.source;
      if (inst.conditionId !== 'grappled' || !g || (id !== movedId && g !== movedId)) continue;
      if (!(g in space.creatures) || !(id in space.creatures) || !ctx.state.creatures[g]) continue;
      const data = (inst.data ?? {}) as Record<string, Json>;
      const reach = typeof data['reachFeet'] === 'number' ? data['reachFeet'] : meleeReach(ctx.state.creatures[g]);
      if (!isWithinReach(space, g, id, reach)) removeInstance(ctx, id, inst, 'out of the grappler\'s reach', 'A5E-COND-16');
    }
  }
}

/** The grapple it would escape: the first it is in. */
const grappleOn = (state: EncounterState, id: string) => state.creatures[id]!.conditions.find((x) => x.conditionId === 'grappled');

/**
 * Why it cannot try to escape a grapple now (A5E-COND-16), in the handler's order: not grappled, its
 * conditions forbid an action, a skill that is neither Athletics nor Acrobatics (`options.skill`), or
 * the action cannot be paid. The check itself is rolled after, and refuses nothing.
 */
export function escapeGrappleRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const c = state.creatures[actorId]!;
  if (!grappleOn(state, actorId)) return { code: 'not-grappled', message: `${c.name} is not grappled`, ruleId: 'A5E-COND-16' };
  const wanted = purchase.options['skill'];
  return actBlock(state, actorId, 'action', ruleset)
    ?? (wanted !== undefined && wanted !== 'athletics' && wanted !== 'acrobatics' ? { code: 'bad-skill', message: 'escape with athletics or acrobatics', ruleId: 'A5E-COND-16' } : null)
    ?? spendRefusal(ruleset, state, actorId, ACTION, 'A5E-COND-16', { purchase });
}

/**
 * Escaping a grapple (ruling for A5E-COND-16, outside the seeds): an action, a Strength (Athletics)
 * or Dexterity (Acrobatics) check against the escape DC — the grapple's own (`data.escapeDC`) or
 * the grappler's maneuver DC. Option `skill` picks; by default the better of the two.
 */
export const escapeGrapple: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, escapeGrappleRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const inst = grappleOn(ctx.state, actorId)!;
  const sheet = sheetById(ctx.state, actorId);
  const bonus = (a: 'str' | 'dex', skill: string) => mod(sheet, a) + (sheet.skills[skill] ? sheet.proficiency : 0);
  const wanted = options['skill'] as 'athletics' | 'acrobatics' | undefined;
  const skill = wanted ?? (bonus('dex', 'acrobatics') > bonus('str', 'athletics') ? 'acrobatics' : 'athletics');
  const data = (inst.data ?? {}) as Record<string, Json>;
  const grappler = inst.source && ctx.state.creatures[inst.source] ? inst.source : null;
  const dc = typeof data['escapeDC'] === 'number' ? data['escapeDC'] : grappler ? maneuverDC(sheetById(ctx.state, grappler)) : 10;
  spend(ctx, actorId, ACTION, 'A5E-COND-16', { purchase });
  const p = a5eTest(ctx, { kind: 'check', actor: actorId, target: grappler, ability: skill === 'athletics' ? 'str' : 'dex', skill, dc: { label: 'escape DC', value: dc }, options: ['check:escape-grapple'], ruleId: 'A5E-COND-16' });
  if (p.outcome === 'success') removeInstance(ctx, actorId, inst, 'escaped', 'A5E-COND-16');
};

export const grappleHooks: AnyHook[] = [
  { stage: 'condition.added', id: 'a5e.conditions.grapple-incapacitated', priority: 0, ruleId: 'A5E-COND-16', run: (ctx, p) => { if (p.condition.conditionId === 'incapacitated') releaseGrapplesBy(ctx, p.creatureId); } },
  // after the dying rules have decided whether the creature died (a5e.dying.drop, priority 100)
  { stage: 'hp.zero', id: 'a5e.conditions.grapple-dead', priority: 200, ruleId: 'A5E-COND-16', run: (ctx, p) => releaseGrapplesBy(ctx, p.creatureId) },
];
