import type { CreatureSetup, CreatureState, EncounterState, Json } from '@fray/engine';
import { sheetOf } from '../sheet/derived';
import type { StatBlock } from '../sheet/stat-block';
import type { DoorMaterial, ObjectMaterial, ObjectSection } from './object-schema';
import { doorHp, doorRow, farFutureTable, isFarFuture, materialAc, sizeHp, type TableHp, type ToughnessRow } from './tables';

/**
 * Conditions an inanimate object cannot have (a ruling: the seeds give objects no conditions).
 * Invisible is left out: an object can be made invisible.
 */
export const objectConditionImmunities = [
  'agonized', 'amnesiac', 'blinded', 'bloodied', 'charmed', 'confused', 'deafened', 'doomed', 'encumbered', 'enervated',
  'enraged', 'fixated', 'frightened', 'grappled', 'incapacitated', 'manic', 'paralyzed', 'petrified', 'placid', 'poisoned',
  'prone', 'rattled', 'restrained', 'slowed', 'stunned', 'unconscious', 'fatigue', 'strife',
];

export type ObjectSize = StatBlock['size'];

/** What a Narrator says about an object; everything left out comes from the tables. */
export interface ObjectSpec {
  id: string;
  name: string;
  size?: ObjectSize;
  material?: ObjectMaterial;
  door?: DoorMaterial;
  fortified?: boolean;
  resilience?: 'fragile' | 'resilient';
  /** the Narrator's own numbers win over the tables (A5E-OBJ-3) */
  ac?: number;
  hp?: number;
  damageThreshold?: number;
  bashDC?: number | null;
  flammable?: boolean;
  rayShielded?: boolean;
  harmedByPoisonAndPsychic?: boolean;
  resist?: string[];
  immune?: string[];
  vulnerable?: string[];
  sectionOf?: string;
  keySection?: boolean;
  harmable?: boolean;
  side?: string;
}

export const isObject = (c: CreatureState): boolean => sheetOf(c).kind === 'object';
export const objectOf = (c: CreatureState): ObjectSection | undefined => (isObject(c) ? (sheetOf(c).object ?? defaultSection) : undefined);

const defaultSection: ObjectSection = { fortified: false, resilience: 'resilient', flammable: false, rayShielded: false, harmedByPoisonAndPsychic: false, keySection: false };

/** The door or far-future row an object was built from, if any (A5E-OBJ-13, A5E-OBJ-16). */
export function toughnessRow(o: Pick<ObjectSection, 'door' | 'material' | 'fortified'>, fortifiedThreshold: 'table' | 'ac' = 'table'): ToughnessRow | null {
  if (o.door) return doorRow(o.door, o.fortified, fortifiedThreshold);
  if (o.material && isFarFuture(o.material)) return farFutureTable[o.material];
  return null;
}

/** AC by material, the door table or the far-future table; wood when nothing is said (A5E-OBJ-7). */
export function tableAc(o: Pick<ObjectSection, 'door' | 'material' | 'fortified'>): number {
  const row = toughnessRow(o);
  if (row) return row.ac;
  const m = o.material ?? 'wood';
  return isFarFuture(m) ? farFutureTable[m].ac : materialAc[m];
}

/**
 * Hit points: a door's or far-future row's own, else by size and resilience (A5E-OBJ-8). Huge and
 * Gargantuan objects are meant to be split into Large sections (A5E-OBJ-9), so they take the Large row.
 */
export function tableHp(o: Pick<ObjectSection, 'door' | 'material' | 'fortified' | 'resilience'>, size: ObjectSize): TableHp {
  if (o.door) return doorHp;
  if (o.material && isFarFuture(o.material)) return farFutureTable[o.material].hp;
  const row = sizeHp[size === 'huge' || size === 'gargantuan' ? 'large' : size];
  return row[o.resilience];
}

/** The raw stat block for an object, table defaults filled in; `hp` may be a rolled value. */
export function objectSheet(spec: ObjectSpec, hp?: number): Record<string, Json> {
  const size = spec.size ?? 'medium';
  const section: Record<string, Json> = {};
  for (const k of ['material', 'door', 'fortified', 'resilience', 'damageThreshold', 'bashDC', 'flammable', 'rayShielded', 'harmedByPoisonAndPsychic', 'sectionOf', 'keySection', 'harmable'] as const) {
    if (spec[k] !== undefined) section[k] = spec[k];
  }
  const o = { door: spec.door, material: spec.material, fortified: spec.fortified ?? false, resilience: spec.resilience ?? 'resilient' } as const;
  return {
    name: spec.name,
    kind: 'object',
    size,
    proficiency: 0,
    abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 },
    ac: spec.ac ?? tableAc(o),
    hp: spec.hp ?? hp ?? tableHp(o, size).fixed,
    speed: { walk: 0 },
    resist: spec.resist ?? [],
    immune: spec.immune ?? [],
    vulnerable: spec.vulnerable ?? [],
    conditionImmunities: objectConditionImmunities,
    object: section,
  };
}

/** An object ready to join an encounter: no initiative, no turns (A5E-OBJ-1). */
export function objectCreature(spec: ObjectSpec, hp?: number): CreatureSetup {
  return { id: spec.id, side: spec.side ?? 'objects', tags: ['no-initiative'], sheet: objectSheet(spec, hp) };
}

/**
 * A Huge or Gargantuan object split into Large sections, each with its own hit points (A5E-OBJ-9).
 * `key` lists the (1-based) sections whose loss brings the whole down.
 */
export function objectSections(spec: ObjectSpec, count: number, key: number[] = []): CreatureSetup[] {
  return Array.from({ length: count }, (_, i) => objectCreature({
    ...spec, id: `${spec.id}-${i + 1}`, name: `${spec.name} (section ${i + 1})`, size: 'large', sectionOf: spec.id, keySection: key.includes(i + 1),
  }));
}

/** The fortified-door threshold variant in force (A5E-OBJ-14). */
export function fortifiedThresholdOption(state: EncounterState): 'table' | 'ac' {
  return state.options['fortifiedThreshold'] === 'ac' ? 'ac' : 'table';
}

/** An object's damage threshold: its own, else its table row's (A5E-OBJ-11, A5E-OBJ-14, A5E-OBJ-16). */
export function objectThreshold(state: EncounterState, c: CreatureState): number | null {
  const o = objectOf(c);
  if (!o) return null;
  return o.damageThreshold ?? toughnessRow(o, fortifiedThresholdOption(state))?.threshold ?? null;
}

/** An object's Bash DC: its own, else its row's; null when it cannot be bashed, undefined when the Narrator must set it. */
export function objectBashDC(state: EncounterState, c: CreatureState): number | null | undefined {
  const o = objectOf(c);
  if (!o) return undefined;
  if (o.bashDC !== undefined) return o.bashDC;
  const row = toughnessRow(o, fortifiedThresholdOption(state));
  return row ? row.bashDC : undefined;
}
