import type { Environment } from '../types';

export const storm: Environment = {
  id: 'storm',
  name: 'Storm',
  nameInferred: true,
  entries: [
    {
      id: 'heavy-precipitation', name: 'Heavy Precipitation', environment: 'storm', ruleId: 'A5E-WORLD-36', kind: 'feature', area: true,
      effects: [{ kind: 'difficultTerrain' }],
      summary: 'difficult terrain',
    },
    {
      id: 'loud-winds', name: 'Loud Winds', environment: 'storm', ruleId: 'A5E-WORLD-37', kind: 'feature', area: true,
      effects: [{ kind: 'hearingLimit', feet: 15 }],
      summary: 'nobody hears beyond 15 feet (loud explosions excepted)',
    },
    {
      id: 'forceful-gale', name: 'Forceful Gale', environment: 'storm', ruleId: 'A5E-WORLD-38', kind: 'action', area: true,
      effects: [{ kind: 'saveAction', targets: 'one', save: { ability: 'str', dc: 12 }, onFail: { kind: 'push', feet: 15 } }],
      summary: 'one creature: DC 12 Str or pushed 15 feet, provoking no opportunity attacks',
    },
    {
      id: 'lightning-strike', name: 'Lightning Strike', environment: 'storm', ruleId: 'A5E-WORLD-39', kind: 'action', recharge: 5, area: true,
      effects: [{ kind: 'saveAction', targets: 'one', save: { ability: 'dex', dc: 10 }, onFail: { kind: 'damage', dice: '4d6', type: 'lightning' }, oncePerTarget: true }],
      summary: 'one creature not struck before: DC 10 Dex or 4d6 lightning',
    },
  ],
};
