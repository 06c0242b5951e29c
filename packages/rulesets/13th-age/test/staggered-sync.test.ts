import { CampaignTable } from '@fray/testkit';
import { describe, expect, it } from 'vitest';
import { thirteenthAgeRuleset } from '../src/index';
import { brute, kira, table } from './fixtures';

type Table = ReturnType<typeof table>;
const conditionIds = (t: Table, id: string) => t.creature(id).conditions.map((c) => c.conditionId);

/** Kira (max 27, at 19) engages the brute, whose club takes her to 13: staggered. */
function clubbed(t: Table, initiative = 'd20:15 d20:1'): void {
  t.run({ type: 'startCombat' }, { dice: initiative });
  t.run({ type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['brute'] }, { preAnswers: { '13a.intercept': 'let-pass' } });
  t.run({ type: 'endTurn' });
  t.run({ type: 'takeAction', actorId: 'brute', action: 'club', targets: ['kira'] }, { dice: 'd20:15 d6:1 d6:1' });
  expect([t.creature('kira').hp, conditionIds(t, 'kira')]).toEqual([13, ['staggered']]);
}

describe('staggered follows hit points whatever sets them', () => {
  it('13A-HP-3 the GM setting a staggered PC back to full hit points ends staggered; setting it low staggers', () => {
    const t = table([kira({ hp: 19, sheet: { hp: 27 } }), brute()]);
    clubbed(t);
    t.run({ type: 'gm.setHp', creatureId: 'kira', hp: 27 });
    expect(conditionIds(t, 'kira')).toEqual([]);
    t.run({ type: 'gm.setHp', creatureId: 'kira', hp: 10 });
    expect(conditionIds(t, 'kira')).toEqual(['staggered']);
  });

  it('13A-REST-5 13A-HP-3 a full heal-up leaves no PC staggered', () => {
    const c = new CampaignTable(thirteenthAgeRuleset, { creatures: [kira({ hp: 19, sheet: { hp: 27 } })] });
    const f = c.startFight({ id: 'bridge', seed: 1, foes: [brute()] });
    clubbed(f, 'd20:1 d20:15'); // the campaign's creatures join after the foes
    f.run({ type: 'gm.endEncounter' });
    c.recordFight(f);
    expect(conditionIds(c, 'kira')).toEqual(['staggered']);
    c.run({ type: '13a.fullHealUp', reason: 'earned' });
    expect([c.creature('kira').hp, conditionIds(c, 'kira')]).toEqual([27, []]);
  });
});
