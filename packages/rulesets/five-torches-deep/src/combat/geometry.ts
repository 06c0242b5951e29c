import {
  attackersEngaged, band, distanceFeet, isEngaged, type EncounterState, type GridSpaceState, type ZoneSpaceState,
} from '@fray/engine';
import type { AttackDef } from '../sheet/stat-block';
import { creatureIn, hostile, isDown } from '../core/sheet';

export type Band = 'close' | 'ranged' | 'far';

type Space = GridSpaceState | ZoneSpaceState | null;

function spaceOf(state: EncounterState): Space {
  const s = state.space as { kind?: string } | null;
  return s && (s.kind === 'grid' || s.kind === 'zones') ? (s as GridSpaceState | ZoneSpaceState) : null;
}

const placed = (s: GridSpaceState | ZoneSpaceState, id: string) => Object.hasOwn(s.creatures, id);

/**
 * The band between two creatures for this attack: in zones, the space's band; on a grid, close is
 * within 10 ft, ranged up to the listed range, far beyond it (FTD-POS-5). Null when unplaced.
 */
export function bandFor(state: EncounterState, a: string, b: string, attack: AttackDef | null): Band | null {
  const s = spaceOf(state);
  if (!s || !placed(s, a) || !placed(s, b)) return null;
  if (s.kind === 'zones') {
    const name = band(s, a, b);
    return name === 'close' || name === 'ranged' || name === 'far' ? name : null;
  }
  const feet = distanceFeet(s, a, b);
  if (feet <= 10) return 'close';
  if (attack && attack.kind !== 'melee' && attack.range !== undefined && feet > attack.range) return 'far';
  return 'ranged';
}

/** Whether a melee attack reaches: 5 ft, or 10 ft with reach; in zones, close (FTD-ATK-4). */
export function inMeleeReach(state: EncounterState, a: string, b: string, attack: AttackDef): boolean {
  const s = spaceOf(state);
  if (!s || !placed(s, a) || !placed(s, b)) return true;
  if (s.kind === 'zones') return band(s, a, b) === 'close';
  return distanceFeet(s, a, b) <= attack.reach;
}

/** Feet between two creatures on a grid, or null (zones measure in bands). */
export function feetBetween(state: EncounterState, a: string, b: string): number | null {
  const s = spaceOf(state);
  return s && s.kind === 'grid' && placed(s, a) && placed(s, b) ? distanceFeet(s, a, b) : null;
}

/** A conscious enemy at close range of the attacker: it is in melee (FTD-ATK-5). */
export function inMelee(state: EncounterState, attacker: string): boolean {
  const s = spaceOf(state);
  if (!s || !placed(s, attacker)) return false;
  return state.creatureIds.some((id) => {
    if (id === attacker || !hostile(state, attacker, id) || isDown(creatureIn(state, id)) || !placed(s, id)) return false;
    return s.kind === 'zones' ? isEngaged(s, attacker, id) : distanceFeet(s, attacker, id) <= 5;
  });
}

/** Two or more of the attacker's side at close range of the target: a flank worth asking the GM about (FTD-POS-1). */
export function flanking(state: EncounterState, attacker: string, target: string): boolean {
  const s = spaceOf(state);
  if (!s || !placed(s, target)) return false;
  const side = creatureIn(state, attacker).side;
  const ally = (id: string) => state.creatures[id]?.side === side && !isDown(creatureIn(state, id));
  if (s.kind === 'zones') return attackersEngaged(s, target, ally) >= 2;
  return state.creatureIds.filter((id) => ally(id) && placed(s, id) && distanceFeet(s, id, target) <= 5).length >= 2;
}
