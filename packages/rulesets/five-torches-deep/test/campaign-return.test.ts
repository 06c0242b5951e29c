import { clockAt } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { bestModifier, returnDc } from '../src/index';
import { brenna, brennaSheet, odo, sheetWith } from './fixtures';
import { TestTable, campaign, defaults, said } from './campaign-fixtures';

/** Brenna with STR 18: +4 and proficiency in STR make her best modifier +6. */
const strong = () => brenna({ sheet: sheetWith(brennaSheet(), { abilities: { str: 18, dex: 15, con: 12, int: 10, wis: 13, cha: 8 } }) });

describe('RETURN: rolling to return', () => {
  it('FTD-RETURN-1 the GM has each PC roll to return instead of playing the way back; only PCs roll', () => {
    const t = campaign({ policy: defaults });
    const ev = t.run({ type: 'ftd.rollToReturn', hours: 2, path: 'arduous' }, { dice: 'd20:15 d20:15' });
    expect(TestTable.ofType(ev, 'TestResolved').map((e) => [e.actor, e.ruleId])).toEqual([['brenna', 'FTD-RETURN-2'], ['odo', 'FTD-RETURN-2']]);
    t.rejects({ type: 'ftd.rollToReturn', hours: 2, path: 'arduous' }, 'forbidden', { as: { role: 'player', seat: 'seat-odo' } });
  });

  it('FTD-RETURN-2 each PC rolls with its single best modifier, proficiency included: +6 and +5', () => {
    const t = campaign({ creatures: [strong(), odo()] });
    expect([bestModifier(t.creature('brenna')), bestModifier(t.creature('odo'))]).toEqual([
      { ability: 'str', value: 6, proficient: true }, { ability: 'wis', value: 5, proficient: true },
    ]);
  });

  it('FTD-RETURN-3 the GM says whether the way is dangerous or arduous', () => {
    const t = campaign({ creatures: [odo()] });
    t.run({ type: 'ftd.rollToReturn', hours: 4 });
    expect(t.state.pending?.open.map((p) => [p.key, p.to, p.options.map((o) => o.id), p.default])).toEqual([['ftd.return.path', { role: 'gm' }, ['arduous', 'dangerous'], 'arduous']]);
    const ev = t.answer('ftd.return.path', 'dangerous', { dice: 'd20:9' });
    expect(said(ev, 'FTD-RETURN-4')).toEqual(['rolling to return: 4 travel turns from safety, DC 14, a dangerous path']);
  });

  it('FTD-RETURN-4 the DC is 10 + 1 per travel turn, at most 20; by default the hours since the party left safety', () => {
    expect([4, 7, 12].map(returnDc)).toEqual([14, 17, 20]);
    const t = campaign({ creatures: [odo()], clockSeconds: clockAt(1, 8), policy: defaults });
    t.run({ type: 'ftd.travel', hours: 4, stance: 'normal' }, { dice: 'd20:12 d20:12 d20:12 d20:12' });
    const ev = t.run({ type: 'ftd.rollToReturn', path: 'arduous' }, { dice: 'd20:9' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.against).toEqual({ label: 'return DC', value: 14 });
    expect(t.state.vars['ftd.travelTurns']).toBe(0);
  });

  it('FTD-RETURN-5 the two survivors, DC 14: the +6 PC rolls 17 and makes it back safely', () => {
    const t = campaign({ creatures: [strong(), odo({ vars: { load: 3, coins: 400 } })] });
    t.run({ type: 'ftd.rollToReturn', hours: 4, path: 'arduous' }, { dice: 'd20:11 d20:7' });
    expect(t.state.pending?.open.map((p) => [p.key, p.about])).toEqual([['ftd.return.drop', 'odo']]);
    const ev = t.encounter.events;
    const tests = TestTable.ofType(ev, 'TestResolved');
    expect(tests.map((e) => [e.actor, e.breakdown.total, e.outcome])).toEqual([['brenna', 17, 'success'], ['odo', 12, 'failure']]);
    expect(said(ev, 'FTD-RETURN-5')).toEqual(['Brenna makes it back safely (17 against DC 14)']);
  });

  it('FTD-RETURN-6 on a dangerous way a miss costs 1d6 per point, past armour; at 0 HP the GM says dead or unconscious', () => {
    // DC 17, Brenna +5 rolls 8: 13, four short: 4d6 = 3 + 5 + 2 + 6 = 16 damage.
    const t = campaign({ creatures: [brenna({ hp: 14 })] });
    t.run({ type: 'gm.setHp', creatureId: 'brenna', maxHp: 30, hp: 20 });
    const ev = t.run({ type: 'ftd.rollToReturn', hours: 7, path: 'dangerous' }, { dice: 'd20:8 d6:3 d6:5 d6:2 d6:6' });
    expect(said(ev, 'FTD-RETURN-6')).toEqual(['Brenna falls 4 short on the dangerous way back: 4d6 = 16 damage, unavoidable']);
    expect(t.creature('brenna').hp).toBe(4);
    const u = campaign({ creatures: [odo()] });
    u.run({ type: 'ftd.rollToReturn', hours: 7, path: 'dangerous' }, { dice: 'd20:8 d6:3 d6:5 d6:2 d6:1' });
    expect(u.creature('odo').hp).toBe(0);
    expect(u.state.pending?.open.map((p) => [p.key, p.default])).toEqual([['ftd.return.zero', 'unconscious']]);
    u.answer('ftd.return.zero', 'unconscious');
    expect(u.creature('odo')).toMatchObject({ hp: 0, status: 'conscious' });
    expect(u.creature('odo').conditions.map((c) => [c.conditionId, c.duration])).toEqual([['incapacitated', { kind: 'untilRest', rest: 'night' }]]);
    const w = campaign({ creatures: [odo()] });
    w.run({ type: 'ftd.rollToReturn', hours: 7, path: 'dangerous' }, { dice: `d20:1 ${'d6:1 '.repeat(11).trim()}` });
    expect(said(w.encounter.events, 'FTD-CRIT-2')).toEqual(['natural 1: Odo takes double damage (11 → 22)']);
    w.answer('ftd.return.zero', 'dead');
    expect(w.creature('odo').status).toBe('dead');
  });

  it('FTD-RETURN-7 the two survivors, DC 14: the +5 PC rolls a natural 7 (12) and drops 2 load, a coin purse and then gear', () => {
    const t = campaign({ creatures: [strong(), odo({ vars: { load: 3, coins: 400 } })] });
    t.run({ type: 'ftd.rollToReturn', hours: 4, path: 'arduous' }, { dice: 'd20:11 d20:7' });
    const p = t.state.pending!.open[0]!;
    expect([p.options.map((o) => o.id), p.default]).toEqual([['gear', 'coins'], 'gear']);
    const ev = t.answer('ftd.return.drop', 'coins');
    expect(said(ev, 'FTD-RETURN-7')).toEqual(['Odo drops 2 load on the arduous way back (400 coins, 1 gear)']);
    expect(t.creature('odo').vars).toMatchObject({ load: 2, coins: 0 });
    // With less to lose than it must, a PC loses everything and nothing more.
    const u = campaign({ creatures: [odo({ vars: { load: 1 } })], policy: defaults });
    const all = u.run({ type: 'ftd.rollToReturn', hours: 10, path: 'arduous' }, { dice: 'd20:2' });
    expect(said(all, 'FTD-RETURN-7')).toEqual(['Odo drops 1 load on the arduous way back (0 coins, 1 gear); it had nothing more to lose']);
  });

  it('FTD-RETURN-8 a PC who escaped a fight and the chase rolls to return, to camp or to the party', () => {
    const t = campaign({ creatures: [brenna(), odo()] });
    const fight = t.startFight({ id: 'crypt', seed: 1, members: ['odo'] });
    fight.run({ type: 'gm.setStatus', creatureId: 'odo', status: 'escaped' });
    fight.run({ type: 'gm.endEncounter', reason: 'Odo fled' });
    t.recordFight(fight);
    expect(t.creature('odo').status).toBe('escaped');
    const ev = t.run({ type: 'ftd.rollToReturn', creatureIds: ['odo'], hours: 3, path: 'arduous', heading: 'party' }, { dice: 'd20:10' });
    expect(said(ev, 'FTD-RETURN-8')).toEqual(['Odo got away from the fight and the chase, and heads for the rest of the party']);
    expect(t.creature('odo').status).toBe('conscious');
    expect(said(ev, 'FTD-RETURN-5')).toEqual(['Odo makes it back safely (15 against DC 13)']);
  });
});
