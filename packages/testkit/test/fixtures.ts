import type { CreatureSetup } from '@fray/engine';

export const fighter = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'ana', side: 'party', controller: 'seat-ana', tags: ['pc'],
  sheet: { name: 'Ana', hp: 20, ac: 16, attackBonus: 5, damage: '1d8+3', initiativeBonus: 2, dexSave: 2 },
  ...over,
});

export const ogre = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'ogre', side: 'foes',
  sheet: { name: 'Ogre', hp: 30, ac: 11, attackBonus: 6, damage: '2d8+4', damageType: 'bludgeoning', dexSave: -1 },
  ...over,
});

export const goblin = (id: string, over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id, side: 'foes',
  sheet: { name: `Goblin ${id}`, hp: 7, ac: 13, attackBonus: 4, damage: '1d6+2', damageType: 'piercing', dexSave: 2, initiativeBonus: 2 },
  ...over,
});
