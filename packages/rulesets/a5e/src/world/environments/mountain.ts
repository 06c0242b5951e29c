import type { Environment } from '../types';

export const mountain: Environment = {
  id: 'mountain',
  name: 'Mountain / cliffside',
  nameInferred: true,
  entries: [
    {
      id: 'boulder', name: 'Boulder', environment: 'mountain', ruleId: 'A5E-WORLD-32', kind: 'feature', area: true,
      // the seed gives no damage type; bludgeoning is the catalog's proposed ruling
      effects: [{ kind: 'roll', check: { ability: 'str', skill: 'athletics', dc: 15 }, save: { ability: 'dex', dc: 12 }, onFail: { kind: 'damage', dice: '2d10', type: 'bludgeoning' } }],
      summary: 'an action and DC 15 Strength (Athletics) rolls it: DC 12 Dex or 2d10 along its path',
    },
    {
      id: 'loose-rocks', name: 'Loose Rocks', environment: 'mountain', ruleId: 'A5E-WORLD-33', kind: 'feature', area: true,
      effects: [{ kind: 'throwable', normalFeet: 15, longFeet: 30, dice: '1d4', type: 'bludgeoning' }],
      summary: 'a thrown weapon attack, range 15/30 ft., 1d4 bludgeoning',
    },
    {
      id: 'uneven-footing', name: 'Uneven Footing', environment: 'mountain', ruleId: 'A5E-WORLD-34', kind: 'feature', area: true,
      effects: [{ kind: 'difficultTerrain' }],
      summary: 'difficult terrain',
    },
    {
      id: 'falling-rocks', name: 'Falling Rocks', environment: 'mountain', ruleId: 'A5E-WORLD-35', kind: 'action', recharge: 5, area: true,
      effects: [{ kind: 'saveAction', targets: 'near', save: { ability: 'dex', dc: 15 }, onFail: { kind: 'damage', dice: '2d6', type: 'bludgeoning' } }],
      summary: 'each creature near the cliff face: DC 15 Dex or 2d6 bludgeoning',
    },
  ],
};
