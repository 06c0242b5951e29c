import type { Environment } from '../types';

export const volcanic: Environment = {
  id: 'volcanic',
  name: 'Volcanic / burning ground',
  nameInferred: true,
  entries: [
    {
      id: 'burning-surface', name: 'Burning Surface', environment: 'volcanic', ruleId: 'A5E-WORLD-12', kind: 'feature', area: true,
      effects: [{ kind: 'touch', dice: '1d6', type: 'fire' }],
      summary: 'first touch of a surface or unattended object in a turn: 1d6 fire',
    },
    {
      id: 'floating-ash', name: 'Floating Ash', environment: 'volcanic', ruleId: 'A5E-WORLD-13', kind: 'feature', area: true,
      effects: [{ kind: 'turnEndSave', save: { ability: 'con', dc: 10 }, onFail: { kind: 'condition', condition: 'blinded', until: 'startOfNextTurn' } }],
      summary: 'ending a turn here: DC 10 Con or blinded until the start of its next turn',
    },
    {
      id: 'flame-burst', name: 'Flame Burst', environment: 'volcanic', ruleId: 'A5E-WORLD-14', kind: 'action', recharge: 4, area: true,
      effects: [{ kind: 'saveAction', targets: 'one', save: { ability: 'dex', dc: 12 }, onFail: { kind: 'damage', dice: '1d12', type: 'fire' } }],
      summary: 'one creature: DC 12 Dex or 1d12 fire',
    },
    {
      id: 'sweltering-heat', name: 'Sweltering Heat', environment: 'volcanic', ruleId: 'A5E-WORLD-15', kind: 'action', area: true,
      effects: [{ kind: 'saveAction', targets: 'each', save: { ability: 'con', dc: 10 }, onFail: { kind: 'fatigue', levels: 1 } }],
      summary: 'each creature: DC 10 Con or one level of fatigue',
    },
  ],
};
