import { clockAt, formatClock, hours } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { describeTime, ftdHour, hourOfDice, quarterOf, timeDice, travelBand } from '../src/index';
import { TestTable, campaign, defaults, said } from './campaign-fixtures';

describe('TIME: timekeeping and time dice', () => {
  it('FTD-TIME-1 the campaign keeps day and hour, and travel moves them on by the hour', () => {
    const t = campaign({ clockSeconds: clockAt(1, 22), policy: defaults });
    t.run({ type: 'ftd.travel', hours: 3, stance: 'normal' }, { dice: 'd20:12 d20:12 d20:12' });
    expect(formatClock(t.state.clockSeconds)).toBe('day 2, 01:00');
    expect(ftdHour(t.state.clockSeconds)).toBe(1);
  });

  it('FTD-TIME-2 time dice: the hour is the sum of the faces; (6, 1) reads 07:00 and (6, 6, 6, 2) reads 20:00', () => {
    expect(hourOfDice([6, 1])).toBe(7);
    expect(hourOfDice([6, 6, 6, 2])).toBe(20);
    expect(timeDice(7)).toEqual([6, 1]);
    expect(timeDice(20)).toEqual([6, 6, 6, 2]);
    expect(timeDice(17)).toEqual([6, 6, 5]);
    expect(timeDice(12)).toEqual([6, 6]);
    expect(() => timeDice(0)).toThrow(RangeError);
  });

  it('FTD-TIME-3 the number of dice gives the quarter: pre-dawn, morning, afternoon, night', () => {
    expect([1, 6, 7, 12, 13, 18, 19, 24].map(quarterOf)).toEqual(['pre-dawn', 'pre-dawn', 'morning', 'morning', 'afternoon', 'afternoon', 'night', 'night']);
    expect(describeTime(clockAt(1, 20))).toBe('20:00, night (time dice 6, 6, 6 and 2)');
  });

  it('FTD-TIME-4 the portal: (3, 2) is 05:00; an hour later the die turns to 6, another hour brings a second die at 1 (07:00); midnight wraps', () => {
    const t = campaign({ clockSeconds: clockAt(1, 0), policy: defaults });
    const set = t.run({ type: 'ftd.rollTime', dice: 2 }, { dice: 'd6:3 d6:2' });
    expect(said(set, 'FTD-TIME-5')).toEqual(['time dice (3, 2): it is 05:00, shown as (5), pre-dawn']);
    expect(formatClock(t.state.clockSeconds)).toBe('day 1, 05:00');
    const first = t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' }, { dice: 'd20:12' });
    expect(said(first, 'FTD-TIME-4')).toEqual(['an hour passes: 06:00, pre-dawn (time die 6)']);
    const second = t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' }, { dice: 'd20:12' });
    expect(said(second, 'FTD-TIME-4')).toEqual(['an hour passes: 07:00, morning (time dice 6 and 1)']);
    const late = campaign({ clockSeconds: clockAt(1, 23), policy: defaults });
    const wrap = late.run({ type: 'ftd.travel', hours: 2, stance: 'normal' }, { dice: 'd20:12 d20:12' });
    expect(said(wrap, 'FTD-TIME-4')).toEqual(['an hour passes: 24:00, night (time dice 6, 6, 6 and 6)', 'an hour passes: 01:00, pre-dawn (time die 1)']);
    expect(formatClock(late.state.clockSeconds)).toBe('day 2, 01:00');
  });

  it('FTD-TIME-5 1 to 4 time dice set a random hour or a duration: (4, 6, 2) is 12:00 shown as (6, 6); (5, 3) lasts 8 hours', () => {
    const t = campaign({ clockSeconds: clockAt(1, 8) });
    const ev = t.run({ type: 'ftd.rollTime', dice: 3 }, { dice: 'd6:4 d6:6 d6:2' });
    expect(said(ev, 'FTD-TIME-5')).toEqual(['time dice (4, 6, 2): it is 12:00, shown as (6, 6), morning']);
    expect(t.state.clockSeconds).toBe(clockAt(1, 12));
    const d = t.run({ type: 'ftd.rollTime', dice: 2, use: 'duration', label: 'the fog' }, { dice: 'd6:5 d6:3' });
    expect(said(d, 'FTD-TIME-5')).toEqual(['time dice (5, 3): the fog lasts 8 hours']);
    expect(t.state.vars['ftd.timeRoll']).toEqual({ use: 'duration', faces: [5, 3], hours: 8 });
    expect(t.state.clockSeconds).toBe(clockAt(1, 12));
    // An earlier hour than now is the next day's.
    t.run({ type: 'ftd.rollTime', dice: 1 }, { dice: 'd6:4' });
    expect(formatClock(t.state.clockSeconds)).toBe('day 2, 04:00');
  });

  it('FTD-TIME-6 from a fixed starting hour the GM rolls 1 or 2 dice: 12:00 + (3, 5) is 20:00', () => {
    const t = campaign({ clockSeconds: clockAt(1, 9) });
    const ev = t.run({ type: 'ftd.rollTime', dice: 2, startHour: 12 }, { dice: 'd6:3 d6:5' });
    expect(said(ev, 'FTD-TIME-6')).toEqual(['time dice (3, 5) from 12:00: it is 20:00, shown as (6, 6, 6, 2), night']);
    expect(t.state.clockSeconds).toBe(clockAt(1, 20));
    t.rejects({ type: 'ftd.rollTime', dice: 3, startHour: 12 }, 'too-many-dice');
  });
});

describe('TRAVEL: travel turns', () => {
  it('FTD-TRAVEL-1 each hour is a travel turn: the clock moves, the table is rolled, the hours from safety count up', () => {
    const t = campaign({ clockSeconds: clockAt(1, 8), policy: defaults });
    const ev = t.run({ type: 'ftd.travel', hours: 2, stance: 'normal' }, { dice: 'd20:14 d20:20' });
    expect(TestTable.ofType(ev, 'ClockAdvanced').map((e) => [e.seconds, e.ruleId])).toEqual([[3600, 'FTD-TRAVEL-1'], [3600, 'FTD-TRAVEL-1']]);
    expect(said(ev, 'FTD-TRAVEL-6')).toEqual(['travel turn 14: 11-19: a threat grows or draws near', 'travel turn 20: 20: nothing bad, maybe good']);
    expect(t.state.vars['ftd.travelTurns']).toBe(2);
    t.rejects({ type: 'ftd.travel', hours: 1 }, 'forbidden', { as: { role: 'player', seat: 'seat-brenna' } });
  });

  it('FTD-TRAVEL-2 a torch lasts one travel turn and a lantern three: lit at 14:00 they go out at 15:00 and 17:00', () => {
    const t = campaign({ clockSeconds: clockAt(1, 14), policy: defaults });
    t.run({ type: 'ftd.lightSource', creatureId: 'brenna', source: 'torch' });
    const lit = t.run({ type: 'ftd.lightSource', creatureId: 'odo', source: 'lantern' });
    expect(said(lit, 'FTD-TRAVEL-2')).toEqual(['Odo lights a lantern: it burns for 3 hours']);
    const h1 = t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' }, { dice: 'd20:12' });
    expect(said(h1, 'FTD-LIGHT-3')).toEqual(["Brenna's torch burns out"]);
    const h2 = t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' }, { dice: 'd20:12' });
    expect(said(h2, 'FTD-LIGHT-3')).toEqual([]);
    expect(t.creature('odo').conditions.map((c) => c.conditionId)).toEqual(['lantern']);
    const h3 = t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' }, { dice: 'd20:12' });
    expect(said(h3, 'FTD-LIGHT-3')).toEqual(["Odo's lantern burns out"]);
    expect(formatClock(t.state.clockSeconds)).toBe('day 1, 17:00');
    expect(t.creature('odo').conditions).toEqual([]);
  });

  it('FTD-TRAVEL-3 three scenes ask the GM whether an hour has passed; the fourth is one', () => {
    const t = campaign({ clockSeconds: clockAt(1, 8), policy: defaults });
    t.run({ type: 'ftd.scene' });
    t.run({ type: 'ftd.scene' });
    const third = t.run({ type: 'ftd.scene' });
    expect(said(third, 'FTD-TRAVEL-3')).toEqual(['scene 3 since the last travel turn']);
    expect(t.state.clockSeconds).toBe(clockAt(1, 8));
    const fourth = t.run({ type: 'ftd.scene' }, { dice: 'd20:9' });
    expect(said(fourth, 'FTD-TRAVEL-3')).toEqual(['scene 4 since the last travel turn: an hour has passed']);
    expect(t.state.clockSeconds).toBe(clockAt(1, 9));
    expect(t.state.vars['ftd.scenes']).toBe(0);
    // Asked, the GM may call it an hour after the third.
    const u = campaign({ clockSeconds: clockAt(1, 8) });
    u.run({ type: 'ftd.scene' });
    u.run({ type: 'ftd.scene' });
    u.run({ type: 'ftd.scene' });
    expect(u.state.pending?.open.map((p) => [p.key, p.default])).toEqual([['ftd.scene.hour', 'no']]);
    u.answer('ftd.scene.hour', 'yes', { dice: 'd20:15' });
    expect(u.state.pending?.open.map((p) => p.key)).toEqual(['ftd.travelTurn.threat']);
    u.answer('ftd.travelTurn.threat', 'new-threat');
    expect(u.state.clockSeconds).toBe(clockAt(1, 9));
  });

  it('FTD-TRAVEL-4 the GM rolls the table each travel turn and is asked what the band means here', () => {
    const t = campaign({ clockSeconds: clockAt(1, 8) });
    t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' }, { dice: 'd20:7' });
    const p = t.state.pending!.open[0]!;
    expect([p.key, p.to, p.options.map((o) => o.id), p.default]).toEqual([
      'ftd.travelTurn.threat', { role: 'gm' }, ['enemies-ready', 'trap-or-poison', 'retainer-deserts'], 'enemies-ready',
    ]);
    t.answer('ftd.travelTurn.threat', 'retainer-deserts');
    expect(t.state.vars['ftd.lastTravelTurn']).toEqual({ roll: 7, band: 'trouble-soon', threat: 'retainer-deserts', at: clockAt(1, 9) });
  });

  it('FTD-TRAVEL-5 cautious parties roll with advantage, careless ones with disadvantage: 4 and 15 give 15 or 4', () => {
    const t = campaign({ clockSeconds: clockAt(1, 8), policy: defaults });
    const c = t.run({ type: 'ftd.travel', hours: 1, stance: 'cautious' }, { dice: 'd20:4 d20:15' });
    expect(said(c, 'FTD-TRAVEL-5')).toEqual(['the party is cautious: the travel turn is rolled with advantage (4, 15 → 15)']);
    expect(t.state.vars['ftd.lastTravelTurn']).toMatchObject({ roll: 15, band: 'threat-grows' });
    t.run({ type: 'ftd.travel', hours: 1, stance: 'careless' }, { dice: 'd20:4 d20:15' });
    expect(t.state.vars['ftd.lastTravelTurn']).toMatchObject({ roll: 4, band: 'trouble-soon' });
    // Left out, the stance is asked of the GM (normal by default).
    const u = campaign({ clockSeconds: clockAt(1, 8) });
    u.run({ type: 'ftd.travel', hours: 1 });
    expect(u.state.pending?.open.map((p) => [p.key, p.default])).toEqual([['ftd.travel.stance', 'normal']]);
    u.answer('ftd.travel.stance', 'cautious', { dice: 'd20:20 d20:1' });
    expect(u.state.pending?.open[0]?.options.map((o) => o.id)).toEqual(['nothing', 'boon']);
  });

  it('FTD-TRAVEL-6 the bands: 1 disaster, 2-10 trouble soon, 11-19 a threat grows, 20 nothing bad', () => {
    expect([1, 2, 10, 11, 19, 20].map(travelBand)).toEqual(['disaster', 'trouble-soon', 'trouble-soon', 'threat-grows', 'threat-grows', 'nothing-bad']);
    const t = campaign({ clockSeconds: clockAt(1, 8) });
    t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' }, { dice: 'd20:1' });
    expect(t.state.pending?.open[0]?.options.map((o) => o.id)).toEqual(['chance-encounter', 'ambush', 'environment-worsens']);
  });

  it('FTD-TRAVEL-7 with a daily cadence no table roll comes each hour, but torches still burn hourly', () => {
    const t = campaign({ clockSeconds: clockAt(1, 8), options: { travelRollCadence: 'daily' }, policy: defaults });
    t.run({ type: 'ftd.lightSource', creatureId: 'brenna', source: 'torch' });
    const ev = t.run({ type: 'ftd.travel', hours: 3, stance: 'normal' });
    expect(said(ev, 'FTD-TRAVEL-6')).toEqual([]);
    expect(said(ev, 'FTD-LIGHT-3')).toEqual(["Brenna's torch burns out"]);
    expect(t.state.vars['ftd.sinceTravelRoll']).toBe(3);
    // A cadence given with the command wins over the option.
    t.run({ type: 'ftd.travel', hours: 1, stance: 'normal', cadence: 'hourly' }, { dice: 'd20:11' });
    expect(t.state.clockSeconds).toBe(clockAt(1, 8) + hours(4));
  });
});
