import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { clockAt, hours } from '@fray/engine';
import { hitDiceOf, longRestTrackLevels, trackLevelOf } from '../src/index';
import { campaign, kel, pip, rules, wren } from './rest-fixtures';

const long = (ids: string[], extra: Record<string, unknown> = {}) => ({ type: 'a5e.longRest', creatureIds: ids, inHaven: false, ...extra } as never);
const tracks = (t: ReturnType<typeof campaign>, id: string) => [trackLevelOf(t.state, id, 'fatigue'), trackLevelOf(t.state, id, 'strife')];

describe('A5E long rests', () => {
  it('A5E-REST-4 a long rest is at least 8 hours with at least 6 asleep', () => {
    const t = campaign([kel({ hp: 10 })]);
    expect(t.rejects(long(['kel'], { hours: 7 }), 'rest-too-short').ruleId).toBe('A5E-REST-4');
    t.rejects(long(['kel'], { sleepHours: 5 }), 'rest-too-short');
    t.run(long(['kel'], { hours: 9 }));
    expect([t.state.clockSeconds, t.creature('kel').hp]).toEqual([hours(9), 84]);
  });

  it('A5E-REST-5 more than an hour of strenuous activity breaks the rest (70 minutes); 20 minutes does not', () => {
    const broken = campaign([kel({ hp: 10 })]);
    const ev = broken.run(long(['kel'], { strenuousMinutes: 70 }));
    expect(rules(ev, 'A5E-REST-5').map((e) => e.text)).toEqual(['70 minutes of strenuous activity broke the long rest: no benefit; it must be started over']);
    expect([broken.creature('kel').hp, broken.state.clockSeconds]).toEqual([10, hours(8)]);
    const fine = campaign([kel({ hp: 10 })]);
    fine.run(long(['kel'], { strenuousMinutes: 20 }));
    expect(fine.creature('kel').hp).toBe(84);
  });

  it('A5E-REST-6 all hit points back and half the Hit Dice (10 total, 8 spent → 5 back; 5 all spent → 2; 1 spent → 1)', () => {
    const t = campaign([kel({ hp: 12, tallies: { hitDiceSpent: 8 } }), wren({ hp: 3, tallies: { hitDiceSpent: 5 } }), pip({ hp: 1, tallies: { hitDiceSpent: 1 } })]);
    const ev = t.run(long(['kel', 'wren', 'pip']));
    expect(TestTable.ofType(ev, 'HealingApplied').map((e) => [e.target, e.hpAfter, e.ruleId])).toEqual([['kel', 84, 'A5E-REST-6'], ['wren', 22, 'A5E-REST-6'], ['pip', 8, 'A5E-REST-6']]);
    expect(['kel', 'wren', 'pip'].map((id) => hitDiceOf(t.creature(id))!.unspent)).toEqual([7, 2, 1]);
    expect(rules(ev, 'A5E-REST-6').map((e) => e.text)[0]).toBe('Kel regains 5 Hit Dice (7 of 10 now unspent)');
  });

  it('A5E-REST-7 one beneficial long rest per 24 hours (07:00 day 2 → 05:00 day 3 gives nothing, 07:00 day 3 does); 0 hit points at the start gives nothing', () => {
    const t = campaign([kel({ hp: 10 })], clockAt(1, 7) - hours(8) + hours(24));
    t.run(long(['kel']));
    expect(t.creature('kel').vars['a5e.lastLongRestEnd']).toBe(clockAt(2, 7));
    t.run({ type: 'gm.setHp', creatureId: 'kel', hp: 30 });
    t.run({ type: 'campaign.advanceTime', seconds: clockAt(3, 5) - hours(8) - t.state.clockSeconds });
    const early = t.run(long(['kel']));
    expect(rules(early, 'A5E-REST-7').map((e) => e.text)).toEqual(['Kel gains no benefit from the long rest: it already benefited from a long rest in the last 24 hours']);
    expect(t.creature('kel').hp).toBe(30);
    // The same night, resting 10 hours instead, ends at 07:00: a full 24 hours after the last one.
    t.undo();
    t.run(long(['kel'], { hours: 10 }));
    expect([t.state.clockSeconds, t.creature('kel').hp]).toEqual([clockAt(3, 7), 84]);

    const down = campaign([kel({ hp: 0, status: 'stable' })]);
    const ev = down.run(long(['kel']));
    expect(rules(ev, 'A5E-REST-7').map((e) => e.text)).toEqual(['Kel gains no benefit from the long rest: it began the rest at 0 hit points']);
    expect(down.creature('kel').hp).toBe(0);
  });

  it('A5E-REST-8 a long rest without Supply adds a level of fatigue; a counted Supply is eaten, and none left counts as none', () => {
    const t = campaign([kel({ tallies: { supply: 3 } }), wren({ tallies: { supply: 0 } }), pip()]);
    t.run(long(['kel', 'wren', 'pip'], { withoutSupply: ['pip'] }));
    expect([t.creature('kel').tallies['supply'], t.creature('wren').tallies['supply']]).toEqual([2, 0]);
    expect([tracks(t, 'kel'), tracks(t, 'wren'), tracks(t, 'pip')]).toEqual([[0, 0], [1, 0], [1, 0]]);
  });

  it('A5E-REST-9 the Narrator says whether the rest is in a haven (default: no)', () => {
    const t = campaign([kel({ conditions: [{ id: 'fatigue', level: 2 }] })]);
    t.run({ type: 'a5e.longRest', creatureIds: ['kel'] });
    expect(t.state.pending?.open.map((p) => [p.key, p.to, p.default])).toEqual([['a5e.rest.haven', { role: 'gm' }, 'no']]);
    t.answer('a5e.rest.haven', 'yes');
    expect(tracks(t, 'kel')).toEqual([1, 0]);
  });

  it('A5E-REST-10 fatigue 1 and strife 2: campsite with Supply → 0 and 2; inn with Supply → 0 and 1; inn without Supply, fatigue 1 → 2; a short rest changes nothing', () => {
    const make = () => campaign([kel({ conditions: [{ id: 'fatigue', level: 1 }, { id: 'strife', level: 2 }] })]);
    const camp = make();
    camp.run(long(['kel']));
    expect(tracks(camp, 'kel')).toEqual([0, 2]);
    const inn = make();
    inn.run(long(['kel'], { inHaven: true }));
    expect(tracks(inn, 'kel')).toEqual([0, 1]);
    const hungry = make();
    const ev = hungry.run(long(['kel'], { inHaven: true, withoutSupply: ['kel'] }));
    expect(tracks(hungry, 'kel')).toEqual([2, 2]);
    expect(rules(ev, 'A5E-TRACK-8').length).toBe(1);
    const brief = make();
    brief.run({ type: 'a5e.shortRest', creatureIds: ['kel'], light: true });
    expect(tracks(brief, 'kel')).toEqual([1, 2]);
    expect(longRestTrackLevels({ fatigue: 3, strife: 0 }, { inHaven: true, suppliesConsumed: true })).toMatchObject({ fatigue: 2, strife: 0 });
  });

  it('A5E-REST-11 temporary hit points without a duration vanish at the end of a long rest; timed ones keep their timer', () => {
    const t = campaign([kel({ tempHp: 5 }), wren()]);
    t.run({ type: 'a5e.grantTempHp', creatureId: 'wren', amount: 6, duration: { kind: 'gameTime', seconds: hours(24) } });
    const ev = t.run(long(['kel', 'wren']));
    expect(TestTable.ofType(ev, 'HitPointsSet').map((e) => [e.target, e.tempHp, e.ruleId])).toEqual([['kel', 0, 'A5E-REST-11']]);
    expect([t.creature('kel').tempHp, t.creature('wren').tempHp]).toEqual([0, 6]);
  });

  it('A5E-REST-12 a long rest restores spell slots (recorded for the spellcasting rules)', () => {
    const t = campaign([wren()]);
    expect(rules(t.run(long(['wren'])), 'A5E-REST-12').map((e) => e.text)).toEqual(['Wren regains its expended spell slots (spellcasting rules)']);
  });

  it('A5E-REST-13 a long rest restores the critical-hit block too', () => {
    const t = campaign([kel({ vars: { critBlockUsed: true } })]);
    t.run(long(['kel']));
    expect(t.creature('kel').vars['critBlockUsed']).toBeUndefined();
  });

  it('A5E-REST-14 Hit Dice regained at fatigue 5 are kept but not spendable above half the total', () => {
    const t = campaign([kel({ hp: 20, tallies: { hitDiceSpent: 8 }, conditions: [{ id: 'fatigue', level: 6 }] })]);
    const ev = t.run(long(['kel'], { inHaven: true }));
    expect(hitDiceOf(t.creature('kel'))!.unspent).toBe(7);
    expect(rules(ev, 'A5E-REST-14').map((e) => e.text)).toEqual(['Kel keeps its Hit Dice, but while fatigue is 5 or more it may spend only 5']);
    expect(tracks(t, 'kel')).toEqual([5, 0]);
  });
});
