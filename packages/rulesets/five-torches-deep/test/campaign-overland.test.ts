import { clockAt, days } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { dailyMiles, waterMiles, windMultiplier } from '../src/index';
import { brenna, odo, sheetWith, brennaSheet } from './fixtures';
import { campaign, defaults, said } from './campaign-fixtures';

const open = { terrain: 'open', light: 'well-lit', weather: 'open', pace: 'normal' } as const;

describe('OVERLAND: overland travel', () => {
  it('FTD-OVERLAND-1 a PC covers 10 + STR mod miles a day: +2 STR travels 12 miles, -2 travels 8', () => {
    expect(dailyMiles(2, false, open).miles).toBe(12);
    expect(dailyMiles(-2, false, open).miles).toBe(8);
    const t = campaign({ creatures: [brenna({ sheet: sheetWith(brennaSheet(), { abilities: { str: 14, dex: 15, con: 12, int: 10, wis: 13, cha: 8 } }) })], clockSeconds: clockAt(1, 8), policy: defaults });
    const ev = t.run({ type: 'ftd.journey', days: 1, weather: 'open', stance: 'normal' }, { dice: 'd20:12' });
    expect(said(ev, 'FTD-OVERLAND-1')).toEqual(['1 day of travel: 12 miles']);
    expect(t.state.vars['ftd.lastJourney']).toEqual({ by: 'foot', days: 1, miles: 12 });
    expect(t.state.clockSeconds).toBe(clockAt(2, 8));
  });

  it('FTD-OVERLAND-2 difficult terrain halves it and harsh quarters it: +2 STR makes 12 / 6 / 3; +1 makes 11 / 5 / 2 (rounded down once)', () => {
    expect(['open', 'difficult', 'harsh'].map((terrain) => dailyMiles(2, false, { ...open, terrain: terrain as 'open' }).miles)).toEqual([12, 6, 3]);
    expect(['open', 'difficult', 'harsh'].map((terrain) => dailyMiles(1, false, { ...open, terrain: terrain as 'open' }).miles)).toEqual([11, 5, 2]);
  });

  it('FTD-OVERLAND-3 dim light counts as difficult and darkness as harsh; only the worst of terrain, light and weather counts', () => {
    expect(dailyMiles(2, false, { ...open, light: 'dim' }).miles).toBe(6);
    expect(dailyMiles(2, false, { ...open, light: 'darkness' }).miles).toBe(3);
    expect(dailyMiles(2, false, { ...open, terrain: 'difficult', light: 'dim' }).miles).toBe(6);
    expect(dailyMiles(2, false, { ...open, weather: 'harsh', terrain: 'difficult' })).toEqual({ miles: 3, worst: 'harsh', multiplier: 0.25 });
    // The weather is the GM's to class when left out.
    const t = campaign({ creatures: [brenna()], clockSeconds: clockAt(1, 8) });
    t.run({ type: 'ftd.journey', days: 1, stance: 'normal' });
    expect(t.state.pending?.open.map((p) => [p.key, p.options.map((o) => o.id), p.default])).toEqual([['ftd.journey.weather', ['open', 'difficult', 'harsh'], 'open']]);
    const ev = t.answer('ftd.journey.weather', 'difficult', { dice: 'd20:12' });
    expect(t.state.pending?.open.map((p) => p.key)).toEqual(['ftd.travelTurn.threat']);
    expect(said(ev, 'FTD-OVERLAND-5')).toEqual(["on foot (difficult going): Brenna 6 miles a day; the party keeps to Brenna's 6"]);
  });

  it('FTD-OVERLAND-4 an encumbered PC goes half as far: +1 STR covers 5 miles, 2 in difficult terrain; a PC at speed 0 goes nowhere', () => {
    expect(dailyMiles(1, true, open).miles).toBe(5);
    expect(dailyMiles(1, true, { ...open, terrain: 'difficult' }).miles).toBe(2);
    // Brenna (STR 16) carrying 18 load is over STR: half of 13 is 6.
    const t = campaign({ creatures: [brenna({ vars: { load: 18 } })], clockSeconds: clockAt(1, 8), policy: defaults });
    const ev = t.run({ type: 'ftd.journey', days: 1, weather: 'open', stance: 'normal' }, { dice: 'd20:12' });
    expect(said(ev, 'FTD-OVERLAND-5')).toEqual(["on foot (open going): Brenna 6 miles a day; the party keeps to Brenna's 6"]);
    const stuck = campaign({ creatures: [brenna({ vars: { load: 30 } })], clockSeconds: clockAt(1, 8), policy: defaults });
    stuck.run({ type: 'ftd.journey', days: 1, weather: 'open', stance: 'normal' }, { dice: 'd20:12' });
    expect(stuck.state.vars['ftd.lastJourney']).toEqual({ by: 'foot', days: 1, miles: 0 });
  });

  it('FTD-OVERLAND-5 the party keeps to its slowest member: Brenna 13 and Odo 10 travel 10 miles a day, 20 in two', () => {
    const t = campaign({ creatures: [brenna(), odo()], clockSeconds: clockAt(1, 8), policy: defaults });
    const ev = t.run({ type: 'ftd.journey', days: 2, weather: 'open', stance: 'normal' }, { dice: 'd20:12 d20:12' });
    expect(said(ev, 'FTD-OVERLAND-5')).toEqual(["on foot (open going): Brenna 13, Odo 10 miles a day; the party keeps to Odo's 10"]);
    expect(t.state.vars['ftd.lastJourney']).toEqual({ by: 'foot', days: 2, miles: 20 });
  });

  it('FTD-OVERLAND-6 tactical movement costs a quarter and stealthy a half; with both only stealthy counts', () => {
    expect(dailyMiles(1, false, { ...open, pace: 'tactical' }).miles).toBe(8);
    expect(dailyMiles(2, false, { ...open, pace: 'tactical', terrain: 'difficult' }).miles).toBe(4);
    expect(dailyMiles(2, false, { ...open, pace: 'stealthy' }).miles).toBe(6);
  });

  it('FTD-OVERLAND-7 overland travel rolls the travel turn once a day while lanterns burn by the hour', () => {
    const t = campaign({ creatures: [brenna()], clockSeconds: clockAt(1, 8), policy: defaults });
    t.run({ type: 'ftd.lightSource', creatureId: 'brenna', source: 'lantern' });
    const ev = t.run({ type: 'ftd.journey', days: 2, weather: 'open', stance: 'normal' }, { dice: 'd20:3 d20:18' });
    expect(said(ev, 'FTD-TRAVEL-6')).toEqual(['travel turn 3: 2-10: trouble is imminent', 'travel turn 18: 11-19: a threat grows or draws near']);
    expect(said(ev, 'FTD-LIGHT-3')).toEqual(["Brenna's lantern burns out"]);
    expect(t.state.clockSeconds).toBe(clockAt(1, 8) + days(2));
  });
});

describe('WATER: overwater travel', () => {
  it('FTD-WATER-1 a boat on smooth water makes 3 miles an hour, about 30 a day', () => {
    expect(waterMiles('boat', 4, 'none')).toBe(12);
    expect(waterMiles('boat', 24, 'none')).toBe(30);
    const t = campaign({ clockSeconds: clockAt(1, 8), policy: defaults });
    const ev = t.run({ type: 'ftd.journey', days: 2, by: 'boat', wind: 'none', stance: 'normal' }, { dice: 'd20:12 d20:12' });
    expect(said(ev, 'FTD-WATER-1')).toEqual(['by boat: 60 miles in 2 days']);
  });

  it('FTD-WATER-2 a ship makes 5 miles an hour, at most 100 in a day and night', () => {
    expect(waterMiles('ship', 6, 'none')).toBe(30);
    expect(waterMiles('ship', 24, 'none')).toBe(100);
  });

  it('FTD-WATER-3 a favourable wind or current doubles the speed, an unfavourable one halves it; both at once cancel', () => {
    expect(waterMiles('ship', 24, 'favourable')).toBe(200);
    expect(waterMiles('boat', 24, 'unfavourable')).toBe(15);
    expect(windMultiplier('mixed')).toBe(1);
    const t = campaign({ clockSeconds: clockAt(1, 8), policy: defaults });
    t.run({ type: 'ftd.journey', days: 1, by: 'boat', stance: 'normal' }, { dice: 'd20:12' });
    const u = campaign({ clockSeconds: clockAt(1, 8) });
    u.run({ type: 'ftd.journey', days: 1, by: 'boat', stance: 'normal' });
    expect(u.state.pending?.open.map((p) => [p.key, p.default])).toEqual([['ftd.journey.wind', 'none']]);
    const ev = u.answer('ftd.journey.wind', 'unfavourable', { dice: 'd20:12' });
    expect(said(ev, 'FTD-WATER-3')).toEqual(['unfavourable wind or current: speed ×0.5']);
    expect(t.state.vars['ftd.lastJourney']).toEqual({ by: 'boat', days: 1, miles: 30 });
  });

  it('FTD-WATER-4 the GM may set the vessel speed', () => {
    const t = campaign({ clockSeconds: clockAt(1, 8), policy: defaults });
    const ev = t.run({ type: 'ftd.journey', days: 1, by: 'ship', wind: 'none', mph: 2, stance: 'normal' });
    expect(said(ev, 'FTD-WATER-4')).toEqual(["by ship at the GM's 2 mph: 48 miles in 1 day"]);
  });

  it('FTD-WATER-5 at sea the travel turn is rolled once a week; on a river once a day', () => {
    const t = campaign({ clockSeconds: clockAt(1, 8), policy: defaults });
    const six = t.run({ type: 'ftd.journey', days: 6, by: 'ship', wind: 'none', stance: 'normal' });
    expect(said(six, 'FTD-TRAVEL-6')).toEqual([]);
    const seventh = t.run({ type: 'ftd.journey', days: 1, by: 'ship', wind: 'none', stance: 'normal' }, { dice: 'd20:16' });
    expect(said(seventh, 'FTD-TRAVEL-6')).toEqual(['travel turn 16: 11-19: a threat grows or draws near']);
  });
});
