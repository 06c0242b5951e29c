import { disengage, engage, engagedWith, hasCondition, isEngaged, moveCreature, type ZoneSpaceState, type Resolution } from '@fray/engine';
import { endGrapplesOutOfReach } from '../conditions/grapple';
import { endBackToBack } from '../position/back-to-back';
import { BEING_PULLED, ELEVATION, zonesOf } from '../position/geometry';
import { canContinue, checkBudget, checkMode, checkPull, confirmPull, COST_RULES, modeModifiers, type Mover } from './move';
import { planJump, resolveJump } from './jump-move';
import { offerOpportunityAttacks, provocations, type Provocation } from './opportunity';
import type { JumpSpec, ZoneMove } from './parse';
import { emitSpace, FLYING, FOOT_RUN, setVar, spaceCall, spendMovement } from './state';

/** The zones after the move: a new zone breaks every engagement; then the listed break-offs and engagements. */
function zonesAfter(ctx: Resolution, m: Mover, to: ZoneMove, from: ZoneSpaceState): ZoneSpaceState {
  const current = from.creatures[m.body]!.zone;
  const zone = to.zone === undefined ? current : to.zone;
  const members = [m.body, m.rider, m.pulled].filter((x): x is string => !!x);
  let z = from;
  for (const id of members) {
    if (zone !== z.creatures[id]!.zone) z = spaceCall(ctx, 'A5E-MOVE-1', () => moveCreature(z, id, { zone }));
  }
  const off = to.disengage === 'all' ? engagedWith(z, m.body) : (to.disengage ?? []);
  for (const other of off) {
    if (!ctx.state.creatures[other]) ctx.reject('unknown-creature', `no creature '${other}'`, 'A5E-MOVE-1');
    for (const id of members) if (other !== id && z.creatures[other]) z = spaceCall(ctx, 'A5E-MOVE-1', () => disengage(z, id, other));
  }
  for (const other of to.engage ?? []) {
    if (!ctx.state.creatures[other] || !z.creatures[other]) ctx.reject('unknown-creature', `no creature '${other}' in the scene`, 'A5E-MOVE-1');
    for (const id of [m.body, m.rider].filter((x): x is string => !!x)) if (other !== id) z = spaceCall(ctx, 'A5E-MOVE-1', () => engage(z, id, other));
  }
  return z;
}

/** Leaving engagement with a hostile creature is leaving its reach (A5E-ATK-16). */
function zoneProvocations(ctx: Resolution, m: Mover, before: ZoneSpaceState, after: ZoneSpaceState): Provocation[] {
  return provocations(ctx, m, (reactor) => !!before.creatures[reactor], (x, reactor) => isEngaged(before, x, reactor) && !isEngaged(after, x, reactor));
}

/**
 * A move between zones (theatre of the mind): `feet` is what it costs, times the extra costs of
 * difficult ground, crawling, climbing, swimming and pulling (A5E-MOVE-4..8, A5E-POS-12). Breaking
 * off from hostile creatures it is engaged with provokes them.
 */
export function zoneWalk(ctx: Resolution, m: Mover, to: ZoneMove): void {
  const z0 = zonesOf(ctx.state)!;
  const mode = checkMode(ctx, m, to.mode, !!to.jump);
  const startedProne = hasCondition(ctx.state.creatures[m.body]!, 'prone');
  if (to.pull) {
    checkPull(ctx, m, to.pull, !!z0.creatures[to.pull] && isEngaged(z0, m.id, to.pull));
    m.pulled = to.pull;
  }
  const costOf = (pulling: boolean) => {
    const mods = modeModifiers(ctx, m.body, mode, to.difficult === true, pulling);
    return { feet: (to.feet ?? 0) * (1 + mods.reduce((a, x) => a + x.extra, 0)), mods };
  };
  let cost = costOf(!!m.pulled);
  zonesAfter(ctx, m, to, z0);
  const plan = to.jump ? planJump(ctx, m, to.jump as JumpSpec, [{ feet: cost.feet, baseFeet: to.feet ?? 0, mode }], null) : null;
  if (!plan?.poolOverride) checkBudget(ctx, m, [{ feet: cost.feet, mode }], plan?.feet ?? 0);

  if (m.pulled && !confirmPull(ctx, m, m.pulled)) {
    m.pulled = null;
    cost = costOf(false);
  }
  if (m.inCombat) {
    const provoked = zoneProvocations(ctx, m, z0, zonesAfter(ctx, m, to, z0));
    if (provoked.length) {
      offerOpportunityAttacks(ctx, provoked, ctx.state.creatures[m.id]!.name);
      if (!canContinue(ctx, m, mode, startedProne)) {
        ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ATK-16', text: `${ctx.state.creatures[m.body]!.name} cannot go on moving`, creatureId: m.body });
        if (m.pulled) setVar(ctx, m.pulled, BEING_PULLED, null);
        return;
      }
    }
  }
  const now = zonesOf(ctx.state)!;
  const after = zonesAfter(ctx, m, to, now);
  if (JSON.stringify(after) !== JSON.stringify(now)) emitSpace(ctx, after, m.body);
  if (m.inCombat) spendMovement(ctx, m.payers, cost.feet, to.feet ?? 0, 'A5E-MOVE-1');
  const name = ctx.state.creatures[m.body]!.name;
  for (const mod of cost.mods) {
    if (to.feet) ctx.emit({ type: 'RuleApplied', ruleId: COST_RULES[mod.id] ?? 'A5E-MOVE-7', text: `${name}: ${to.feet} ft cost ${mod.extra} extra per foot (${mod.id})`, creatureId: m.body });
  }
  for (const id of [m.body, m.rider].filter((x): x is string => !!x)) {
    if (to.elevation !== undefined) setVar(ctx, id, ELEVATION, to.elevation > 0 ? to.elevation : null);
  }
  const height = to.elevation ?? (typeof ctx.state.creatures[m.body]!.vars[ELEVATION] === 'number' ? (ctx.state.creatures[m.body]!.vars[ELEVATION] as number) : 0);
  if (mode === 'fly') setVar(ctx, m.body, FLYING, height > 0 ? true : null);
  else if (to.feet || to.zone !== undefined) setVar(ctx, m.body, FLYING, null);
  if (m.inCombat && (to.feet ?? 0) > 0) {
    const before = ctx.state.creatures[m.body]!.vars[FOOT_RUN];
    setVar(ctx, m.body, FOOT_RUN, mode === 'walk' ? (to.feet ?? 0) + (typeof before === 'number' ? before : 0) : null);
  }
  const moved = (to.feet ?? 0) > 0 || JSON.stringify(after) !== JSON.stringify(now);
  for (const id of [m.body, m.rider, m.pulled].filter((x): x is string => !!x)) {
    if (moved) endBackToBack(ctx, id, 'it moved');
    endGrapplesOutOfReach(ctx, id);
  }
  if (m.pulled) setVar(ctx, m.pulled, BEING_PULLED, null);
  if (plan) resolveJump(ctx, m, plan);
}
