import { ownValue, withEntry, withoutEntry } from './records';
import { SpaceError } from './space-error';
import { ordered, unlinkPair } from './zone-pairs';
import { requireDistinctPair, requireZoneCreature, type ZoneSpaceState } from './zone-state';

/**
 * Range band between two creatures: the first band when engaged, else the GM-set band for the
 * pair, else the default. A creature is at the first band from itself.
 */
export function band(state: ZoneSpaceState, a: string, b: string): string {
  requireZoneCreature(state, a);
  requireZoneCreature(state, b);
  const nearest = state.bands[0] ?? state.defaultBand;
  if (a === b || (ownValue(state.engagements, a) ?? []).includes(b)) return nearest;
  const [low, high] = ordered(a, b);
  return ownValue(ownValue(state.pairBands, low) ?? {}, high) ?? state.defaultBand;
}

export function bandIndex(state: ZoneSpaceState, name: string): number {
  const index = state.bands.indexOf(name);
  if (index < 0) {
    throw new SpaceError('unknown-band', `'${name}' is not a range band here; use one of ${state.bands.join(', ')}.`);
  }
  return index;
}

/** Whether the pair is at `name` or nearer. */
export function isWithinBand(state: ZoneSpaceState, a: string, b: string, name: string): boolean {
  return bandIndex(state, band(state, a, b)) <= bandIndex(state, name);
}

/**
 * GM ruling for a pair. The first band is reserved for engagement (use engage), and setting any
 * other band breaks an existing engagement between the two, since they are now apart.
 */
export function setBand(state: ZoneSpaceState, a: string, b: string, name: string): ZoneSpaceState {
  requireDistinctPair(state, a, b);
  if (bandIndex(state, name) === 0) {
    throw new SpaceError('engaged-band', `'${name}' is the engagement band; call engage('${a}', '${b}') instead of setBand.`);
  }
  const [low, high] = ordered(a, b);
  const engagements = unlinkPair(state.engagements, a, b);
  const pairBands = withEntry(state.pairBands, low, withEntry(ownValue(state.pairBands, low) ?? {}, high, name));
  return { ...state, engagements, pairBands };
}

/** Drops the GM-set band so the pair falls back to the default. */
export function clearBand(state: ZoneSpaceState, a: string, b: string): ZoneSpaceState {
  requireDistinctPair(state, a, b);
  const [low, high] = ordered(a, b);
  const forLow = ownValue(state.pairBands, low);
  if (forLow === undefined || !Object.hasOwn(forLow, high)) return state;
  const rest = withoutEntry(forLow, high);
  const pairBands = Object.keys(rest).length === 0 ? withoutEntry(state.pairBands, low) : withEntry(state.pairBands, low, rest);
  return { ...state, pairBands };
}
