import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { a5eRuleset, hitDiceOf, spendableNow, statBlockSchema } from '../src/index';
import { campaign, kel, pip, rules, wren } from './rest-fixtures';

const hd = (t: ReturnType<typeof campaign>, id: string) => hitDiceOf(t.creature(id));
const short = (ids: string[], extra: Record<string, unknown> = {}) => ({ type: 'a5e.shortRest', creatureIds: ids, light: true, ...extra } as never);

describe('A5E short rests and Hit Dice', () => {
  it('A5E-REST-1 resting is recorded with who rests; the dead do not rest', () => {
    const t = campaign([kel({ hp: 50 }), pip({ status: 'dead', hp: 0 })]);
    const ev = t.run(short(['kel', 'pip']), { preAnswers: { 'a5e.rest.hitDie': 'stop' } });
    expect(rules(ev, 'A5E-REST-1').map((e) => e.text)).toEqual(['short rest (60 minutes): Kel']);
    expect(t.state.pending).toBeNull();
  });

  it('A5E-REST-2 a short rest is at least an hour of light activity; the Narrator is asked, and strenuous activity means no rest', () => {
    const t = campaign([kel({ hp: 50 })]);
    expect(t.rejects(short(['kel'], { minutes: 30 }), 'rest-too-short').ruleId).toBe('A5E-REST-2');
    t.run({ type: 'a5e.shortRest', creatureIds: ['kel'] });
    expect(t.state.pending?.open.map((p) => [p.key, p.to, p.default])).toEqual([['a5e.rest.light', { role: 'gm' }, 'light']]);
    const ev = t.answer('a5e.rest.light', 'strenuous');
    expect(t.state.clockSeconds).toBe(3600);
    expect(rules(ev, 'A5E-REST-2').map((e) => e.text)).toEqual(['strenuous activity: the time passes but it was no short rest']);
    expect(t.state.pending).toBeNull();
    expect(t.creature('kel').hp).toBe(50);
    t.run(short(['kel'], { minutes: 90 }), { preAnswers: { 'a5e.rest.hitDie': 'stop' } });
    expect(t.state.clockSeconds).toBe(3600 + 5400);
  });

  it('A5E-REST-3 Hit Dice are spent one at a time, each decided after the last: d10 + Con 2 rolls 6 → 8, then 3 → 5 more', () => {
    const t = campaign([kel({ hp: 50 })]);
    t.run(short(['kel']));
    const first = t.state.pending!.open[0]!;
    expect([first.key, first.to, first.about, first.options.map((o) => o.id), first.text]).toEqual([
      'a5e.rest.hitDie', { role: 'player', seat: 'seat-kel' }, 'kel', ['spend', 'stop'], 'Kel (50/84 HP) may spend Hit Dice (d10, 10 left): spend one?',
    ]);
    const ev = t.answer('a5e.rest.hitDie', 'spend', { dice: 'd10:6' });
    expect(TestTable.ofType(ev, 'HealingApplied').map((e) => [e.amount, e.ruleId])).toEqual([[8, 'A5E-REST-3']]);
    expect(t.state.pending!.open[0]!.text).toBe('Kel is at 58/84 HP with 9 Hit Dice left: spend another?');
    t.answer('a5e.rest.hitDie', 'spend', { dice: 'd10:3' });
    expect(t.creature('kel').hp).toBe(63);
    t.answer('a5e.rest.hitDie', 'stop');
    expect(t.state.pending).toBeNull();
    expect(hd(t, 'kel')).toEqual({ size: 10, total: 10, spent: 2, unspent: 8 });
  });

  it('A5E-REST-3 a die never restores less than 0 (Con −2, a roll of 1); at full health nobody is asked; no dice left, no question', () => {
    const t = campaign([wren({ hp: 10, tallies: { hitDiceSpent: 4 } }), kel()]);
    t.run(short(['wren', 'kel']));
    const ev = t.answer('a5e.rest.hitDie', 'spend', { dice: 'd8:1' });
    expect(TestTable.ofType(ev, 'HealingApplied').map((e) => e.amount)).toEqual([0]);
    expect([t.creature('wren').hp, hd(t, 'wren')!.unspent, t.state.pending]).toEqual([10, 0, null]);
    expect(t.creature('kel').tallies['hitDiceSpent']).toBeUndefined();
  });

  it('A5E-REST-3 Hit Dice need a Hit Die size: the stat block takes d4 to d20 and refuses others with the path', () => {
    expect(statBlockSchema.safeParse({ ...kel().sheet as object, hitDieSize: 7 }).error?.issues[0]?.path).toEqual(['hitDieSize']);
    const t = campaign([kel({ sheet: { ...(kel().sheet as object), hitDieSize: undefined } as never, hp: 40 })]);
    t.run(short(['kel']));
    expect(t.state.pending).toBeNull();
    expect(hitDiceOf(t.creature('kel'))).toBeNull();
  });

  it('A5E-REST-13 a short rest restores the once-per-rest critical-hit block', () => {
    const t = campaign([kel({ vars: { critBlockUsed: true } })]);
    const ev = t.run(short(['kel']));
    expect(t.creature('kel').vars['critBlockUsed']).toBeUndefined();
    expect(rules(ev, 'A5E-REST-13').map((e) => e.text)).toEqual(['Kel may again block a critical hit with fatigue']);
  });

  it('A5E-REST-14 at fatigue 5 only half the total may be spent (10 total, 7 unspent → 5); the rest are kept', () => {
    const t = campaign([kel({ hp: 20, tallies: { hitDiceSpent: 3 }, conditions: [{ id: 'fatigue', level: 5 }] })]);
    expect(spendableNow(t.state, 'kel')).toBe(5);
    const ev = t.run(short(['kel']), { preAnswers: { 'a5e.rest.hitDie': 'spend' }, dice: 'd10:1 d10:1 d10:1 d10:1 d10:1' });
    expect(rules(ev, 'A5E-REST-14').map((e) => e.text)).toEqual(["Kel's fatigue halves its Hit Dice: only 5 of 7 may be spent"]);
    expect([t.creature('kel').hp, hd(t, 'kel')!.unspent]).toEqual([35, 2]);
  });

  it('A5E-REST-3 undo takes back the last die decision only; the rest can be replayed with the same dice', () => {
    const t = campaign([kel({ hp: 50 })]);
    t.run(short(['kel']));
    t.answer('a5e.rest.hitDie', 'spend', { dice: 'd10:6' });
    t.undo();
    expect([t.creature('kel').hp, t.state.pending?.open[0]?.key]).toEqual([50, 'a5e.rest.hitDie']);
    expect(a5eRuleset.campaignCommands?.map((c) => c.type)).toContain('a5e.shortRest');
  });
});
