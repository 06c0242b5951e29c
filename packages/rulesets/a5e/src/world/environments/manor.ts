import type { Environment } from '../types';

export const manor: Environment = {
  id: 'manor',
  name: 'Manor / indoors',
  nameInferred: true,
  entries: [
    {
      id: 'chandelier', name: 'Chandelier', environment: 'manor', ruleId: 'A5E-WORLD-24', kind: 'feature', area: true,
      effects: [
        { kind: 'swing', check: { ability: 'dex', skill: 'acrobatics', dc: 12 } },
        { kind: 'falls', save: { ability: 'dex', dc: 12 }, onFail: { kind: 'damage', dice: '2d6', type: 'bludgeoning' } },
      ],
      summary: 'swing with DC 12 Dexterity (Acrobatics); falling on creatures: DC 12 Dex or 2d6 bludgeoning',
    },
    {
      id: 'clutter', name: 'Clutter', environment: 'manor', ruleId: 'A5E-WORLD-25', kind: 'feature', area: true,
      effects: [{ kind: 'difficultTerrain' }, { kind: 'dashSave', save: { ability: 'dex', dc: 10 }, onFail: { kind: 'condition', condition: 'prone', until: 'removed' } }],
      summary: 'difficult terrain; dashing through: DC 10 Dex or prone',
    },
    {
      id: 'mirror', name: 'Mirror', environment: 'manor', ruleId: 'A5E-WORLD-26', kind: 'feature', area: true,
      effects: [{ kind: 'cover', degree: 'half' }, { kind: 'reflect', maxSpellLevel: 1 }],
      summary: 'a Medium object usable as cover; its user may reflect a cantrip or 1st-level spell, then it breaks',
    },
    {
      id: 'tables', name: 'Tables', environment: 'manor', ruleId: 'A5E-WORLD-27', kind: 'feature', area: true,
      effects: [{ kind: 'tip', cover: 'half' }, { kind: 'cover', degree: 'half', needs: 'tipped' }],
      summary: 'pushed over with an action, a table gives half cover',
    },
  ],
};
