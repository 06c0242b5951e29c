import { canPlace, footprintSide, moveCreature, type GridSpaceState, type Resolution } from '@fray/engine';

/** The grid, when the encounter has one and both creatures are on it. */
export function gridWith(ctx: Resolution, ...ids: string[]): GridSpaceState | null {
  const s = ctx.state.space as GridSpaceState | null;
  if (!s || typeof s !== 'object' || s.kind !== 'grid') return null;
  return ids.every((id) => Object.hasOwn(s.creatures, id)) ? s : null;
}

function centre(grid: GridSpaceState, id: string): { x: number; y: number } {
  const p = grid.creatures[id]!;
  const side = footprintSide(grid, p);
  return { x: p.x + side / 2, y: p.y + side / 2 };
}

/** The square one step (5 ft) from `mover` straight away from `from` (or toward it with `sign` -1), if free. */
export function stepFrom(grid: GridSpaceState, mover: string, from: string, sign: 1 | -1 = 1): { x: number; y: number } | null {
  const a = centre(grid, from);
  const b = centre(grid, mover);
  const dx = Math.sign(b.x - a.x) * sign;
  const dy = Math.sign(b.y - a.y) * sign;
  if (dx === 0 && dy === 0) return null;
  const p = grid.creatures[mover]!;
  const to = { x: p.x + dx, y: p.y + dy };
  return canPlace(grid, mover, to).ok ? to : null;
}

/** Moves a creature one square without spending its movement (Fall Back and the presser's follow, A5E-ACT-14). */
export function shift(ctx: Resolution, grid: GridSpaceState, id: string, to: { x: number; y: number }): void {
  ctx.emit({ type: 'SpaceChanged', space: moveCreature(grid, id, to) as never, moved: id });
}
