import { creaturesWithin, distanceFeet } from './grid-distance';
import { requireGridCreature } from './grid-state';
import { sortedIds } from './ids';
import type { SpaceState } from './space-state';
import { band, bandIndex } from './zone-bands';
import { engagedWith, isEngaged } from './zone-engagement';
import { requireZoneCreature } from './zone-state';

// The questions rules code asks without caring which kind of space the table uses.

export type RangeBetween =
  | { readonly kind: 'feet'; readonly feet: number }
  | { readonly kind: 'band'; readonly band: string; readonly index: number };

export function creatureIds(space: SpaceState): string[] {
  return sortedIds(Object.keys(space.creatures));
}

export function hasCreature(space: SpaceState, id: string): boolean {
  return Object.hasOwn(space.creatures, id);
}

/** Grid: within one square. Zones: engaged. Never adjacent to itself. */
export function isAdjacent(space: SpaceState, a: string, b: string): boolean {
  if (space.kind === 'zones') return isEngaged(space, a, b);
  return a !== b && distanceFeet(space, a, b) <= space.squareFeet;
}

/** Other creatures adjacent to `id`, in id order. */
export function adjacentTo(space: SpaceState, id: string): string[] {
  return space.kind === 'zones' ? engagedWith(space, id) : creaturesWithin(space, id, space.squareFeet);
}

/** Grid: within `reachFeet`. Zones: engaged, whatever the reach, since zones do not measure feet. */
export function isWithinReach(space: SpaceState, a: string, b: string, reachFeet: number): boolean {
  if (space.kind === 'zones') return isEngaged(space, a, b);
  return a !== b && distanceFeet(space, a, b) <= reachFeet;
}

export function rangeBetween(space: SpaceState, a: string, b: string): RangeBetween {
  if (space.kind === 'grid') return { kind: 'feet', feet: distanceFeet(space, a, b) };
  const name = band(space, a, b);
  return { kind: 'band', band: name, index: bandIndex(space, name) };
}

/** Throws SpaceError 'unknown-creature' unless `id` is in the space. */
export function requireCreature(space: SpaceState, id: string): void {
  if (space.kind === 'grid') requireGridCreature(space, id);
  else requireZoneCreature(space, id);
}

/** The common queries bound to one state, for rules code that is handed "the space". */
export interface SpaceQueries {
  readonly kind: SpaceState['kind'];
  creatureIds(): string[];
  hasCreature(id: string): boolean;
  isAdjacent(a: string, b: string): boolean;
  adjacentTo(id: string): string[];
  isWithinReach(a: string, b: string, reachFeet: number): boolean;
  rangeBetween(a: string, b: string): RangeBetween;
}

export function spaceQueries(space: SpaceState): SpaceQueries {
  return {
    kind: space.kind,
    creatureIds: () => creatureIds(space),
    hasCreature: (id) => hasCreature(space, id),
    isAdjacent: (a, b) => isAdjacent(space, a, b),
    adjacentTo: (id) => adjacentTo(space, id),
    isWithinReach: (a, b, reachFeet) => isWithinReach(space, a, b, reachFeet),
    rangeBetween: (a, b) => rangeBetween(space, a, b),
  };
}
