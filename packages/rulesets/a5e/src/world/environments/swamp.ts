import type { Environment } from '../types';

export const swamp: Environment = {
  id: 'swamp',
  name: 'Swamp',
  nameInferred: true,
  entries: [
    {
      id: 'thick-trudge', name: 'Thick Trudge', environment: 'swamp', ruleId: 'A5E-WORLD-40', kind: 'feature', area: true,
      effects: [{ kind: 'difficultTerrain' }],
      summary: 'difficult terrain',
    },
    {
      id: 'tenacious-mud', name: 'Tenacious Mud', environment: 'swamp', ruleId: 'A5E-WORLD-41', kind: 'feature', area: true,
      effects: [{ kind: 'turnEndSave', save: { ability: 'str', dc: 12 }, onFail: { kind: 'condition', condition: 'restrained', until: 'endOfNextTurn' }, breakFree: true }],
      summary: 'ending a turn here: DC 12 Str or restrained until the end of its next turn; its action pulls it free',
    },
    {
      id: 'swamp-gas', name: 'Swamp Gas', environment: 'swamp', ruleId: 'A5E-WORLD-42', kind: 'action', area: true,
      effects: [{ kind: 'saveAction', targets: 'each', save: { ability: 'con', dc: 10 }, onFail: { kind: 'condition', condition: 'poisoned', until: 'endOfNextTurn' } }],
      summary: 'each creature in the area: DC 10 Con or poisoned until the end of its next turn',
    },
    {
      id: 'leeches', name: 'Leeches', environment: 'swamp', ruleId: 'A5E-WORLD-43', kind: 'action', recharge: 6, area: true,
      effects: [{ kind: 'spawn', creature: 'leeches', initiative: 'roll' }],
      summary: 'a swarm of leeches rises from the water and attacks creatures in the area',
    },
  ],
};
