import { assertPlaceable, canPlace, type PlacementCheckOptions, type ShareRule } from './grid-occupancy';
import { requireGridCreature, type GridPlacement, type GridSpaceState } from './grid-state';
import { requireId } from './ids';
import { withEntry, withoutEntry } from './records';
import { SpaceError } from './space-error';

export interface GridPlacementInput {
  readonly x: number;
  readonly y: number;
  readonly size: string;
  /** Feet; defaults to 0. */
  readonly elevation?: number;
  readonly squeezing?: boolean;
}

export interface GridMoveTarget {
  readonly x: number;
  readonly y: number;
  /** Feet; defaults to the creature's current elevation. */
  readonly elevation?: number;
  /** Defaults to the creature's current squeezing flag. */
  readonly squeezing?: boolean;
  /** Defaults to the creature's current size; lets growth and shrinking effects re-check space. */
  readonly size?: string;
}

export interface GridPlacementOptions {
  readonly canShareWith?: ShareRule;
}

export function placeOnGrid(state: GridSpaceState, id: string, at: GridPlacementInput, options: GridPlacementOptions = {}): GridSpaceState {
  requireId(id);
  if (Object.hasOwn(state.creatures, id)) {
    throw new SpaceError('creature-already-placed', `Creature '${id}' is already on the grid; use moveCreature to change where it stands.`);
  }
  const placement: GridPlacement = { x: at.x, y: at.y, elevation: at.elevation ?? 0, size: at.size, squeezing: at.squeezing ?? false };
  assertPlaceable(canPlace(state, id, placement, checkOptions(placement, options)));
  return { ...state, creatures: withEntry(state.creatures, id, placement) };
}

/** Puts the creature at its destination; the route, its cost and what it provokes are checked separately. */
export function moveOnGrid(state: GridSpaceState, id: string, to: GridMoveTarget, options: GridPlacementOptions = {}): GridSpaceState {
  const current = requireGridCreature(state, id);
  const placement: GridPlacement = {
    x: to.x,
    y: to.y,
    elevation: to.elevation ?? current.elevation,
    size: to.size ?? current.size,
    squeezing: to.squeezing ?? current.squeezing,
  };
  assertPlaceable(canPlace(state, id, placement, checkOptions(placement, options)));
  return { ...state, creatures: withEntry(state.creatures, id, placement) };
}

export function removeFromGrid(state: GridSpaceState, id: string): GridSpaceState {
  requireGridCreature(state, id);
  return { ...state, creatures: withoutEntry(state.creatures, id) };
}

function checkOptions(placement: GridPlacement, options: GridPlacementOptions): PlacementCheckOptions {
  return { size: placement.size, squeezing: placement.squeezing, elevation: placement.elevation, canShareWith: options.canShareWith };
}
