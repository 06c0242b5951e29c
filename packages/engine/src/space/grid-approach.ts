import type { GridSpaceState } from './grid-state';

/** How many squares a grid approach looks ahead at most (a turn's walk at 40 ft). */
export const APPROACH_MAX_STEPS = 8;

/** Squares between two grid points (Chebyshev: the 5-ft squares a move counts). */
export const squaresApart = (a: { x: number; y: number }, b: { x: number; y: number }): number => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/**
 * Where a creature closing in on a foe on a grid tries to go, in order: the squares next to the foe,
 * nearest to it first, then the squares on the straight way toward it, furthest first; only squares on
 * the map that end strictly closer. Empty when it is already next to the foe. The simulator's policies
 * (`approachMove`) and the compiled fights that follow them both take their tries from here, each
 * asking the rules (`previewMove`) which is legal.
 */
export function approachSquares(space: GridSpaceState, me: string, foe: string): { x: number; y: number }[] {
  const from = space.creatures[me]!;
  const at = space.creatures[foe]!;
  const now = squaresApart(from, at);
  if (now <= 1) return [];
  const out: { x: number; y: number }[] = [];
  const adjacent: { x: number; y: number }[] = [];
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (dx || dy) adjacent.push({ x: at.x + dx, y: at.y + dy });
  adjacent.sort((a, b) => squaresApart(from, a) - squaresApart(from, b));
  for (const sq of adjacent) if (squaresApart(from, sq) <= APPROACH_MAX_STEPS) out.push(sq);
  const sx = Math.sign(at.x - from.x);
  const sy = Math.sign(at.y - from.y);
  for (let k = Math.min(APPROACH_MAX_STEPS, now - 1); k >= 1; k--) {
    const sq = { x: from.x + sx * Math.min(k, Math.abs(at.x - from.x)), y: from.y + sy * Math.min(k, Math.abs(at.y - from.y)) };
    if (squaresApart(sq, at) < now && !out.some((o) => o.x === sq.x && o.y === sq.y)) out.push(sq);
  }
  return out.filter((sq) => (!space.bounds || (sq.x >= 0 && sq.y >= 0 && sq.x < space.bounds.width && sq.y < space.bounds.height)) && squaresApart(sq, at) < now);
}
