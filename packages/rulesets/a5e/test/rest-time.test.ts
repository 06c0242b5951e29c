import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { clockAt, hours, minutes, roundsIn } from '@fray/engine';
import { a5eRuleset, marchingOrder, secondsOf } from '../src/index';
import { campaign, kel, pip, rules, wren } from './rest-fixtures';
import { goblin } from './fixtures';

const travel = (extra: Record<string, unknown>) => ({ type: 'a5e.travel', creatureIds: ['kel', 'wren', 'pip'], hours: 4, pace: 'normal', ...extra } as never);

describe('A5E time, travel and exploration', () => {
  it('A5E-TIME-1 a round is 6 seconds: a 3-round fight moves the campaign clock 18 seconds; a scenario may use minute-long rounds', () => {
    const t = campaign([kel()], clockAt(1, 9));
    const fight = t.startFight({ id: 'ambush', seed: 1, foes: [goblin('g1')] });
    fight.run({ type: 'startCombat' }, { dice: 'd20:18 d20:10' });
    for (let i = 0; i < 4; i++) fight.run({ type: 'endTurn' });
    expect([fight.state.round, fight.state.roundSeconds, fight.state.clockSeconds]).toEqual([3, 6, clockAt(1, 9) + 12]);
    fight.run({ type: 'gm.endEncounter' });
    const ev = t.recordFight(fight);
    expect(TestTable.ofType(ev, 'ClockAdvanced').map((e) => [e.seconds, e.reason])).toEqual([[18, "the fight 'ambush' (3 rounds)"]]);
    const slow = new TestTable(a5eRuleset, { creatures: [kel({ initiative: 10 })], options: { roundSeconds: 60 } });
    slow.run({ type: 'startCombat' });
    slow.run({ type: 'endTurn' });
    expect(slow.state.clockSeconds).toBe(60);
  });

  it('A5E-TIME-2 the Narrator picks the scale: a minute down a corridor, 10 minutes searching a room, hours in a city, days on the road', () => {
    const t = campaign([kel()]);
    const ev = t.run({ type: 'a5e.spendTime', amount: 1, unit: 'minutes', activity: 'walk the corridor' });
    expect(TestTable.ofType(ev, 'ClockAdvanced').map((e) => [e.seconds, e.reason, e.ruleId])).toEqual([[60, 'walk the corridor', 'A5E-TIME-2']]);
    t.run({ type: 'a5e.spendTime', amount: 10, unit: 'minutes', activity: 'search the treasure room' });
    t.run({ type: 'a5e.spendTime', amount: 3, unit: 'hours' });
    t.run({ type: 'a5e.spendTime', amount: 2, unit: 'days' });
    expect(t.state.clockSeconds).toBe(minutes(11) + hours(3) + hours(48));
    t.rejects({ type: 'a5e.spendTime', amount: 0, unit: 'minutes' }, 'malformed');
  });

  it('A5E-TIME-3 travel takes its hours at a pace every traveller can keep (fatigue 3 rules out a fast pace)', () => {
    const t = campaign([kel(), wren({ conditions: [{ id: 'fatigue', level: 3 }] }), pip()]);
    expect(t.rejects(travel({ pace: 'fast' }), 'pace-not-allowed').ruleId).toBe('A5E-FATIGUE-3');
    const ev = t.run(travel({}));
    expect(rules(ev, 'A5E-TIME-3').map((e) => e.text)).toEqual(['4 hours of travel at a normal pace']);
    expect([t.state.clockSeconds, t.state.vars['a5e.travel']]).toEqual([hours(4), { pace: 'normal', vehicle: null, hours: 4, stealth: null }]);
  });

  it('A5E-TIME-4 aboard a vessel the pace neither helps nor hurts, so the fatigued may sail, and a crewed ship sails around the clock', () => {
    const t = campaign([kel(), wren({ conditions: [{ id: 'fatigue', level: 4 }] }), pip()]);
    t.rejects(travel({ pace: 'normal' }), 'pace-not-allowed');
    const ev = t.run(travel({ pace: 'fast', vehicle: 'water', hours: 24 }));
    expect(rules(ev, 'A5E-TIME-4').map((e) => e.text)).toEqual(['aboard a vessel: it moves at its own speed; a fast pace brings no benefit and no penalty; with a crew it keeps moving for 24 hours']);
    expect(t.state.clockSeconds).toBe(hours(24));
    expect(rules(t.run(travel({ pace: 'slow', vehicle: 'land' })), 'A5E-TIME-4').map((e) => e.text)).toEqual(['a land vehicle travels at the chosen slow pace']);
  });

  it('A5E-TIME-5 the party sets its marching order (a player may): who leads and who brings up the rear', () => {
    const t = campaign([kel(), wren(), pip()]);
    expect(marchingOrder(t.state)).toBeNull();
    const ev = t.run({ type: 'a5e.setMarchingOrder', order: ['kel', 'pip', 'wren'] }, { as: { role: 'player', seat: 'seat-pip' } });
    expect(rules(ev, 'A5E-TIME-5').map((e) => e.text)).toEqual(['marching order: Kel leads, Wren brings up the rear']);
    expect(marchingOrder(t.state)).toEqual({ leader: 'kel', rear: 'wren', order: ['kel', 'pip', 'wren'] });
    t.rejects({ type: 'a5e.setMarchingOrder', order: ['kel', 'ghost'] }, 'unknown-creature');
  });

  it('A5E-TIME-6 meeting on the road: passive Perception against the hidden threat\'s Stealth; the Narrator says what the others do and who is surprised', () => {
    // Kel's passive Perception is 10 + 1 + 4 = 15; Wren's is 11.
    const t = campaign([kel(), wren()]);
    const ev = t.run({ type: 'a5e.meetOnTheRoad', creatureIds: ['kel', 'wren'], threatStealth: 13 });
    expect(rules(ev, 'A5E-TIME-6').map((e) => e.text)).toEqual(['noticed by passive Perception: Kel']);
    expect(t.state.pending?.open.map((p) => [p.key, p.to, p.options.map((o) => o.id)])).toEqual([['a5e.travel.meeting', { role: 'gm' }, ['wait', 'talk', 'attack', 'flee']]]);
    t.answer('a5e.travel.meeting', 'attack');
    expect(t.state.pending?.open.map((p) => [p.key, p.default])).toEqual([['a5e.travel.surprise', 'none']]);
    t.answer('a5e.travel.surprise', 'others');
    expect(t.state.vars['a5e.lastMeeting']).toEqual({ noticed: ['kel'], stance: 'attack', surprised: 'others' });
    const blind = campaign([wren()]);
    blind.run({ type: 'a5e.meetOnTheRoad', creatureIds: ['wren'], threatStealth: 18 }, { preAnswers: { 'a5e.travel.meeting': 'attack' } });
    expect(blind.state.pending?.open[0]?.default).toBe('party');
  });

  it('A5E-TIME-7 stealthy travel needs a slow pace; the group Stealth check passes when at least half succeed', () => {
    const t = campaign([kel(), wren(), pip()]);
    expect(t.rejects(travel({ stealthDC: 12 }), 'stealth-needs-slow-pace').ruleId).toBe('A5E-TIME-7');
    // Kel +1, Wren +5, Pip +4 against DC 12.
    const failed = t.run(travel({ pace: 'slow', stealthDC: 12 }), { dice: 'd20:5 d20:8 d20:3' });
    expect(rules(failed, 'A5E-TIME-7').map((e) => e.text)).toEqual(['group Stealth: 1 of 3 succeed: the party is noticed']);
    const passed = t.run(travel({ pace: 'slow', stealthDC: 12 }), { dice: 'd20:5 d20:8 d20:10' });
    expect(rules(passed, 'A5E-TIME-7').map((e) => e.text)).toEqual(['group Stealth: 2 of 3 succeed: the party travels unnoticed and may surprise or slip past threats']);
    expect(t.state.vars['a5e.travel']).toEqual({ pace: 'slow', vehicle: null, hours: 4, stealth: { successes: 2, of: 3, passed: true } });
  });

  it('A5E-TIME-8 with 6-second rounds a minute is 10 rounds, 10 minutes 100, an hour 600; 4 minutes of held breath is 40 rounds', () => {
    expect([roundsIn(minutes(1)), roundsIn(minutes(10)), roundsIn(hours(1)), roundsIn(minutes(4))]).toEqual([10, 100, 600, 40]);
    const t = campaign([kel()]);
    expect(secondsOf(t.state, 600, 'rounds')).toBe(hours(1));
    t.run({ type: 'a5e.spendTime', amount: 600, unit: 'rounds' });
    expect(t.state.clockSeconds).toBe(3600);
  });
});
