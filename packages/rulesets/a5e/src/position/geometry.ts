import {
  band, bandIndex, distanceFeet, isEngaged, isForbidden,
  type CreatureState, type EncounterState, type GridSpaceState, type LoadedRuleset, type SpaceState, type ZoneSpaceState,
} from '@fray/engine';
import { sheetOf } from '../sheet/derived';

/** The encounter's space when it has one (grid or zones); null for a table without positions. */
export function spaceOf(state: EncounterState): SpaceState | null {
  const s = state.space as { kind?: unknown } | null;
  return s && (s.kind === 'grid' || s.kind === 'zones') ? (state.space as unknown as SpaceState) : null;
}

export function gridOf(state: EncounterState): GridSpaceState | null {
  const s = spaceOf(state);
  return s?.kind === 'grid' ? s : null;
}

export function zonesOf(state: EncounterState): ZoneSpaceState | null {
  const s = spaceOf(state);
  return s?.kind === 'zones' ? s : null;
}

export function isPlaced(state: EncounterState, id: string): boolean {
  const s = spaceOf(state);
  return !!s && Object.hasOwn(s.creatures, id);
}

/**
 * Feet a zone band stands for, nearest first, so ranges and senses can be measured without a map:
 * engaged 5, nearby 30, far 120, anything farther 600. A table may give its own list in
 * `options['a5e.zoneBandFeet']`.
 */
export const DEFAULT_ZONE_BAND_FEET = [5, 30, 120, 600];

export function bandFeet(state: EncounterState, index: number): number {
  const given = state.options['a5e.zoneBandFeet'];
  const table = Array.isArray(given) && given.every((x) => typeof x === 'number') ? (given as number[]) : DEFAULT_ZONE_BAND_FEET;
  return table[Math.min(index, table.length - 1)] ?? Infinity;
}

/** Feet between two placed creatures (grid: nearest squares; zones: the band's feet), or null when unknown. */
export function distanceBetween(state: EncounterState, a: string, b: string): number | null {
  const s = spaceOf(state);
  if (!s || !Object.hasOwn(s.creatures, a) || !Object.hasOwn(s.creatures, b)) return null;
  if (a === b) return 0;
  if (s.kind === 'grid') return distanceFeet(s, a, b);
  return bandFeet(state, bandIndex(s, band(s, a, b)));
}

/**
 * Whether `b` is within `reachFeet` of `a`. Zones: engaged, whatever the reach. Unknown positions
 * count as within reach, so a table without a map is never refused an attack.
 */
export function withinReach(state: EncounterState, a: string, b: string, reachFeet: number): boolean {
  const s = spaceOf(state);
  if (!s || !Object.hasOwn(s.creatures, a) || !Object.hasOwn(s.creatures, b)) return true;
  if (s.kind === 'zones') return isEngaged(s, a, b);
  return distanceFeet(s, a, b) <= reachFeet;
}

/** Creatures on different sides are hostile to each other; the dead are nobody's enemy. */
export function isHostile(state: EncounterState, a: string, b: string): boolean {
  const ca = state.creatures[a];
  const cb = state.creatures[b];
  return !!ca && !!cb && a !== b && ca.side !== cb.side && ca.status !== 'dead' && cb.status !== 'dead';
}

export function isAlly(state: EncounterState, a: string, b: string): boolean {
  const ca = state.creatures[a];
  const cb = state.creatures[b];
  return !!ca && !!cb && a !== b && ca.side === cb.side;
}

/** The longest reach among its melee attacks; everyone reaches 5 ft unarmed (A5E-ATK-15). */
export function reachOf(c: CreatureState): number {
  const melee = sheetOf(c).attacks.filter((x) => x.kind === 'melee');
  return Math.max(5, ...melee.map((x) => x.reachFeet));
}

/** Incapacitated in effect: any condition forbidding actions, or down. */
export function isIncapacitated(ruleset: LoadedRuleset, c: CreatureState): boolean {
  return c.status !== 'conscious' || isForbidden(ruleset, c, 'action');
}

/** Set on an ally while another creature pulls it along (A5E-POS-12): it cannot react. */
export const BEING_PULLED = 'a5e.beingPulled';

/** Height in feet above the ground: grid elevation, or the GM-set `a5e.elevation` var in zones. */
export function elevationOf(state: EncounterState, id: string): number {
  const g = gridOf(state);
  const placed = g ? g.creatures[id] : undefined;
  if (placed) return placed.elevation;
  const v = state.creatures[id]?.vars[ELEVATION];
  return typeof v === 'number' ? v : 0;
}

/** A creature var holding its height in feet where the space has no elevation (zones). */
export const ELEVATION = 'a5e.elevation';
