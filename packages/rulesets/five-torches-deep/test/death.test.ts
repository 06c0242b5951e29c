import { describe, expect, it } from 'vitest';
import { TestTable, brenna, fight, gob, odo, table, tusk } from './fixtures';

/** Brenna's turn in round 2 with Odo dying (dropped in round 1 by the gob). */
function odoDown(): TestTable {
  const t = fight();
  t.run({ type: 'endTurn' });
  t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['odo'] }, { dice: 'd20:20 d6:4' });
  t.run({ type: 'endTurn' });
  return t;
}

const ids = (t: TestTable, id: string) => t.creature(id).conditions.map((c) => c.conditionId);

describe('DEATH: 0 HP, dying and stabilizing', () => {
  it('FTD-DEATH-1 at 0 HP any combatant is incapacitated and takes no actions', () => {
    const t = odoDown();
    expect(ids(t, 'odo')).toEqual(['incapacitated']);
    t.rejects({ type: 'ftd.trigger', creatureId: 'odo' }, 'nothing-readied');
    t.rejects({ type: 'ftd.tradeDown', creatureId: 'odo', from: 'movement', to: 'quick' }, 'cannot-act');
    // The gob falls too, and is skipped like Odo.
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { dice: 'd20:15 d8:6' });
    expect(t.creature('gob').status).toBe('dying');
    const ev = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(ev, 'TurnStarted')[0]!.creatureId).toBe('brenna');
  });

  it('FTD-DEATH-2 the fight ends: what is left of the minute counts down in seconds', () => {
    const t = odoDown();
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(t.state.round).toBe(3);
    const ev = t.run({ type: 'ftd.endFight' });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]!.text).toBe('Odo has 42 seconds left to be stabilized');
    t.run({ type: 'ftd.passTime', seconds: 41 });
    expect(t.creature('odo').status).toBe('dying');
    t.run({ type: 'ftd.passTime', seconds: 1 });
    expect(t.creature('odo').status).toBe('dead');
  });

  it('FTD-DEATH-2 in a fight longer than the minute, the end of the fight is the deadline', () => {
    const t = odoDown();
    while (t.state.round < 11) t.run({ type: 'endTurn' });
    expect(t.creature('odo').status).toBe('dying');
    t.run({ type: 'ftd.endFight' });
    expect(t.creature('odo').status).toBe('dead');
  });

  it('FTD-DEATH-3 healing of any amount stabilizes; an enemy cannot; a failed check leaves it dying', () => {
    const t = odoDown();
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['brenna'] }, 'not-dying');
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['odo'] }, { dice: 'd20:7' });
    expect(t.creature('odo').status).toBe('dying');
    const t2 = odoDown();
    const ev = t2.run({ type: 'takeAction', actorId: 'brenna', action: 'heal', targets: ['odo'], options: { dice: '1d4' } }, { dice: 'd4:3 d20:17' });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]!.text).toBe('Odo is stabilized (healing)');
    expect(t2.creature('odo').hp).toBe(3);
    const t3 = table([brenna(), gob(), odo()]);
    t3.run({ type: 'gm.setHp', creatureId: 'odo', hp: 1 });
    t3.run({ type: 'ftd.check', creatureId: 'odo', ability: 'dex', dc: 20, damage: '1d4' }, { dice: 'd20:10 d4:3' });
    t3.rejects({ type: 'takeAction', actorId: 'gob', action: 'stabilize', targets: ['odo'] }, 'not-an-ally');
  });

  it('FTD-DEATH-4 a stabilized NPC comes back at 1 HP with no injury roll unless the GM asks for one', () => {
    const t = fight([tusk('tusk', { side: 'party', hp: 1 })]);
    t.run({ type: 'ftd.check', creatureId: 'tusk', ability: 'dex', dc: 30, damage: '1d4' }, { dice: 'd20:2 d4:3' });
    expect(t.creature('tusk').status).toBe('dying');
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['tusk'], options: { method: 'spell' } });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.injury.npc', default: 'no' });
    expect(TestTable.ofType(ev, 'DiceRolled')).toHaveLength(0);
    t.answer('ftd.injury.npc', 'no');
    expect(t.creature('tusk')).toMatchObject({ hp: 1, status: 'conscious', conditions: [] });
  });

  it('FTD-DEATH-4 a PC stabilized by a 3d6 potion rolls 12 on the table: 13 HP and a body part lost', () => {
    const t = odoDown();
    t.run({ type: 'gm.setHp', creatureId: 'odo', maxHp: 20 });
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'heal', targets: ['odo'], options: { dice: '3d6' } }, { dice: 'd6:2 d6:5 d6:6 d20:12' });
    t.answer('ftd.injury.bodyPart', 'hand');
    expect(t.creature('odo').hp).toBe(13);
    expect(t.creature('odo').vars['lostParts']).toEqual(['hand']);
  });

  it('FTD-DEATH-5 damage at 0 HP does nothing more unless the GM rules a killing blow', () => {
    const t = odoDown();
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['odo'] }, { dice: 'd20:15 d6:2' });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.killingBlow', default: 'no-effect' });
    t.answer('ftd.killingBlow', 'no-effect');
    expect(t.creature('odo')).toMatchObject({ hp: 0, status: 'dying' });
    t.undo();
    t.undo();
    t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['odo'] }, { dice: 'd20:15 d6:2', preAnswers: { 'ftd.killingBlow': 'kill' } });
    expect(t.creature('odo').status).toBe('dead');
  });
});

describe('INJURY: the Injury Table', () => {
  it('FTD-INJURY-1 a 1 on the injury roll is a false hope: the PC dies', () => {
    const t = odoDown();
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['odo'] }, { dice: 'd20:15 d20:1' });
    expect(TestTable.ofType(ev, 'RuleApplied').map((r) => r.ruleId)).toEqual(['FTD-DEATH-3', 'FTD-INJURY-1']);
    expect(t.creature('odo')).toMatchObject({ status: 'dead', hp: 0 });
  });

  it('FTD-INJURY-2 Weak: CON drops by 1d6 and the mod follows; CON 0 kills; another score at 0 incapacitates', () => {
    const t = odoDown();
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['odo'] }, { dice: 'd20:15 d20:4 d6:3' });
    expect(t.creature('odo').vars['abilities']).toMatchObject({ con: 8 });
    const c = t.run({ type: 'ftd.check', creatureId: 'odo', ability: 'con', dc: 5 }, { dice: 'd20:10' });
    expect(TestTable.ofType(c, 'TestResolved')[0]!.breakdown.rows[0]).toMatchObject({ label: 'CON mod', value: -1 });
  });

  it('FTD-INJURY-2 a score driven to 0 leaves the PC drained and incapacitated; CON 0 is death', () => {
    const low = odo({ sheet: { ...(odo().sheet as object), abilities: { str: 2, dex: 9, con: 3, int: 12, wis: 16, cha: 12 } } });
    const t = table([brenna(), gob(), low]);
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['odo'] }, { dice: 'd20:20 d6:4' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['odo'] }, { dice: 'd20:15 d20:2 d6:5' });
    expect(ids(t, 'odo').sort()).toEqual(['drained', 'incapacitated']);
    expect(t.creature('odo').hp).toBe(1);
    const t2 = table([brenna(), gob(), low]);
    t2.run({ type: 'startCombat' });
    t2.run({ type: 'endTurn' });
    t2.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['odo'] }, { dice: 'd20:20 d6:4' });
    t2.run({ type: 'endTurn' });
    t2.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['odo'] }, { dice: 'd20:15 d20:4 d6:6' });
    expect(t2.creature('odo').status).toBe('dead');
  });

  it('FTD-INJURY-3 8-13: the GM picks the body part lost, and it is recorded', () => {
    const t = odoDown();
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['odo'] }, { dice: 'd20:15 d20:9' });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.injury.bodyPart', to: { role: 'gm' }, default: 'hand' });
    const ev = t.answer('ftd.injury.bodyPart', 'leg');
    expect(TestTable.ofType(ev, 'RuleApplied').find((r) => r.ruleId === 'FTD-INJURY-3')!.text).toBe('Odo loses a leg');
    expect(t.creature('odo').vars['lostParts']).toEqual(['leg']);
    expect(t.creature('odo').hp).toBe(1);
  });

  it('FTD-INJURY-4 14-19: disadvantage on every check until a rest', () => {
    const t = odoDown();
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['odo'] }, { dice: 'd20:15 d20:19' });
    const ev = t.run({ type: 'ftd.check', creatureId: 'odo', ability: 'wis', dc: 10 }, { dice: 'd20:18 d20:2' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.natural).toBe(2);
    t.run({ type: 'ftd.endFight' });
    t.run({ type: 'ftd.rest', safe: false });
    expect(ids(t, 'odo')).toEqual([]);
  });

  it('FTD-INJURY-5 20: Standing heals 1d8 more on top of the 1 HP', () => {
    const t = odoDown();
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['odo'] }, { dice: 'd20:15 d20:20 d8:5' });
    expect(TestTable.ofType(ev, 'HealingApplied')[0]).toMatchObject({ hpBefore: 1, hpAfter: 6, ruleId: 'FTD-INJURY-5' });
    expect(t.creature('odo')).toMatchObject({ hp: 6, status: 'conscious', conditions: [] });
  });
});
