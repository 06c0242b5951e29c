import { canPlace, disengage, engage, engagedWith, moveCreature, type Resolution } from '@fray/engine';
import { endGrapplesOutOfReach } from '../conditions/grapple';
import { endBackToBack } from '../position/back-to-back';
import { gridOf, zonesOf } from '../position/geometry';
import { RIDER, RIDING, riderKeepsSeat, riderOf, ridingOn } from '../position/mount';
import type { GridMove, ZoneMove } from './parse';
import { emitSpace, setVar, spaceCall, withPlacement } from './state';

/**
 * Teleportation and forced movement (A5E-MOVE-21, A5E-ATK-17): the creature is set down at the
 * destination, spending none of its movement and provoking no opportunity attacks. A rider leaves its
 * mount; a mount carries its rider, who must keep its seat when the mount is moved by force
 * (A5E-POS-5). Exported for effects that push, pull or teleport.
 */
export function relocate(ctx: Resolution, id: string, move: GridMove | ZoneMove, kind: 'teleport' | 'forced'): void {
  const c = () => (ctx.state.creatures[id])!;
  const mount = ridingOn(ctx.state, id);
  if (mount) {
    setVar(ctx, id, RIDING, null);
    setVar(ctx, mount, RIDER, null);
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-POS-5', text: `${c().name} is taken off ${ctx.state.creatures[mount]!.name}`, creatureId: id });
  }
  const rider = riderOf(ctx.state, id);
  const grid = gridOf(ctx.state);
  if (grid) {
    const g = move as GridMove;
    const dest = g.x !== undefined ? { x: g.x, y: g.y!, elevation: g.elevation } : g.path?.at(-1);
    if (!dest) return ctx.reject('bad-move', `a ${kind} needs a destination (x, y)`, 'A5E-MOVE-21');
    const at = grid.creatures[id]!;
    const elevation = dest.elevation ?? at.elevation;
    const check = canPlace(grid, id, dest, { elevation, canShareWith: rider ? [rider] : [] });
    if (!check.ok) ctx.reject(check.code, check.message, 'A5E-MOVE-21');
    let next = spaceCall(ctx, 'A5E-MOVE-21', () => moveCreature(grid, id, { x: dest.x, y: dest.y, elevation }, { canShareWith: rider ? [rider] : [] }));
    if (rider) next = withPlacement(next, rider, { x: dest.x, y: dest.y, elevation });
    emitSpace(ctx, next, id);
  } else {
    const zm = move as ZoneMove;
    let z = zonesOf(ctx.state)!;
    const members = [id, ...(rider ? [rider] : [])];
    for (const who of members) if (zm.zone !== undefined) z = spaceCall(ctx, 'A5E-MOVE-21', () => moveCreature(z, who, { zone: zm.zone ?? null }));
    const off = zm.disengage === 'all' ? engagedWith(z, id) : (zm.disengage ?? []);
    for (const other of off) for (const who of members) z = spaceCall(ctx, 'A5E-MOVE-21', () => disengage(z, who, other));
    for (const other of zm.engage ?? []) z = spaceCall(ctx, 'A5E-MOVE-21', () => engage(z, id, other));
    emitSpace(ctx, z, id);
  }
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-MOVE-21', text: `${c().name} ${kind === 'teleport' ? 'teleports' : 'is moved by force'}: no movement spent, no opportunity attacks`, creatureId: id });
  for (const who of [id, ...(rider ? [rider] : [])]) {
    endBackToBack(ctx, who, kind === 'teleport' ? 'it teleported' : 'it was moved');
    endGrapplesOutOfReach(ctx, who);
  }
  if (rider && kind === 'forced') riderKeepsSeat(ctx, id);
}
