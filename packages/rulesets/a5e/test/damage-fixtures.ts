import type { CreatureSetup, Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { fatigueTotal, trackLevelOf } from '../src/conditions/tracks';

/** Creatures for the damage, hit point and dying tests (our own numbers). */
const abilities = (over: Partial<Record<'str' | 'dex' | 'con' | 'int' | 'wis' | 'cha', number>> = {}) => ({ str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10, ...over });

/** A 5th-level fighter: Con save +5, Wis (Medicine) +5, Str (Athletics) +6, longsword 1d8 + 3. */
export const bruno = (over: Partial<CreatureSetup> = {}, sheet: Record<string, Json> = {}): CreatureSetup => ({
  id: 'bruno', side: 'party', controller: 'seat-bruno',
  sheet: {
    name: 'Bruno', kind: 'character', level: 5, proficiency: 3,
    abilities: abilities({ str: 16, con: 14, wis: 14 }),
    ac: 16, hp: 40, saves: ['str', 'con'], skills: { athletics: 'proficient', medicine: 'proficient', perception: 'proficient' },
    attacks: [{ id: 'longsword', name: 'Longsword', kind: 'melee', damage: '1d8', damageType: 'slashing' }],
    ...sheet,
  },
  ...over,
});

/** A 3rd-level cleric with 24 hit points and no Constitution save proficiency (Con save +2). */
export const cleric = (over: Partial<CreatureSetup> = {}, sheet: Record<string, Json> = {}): CreatureSetup => ({
  id: 'cleric', side: 'party', controller: 'seat-cleric',
  sheet: {
    name: 'Cleric', kind: 'character', level: 3, proficiency: 2,
    abilities: abilities({ con: 14, wis: 16 }),
    ac: 14, hp: 24, saves: ['wis', 'cha'], skills: { medicine: 'proficient' },
    ...sheet,
  },
  ...over,
});

/** A plain monster to hit: all abilities 10, AC 10, 60 hit points, 4 Hit Dice. */
export const dummy = (id: string, sheet: Record<string, Json> = {}, over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id, side: 'foes',
  sheet: { name: id, kind: 'monster', hitDice: 4, proficiency: 2, abilities: abilities(), ac: 10, hp: 60, ...sheet },
  ...over,
});

/** A Str 18 monster whose claw deals 2d6 + 4 slashing with a +5 bonus. */
export const brute = (over: Partial<CreatureSetup> = {}): CreatureSetup => dummy('brute', {
  abilities: abilities({ str: 18 }),
  attacks: [{ id: 'claw', name: 'Claw', kind: 'melee', bonus: 5, damage: '2d6', damageType: 'slashing' }],
}, over);

/** Combat started with the creatures acting in the order given. */
export function fight(creatures: CreatureSetup[], options: Record<string, Json> = {}, ruleset = a5eRuleset): TestTable {
  const t = new TestTable(ruleset, { creatures: creatures.map((c, i) => ({ initiative: 20 - i, ...c })), options });
  t.run({ type: 'startCombat' });
  return t;
}

/** Fatigue including what waits for the fight to end (A5E-FATIGUE-9). */
export const fatigue = (t: TestTable, id: string): number => fatigueTotal(t.state, id);
export const strife = (t: TestTable, id: string): number => trackLevelOf(t.state, id, 'strife');
export const conditionIds = (t: TestTable, id: string): string[] => t.creature(id).conditions.map((c) => c.conditionId).sort();
