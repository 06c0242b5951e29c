import { describe, expect, it } from 'vitest';
import { TestTable, brenna, gob, odo, table, tusk, zones } from './fixtures';

const order = (t: TestTable) => t.state.order.map((e) => e.creatureId);

/** Brenna engaged with the gob; a retainer follows her. */
function surrounded(extraFoe = false) {
  const foes = extraFoe ? [gob(), tusk()] : [gob()];
  const ids = ['brenna', ...foes.map((f) => f.id), 'odo', 'porter'];
  const close: [string, string][] = foes.map((f) => ['brenna', f.id]);
  const t = table([brenna(), ...foes, odo(), tusk('porter', { side: 'party', sheet: { ...(tusk().sheet as object), name: 'Porter', kind: 'npc', moraleBonus: 0 }, vars: { follows: 'brenna' } })], { space: zones(ids, close) });
  t.run({ type: 'startCombat' });
  return t;
}

describe('RETREAT: retreat', () => {
  it('FTD-RETREAT-1 retreat takes the whole turn: not after acting', () => {
    const t = surrounded();
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'draw' });
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'retreat' }, 'retreat-needs-whole-turn');
  });

  it('FTD-RETREAT-2 retreating ends concentration at once', () => {
    const t = surrounded();
    t.run({ type: 'gm.addCondition', creatureId: 'brenna', conditionId: 'concentrating' });
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'retreat' }, { dice: 'd20:15 d20:15', preAnswers: { 'ftd.retreat.check': 'none', 'ftd.retreat.attackers': 'none', 'ftd.retreat.pursuit': 'no' } });
    expect(TestTable.ofType(ev, 'ConditionRemoved')[0]).toMatchObject({ conditionId: 'concentrating', ruleId: 'FTD-RETREAT-2' });
  });

  it('FTD-RETREAT-3 the GM may call a check, then let enemies attack; those attacks cost them nothing', () => {
    const t = surrounded();
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'retreat' }, { dice: 'd20:15 d20:15', preAnswers: { 'ftd.retreat.check': 'dex', 'ftd.retreat.dc': '11' } });
    const p = t.state.pending!.open[0]!;
    expect(p).toMatchObject({ key: 'ftd.retreat.attackers', default: 'none' });
    expect(p.options.map((o) => o.id)).toEqual(['none', 'gob']);
    const ev = t.answer('ftd.retreat.attackers', 'gob', { dice: 'd20:12 d20:3' });
    expect(TestTable.ofType(ev, 'TestResolved').map((x) => [x.actor, x.kind, x.outcome])).toEqual([['brenna', 'check', 'success'], ['gob', 'attack', 'miss']]);
    expect(t.creature('gob').resources['active']).toBe(1);
  });

  it('FTD-RETREAT-4 a failed check or any hit stops the retreat; the turn is spent', () => {
    const t = surrounded();
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'retreat' }, { dice: 'd20:15 d20:15 d20:3', preAnswers: { 'ftd.retreat.check': 'dex', 'ftd.retreat.dc': '11', 'ftd.retreat.attackers': 'none' } });
    expect(TestTable.ofType(ev, 'RuleApplied').at(-1)).toMatchObject({ ruleId: 'FTD-RETREAT-4', text: 'Brenna fails to get away and stays where it was' });
    expect(order(t)).toContain('brenna');
    expect(t.creature('brenna').resources).toMatchObject({ active: 0, movement: 0, quick: 0 });
    const t2 = surrounded();
    const hit = t2.run({ type: 'takeAction', actorId: 'brenna', action: 'retreat' }, { dice: 'd20:15 d20:15 d20:12 d6:1', preAnswers: { 'ftd.retreat.check': 'none', 'ftd.retreat.attackers': 'gob' } });
    expect(TestTable.ofType(hit, 'RuleApplied').at(-1)).toMatchObject({ ruleId: 'FTD-RETREAT-4', text: 'Brenna is hit and the retreat fails' });
    expect(t2.creature('brenna').status).toBe('conscious');
  });

  it('FTD-RETREAT-5 a successful retreat leaves the order; the others keep theirs', () => {
    const t = surrounded();
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'retreat' }, { dice: 'd20:15 d20:15', preAnswers: { 'ftd.retreat.check': 'none', 'ftd.retreat.attackers': 'none', 'ftd.retreat.pursuit': 'no' } });
    expect(t.creature('brenna').status).toBe('escaped');
    expect(order(t)).toEqual(['gob', 'porter', 'odo']);
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('gob');
    expect(TestTable.ofType(ev, 'InitiativeSet')[0]!.ruleId).toBe('FTD-RETREAT-5');
    t.rejects({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['brenna'] }, 'illegal-target');
  });

  it('FTD-RETREAT-6 the GM says whether anyone gives chase', () => {
    const t = surrounded();
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'retreat' }, { dice: 'd20:15 d20:15', preAnswers: { 'ftd.retreat.check': 'none', 'ftd.retreat.attackers': 'none', 'ftd.retreat.pursuit': 'chase' } });
    expect(TestTable.ofType(ev, 'RuleApplied').find((r) => r.ruleId === 'FTD-RETREAT-6')!.text).toBe('Brenna escapes the battle but is pursued: resolve the chase');
  });

  it('FTD-RETREAT-7 followers check morale at disadvantage as the retreat is declared; failure routs them', () => {
    const t = surrounded();
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'retreat' }, { dice: 'd20:15 d20:8', preAnswers: { 'ftd.retreat.check': 'dex', 'ftd.retreat.attackers': 'none' } });
    const m = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect(m).toMatchObject({ kind: 'morale', actor: 'porter', outcome: 'failure' });
    expect(m.breakdown.dice).toBe('2d20kl1');
    expect(t.creature('porter').conditions.map((c) => c.conditionId)).toEqual(['fleeing']);
    expect(t.state.pending!.open[0]!.key).toBe('ftd.retreat.dc');
  });
});
