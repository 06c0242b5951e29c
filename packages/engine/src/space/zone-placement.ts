import { requireId } from './ids';
import { withEntry, withoutEntry } from './records';
import { SpaceError } from './space-error';
import { disengageAll } from './zone-engagement';
import { requireZoneCreature, type ZoneSpaceState } from './zone-state';

export interface ZonePlacementInput {
  readonly zone?: string | null;
}

export interface ZoneMoveTarget {
  readonly zone: string | null;
}

export function placeInZones(state: ZoneSpaceState, id: string, at: ZonePlacementInput = {}): ZoneSpaceState {
  requireId(id);
  if (Object.hasOwn(state.creatures, id)) {
    throw new SpaceError('creature-already-placed', `Creature '${id}' is already in the scene; use moveCreature to change its zone.`);
  }
  const zone = at.zone ?? null;
  requireZoneName(zone);
  return { ...state, creatures: withEntry(state.creatures, id, { zone }) };
}

/** Leaving for another zone breaks every engagement: engaged creatures are always together. */
export function moveToZone(state: ZoneSpaceState, id: string, to: ZoneMoveTarget): ZoneSpaceState {
  const current = requireZoneCreature(state, id);
  requireZoneName(to.zone);
  if (current.zone === to.zone) return state;
  const apart = disengageAll(state, id);
  return { ...apart, creatures: withEntry(apart.creatures, id, { zone: to.zone }) };
}

/** Forgets the creature together with its engagements and GM-set bands. */
export function removeFromZones(state: ZoneSpaceState, id: string): ZoneSpaceState {
  requireZoneCreature(state, id);
  const apart = disengageAll(state, id);
  let pairBands = withoutEntry(apart.pairBands, id);
  for (const [low, bands] of Object.entries(pairBands)) {
    if (!Object.hasOwn(bands, id)) continue;
    const rest = withoutEntry(bands, id);
    pairBands = Object.keys(rest).length === 0 ? withoutEntry(pairBands, low) : withEntry(pairBands, low, rest);
  }
  return { ...apart, creatures: withoutEntry(apart.creatures, id), pairBands };
}

function requireZoneName(zone: string | null): void {
  if (zone !== null && (typeof zone !== 'string' || zone.length === 0)) {
    throw new SpaceError('invalid-position', `A zone is a non-empty name or null; got ${JSON.stringify(zone)}.`);
  }
}
