import { moveOnGrid, placeOnGrid, removeFromGrid, type GridMoveTarget, type GridPlacementInput, type GridPlacementOptions } from './grid-placement';
import type { GridSpaceState } from './grid-state';
import { SpaceError } from './space-error';
import type { SpaceState } from './space-state';
import { moveToZone, placeInZones, removeFromZones, type ZoneMoveTarget, type ZonePlacementInput } from './zone-placement';
import type { ZoneSpaceState } from './zone-state';

/** Adds a creature. Throws SpaceError if it is already there or the space is illegal. */
export function placeCreature(state: GridSpaceState, id: string, at: GridPlacementInput, options?: GridPlacementOptions): GridSpaceState;
export function placeCreature(state: ZoneSpaceState, id: string, at?: ZonePlacementInput): ZoneSpaceState;
export function placeCreature(
  state: SpaceState,
  id: string,
  at?: GridPlacementInput | ZonePlacementInput,
  options?: GridPlacementOptions,
): SpaceState {
  if (state.kind === 'zones') return placeInZones(state, id, at !== undefined && 'zone' in at ? at : {});
  if (at === undefined || !('x' in at)) {
    throw new SpaceError('invalid-position', `Placing '${id}' on a grid needs { x, y, size }.`);
  }
  return placeOnGrid(state, id, at, options);
}

/** Relocates a placed creature without pathing: the destination alone must be legal. */
export function moveCreature(state: GridSpaceState, id: string, to: GridMoveTarget, options?: GridPlacementOptions): GridSpaceState;
export function moveCreature(state: ZoneSpaceState, id: string, to: ZoneMoveTarget): ZoneSpaceState;
export function moveCreature(state: SpaceState, id: string, to: GridMoveTarget | ZoneMoveTarget, options?: GridPlacementOptions): SpaceState {
  if (state.kind === 'zones') {
    if (!('zone' in to)) throw new SpaceError('invalid-position', `Moving '${id}' between zones needs { zone }.`);
    return moveToZone(state, id, to);
  }
  if (!('x' in to)) throw new SpaceError('invalid-position', `Moving '${id}' on a grid needs { x, y }.`);
  return moveOnGrid(state, id, to, options);
}

/** Takes a creature out of the space, with everything recorded about it. */
export function removeCreature(state: GridSpaceState, id: string): GridSpaceState;
export function removeCreature(state: ZoneSpaceState, id: string): ZoneSpaceState;
export function removeCreature(state: SpaceState, id: string): SpaceState;
export function removeCreature(state: SpaceState, id: string): SpaceState {
  return state.kind === 'grid' ? removeFromGrid(state, id) : removeFromZones(state, id);
}
