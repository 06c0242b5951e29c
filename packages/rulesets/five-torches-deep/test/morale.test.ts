import { describe, expect, it } from 'vitest';
import { TestTable, brenna, gob, odo, table, tusk } from './fixtures';

const tests = (ev: ReturnType<TestTable['run']>) => TestTable.ofType(ev, 'TestResolved');
const ids = (t: TestTable, id: string) => t.creature(id).conditions.map((c) => c.conditionId);
const construct = (id: string) => gob(id, { sheet: { ...(gob().sheet as object), name: 'Clay Guard', living: false } });

describe('MORALE: morale', () => {
  it('FTD-MORALE-1 DC 11; failure means flight or surrender, the GM choosing; the unliving never check', () => {
    const t = table([tusk(), construct('clay')]);
    const ev = t.run({ type: 'ftd.morale', creatureIds: ['tusk', 'clay'] }, { dice: 'd20:8' });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]).toMatchObject({ ruleId: 'FTD-MORALE-1', text: 'Clay Guard is not alive and never checks morale' });
    expect(tests(ev)[0]!.against).toEqual({ label: 'morale DC', value: 11 });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.morale.failure', default: 'flee' });
    t.answer('ftd.morale.failure', 'surrender');
    expect(ids(t, 'tusk')).toEqual(['surrendered']);
    expect(ids(t, 'clay')).toEqual([]);
  });

  it('FTD-MORALE-2 d20 + WIS mod + PB when fitting + the HD morale bonus', () => {
    const t = table([tusk()]);
    const ev = t.run({ type: 'ftd.morale', creatureIds: ['tusk'] }, { dice: 'd20:9' });
    expect(tests(ev)[0]!.breakdown.rows.map((r) => [r.id, r.value])).toEqual([['base', 0], ['morale-bonus', 2]]);
    expect(tests(ev)[0]!.outcome).toBe('success');
    const ev2 = t.run({ type: 'ftd.morale', creatureIds: ['tusk'], proficient: true }, { dice: 'd20:7' });
    expect(tests(ev2)[0]!.breakdown.total).toBe(11);
  });

  it('FTD-MORALE-3 circumstances such as being outnumbered give disadvantage', () => {
    const t = table([gob()]);
    const ev = t.run({ type: 'ftd.morale', creatureIds: ['gob'], mode: 'disadvantage', why: 'outnumbered' }, { dice: 'd20:14 d20:9', preAnswers: { 'ftd.morale.failure': 'flee' } });
    expect(tests(ev)[0]!.breakdown.total).toBe(8);
    expect(ids(t, 'gob')).toEqual(['fleeing']);
  });

  it('FTD-MORALE-4 the GM is asked when the battle begins, at the first death and when a leader falls', () => {
    const t = table([brenna(), gob(), odo(), tusk('boss', { sheet: { ...(tusk().sheet as object), name: 'Tusk Chief', leader: true } })], { options: { moraleTriggers: true } });
    t.run({ type: 'startCombat' });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.morale.call', default: 'no', text: 'The battle begins. Call a morale check?' });
    t.answer('ftd.morale.call', 'no');
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { dice: 'd20:15 d8:6' });
    t.run({ type: 'ftd.endFight' });
    t.run({ type: 'ftd.passTime', seconds: 60 });
    expect(t.state.pending!.open[0]!.text).toBe('Cave Gob is the first to die. Call a morale check?');
    t.answer('ftd.morale.call', 'individual', { dice: 'd20:12' });
    expect(t.creature('gob').status).toBe('dead');
    const chief = tusk('boss', { hp: 1, sheet: { ...(tusk().sheet as object), name: 'Tusk Chief', leader: true } });
    const t2 = table([brenna(), chief, gob('g1'), gob('g2')], { options: { moraleTriggers: true } });
    const hurt = { type: 'ftd.check', ability: 'dex', dc: 30, damage: '1d8' } as const;
    t2.run({ ...hurt, creatureId: 'g1' }, { dice: 'd20:2 d8:8' });
    t2.run({ ...hurt, creatureId: 'g1' }, { dice: 'd20:2 d8:1', preAnswers: { 'ftd.killingBlow': 'kill', 'ftd.morale.call': 'no' } });
    t2.run({ ...hurt, creatureId: 'boss' }, { dice: 'd20:2 d8:3' });
    t2.run({ ...hurt, creatureId: 'boss' }, { dice: 'd20:2 d8:3', preAnswers: { 'ftd.killingBlow': 'kill' } });
    expect(t2.state.pending!.open[0]).toMatchObject({ key: 'ftd.morale.call', text: 'Tusk Chief, a leader, is killed. Call a morale check?' });
    const m = t2.answer('ftd.morale.call', 'side', { dice: 'd20:4' });
    expect(tests(m).map((x) => x.actor)).toEqual(['g2']);
  });

  it('FTD-MORALE-5 monsters may roll as a side (leader or most HD rolls), by type, or alone; PCs always alone', () => {
    const t = table([brenna(), gob('g1'), gob('g2'), tusk()]);
    const side = t.run({ type: 'ftd.morale', creatureIds: ['brenna', 'g1', 'g2', 'tusk'], grouping: 'side' }, { dice: 'd20:15 d20:12' });
    expect(tests(side).map((x) => x.actor)).toEqual(['brenna', 'tusk']);
    const type = t.run({ type: 'ftd.morale', side: 'foes', grouping: 'type' }, { dice: 'd20:15 d20:12' });
    expect(tests(type).map((x) => x.actor)).toEqual(['g1', 'tusk']);
  });

  it('FTD-MORALE-6 a PC whose morale breaks is narrated by its player; the engine takes no control', () => {
    const t = table([brenna()]);
    const ev = t.run({ type: 'ftd.morale', creatureIds: ['brenna'] }, { dice: 'd20:3' });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]).toMatchObject({ ruleId: 'FTD-MORALE-6' });
    expect(t.state.pending).toBeNull();
    expect(ids(t, 'brenna')).toEqual([]);
  });
});
