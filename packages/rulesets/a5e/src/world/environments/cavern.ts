import type { Environment } from '../types';

export const cavern: Environment = {
  id: 'cavern',
  name: 'Cavern',
  nameInferred: true,
  entries: [
    {
      id: 'echo', name: 'Echo', environment: 'cavern', ruleId: 'A5E-WORLD-8', kind: 'feature', area: true,
      effects: [{ kind: 'soundCarries', factor: 2 }, { kind: 'extraDamagePerDie', damageType: 'thunder', perDie: 1 }],
      summary: 'sound carries twice as far; thunder damage gains 1 per die rolled',
    },
    {
      id: 'loose-foundation', name: 'Loose Foundation', environment: 'cavern', ruleId: 'A5E-WORLD-9', kind: 'feature', area: true,
      effects: [{ kind: 'collapse', afterRounds: 2, escapeDc: 12 }],
      summary: 'an explosion or heavy impact brings it down 2 rounds later: grappled (escape DC 12) and suffocating',
    },
    {
      id: 'stalactites', name: 'Stalactites', environment: 'cavern', ruleId: 'A5E-WORLD-10', kind: 'feature', area: true,
      effects: [{ kind: 'falls', hitAc: 12, save: { ability: 'dex', dc: 12 }, onFail: { kind: 'damage', dice: '2d6', type: 'piercing' } }],
      summary: 'a ranged attack hitting AC 12 for any damage drops one: DC 12 Dex or 2d6 piercing beneath',
    },
    {
      id: 'stalagmites', name: 'Stalagmites', environment: 'cavern', ruleId: 'A5E-WORLD-11', kind: 'feature', area: true,
      effects: [{ kind: 'cover', degree: 'half' }],
      summary: 'obstacles giving half cover',
    },
  ],
};
