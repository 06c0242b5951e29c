import { canPlace, placeCreature, type GridSpaceState, type Json, type Resolution, type Square } from '@fray/engine';
import { relocate } from '../movement/relocate';
import type { GridMove } from '../movement/parse';
import { freeSquaresWithin, gridOf } from './area';

/** The eight compass directions as grid steps (north is −y). */
export const directions: Record<string, { dx: number; dy: number }> = {
  n: { dx: 0, dy: -1 }, ne: { dx: 1, dy: -1 }, e: { dx: 1, dy: 0 }, se: { dx: 1, dy: 1 },
  s: { dx: 0, dy: 1 }, sw: { dx: -1, dy: 1 }, w: { dx: -1, dy: 0 }, nw: { dx: -1, dy: -1 },
};

/**
 * Where a push on a grid sets a creature down: square by square in `direction`, stopping early at
 * anything in the way (`canPlace`). Null when there is no grid, the creature is not on it or the
 * direction is not one of the eight.
 */
export function pushDestination(grid: GridSpaceState, creatureId: string, direction: string, feet: number): { x: number; y: number; moved: number } | null {
  const at = grid.creatures[creatureId];
  const d = directions[direction];
  if (!at || !d) return null;
  let x = at.x;
  let y = at.y;
  let moved = 0;
  for (let i = 0; i < Math.floor(feet / grid.squareFeet); i++) {
    const next = { x: x + d.dx, y: y + d.dy };
    if (!canPlace(grid, creatureId, next).ok) break;
    x = next.x;
    y = next.y;
    moved += grid.squareFeet;
  }
  return { x, y, moved };
}

/**
 * Forced movement on a grid (`pushDestination`). Nothing it does provokes opportunity attacks: it is
 * not the creature's own move. Returns the feet moved.
 */
export function push(ctx: Resolution, creatureId: string, direction: string, feet: number, ruleId: string): number {
  const grid = gridOf(ctx.state);
  const to = grid ? pushDestination(grid, creatureId, direction, feet) : null;
  if (!to) {
    ctx.emit({ type: 'RuleApplied', ruleId, text: `${ctx.state.creatures[creatureId]!.name} is pushed ${feet} ft (no map: the Narrator moves it)`, creatureId });
    return 0;
  }
  const { x, y, moved } = to;
  // The movement rules set it down: riders, grapples out of reach and the like follow (A5E-MOVE-21).
  if (moved) relocate(ctx, creatureId, { x, y } as GridMove, 'forced');
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${ctx.state.creatures[creatureId]!.name} is pushed ${moved} ft ${direction}${moved < feet ? ' (stopped by an obstacle)' : ''}; this provokes no opportunity attacks`, creatureId });
  return moved;
}

/** Teleports a creature to a random free space within `feet`; with none free it stays put. */
export function teleportRandomly(ctx: Resolution, creatureId: string, feet: number, ruleId: string, purpose: string): Square | null {
  const grid = gridOf(ctx.state);
  const name = ctx.state.creatures[creatureId]!.name;
  if (!grid || !grid.creatures[creatureId]) {
    ctx.emit({ type: 'RuleApplied', ruleId, text: `${name} teleports up to ${feet} ft (no map: the Narrator places it)`, creatureId });
    return null;
  }
  const free = freeSquaresWithin(ctx.state, creatureId, feet);
  if (!free.length) {
    ctx.emit({ type: 'RuleApplied', ruleId, text: `${name} has no unoccupied space within ${feet} ft and stays where it is`, creatureId });
    return null;
  }
  const pick = free.length === 1 ? 0 : ctx.roll(`1d${free.length}`, { roller: null, purpose }).total - 1;
  const to = free[pick]!;
  relocate(ctx, creatureId, { x: to.x, y: to.y } as GridMove, 'teleport');
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${name} teleports to (${to.x},${to.y})`, creatureId });
  return to;
}

/** Puts a newly made creature on the first free square next to `anchorId`, if there is a map. */
export function placeBeside(ctx: Resolution, creatureId: string, anchorId: string, size: string): boolean {
  const grid = gridOf(ctx.state);
  const at = grid?.creatures[anchorId];
  if (!grid || !at) return false;
  for (let r = 1; r <= 3; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        const sq = { x: at.x + dx, y: at.y + dy };
        if (!canPlace(grid, creatureId, sq, { size }).ok) continue;
        ctx.emit({ type: 'SpaceChanged', space: placeCreature(grid, creatureId, { ...sq, size }) as unknown as Json, moved: creatureId });
        return true;
      }
    }
  }
  return false;
}
