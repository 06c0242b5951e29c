import { ownValue } from './records';
import { SpaceError } from './space-error';
import { clearBand } from './zone-bands';
import { linkPair, unlinkPair } from './zone-pairs';
import { requireDistinctPair, requireZoneCreature, type ZoneSpaceState } from './zone-state';

export function engagedWith(state: ZoneSpaceState, id: string): string[] {
  requireZoneCreature(state, id);
  return [...(ownValue(state.engagements, id) ?? [])];
}

export function isEngaged(state: ZoneSpaceState, a: string, b: string): boolean {
  requireZoneCreature(state, b);
  return engagedWith(state, a).includes(b);
}

/**
 * How many creatures are engaged with the target, optionally counting only those the ruleset
 * calls attackers (enemies of the target, able to act, ...), for rules such as "three or more
 * attackers flank".
 */
export function attackersEngaged(state: ZoneSpaceState, targetId: string, isAttacker: (id: string) => boolean = () => true): number {
  return engagedWith(state, targetId).filter(isAttacker).length;
}

/**
 * Engaging replaces any GM-set band for the pair: once they break apart they are back at the
 * default band until the GM says otherwise. Creatures in different named zones must be moved
 * together first, so engagement never spans zones.
 */
export function engage(state: ZoneSpaceState, a: string, b: string): ZoneSpaceState {
  requireDistinctPair(state, a, b);
  const zoneA = requireZoneCreature(state, a).zone;
  const zoneB = requireZoneCreature(state, b).zone;
  if (zoneA !== null && zoneB !== null && zoneA !== zoneB) {
    throw new SpaceError('not-in-same-zone', `'${a}' is in '${zoneA}' and '${b}' in '${zoneB}'; move one into the other's zone before engaging.`);
  }
  const cleared = clearBand(state, a, b);
  return { ...cleared, engagements: linkPair(cleared.engagements, a, b) };
}

export function disengage(state: ZoneSpaceState, a: string, b: string): ZoneSpaceState {
  requireDistinctPair(state, a, b);
  if (!isEngaged(state, a, b)) return state;
  return { ...state, engagements: unlinkPair(state.engagements, a, b) };
}

export function disengageAll(state: ZoneSpaceState, id: string): ZoneSpaceState {
  return engagedWith(state, id).reduce((next, other) => disengage(next, id, other), state);
}
