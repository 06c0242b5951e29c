import { boxSquares, footprintBox, type SquareBox } from './grid-footprint';
import { placementDistanceFeet } from './grid-distance';
import { requireGridCreature, type GridSpaceState, type Square } from './grid-state';

/**
 * The optional 5e-family flanking test: attacker and ally are both adjacent to the target and
 * a line between the centres of one square of each passes through opposite sides or opposite
 * corners of the target's footprint. Elevation counts for adjacency only; the line is drawn on
 * the map. Whether attacker and ally are actually allies is the ruleset's business.
 */
export function isFlankedBy(state: GridSpaceState, targetId: string, attackerId: string, allyId: string): boolean {
  const target = requireGridCreature(state, targetId);
  const attacker = requireGridCreature(state, attackerId);
  const ally = requireGridCreature(state, allyId);
  if (new Set([targetId, attackerId, allyId]).size < 3) return false;
  const adjacent = state.squareFeet;
  if (placementDistanceFeet(state, attacker, target) > adjacent || placementDistanceFeet(state, ally, target) > adjacent) return false;
  const box = footprintBox(state, target);
  const allySquares = boxSquares(footprintBox(state, ally));
  return boxSquares(footprintBox(state, attacker)).some((a) => allySquares.some((b) => lineFlanks(box, a, b)));
}

// Coordinates are doubled so square centres and square edges are both whole numbers and the
// test stays exact.
function lineFlanks(target: SquareBox, a: Square, b: Square): boolean {
  const p = { x: 2 * a.x + 1, y: 2 * a.y + 1 };
  const q = { x: 2 * b.x + 1, y: 2 * b.y + 1 };
  const low = { x: 2 * target.minX, y: 2 * target.minY };
  const high = { x: 2 * (target.maxX + 1), y: 2 * (target.maxY + 1) };
  const swap = (point: { x: number; y: number }) => ({ x: point.y, y: point.x });
  return crossesBothSides(p, q, low, high) || crossesBothSides(swap(p), swap(q), swap(low), swap(high));
}

/**
 * Whether the segment p–q runs from left of the box to right of it and meets both vertical
 * sides (corners included, which covers the opposite-corners case).
 */
function crossesBothSides(
  p: { x: number; y: number },
  q: { x: number; y: number },
  low: { x: number; y: number },
  high: { x: number; y: number },
): boolean {
  const [left, right] = p.x <= q.x ? [p, q] : [q, p];
  if (!(left.x < low.x && right.x > high.x)) return false;
  const run = right.x - left.x;
  const meetsSideAt = (sideX: number): boolean => {
    // y on the line at sideX, scaled by run (> 0) to stay in integers.
    const scaledY = left.y * run + (right.y - left.y) * (sideX - left.x);
    return low.y * run <= scaledY && scaledY <= high.y * run;
  };
  return meetsSideAt(low.x) && meetsSideAt(high.x);
}
