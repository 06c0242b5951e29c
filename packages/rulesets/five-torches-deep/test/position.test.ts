import { describe, expect, it } from 'vitest';
import { TestTable, brenna, gob, grid, odo, table, zones } from './fixtures';

const test0 = (ev: ReturnType<TestTable['run']>) => TestTable.ofType(ev, 'TestResolved')[0]!;

function inZones(close: [string, string][], far: [string, string][] = []) {
  const t = table([brenna(), gob(), odo()], { space: zones(['brenna', 'gob', 'odo'], close, far) });
  t.run({ type: 'startCombat' });
  return t;
}

describe('POS: position, stealth and range', () => {
  it('FTD-POS-1 two allies at close range of the target: the GM is asked about advantage', () => {
    const t = inZones([['brenna', 'gob'], ['odo', 'gob']]);
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.edge', ruleId: 'FTD-POS-1', to: { role: 'gm' } });
    const ev = t.answer('ftd.edge', 'advantage', { dice: 'd20:3 d20:9 d8:2' });
    expect(test0(ev).breakdown.dice).toBe('2d20kh1');
    expect(test0(ev).outcome).toBe('hit');
  });

  it('FTD-POS-2 a clever move lets the GM grant an automatic success', () => {
    const t = inZones([['brenna', 'gob']]);
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { clever: true } });
    expect(t.state.pending!.open[0]!.ruleId).toBe('FTD-POS-2');
    const ev = t.answer('ftd.edge', 'auto-success', { dice: 'd8:4' });
    expect(test0(ev)).toMatchObject({ outcome: 'hit', ruleId: 'FTD-POS-3' });
    expect(TestTable.ofType(ev, 'DiceRolled').map((d) => d.purpose)).toEqual(['Longsword damage']);
    expect(t.creature('gob').hp).toBe(0);
  });

  it('FTD-POS-3 an overwhelming position: the GM sets the result without a roll', () => {
    const t = inZones([['brenna', 'gob'], ['odo', 'gob']]);
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { preAnswers: { 'ftd.edge': 'auto-failure' } });
    expect(test0(ev)).toMatchObject({ outcome: 'miss', ruleId: 'FTD-POS-3' });
    expect(TestTable.ofType(ev, 'DiceRolled')).toHaveLength(0);
  });

  it('FTD-POS-4 a creature in stealth cannot be targeted; its own attack ends the stealth', () => {
    const t = inZones([['brenna', 'gob']]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'gob', action: 'hide' }, { preAnswers: { 'ftd.hide.dc': '11' }, dice: 'd20:10' });
    expect(t.creature('gob').conditions.map((c) => c.conditionId)).toEqual(['stealthed']);
    t.run({ type: 'endTurn' });
    t.rejects({ type: 'takeAction', actorId: 'odo', action: 'attack', targets: ['gob'], options: { attack: 'sacred-flame' } }, 'target-in-stealth');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['brenna'] }, { dice: 'd20:2' });
    expect(TestTable.ofType(ev, 'ConditionRemoved')[0]).toMatchObject({ conditionId: 'stealthed', reason: 'attacking ends stealth' });
  });

  it('FTD-POS-4 the GM may rule stealth impossible', () => {
    const t = inZones([]);
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'hide' }, { preAnswers: { 'ftd.hide.dc': 'impossible' } });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]!.ruleId).toBe('FTD-POS-4');
    expect(t.creature('brenna').conditions).toEqual([]);
  });

  it('FTD-POS-5 on a grid: within 10 ft is close, out to the listed range is ranged, beyond is far', () => {
    const t = table([brenna(), gob()], { space: grid({ brenna: [0, 0], gob: [13, 0] }) });
    t.run({ type: 'startCombat' });
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } }, 'target-too-far');
    const near = table([brenna(), gob()], { space: grid({ brenna: [0, 0], gob: [12, 0] }) });
    near.run({ type: 'startCombat' });
    const ev = near.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } }, { dice: 'd20:2' });
    expect(test0(ev).breakdown.dice).toBe('1d20');
  });

  it('FTD-POS-6 a ranged attack at close range has disadvantage', () => {
    const t = inZones([['brenna', 'gob']]);
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } }, { dice: 'd20:15 d20:4' });
    expect(test0(ev).breakdown.rollMode.sources).toEqual([{ mode: 'disadvantage', source: 'range', label: 'ranged attack at close range', ruleId: 'FTD-POS-6', applied: true }]);
    expect(test0(ev).outcome).toBe('miss');
  });

  it('FTD-POS-7 a ranged attack in the ranged band has no penalty', () => {
    const t = inZones([]);
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } }, { dice: 'd20:8 d6:3' });
    expect(test0(ev).breakdown.rollMode.sources).toEqual([]);
    expect(test0(ev).outcome).toBe('hit');
  });

  it('FTD-POS-8 nothing can be attacked at far range', () => {
    const t = inZones([], [['brenna', 'gob']]);
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } }, 'target-too-far');
  });

  it('FTD-ATK-4 melee needs close range: 5 ft, or 10 ft with reach; in zones, engaged', () => {
    const z = inZones([]);
    z.rejects({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, 'out-of-reach');
    const t = table([brenna(), gob()], { space: grid({ brenna: [0, 0], gob: [2, 0] }) });
    t.run({ type: 'startCombat' });
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, 'out-of-reach');
    t.run({ type: 'endTurn' });
    const pike = table([brenna(), gob('gob', { sheet: { ...(gob().sheet as object), attacks: [{ id: 'pike', name: 'Pike', kind: 'melee', damage: '1d8', bonus: 3, reach: 10 }] } })], { space: grid({ brenna: [0, 0], gob: [2, 0] }) });
    pike.run({ type: 'startCombat' });
    pike.run({ type: 'endTurn' });
    pike.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['brenna'] }, { dice: 'd20:2' });
  });

  it('FTD-ATK-5 a ranged attack while an enemy is in melee with the shooter has disadvantage', () => {
    const t = table([brenna(), gob(), gob('gob2')], { space: zones(['brenna', 'gob', 'gob2'], [['brenna', 'gob2']]) });
    t.run({ type: 'startCombat' }, { dice: 'd20:5 d20:6' });
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } }, { dice: 'd20:15 d20:4' });
    expect(test0(ev).breakdown.rollMode.sources.map((s) => s.ruleId)).toEqual(['FTD-ATK-5']);
  });

  it('FTD-ATK-6 a spell "in 30 ft" reaches 30 ft and no farther', () => {
    const t = table([odo(), gob()], { space: grid({ odo: [0, 0], gob: [7, 0] }) });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' });
    t.rejects({ type: 'takeAction', actorId: 'odo', action: 'attack', targets: ['gob'], options: { attack: 'sacred-flame' } }, 'target-too-far');
    const t2 = table([odo(), gob()], { space: grid({ odo: [0, 0], gob: [6, 0] }) });
    t2.run({ type: 'startCombat' });
    t2.run({ type: 'endTurn' });
    t2.run({ type: 'takeAction', actorId: 'odo', action: 'attack', targets: ['gob'], options: { attack: 'sacred-flame' } }, { dice: 'd20:2' });
  });
});
