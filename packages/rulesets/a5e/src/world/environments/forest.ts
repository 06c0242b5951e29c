import type { Environment } from '../types';

export const forest: Environment = {
  id: 'forest',
  name: 'Forest',
  nameInferred: true,
  entries: [
    {
      id: 'brush', name: 'Brush', environment: 'forest', ruleId: 'A5E-WORLD-16', kind: 'feature', area: true,
      effects: [{ kind: 'cover', degree: 'half', needs: 'prone-within-5ft' }],
      summary: 'half cover for a prone creature within 5 feet',
    },
    {
      id: 'trees', name: 'Trees (Fallen or Standing)', environment: 'forest', ruleId: 'A5E-WORLD-17', kind: 'feature', area: true,
      effects: [{ kind: 'cover', degree: 'half' }],
      summary: 'obstacles giving half cover',
    },
    {
      id: 'fallen-leaves', name: 'Fallen Leaves', environment: 'forest', ruleId: 'A5E-WORLD-18', kind: 'feature', area: true,
      effects: [{ kind: 'concealsHazards', check: { ability: 'wis', skill: 'perception', dc: 12 } }],
      summary: 'may hide holes and traps; DC 12 Wisdom (Perception) to see beneath',
    },
    {
      id: 'distressed-animal-cacophony', name: 'Distressed Animal Cacophony', environment: 'forest', ruleId: 'A5E-WORLD-19', kind: 'action', recharge: 4, area: false,
      effects: [{ kind: 'silence', feet: 10 }],
      summary: 'until the next world action phase nobody hears beyond 10 feet (loud explosions excepted)',
    },
  ],
};
