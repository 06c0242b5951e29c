import { placementDistanceFeet } from './grid-distance';
import { pathLegs, type PathPoint } from './grid-path';
import { requireGridCreature, type GridPoint, type GridSpaceState } from './grid-state';

export interface ReachExit {
  /** Index into the path of the step that takes the mover out of reach. */
  readonly index: number;
  readonly from: GridPoint;
  readonly to: GridPoint;
}

/**
 * The first step at which `moverId`, walking `path`, goes from within `reachFeet` of `otherId`
 * to beyond it: the moment an opportunity attack would trigger. Null if it never leaves.
 */
export function leavesReach(state: GridSpaceState, moverId: string, path: readonly PathPoint[], otherId: string, reachFeet: number): ReachExit | null {
  const other = requireGridCreature(state, otherId);
  if (moverId === otherId) return null;
  for (const leg of pathLegs(state, moverId, path)) {
    const wasWithin = placementDistanceFeet(state, leg.from, other) <= reachFeet;
    if (wasWithin && placementDistanceFeet(state, leg.to, other) > reachFeet) {
      return {
        index: leg.index,
        from: { x: leg.from.x, y: leg.from.y, elevation: leg.from.elevation },
        to: { x: leg.to.x, y: leg.to.y, elevation: leg.to.elevation },
      };
    }
  }
  return null;
}
