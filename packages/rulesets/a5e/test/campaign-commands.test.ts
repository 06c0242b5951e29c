import { describe, expect, it } from 'vitest';
import { a5eRuleset } from '../src/index';
import { campaign, kel, wren } from './rest-fixtures';

describe('commands the rules allow in a fight and between fights alike', () => {
  it('A5E-CORE-1 a check between fights: d20 + ability + proficiency against the DC, as in a fight', () => {
    const t = campaign([kel()]);
    const ev = t.run({ type: 'a5e.test', creatureId: 'kel', kind: 'check', ability: 'str', skill: 'athletics', dc: 15 }, { dice: 'd20:8' });
    const test = ev.find((e) => e.type === 'TestResolved') as { breakdown: { total: number }; outcome: string } | undefined;
    expect([test?.breakdown.total, test?.outcome]).toEqual([15, 'success']);
  });

  it('A5E-DMG-20 harm that is not a fight (a rockfall on the road): the save halves it, the damage runs the pipeline', () => {
    const t = campaign([kel(), wren()]);
    t.run({ type: 'a5e.damage', targets: ['kel', 'wren'], damage: '2d6', damageType: 'bludgeoning', name: 'Rockfall', save: { ability: 'dex', dc: 12 } }, { dice: 'd20:15 d20:3 d6:4 d6:4' });
    // Kel saves (15 + 1 = 16): half of 8; Wren fails (3 + 2 = 5): all 8
    expect([t.creature('kel').hp, t.creature('wren').hp]).toEqual([84 - 4, 22 - 8]);
  });
});

describe('derived numbers (what expect and --json read)', () => {
  it('A5E-COND-27 AC with its conditions (slowed −2), Speed through the pipeline (halved), saves from the stat block', () => {
    const t = campaign([kel()]);
    expect(a5eRuleset.derivedNumbers!(t.state, 'kel')).toEqual({ ac: 18, speed: 30, 'save.str': 7, 'save.dex': 1, 'save.con': 6, 'save.int': 0, 'save.wis': 1, 'save.cha': 0 });
    t.run({ type: 'gm.addCondition', creatureId: 'kel', conditionId: 'slowed' });
    expect(a5eRuleset.derivedNumbers!(t.state, 'kel')).toMatchObject({ ac: 16, speed: 15 });
  });
});
