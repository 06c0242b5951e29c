import { footprintBox, footprintSide } from './grid-footprint';
import { requireGridCreature, type GridPlacement, type GridSpaceState } from './grid-state';
import { sortedIds } from './ids';

/**
 * Feet between the nearest parts of two creatures. Each creature is a stack of cubes: its
 * footprint, `side` squares tall from its elevation. The gap along each axis is measured
 * square to square (adjacent squares are one square apart) and vertically in feet, then:
 * - 'uniform': the largest axis gap (so 5 ft up and 5 ft across is still 5 ft);
 * - 'alternating': the largest gap plus one extra square for every second square of the
 *   next largest gap, the 5-10-5 count generalised to three axes.
 */
export function distanceFeet(state: GridSpaceState, a: string, b: string): number {
  return placementDistanceFeet(state, requireGridCreature(state, a), requireGridCreature(state, b));
}

/** Reach and range test: adjacent creatures are within one square (5 ft on the default grid). */
export function isWithin(state: GridSpaceState, a: string, b: string, feet: number): boolean {
  return distanceFeet(state, a, b) <= feet;
}

/** Other creatures within `feet` of `id`, in id order. */
export function creaturesWithin(state: GridSpaceState, id: string, feet: number): string[] {
  const from = requireGridCreature(state, id);
  const ids: string[] = [];
  for (const [otherId, other] of Object.entries(state.creatures)) {
    if (otherId !== id && placementDistanceFeet(state, from, other) <= feet) ids.push(otherId);
  }
  return sortedIds(ids);
}

/** How many feet higher `a` stands than `b` (negative when lower). */
export function highGround(state: GridSpaceState, a: string, b: string): number {
  return requireGridCreature(state, a).elevation - requireGridCreature(state, b).elevation;
}

export function placementDistanceFeet(state: GridSpaceState, a: GridPlacement, b: GridPlacement): number {
  const boxA = footprintBox(state, a);
  const boxB = footprintBox(state, b);
  const gapX = Math.max(0, boxB.minX - boxA.maxX, boxA.minX - boxB.maxX);
  const gapY = Math.max(0, boxB.minY - boxA.maxY, boxA.minY - boxB.maxY);
  // The top cube of a creature starts (side - 1) squares above its elevation.
  const topA = a.elevation + (footprintSide(state, a) - 1) * state.squareFeet;
  const topB = b.elevation + (footprintSide(state, b) - 1) * state.squareFeet;
  const gapZ = Math.max(0, b.elevation - topA, a.elevation - topB);
  return combineAxes(state, [gapX * state.squareFeet, gapY * state.squareFeet, gapZ]);
}

/** Combines per-axis gaps in feet under the grid's diagonal rule. */
export function combineAxes(state: GridSpaceState, axesFeet: readonly number[]): number {
  const [longest = 0, second = 0] = [...axesFeet].sort((p, q) => q - p);
  if (state.diagonals === 'uniform') return longest;
  // The epsilon keeps whole multiples of an inexact square size (0.7 m, say) from flooring low.
  const extraSquares = Math.floor(second / (2 * state.squareFeet) + 1e-9);
  return longest + extraSquares * state.squareFeet;
}
