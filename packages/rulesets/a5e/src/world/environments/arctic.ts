import type { Environment } from '../types';

export const arctic: Environment = {
  id: 'arctic',
  name: 'Arctic',
  nameInferred: true,
  entries: [
    {
      id: 'frostbitten-surface', name: 'Frostbitten Surface', environment: 'arctic', ruleId: 'A5E-WORLD-20', kind: 'feature', area: true,
      effects: [{ kind: 'touch', dice: '1d6', type: 'cold', resistanceProtects: true, bareSkinOnly: true }],
      summary: 'first bare-skin touch in a turn: 1d6 cold, none with cold resistance',
    },
    {
      id: 'icy-patch', name: 'Icy Patch', environment: 'arctic', ruleId: 'A5E-WORLD-21', kind: 'feature', area: true,
      effects: [{ kind: 'icy' }],
      summary: 'after setting off in one direction, moving any other way is difficult terrain until its next turn',
    },
    {
      id: 'snow', name: 'Snow', environment: 'arctic', ruleId: 'A5E-WORLD-22', kind: 'feature', area: true,
      effects: [{ kind: 'obscured', degree: 'light' }],
      summary: 'lightly obscured',
    },
    {
      id: 'cold-chill', name: 'Cold Chill', environment: 'arctic', ruleId: 'A5E-WORLD-23', kind: 'action', recharge: 4, area: true,
      effects: [{ kind: 'saveAction', targets: 'each', save: { ability: 'con', dc: 15 }, onFail: { kind: 'damage', dice: '2d6', type: 'cold', gearDice: '1d6' } }],
      summary: 'each creature: DC 15 Con or 2d6 cold (1d6 in cold-weather gear)',
    },
  ],
};
