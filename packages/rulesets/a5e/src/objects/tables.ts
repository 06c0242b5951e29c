import type { DoorMaterial, ObjectMaterial } from './object-schema';

/** A fixed value and the dice it averages, as the tables print them: "27 (5d10)". */
export interface TableHp {
  fixed: number;
  dice: string;
}

/** One row of a toughness table. `bashDC: null` means it cannot be bashed; `threshold: null`, none. */
export interface ToughnessRow {
  ac: number;
  bashDC: number | null;
  threshold: number | null;
  hp?: TableHp;
  /** advisory only (A5E-OBJ-13) */
  dungeonLevel?: number;
}

/**
 * Object Armor Class by material (A5E-OBJ-7). Adamantine is 21 here but 23 on the door table; each
 * table is kept as printed (catalog ruling on AMB-18).
 */
export const materialAc: Record<Exclude<ObjectMaterial, FarFutureMaterial>, number> = {
  cloth: 11, paper: 11, rope: 11,
  crystal: 13, glass: 13, ice: 13,
  wood: 15, bone: 15,
  stone: 17,
  iron: 19, steel: 19,
  mithral: 21,
  adamantine: 21,
};

/** Object hit points by size (A5E-OBJ-8): fragile the low value, resilient the high. */
export const sizeHp: Record<'tiny' | 'small' | 'medium' | 'large', { fragile: TableHp; resilient: TableHp }> = {
  tiny: { fragile: { fixed: 2, dice: '1d4' }, resilient: { fixed: 5, dice: '2d4' } },
  small: { fragile: { fixed: 3, dice: '1d6' }, resilient: { fixed: 10, dice: '3d6' } },
  medium: { fragile: { fixed: 4, dice: '1d8' }, resilient: { fixed: 18, dice: '4d8' } },
  large: { fragile: { fixed: 5, dice: '1d10' }, resilient: { fixed: 27, dice: '5d10' } },
};

/** Door toughness (A5E-OBJ-13): the ordinary row; fortified doors derive from it (A5E-OBJ-14). */
export const doorTable: Record<DoorMaterial, { bashDC: number; ac: number; dungeonLevel: number; fortifiedDungeonLevel: number }> = {
  wooden: { bashDC: 15, ac: 15, dungeonLevel: 1, fortifiedDungeonLevel: 9 },
  stone: { bashDC: 17, ac: 17, dungeonLevel: 5, fortifiedDungeonLevel: 13 },
  iron: { bashDC: 19, ac: 19, dungeonLevel: 9, fortifiedDungeonLevel: 17 },
  mithral: { bashDC: 21, ac: 21, dungeonLevel: 13, fortifiedDungeonLevel: 17 },
  adamantine: { bashDC: 23, ac: 23, dungeonLevel: 17, fortifiedDungeonLevel: 17 },
};

/** A typical door: an inch or more thick with at least 27 (5d10) hit points (A5E-OBJ-12). */
export const doorHp: TableHp = { fixed: 27, dice: '5d10' };

/**
 * A door's row. Fortified doors add 4 to the Bash DC and gain a threshold: the table lists it equal to
 * the fortified Bash DC, the text says equal to the AC (A5E-OBJ-14, AMB-3); `fortifiedThreshold`
 * picks ('table' by default).
 */
export function doorRow(door: DoorMaterial, fortified: boolean, fortifiedThreshold: 'table' | 'ac' = 'table'): ToughnessRow {
  const d = doorTable[door];
  if (!fortified) return { ac: d.ac, bashDC: d.bashDC, threshold: null, hp: doorHp, dungeonLevel: d.dungeonLevel };
  const bashDC = d.bashDC + 4;
  return { ac: d.ac, bashDC, threshold: fortifiedThreshold === 'ac' ? d.ac : bashDC, hp: doorHp, dungeonLevel: d.fortifiedDungeonLevel };
}

export type FarFutureMaterial = 'plastic' | 'plassteel' | 'transparent-aluminum' | 'blast-door' | 'blast-door-fortified' | 'blast-door-duranium' | 'forcefield' | 'zirkon';

/**
 * Far-future objects and materials (A5E-OBJ-16). The fortified blast door prints 37 (7d10) though
 * 7d10 averages 38: kept as printed (AMB-26).
 */
export const farFutureTable: Record<FarFutureMaterial, ToughnessRow & { hp: TableHp }> = {
  plastic: { hp: { fixed: 5, dice: '1d10' }, bashDC: 15, ac: 15, threshold: null },
  plassteel: { hp: { fixed: 27, dice: '5d10' }, bashDC: 15, ac: 17, threshold: 5 },
  'transparent-aluminum': { hp: { fixed: 18, dice: '4d8' }, bashDC: 17, ac: 17, threshold: 19 },
  'blast-door': { hp: { fixed: 27, dice: '5d10' }, bashDC: 17, ac: 19, threshold: null },
  'blast-door-fortified': { hp: { fixed: 37, dice: '7d10' }, bashDC: 19, ac: 19, threshold: 23 },
  'blast-door-duranium': { hp: { fixed: 55, dice: '10d10' }, bashDC: 19, ac: 23, threshold: 25 },
  forcefield: { hp: { fixed: 55, dice: '10d10' }, bashDC: null, ac: 23, threshold: 20 },
  zirkon: { hp: { fixed: 27, dice: '5d10' }, bashDC: 17, ac: 17, threshold: 5 },
};

export function isFarFuture(m: ObjectMaterial): m is FarFutureMaterial {
  return m in farFutureTable;
}

/** Hit points a forcefield regains at the start of each round (A5E-OBJ-17). */
export const FORCEFIELD_REGEN = 5;
