import type { GridSpaceState } from './grid-state';
import { canPlace } from './grid-occupancy';

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

/**
 * A way around whoever stands between a creature and a square: the fewest steps (to any of the eight
 * neighbouring squares) from where `me` stands to `to`, through squares its footprint fits alone (in
 * bounds, in no other creature's space, living or not), start excluded, `to` included; null when no
 * such walk of at most `maxSteps` exists. It knows no rule: who may be passed through, and what the
 * walk costs, are the rules' to say (`previewMove`). Among walks of the same length it keeps nearest
 * the straight line, trying each square's neighbours nearest `to` first.
 */
export function detourPath(space: GridSpaceState, me: string, to: { x: number; y: number }, maxSteps = 2 * APPROACH_MAX_STEPS): { x: number; y: number }[] | null {
  const from = space.creatures[me]!;
  const fits = (sq: { x: number; y: number }) => canPlace(space, me, sq).ok;
  if ((from.x === to.x && from.y === to.y) || !fits(to)) return null;
  const key = (x: number, y: number) => `${x},${y}`;
  const cameFrom = new Map<string, string | null>([[key(from.x, from.y), null]]);
  let frontier = [{ x: from.x, y: from.y }];
  for (let step = 0; step < maxSteps && frontier.length; step++) {
    const next: { x: number; y: number }[] = [];
    for (const at of frontier) {
      const around = NEIGHBOURS.map(([dx, dy]) => ({ x: at.x + dx, y: at.y + dy }))
        .sort((a, b) => (a.x - to.x) ** 2 + (a.y - to.y) ** 2 - ((b.x - to.x) ** 2 + (b.y - to.y) ** 2));
      for (const sq of around) {
        const k = key(sq.x, sq.y);
        if (cameFrom.has(k) || !fits(sq)) continue;
        cameFrom.set(k, key(at.x, at.y));
        if (sq.x === to.x && sq.y === to.y) return walkBack(cameFrom, k);
        next.push(sq);
      }
    }
    frontier = next;
  }
  return null;
}

const NEIGHBOURS: readonly (readonly [number, number])[] = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]];

function walkBack(cameFrom: ReadonlyMap<string, string | null>, end: string): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let k: string | null = end; cameFrom.get(k) !== null; k = cameFrom.get(k)!) {
    const [x, y] = k.split(',').map(Number);
    out.push({ x: x!, y: y! });
  }
  return out.reverse();
}
