import type { Environment } from '../types';

export const fog: Environment = {
  id: 'fog',
  name: 'Fog',
  nameInferred: true,
  entries: [
    {
      id: 'blanketed-ground', name: 'Blanketed Ground', environment: 'fog', ruleId: 'A5E-WORLD-28', kind: 'feature', area: true,
      effects: [{ kind: 'concealsHazards', check: { ability: 'wis', skill: 'perception', dc: 12 } }],
      summary: 'low fog may hide holes and traps; DC 12 Wisdom (Perception) to see beneath',
    },
    {
      id: 'thick-fog', name: 'Thick Fog', environment: 'fog', ruleId: 'A5E-WORLD-29', kind: 'feature', area: true,
      effects: [{ kind: 'obscured', degree: 'heavy' }],
      summary: 'heavily obscured',
    },
    {
      id: 'shadow-puppet', name: 'Shadow Puppet', environment: 'fog', ruleId: 'A5E-WORLD-30', kind: 'action', recharge: 6, area: true,
      effects: [{ kind: 'spawn', creature: 'shadow-puppet', initiative: 20, imitateRandom: true }],
      summary: 'a shadow copy of a random creature in the haze appears, acts on count 20, sees through the fog, hostile to all',
    },
    {
      id: 'twisting-haze', name: 'Twisting Haze', environment: 'fog', ruleId: 'A5E-WORLD-31', kind: 'action', area: true,
      effects: [{ kind: 'teleport', feet: 5 }],
      summary: 'each creature in the haze teleports to a random unoccupied space within 5 feet',
    },
  ],
};
