import { createGridSpace, createZoneSpace, engage, placeCreature, setBand, setTerrain, type CreatureSetup, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { ftdRuleset } from '../src/index';

type Sheet = Record<string, Json>;

export const brennaSheet = (): Sheet => ({
  name: 'Brenna', kind: 'character', level: 3,
  abilities: { str: 16, dex: 15, con: 12, int: 10, wis: 13, cha: 8 },
  proficiency: 2, proficient: ['str', 'healing'], ac: 15, hp: 14, load: 10,
  attacks: [
    { id: 'longsword', name: 'Longsword', kind: 'melee', damage: '1d8' },
    { id: 'shortbow', name: 'Shortbow', kind: 'ranged', damage: '1d6', range: 60 },
  ],
});

export const odoSheet = (): Sheet => ({
  name: 'Odo', kind: 'character', level: 2,
  abilities: { str: 10, dex: 9, con: 11, int: 12, wis: 16, cha: 12 },
  proficiency: 2, proficient: ['wis', 'medicine'], ac: 12, hp: 6,
  attacks: [
    { id: 'mace', name: 'Mace', kind: 'melee', damage: '1d6' },
    { id: 'sacred-flame', name: 'Sacred Flame', kind: 'divine', damage: '1d8', range: 30, addMod: false },
    { id: 'firebolt', name: 'Ember Dart', kind: 'arcane', damage: '1d10', range: 60, addMod: false, proficient: false },
  ],
});

export const gobSheet = (): Sheet => ({
  name: 'Cave Gob', kind: 'monster', hd: 1,
  abilities: { str: 8, dex: 12, con: 10, int: 8, wis: 8, cha: 6 },
  ac: 12, hp: 7,
  attacks: [{ id: 'spear', name: 'Spear', kind: 'melee', damage: '1d6', bonus: 3, addMod: false }],
});

export const brute = (): Sheet => ({
  name: 'Tusk Brute', kind: 'monster', hd: 2, moraleBonus: 2,
  abilities: { str: 16, dex: 10, con: 14, int: 7, wis: 10, cha: 7 },
  ac: 13, hp: 15,
  attacks: [{ id: 'axe', name: 'Axe', kind: 'melee', damage: '1d8', bonus: 4, addMod: false }],
});

export const brenna = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({ id: 'brenna', side: 'party', controller: 'seat-brenna', sheet: brennaSheet(), ...over });
export const odo = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({ id: 'odo', side: 'party', controller: 'seat-odo', sheet: odoSheet(), ...over });
export const gob = (id = 'gob', over: Partial<CreatureSetup> = {}): CreatureSetup => ({ id, side: 'foes', sheet: gobSheet(), ...over });
export const tusk = (id = 'tusk', over: Partial<CreatureSetup> = {}): CreatureSetup => ({ id, side: 'foes', sheet: brute(), ...over });

/** A sheet with some fields changed. */
export function sheetWith(base: Sheet, over: Sheet): Sheet {
  return { ...base, ...over };
}

export function table(creatures: CreatureSetup[], opts: { options?: Record<string, Json>; space?: Json } = {}): TestTable {
  return new TestTable(ftdRuleset, {
    creatures,
    options: { moraleTriggers: false, ...(opts.options ?? {}) },
    ...(opts.space !== undefined ? { space: opts.space } : {}),
  });
}

/** A table in combat with Brenna (DEX 15) first, the gob (DEX 12) next, Odo (DEX 9) last. */
export function fight(extra: CreatureSetup[] = [], opts: { options?: Record<string, Json>; space?: Json } = {}): TestTable {
  const t = table([brenna(), gob(), odo(), ...extra], opts);
  t.run({ type: 'startCombat' });
  return t;
}

export { TestTable };

/** A grid with creatures at squares (5 ft each). */
export function grid(at: Record<string, [number, number]>, difficult: [number, number][] = []): Json {
  let s = createGridSpace({});
  for (const [id, [x, y]] of Object.entries(at)) s = placeCreature(s, id, { x, y, size: 'medium' });
  if (difficult.length) s = setTerrain(s, difficult.map(([x, y]) => ({ x, y })), { difficult: true });
  return s as unknown as Json;
}

/** Zones with bands close / ranged / far: `close` pairs are engaged; `far` pairs set by the GM. */
export function zones(ids: string[], close: [string, string][] = [], far: [string, string][] = []): Json {
  let s = createZoneSpace({ bands: ['close', 'ranged', 'far'] });
  for (const id of ids) s = placeCreature(s, id, { zone: 'hall' });
  for (const [a, b] of close) s = engage(s, a, b);
  for (const [a, b] of far) s = setBand(s, a, b, 'far');
  return s as unknown as Json;
}
