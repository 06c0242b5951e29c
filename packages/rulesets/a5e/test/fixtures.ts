import type { CreatureSetup } from '@fray/engine';

/** Test creatures written for Fray (our own numbers). */
export const ana = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'ana', side: 'party', controller: 'seat-ana',
  sheet: {
    name: 'Ana', kind: 'character', level: 3, proficiency: 2,
    abilities: { str: 16, dex: 12, con: 14, int: 10, wis: 12, cha: 8 },
    ac: 16, hp: 28, speed: { walk: 30 }, saves: ['str', 'con'], skills: { athletics: 'proficient', medicine: 'proficient' }, shield: true,
    attacks: [{ id: 'longsword', name: 'Longsword', kind: 'melee', damage: '1d8', damageType: 'slashing' }],
  },
  ...over,
});

export const ogre = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'ogre', side: 'foes',
  sheet: {
    name: 'Ogre', kind: 'monster', size: 'large', hitDice: 7, proficiency: 2,
    abilities: { str: 19, dex: 8, con: 16, int: 5, wis: 7, cha: 7 },
    ac: 11, hp: 59, speed: { walk: 40 },
    attacks: [{ id: 'greatclub', name: 'Greatclub', kind: 'melee', bonus: 6, damage: '2d8', damageType: 'bludgeoning' }],
  },
  ...over,
});

export const goblin = (id: string, over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id, side: 'foes',
  sheet: {
    name: 'Goblin', kind: 'monster', size: 'small', hitDice: 2, proficiency: 2,
    abilities: { str: 8, dex: 14, con: 10, int: 10, wis: 8, cha: 8 },
    ac: 15, hp: 7, speed: { walk: 30 },
    attacks: [
      { id: 'scimitar', name: 'Scimitar', kind: 'melee', damage: '1d6', damageType: 'slashing', properties: ['finesse', 'light'] },
      { id: 'shortbow', name: 'Shortbow', kind: 'ranged', damage: '1d6', damageType: 'piercing', rangeFeet: [80, 320] },
    ],
  },
  ...over,
});
