import { clockAt, hours } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { ftdRuleset, speedOf } from '../src/index';
import { brenna, odo, odoSheet, sheetWith } from './fixtures';
import { TestTable, campaign, said } from './campaign-fixtures';

const withCon = (con: number, base = odoSheet()) => sheetWith(base, { abilities: { ...(base['abilities'] as Record<string, number>), con } });
const daily = { travelRollCadence: 'daily' };
const conditionIds = (t: TestTable, id: string) => t.creature(id).conditions.map((c) => c.conditionId);

describe('RESIL: resilience and exhaustion', () => {
  it('FTD-RESIL-1 resilience is the CON score in hours: a CON 10 PC treks ten hours before the GM may call a check', () => {
    const t = campaign({ creatures: [odo({ sheet: withCon(10) })], clockSeconds: clockAt(1, 6), options: daily });
    t.run({ type: 'ftd.travel', hours: 10, stance: 'normal' });
    expect(t.state.pending).toBeNull();
    expect(t.creature('odo').vars['ftd.hoursOut']).toBe(10);
    t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' });
    expect(t.state.pending?.open.map((p) => [p.key, p.about, p.default])).toEqual([['ftd.resilience.call', 'odo', 'check']]);
    expect(t.state.pending?.open[0]?.text).toBe('Odo has adventured 11 hours, 1 past a resilience of 10. Call for a resilience check (DC 11)?');
  });

  it('FTD-RESIL-2 the GM may wear resilience down, and the player is told', () => {
    const t = campaign({ creatures: [brenna()] });
    const ev = t.run({ type: 'ftd.wearResilience', creatureId: 'brenna', hours: 2, reason: 'the bitter wind on the pass' });
    expect(TestTable.ofType(ev, 'RuleApplied')).toMatchObject([{ ruleId: 'FTD-RESIL-2', creatureId: 'brenna', text: "Brenna's resilience drops by 2 hours to 10: the bitter wind on the pass" }]);
    expect(t.creature('brenna').vars['ftd.resilienceLost']).toBe(2);
  });

  it('FTD-RESIL-3 past its resilience a PC checks 1d20 + CON mod against 10 + the hours over: CON 14 at 17 hours is DC 13; 9 + 2 fails', () => {
    const t = campaign({ creatures: [odo({ sheet: withCon(14), vars: { 'ftd.hoursOut': 16 } })], clockSeconds: clockAt(1, 6), options: daily });
    t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' });
    const ev = t.answer('ftd.resilience.call', 'check', { dice: 'd20:9' });
    const r = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect([r.against, r.breakdown.total, r.outcome]).toEqual([{ label: 'resilience DC', value: 13 }, 11, 'failure']);
    expect(conditionIds(t, 'odo')).toEqual(['exhausted']);
    // The GM may hold off.
    const u = campaign({ creatures: [odo({ vars: { 'ftd.hoursOut': 11 } })], options: daily });
    u.run({ type: 'ftd.travel', hours: 1, stance: 'normal' });
    u.answer('ftd.resilience.call', 'no');
    expect(conditionIds(u, 'odo')).toEqual([]);
  });

  it('FTD-RESIL-4 a failed check exhausts; pushing on exhausted brings the GM\'s escalation (HP, injury, passing out)', () => {
    const t = campaign({ creatures: [odo({ vars: { 'ftd.hoursOut': 11 } })], options: daily });
    t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' });
    const fail = t.answer('ftd.resilience.call', 'check', { dice: 'd20:3' });
    expect(said(fail, 'FTD-RESIL-4')).toEqual(['Odo fails the resilience check and is exhausted']);
    t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' });
    expect(t.state.pending?.open.map((p) => [p.key, p.options.map((o) => o.id), p.default])).toEqual([['ftd.resilience.escalate', ['none', 'hp', 'injury', 'pass-out'], 'none']]);
    t.answer('ftd.resilience.escalate', 'hp', { dice: 'd6:4' });
    expect(t.creature('odo').hp).toBe(2);
    t.run({ type: 'ftd.travel', hours: 1, stance: 'normal' });
    t.answer('ftd.resilience.escalate', 'pass-out');
    expect(conditionIds(t, 'odo')).toEqual(['exhausted', 'incapacitated']);
  });

  it('FTD-RESIL-5 an exhausted PC has disadvantage on every check, speed 0, and cannot fight', () => {
    const t = campaign({ creatures: [brenna(), odo()] });
    t.run({ type: 'ftd.exhaust', creatureId: 'brenna', cause: 'tainted-food' });
    const fight = t.startFight({ id: 'hall', seed: 1, foes: [{ id: 'gob', side: 'foes', sheet: { name: 'Cave Gob', abilities: { str: 8, dex: 12, con: 10, int: 8, wis: 8, cha: 6 }, ac: 12, hp: 7 } }] });
    expect(fight.creature('brenna').conditions.map((c) => c.conditionId)).toEqual(['exhausted']);
    const ev = fight.run({ type: 'ftd.check', creatureId: 'brenna', ability: 'str', dc: 10 }, { dice: 'd20:18 d20:4' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.rollMode.mode).toBe('disadvantage');
    fight.run({ type: 'startCombat' });
    expect(fight.state.order[0]!.creatureId).toBe('brenna');
    fight.rejects({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, 'exhausted');
    expect([speedOf(ftdRuleset, fight.creature('brenna')), speedOf(ftdRuleset, fight.creature('odo'))]).toEqual([0, 30]);
  });

  it('FTD-RESIL-6 only rest with food cures exhaustion: safe rest does, unsafe rest only with medical care', () => {
    const t = campaign({ creatures: [brenna({ vars: { 'ftd.hoursOut': 14 } }), odo()] });
    t.run({ type: 'ftd.exhaust', creatureId: 'brenna', cause: 'other' });
    t.run({ type: 'ftd.exhaust', creatureId: 'odo', cause: 'other' });
    const unsafe = t.run({ type: 'ftd.camp', safe: false, cared: ['odo'] });
    expect(said(unsafe, 'FTD-RESIL-6')).toEqual(["unsafe rest does not cure Brenna's exhaustion", 'Odo is no longer exhausted']);
    expect(t.creature('brenna').vars['ftd.hoursOut']).toBe(0);
    t.run({ type: 'ftd.camp', safe: true, fed: false });
    expect(conditionIds(t, 'brenna')).toEqual(['exhausted']);
    t.run({ type: 'ftd.camp', safe: true });
    expect(conditionIds(t, 'brenna')).toEqual([]);
  });

  it('FTD-RESIL-7 exhaustion also comes from magic, sickness, poison or tainted food; it has no levels', () => {
    const t = campaign({ creatures: [odo()] });
    const ev = t.run({ type: 'ftd.exhaust', creatureId: 'odo', cause: 'poison' });
    expect(said(ev, 'FTD-RESIL-7')).toEqual(['Odo is exhausted (poison)']);
    t.rejects({ type: 'ftd.exhaust', creatureId: 'odo', cause: 'magic' }, 'already-exhausted');
  });
});

const venom = {
  name: 'marsh adder venom', dc: 11,
  stages: [{ hours: 2, effect: 'exhaustion' }, { hours: 2, effect: 'con' }, { hours: 2, effect: 'con' }],
};

describe('CORRUPT: corruption', () => {
  it('FTD-CORRUPT-1 a CON mod check against DC 11 resists; CON 12 rolling 9 makes 10 and is infected', () => {
    const t = campaign({ creatures: [brenna()] });
    const ev = t.run({ type: 'ftd.afflict', creatureId: 'brenna', affliction: venom }, { dice: 'd20:9' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.total).toBe(10);
    expect(said(ev, 'FTD-CORRUPT-1')).toEqual(['Brenna is infected by marsh adder venom']);
    const u = campaign({ creatures: [brenna()] });
    expect(said(u.run({ type: 'ftd.afflict', creatureId: 'brenna', affliction: { ...venom, dc: 14 } }, { dice: 'd20:13' }), 'FTD-CORRUPT-1')).toEqual(['Brenna resists marsh adder venom']);
    u.rejects({ type: 'ftd.afflict', creatureId: 'brenna', affliction: { ...venom, stages: [] } }, 'malformed');
  });

  it('FTD-CORRUPT-2 the infection runs in stages with a timer; the first takes hold at once', () => {
    const t = campaign({ creatures: [brenna()], clockSeconds: clockAt(1, 8) });
    t.run({ type: 'ftd.afflict', creatureId: 'brenna', affliction: venom }, { dice: 'd20:2' });
    const inf = t.creature('brenna').conditions.find((c) => c.conditionId === 'infected')!;
    expect(inf.duration).toEqual({ kind: 'gameTime', seconds: hours(2), endsAtSeconds: clockAt(1, 10) });
    expect(inf.data).toMatchObject({ stage: 0 });
    expect(conditionIds(t, 'brenna')).toEqual(['exhausted', 'infected']);
  });

  it('FTD-CORRUPT-3 at a stage\'s end another check: success ends the infection, failure brings the next stage', () => {
    const t = campaign({ creatures: [brenna()], clockSeconds: clockAt(1, 8) });
    t.run({ type: 'ftd.afflict', creatureId: 'brenna', affliction: venom }, { dice: 'd20:2' });
    t.run({ type: 'campaign.advanceTime', seconds: hours(1) });
    const ev = t.run({ type: 'campaign.advanceTime', seconds: hours(1) }, { dice: 'd20:15 d20:12' });
    expect(said(ev, 'FTD-CORRUPT-3')).toEqual(['stage 1 of marsh adder venom ends: Brenna fights it off']);
    expect(conditionIds(t, 'brenna')).toEqual(['exhausted']);
  });

  it('FTD-CORRUPT-4 the snake bite: failed checks bring 1d6 CON a stage, CON 10 (+0) to 6 (-2)', () => {
    const t = campaign({ creatures: [odo({ sheet: withCon(10) })], clockSeconds: clockAt(1, 8) });
    t.run({ type: 'ftd.afflict', creatureId: 'odo', affliction: venom }, { dice: 'd20:5' });
    expect(conditionIds(t, 'odo')).toEqual(['exhausted', 'infected']);
    // Exhausted, Odo rolls the stage check with disadvantage.
    const ev = t.run({ type: 'campaign.advanceTime', seconds: hours(2) }, { dice: 'd20:4 d20:16 d6:4' });
    expect(said(ev, 'FTD-CORRUPT-4')).toEqual(['marsh adder venom, stage 2: Odo loses 4 CON (10 → 6)']);
    expect(t.creature('odo').vars['abilities']).toMatchObject({ con: 6 });
    expect(t.creature('odo').conditions.find((c) => c.conditionId === 'infected')!.duration).toMatchObject({ endsAtSeconds: clockAt(1, 12) });
  });

  it('FTD-CORRUPT-5 two hours later another failure and a 6: CON 6 to 0, and the PC is dead', () => {
    const t = campaign({ creatures: [odo({ sheet: withCon(10) })], clockSeconds: clockAt(1, 8) });
    t.run({ type: 'ftd.afflict', creatureId: 'odo', affliction: venom }, { dice: 'd20:5' });
    t.run({ type: 'campaign.advanceTime', seconds: hours(2) }, { dice: 'd20:4 d20:16 d6:4' });
    const ev = t.run({ type: 'campaign.advanceTime', seconds: hours(2) }, { dice: 'd20:8 d20:3 d6:6' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.total).toBe(1);
    expect(said(ev, 'FTD-CORRUPT-5')).toEqual(['Odo dies: marsh adder venom took its CON to 0']);
    expect(t.creature('odo').status).toBe('dead');
  });
});

describe('XP: treasure and experience', () => {
  it('FTD-XP-1 treasure gives 1 XP per gp, rounded down, split evenly: 253.5 gp is 253 XP, 126 each for two', () => {
    const t = campaign();
    const ev = t.run({ type: 'ftd.treasure', gp: 250, sp: 30, cp: 50, earned: true });
    expect(said(ev, 'FTD-XP-1')).toEqual(['253 XP from treasure, 126 each for Brenna, Odo']);
    expect([t.creature('brenna').tallies['xp'], t.creature('odo').tallies['xp']]).toEqual([126, 126]);
  });

  it('FTD-XP-2 10 cp make a sp and 10 sp a gp', () => {
    const t = campaign();
    const ev = t.run({ type: 'ftd.treasure', cp: 345, earned: true, creatureIds: ['odo'] });
    expect(said(ev, 'FTD-XP-2')).toEqual(['0 gp, 0 sp and 345 cp are worth 3.45 gp']);
    expect(t.creature('odo').tallies['xp']).toBe(3);
  });

  it('FTD-XP-3 every coin weighs the same: 100 to a pound, 500 to a load', () => {
    const t = campaign();
    const ev = t.run({ type: 'ftd.treasure', gp: 300, sp: 30, earned: true });
    expect(said(ev, 'FTD-XP-3')).toEqual(['330 coins weigh 3.3 lb: 1 load']);
  });

  it('FTD-XP-4 gold holds magical power: recorded, with no effect of its own', () => {
    const t = campaign();
    const ev = t.run({ type: 'ftd.treasure', gp: 10, earned: true });
    expect(said(ev, 'FTD-XP-4')).toEqual(['gold and precious metals hold magical power (no rule here draws on it)']);
    expect(said(t.run({ type: 'ftd.treasure', sp: 10, earned: true }), 'FTD-XP-4')).toEqual([]);
  });

  it('FTD-XP-5 an enemy carries 1d20 gp per HD: 3 HD rolls 7 + 15 + 2 = 24; ½ HD rolls 9 for 4', () => {
    const t = campaign();
    const three = t.run({ type: 'ftd.loot', hd: 3 }, { dice: 'd20:7 d20:15 d20:2' });
    expect(said(three, 'FTD-XP-5')).toEqual(['the enemy (3 HD) carries 24 gp']);
    t.run({ type: 'ftd.loot', hd: 0.5 }, { dice: 'd20:9' });
    expect(t.state.vars['ftd.lastLoot']).toEqual({ hd: 0.5, gp: 4, from: null });
    const fight = campaign().startFight({ id: 'f', seed: 1, foes: [{ id: 'tusk', side: 'foes', sheet: { name: 'Tusk Brute', hd: 2, abilities: { str: 16, dex: 10, con: 14, int: 7, wis: 10, cha: 7 }, ac: 13, hp: 15 } }] });
    const ev = fight.run({ type: 'ftd.loot', creatureId: 'tusk' }, { dice: 'd20:11 d20:4' });
    expect(said(ev, 'FTD-XP-5')).toEqual(['Tusk Brute (2 HD) carries 15 gp']);
    fight.rejects({ type: 'ftd.loot', creatureId: 'brenna' }, 'not-an-enemy');
  });

  it('FTD-XP-6 a captured magic item is worth its fair value in XP; selling it later adds none', () => {
    const t = campaign();
    const ev = t.run({ type: 'ftd.treasure', items: [{ name: 'wand of embers', value: 500 }], earned: true });
    expect(said(ev, 'FTD-XP-6')).toEqual(['wand of embers is captured: worth 500 XP at its fair value; selling it later earns none']);
    expect(t.creature('brenna').tallies['xp']).toBe(250);
    const sold = t.run({ type: 'ftd.sellItem', name: 'wand of embers', gp: 600 });
    expect(said(sold, 'FTD-XP-6')).toEqual(['wand of embers sells for 600 gp: no XP (it counted when captured)']);
    expect(t.creature('brenna').tallies['xp']).toBe(250);
  });

  it('FTD-XP-7 the GM tags inherited or unearned treasure, which gives no XP', () => {
    const t = campaign();
    t.run({ type: 'ftd.treasure', gp: 1000 });
    expect(t.state.pending?.open.map((p) => [p.key, p.to, p.default])).toEqual([['ftd.treasure.earned', { role: 'gm' }, 'earned']]);
    const ev = t.answer('ftd.treasure.earned', 'unearned');
    expect(said(ev, 'FTD-XP-7')).toEqual(['unearned treasure: no XP']);
    expect(t.creature('brenna').tallies['xp']).toBeUndefined();
  });
});

