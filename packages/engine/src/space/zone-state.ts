import { ownValue } from './records';
import { SpaceError } from './space-error';

export type ZoneCreature = {
  /** A named zone or location label; null when the table does not track one. */
  readonly zone: string | null;
};

export type ZoneSpaceState = {
  readonly kind: 'zones';
  /** Range bands nearest first; the first band is what engaged creatures are at. */
  readonly bands: string[];
  /** Band between creatures that are neither engaged nor given a band by the GM. */
  readonly defaultBand: string;
  readonly creatures: Readonly<Record<string, ZoneCreature>>;
  /** Symmetric: each engaged pair appears under both ids; lists are sorted and never empty. */
  readonly engagements: Readonly<Record<string, string[]>>;
  /** GM-set bands, stored once per pair under the lower id (code-unit order). */
  readonly pairBands: Readonly<Record<string, Readonly<Record<string, string>>>>;
};

export interface ZoneSpaceOptions {
  readonly bands: readonly string[];
  /** Defaults to the second band, or the only one. */
  readonly defaultBand?: string;
}

export function createZoneSpace(options: ZoneSpaceOptions): ZoneSpaceState {
  const bands = [...options.bands];
  if (bands.length === 0 || bands.some((band) => typeof band !== 'string' || band.length === 0) || new Set(bands).size !== bands.length) {
    throw new SpaceError('invalid-option', `bands must be a non-empty list of distinct non-empty names, nearest first; got ${JSON.stringify(options.bands)}.`);
  }
  const defaultBand = options.defaultBand ?? bands[1] ?? bands[0] ?? '';
  if (!bands.includes(defaultBand)) {
    throw new SpaceError('invalid-option', `defaultBand '${defaultBand}' is not one of the bands (${bands.join(', ')}).`);
  }
  return { kind: 'zones', bands, defaultBand, creatures: {}, engagements: {}, pairBands: {} };
}

export function requireZoneCreature(state: ZoneSpaceState, id: string): ZoneCreature {
  const creature = ownValue(state.creatures, id);
  if (creature === undefined) {
    throw new SpaceError('unknown-creature', `No creature '${id}' is in this scene; place it with placeCreature first.`);
  }
  return creature;
}

export function requireDistinctPair(state: ZoneSpaceState, a: string, b: string): void {
  requireZoneCreature(state, a);
  requireZoneCreature(state, b);
  if (a === b) {
    throw new SpaceError('self-pair', `'${a}' was given as both creatures of a pair; pass two different creatures.`);
  }
}
