import { boxContains, boxInBounds, boxesOverlap, footprintBox, footprintSide, isSquare } from './grid-footprint';
import type { GridPlacement, GridSpaceState, Square } from './grid-state';
import { sortedIds } from './ids';
import { ownValue } from './records';
import { SpaceError, type SpaceErrorCode } from './space-error';

/**
 * Which other creatures a creature may share space with. Whether that is an ally being passed
 * through or anything else is the ruleset's call; the grid only applies it.
 */
export type ShareRule = readonly string[] | ((otherId: string) => boolean);

export interface PlacementCheckOptions {
  /** Required when the creature is not on the grid yet; defaults to its current size. */
  readonly size?: string;
  /** Defaults to the creature's current squeezing flag, or false. */
  readonly squeezing?: boolean;
  /** Defaults to the creature's current elevation, or 0. */
  readonly elevation?: number;
  readonly canShareWith?: ShareRule;
}

export type PlacementCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: SpaceErrorCode; readonly message: string; readonly blockers: readonly string[] };

/**
 * Whether `id` could stand with its corner on `square`. Space is treated as a stack of cubes:
 * a creature fills `side × side × side` squares from its elevation up, so a flyer well above
 * another creature does not block it.
 */
export function canPlace(state: GridSpaceState, id: string, square: Square, options: PlacementCheckOptions = {}): PlacementCheck {
  const current = ownValue(state.creatures, id);
  const size = options.size ?? current?.size;
  if (size === undefined) {
    return refuse('unknown-creature', `Creature '${id}' is not on the grid, so canPlace needs options.size.`);
  }
  if (!Object.hasOwn(state.sizes, size)) {
    return refuse('unknown-size', `Size '${size}' is not in this grid's size table; pass it in createGridSpace({ sizes }).`);
  }
  const elevation = options.elevation ?? current?.elevation ?? 0;
  if (!isSquare(square) || !Number.isFinite(elevation)) {
    return refuse('invalid-position', `Squares need whole x and y and a finite elevation; got ${JSON.stringify({ ...square, elevation })}.`);
  }
  const candidate: GridPlacement = { x: square.x, y: square.y, elevation, size, squeezing: options.squeezing ?? current?.squeezing ?? false };
  const box = footprintBox(state, candidate);
  if (!boxInBounds(state, box)) {
    return refuse('out-of-bounds', `A ${size} creature at (${square.x},${square.y}) would leave the grid ${describeBounds(state)}; pick a square inside it.`);
  }
  const mayShare = shareTest(options.canShareWith);
  const shares = state.sharedSquareSizes.includes(size);
  const blockers: string[] = [];
  for (const [otherId, other] of Object.entries(state.creatures)) {
    if (otherId === id || !boxesOverlap(box, footprintBox(state, other))) continue;
    if (!verticalOverlap(state, candidate, other)) continue;
    if (mayShare(otherId)) continue;
    if (shares && state.sharedSquareSizes.includes(other.size)) continue;
    blockers.push(otherId);
  }
  if (blockers.length > 0) {
    const sorted = sortedIds(blockers);
    return {
      ok: false,
      code: 'square-occupied',
      message: `(${square.x},${square.y}) is occupied by ${sorted.join(', ')}; choose a free square or pass canShareWith for creatures that may share space.`,
      blockers: sorted,
    };
  }
  return { ok: true };
}

/** Creatures whose footprint covers the square at any elevation, in id order. */
export function occupants(state: GridSpaceState, square: Square): string[] {
  const ids: string[] = [];
  for (const [id, placement] of Object.entries(state.creatures)) {
    if (boxContains(footprintBox(state, placement), square)) ids.push(id);
  }
  return sortedIds(ids);
}

export function assertPlaceable(check: PlacementCheck): void {
  if (!check.ok) throw new SpaceError(check.code, check.message);
}

function verticalOverlap(state: GridSpaceState, a: GridPlacement, b: GridPlacement): boolean {
  const heightA = footprintSide(state, a) * state.squareFeet;
  const heightB = footprintSide(state, b) * state.squareFeet;
  return a.elevation < b.elevation + heightB && b.elevation < a.elevation + heightA;
}

function shareTest(rule: ShareRule | undefined): (otherId: string) => boolean {
  if (rule === undefined) return () => false;
  if (typeof rule === 'function') return rule;
  return (otherId) => rule.includes(otherId);
}

function refuse(code: SpaceErrorCode, message: string): PlacementCheck {
  return { ok: false, code, message, blockers: [] };
}

function describeBounds(state: GridSpaceState): string {
  return state.bounds === null ? '' : `(0..${state.bounds.width - 1} × 0..${state.bounds.height - 1})`;
}
