import { describe, expect, it } from 'vitest';
import { TestTable, brenna, fight, gob, grid, odo, table } from './fixtures';

const res = (t: TestTable, id: string) => {
  const r = t.creature(id).resources;
  return [r['active'], r['movement'], r['quick']];
};

describe('ACT: actions in a round', () => {
  it('FTD-ACT-1 creatures act on their own turns in order; acting out of turn is refused', () => {
    const t = fight();
    t.rejects({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['brenna'] }, 'not-your-turn');
    const ev = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(ev, 'TurnStarted')[0]!.creatureId).toBe('gob');
  });

  it('FTD-ACT-2 one active, one movement and one quick action per round, refreshed at the start of the turn', () => {
    const t = fight();
    expect(res(t, 'brenna')).toEqual([1, 1, 1]);
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { dice: 'd20:2' });
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'hide' }, 'no-active-action-left');
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'draw' });
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'draw' }, 'no-quick-action-left');
    expect(res(t, 'brenna')).toEqual([0, 1, 0]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(t.state.round).toBe(2);
    expect(res(t, 'brenna')).toEqual([1, 1, 1]);
  });

  it('FTD-ACT-3 attacking, hiding and casting each use the active action', () => {
    const t = fight();
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'cast', options: { spell: 'Light' } });
    expect(res(t, 'brenna')).toEqual([0, 1, 1]);
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, 'no-active-action-left');
  });

  it('FTD-ACT-4 the active action becomes a movement action if the GM allows; refused, nothing changes', () => {
    const t = fight();
    t.run({ type: 'ftd.tradeDown', creatureId: 'brenna', from: 'active', to: 'movement' });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.tradeDown.allow', default: 'allow', to: { role: 'gm' } });
    t.answer('ftd.tradeDown.allow', 'allow');
    expect(res(t, 'brenna')).toEqual([0, 2, 1]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'ftd.tradeDown', creatureId: 'gob', from: 'active', to: 'quick' }, { preAnswers: { 'ftd.tradeDown.allow': 'refuse' } });
    expect(res(t, 'gob')).toEqual([1, 1, 1]);
  });

  it('FTD-ACT-5 movement splits around an attack: 10 ft, attack, 20 ft, then no more', () => {
    const t = table([brenna(), gob(), odo()], { space: grid({ brenna: [0, 0], gob: [3, 0], odo: [0, 5] }) });
    t.run({ type: 'startCombat' });
    t.run({ type: 'move', creatureId: 'brenna', to: { x: 2, y: 0 } });
    expect(t.creature('brenna').resources['moveFeet']).toBe(20);
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { dice: 'd20:2' });
    t.run({ type: 'move', creatureId: 'brenna', to: { x: 2, y: 4 } });
    expect(t.creature('brenna').resources['moveFeet']).toBe(0);
    t.rejects({ type: 'move', creatureId: 'brenna', to: { x: 2, y: 5 } }, 'too-far');
  });

  it('FTD-ACT-6 the movement action becomes a quick action without asking', () => {
    const t = fight();
    const ev = t.run({ type: 'ftd.tradeDown', creatureId: 'brenna', from: 'movement', to: 'quick' });
    expect(t.state.pending).toBeNull();
    expect(TestTable.ofType(ev, 'ResourceSet').at(-1)).toMatchObject({ key: 'quick', value: 2, ruleId: 'FTD-ACT-6' });
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'draw' });
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'draw' });
    expect(res(t, 'brenna')).toEqual([1, 0, 0]);
  });

  it('FTD-ACT-7 drawing is quick; the GM classes anything unlisted', () => {
    const t = fight();
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'draw' });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]!.ruleId).toBe('FTD-ACT-7');
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'other', options: { description: 'kick the brazier over' } });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.act.classify', default: 'active' });
    t.answer('ftd.act.classify', 'active');
    expect(res(t, 'brenna')).toEqual([0, 1, 0]);
  });

  it('FTD-ACT-8 a readied attack goes off on its trigger with the active action kept back; without it, it is lost', () => {
    const t = fight();
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'ready', targets: ['gob'], options: { trigger: 'the gob moves' } });
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'ftd.trigger', creatureId: 'brenna' }, { dice: 'd20:15 d8:5' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]).toMatchObject({ actor: 'brenna', target: 'gob', outcome: 'hit' });
    expect(t.creature('gob').hp).toBe(0);
    expect(t.creature('brenna').resources['active']).toBe(0);
    const t2 = fight();
    t2.run({ type: 'takeAction', actorId: 'brenna', action: 'ready', targets: ['gob'], options: { trigger: 'the gob moves' } });
    t2.run({ type: 'takeAction', actorId: 'brenna', action: 'cast', options: { spell: 'Light' } });
    t2.run({ type: 'endTurn' });
    const lost = t2.run({ type: 'ftd.trigger', creatureId: 'brenna' });
    expect(TestTable.ofType(lost, 'RuleApplied')[0]!.text).toBe("Brenna's readied attack is lost: its active action is spent");
    expect(TestTable.ofType(lost, 'TestResolved')).toHaveLength(0);
  });

  it('FTD-ACT-9 concentration costs the quick action each round after the first and lapses without one', () => {
    const t = fight();
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'cast', options: { spell: 'Ward', concentration: true } });
    t.run({ type: 'endTurn' });
    expect(t.creature('brenna').resources['quick']).toBe(1);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const r2 = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(r2, 'RuleApplied').map((r) => r.ruleId)).toContain('FTD-ACT-9');
    expect(t.creature('brenna').conditions.map((c) => c.conditionId)).toEqual(['concentrating']);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'draw' });
    const r3 = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(r3, 'ConditionRemoved')[0]).toMatchObject({ conditionId: 'concentrating', reason: 'no quick action left to keep concentrating' });
  });
});
