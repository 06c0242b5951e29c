import { describe, expect, it } from 'vitest';
import { TestTable, brenna, fight, gob, grid, odo, table, tusk, zones } from './fixtures';

describe('more of the same rules, from other angles', () => {
  it('FTD-POS-1 on a grid, two allies adjacent to the target also bring the GM prompt', () => {
    const t = table([brenna(), gob(), odo()], { space: grid({ brenna: [0, 0], gob: [1, 0], odo: [2, 0] }) });
    t.run({ type: 'startCombat' });
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.edge', ruleId: 'FTD-POS-1' });
  });

  it('FTD-DEATH-4 the GM may still roll an injury for a stabilized NPC', () => {
    const t = fight([tusk('tusk', { side: 'party', hp: 1 })]);
    t.run({ type: 'ftd.check', creatureId: 'tusk', ability: 'dex', dc: 30, damage: '1d4' }, { dice: 'd20:2 d4:3' });
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['tusk'], options: { method: 'spell' } }, { preAnswers: { 'ftd.injury.npc': 'roll' }, dice: 'd20:16' });
    expect(t.creature('tusk').conditions.map((c) => c.conditionId)).toEqual(['injured']);
  });

  it('FTD-DEATH-2 out of combat, the dying have one minute', () => {
    const t = table([brenna({ hp: 1 }), odo()]);
    t.run({ type: 'ftd.check', creatureId: 'brenna', ability: 'dex', dc: 30, damage: '1d4' }, { dice: 'd20:2 d4:3' });
    expect(t.creature('brenna').vars['ftd.deathAt']).toBe(60);
    t.run({ type: 'ftd.passTime', seconds: 59 });
    t.run({ type: 'takeAction', actorId: 'odo', action: 'stabilize', targets: ['brenna'] }, { dice: 'd20:6 d20:15' });
    expect(t.creature('brenna')).toMatchObject({ hp: 1, status: 'conscious' });
  });

  it('FTD-DEATH-2 the GM ending the encounter is the end of the fight', () => {
    const t = fight();
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['odo'] }, { dice: 'd20:20 d6:4' });
    const ev = t.run({ type: 'gm.endEncounter' });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]!.text).toBe('Odo has 54 seconds left to be stabilized');
  });

  it('FTD-ACT-5 in zones each move (closing in, pulling back) is a movement action', () => {
    const t = table([brenna(), gob(), odo()], { space: zones(['brenna', 'gob', 'odo']) });
    t.run({ type: 'startCombat' });
    t.run({ type: 'move', creatureId: 'brenna', to: { engage: 'gob' } });
    expect(t.creature('brenna').resources['movement']).toBe(0);
    t.rejects({ type: 'move', creatureId: 'brenna', to: { withdraw: 'gob', band: 'ranged' } }, 'no-movement-action-left');
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { dice: 'd20:2' });
  });

  it('FTD-ACT-8 a readied response lapses at the start of the readier\'s next turn', () => {
    const t = fight();
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'ready', targets: ['gob'], options: { trigger: 'the gob moves' } });
    for (let i = 0; i < 3; i++) t.run({ type: 'endTurn' });
    t.rejects({ type: 'ftd.trigger', creatureId: 'brenna' }, 'nothing-readied');
  });

  it('FTD-INIT-2 a DEX score lowered mid-fight does not re-sort the order', () => {
    const t = table([brenna({ hp: 5 }), gob(), odo()]);
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['brenna'] }, { dice: 'd20:20 d6:6' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'odo', action: 'stabilize', targets: ['brenna'] }, { dice: 'd20:15 d20:3 d6:6' });
    expect(t.creature('brenna').vars['abilities']).toMatchObject({ dex: 9 });
    expect(t.state.order.map((e) => e.creatureId)).toEqual(['brenna', 'gob', 'odo']);
  });
});
