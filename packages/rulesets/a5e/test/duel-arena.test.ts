import { describe, expect, it } from 'vitest';
import { createGridSpace, placeCreature, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { attack, duelTable, kass, ruleTexts, startedDuel, vey } from './duel-fixtures';

function gridOf(at: Record<string, { x: number; y: number }>): Json {
  let g = createGridSpace({});
  for (const [id, p] of Object.entries(at)) g = placeCreature(g, id, { ...p, size: 'medium' });
  return g as unknown as Json;
}
const duelVar = (t: TestTable) => t.state.vars['a5e.duel'] as Record<string, Json>;
const move = (creatureId: string, to: Json) => ({ type: 'move', creatureId, to });
const borders = { x0: 0, y0: 0, x1: 10, y1: 10 };

describe('A5E duel: the arena and how a duel ends', () => {
  it('DUEL-ARENA-1 the Narrator fixes the borders (or none) when the duel starts', () => {
    const t = duelTable({ duel: { borders, initiative: 'standard' } });
    const ev = t.run({ type: 'startCombat' });
    expect(ruleTexts(ev, 'DUEL-ARENA-1')).toEqual(["the arena's borders: squares (0,0) to (10,10); the duelists stay within 30 ft of each other"]);
    const u = duelTable({ duel: { maxSeparationFt: 20 } });
    expect(ruleTexts(u.run({ type: 'startCombat' }), 'DUEL-ARENA-1')).toEqual(['no marked borders; the duelists stay within 20 ft of each other']);
  });

  it('DUEL-ARENA-2 duelists stay within 30 ft: a move ending farther is refused; a push past it asks the Narrator', () => {
    const t = startedDuel({ space: gridOf({ vey: { x: 5, y: 0 }, kass: { x: 10, y: 0 } }) });
    const r = t.rejects(move('vey', { x: 3, y: 0 }), 'too-far-apart');
    expect([r.ruleId, r.message]).toEqual(['DUEL-ARENA-2', 'the duelists would be 35 ft apart; this duel keeps them within 30 ft']);
    t.run(move('vey', { x: 4, y: 0 }));
    t.run(move('vey', { x: 1, y: 0, kind: 'forced' }));
    expect(t.state.pending?.open.map((p) => [p.key, p.default])).toEqual([['a5e.duel.separation', 'continue']]);
    const ev = t.answer('a5e.duel.separation', 'normal-combat');
    expect(ruleTexts(ev, 'DUEL-SCOPE-4')).toEqual(['the duel ends: the duelists ended 45 ft apart', 'normal combat from the next turn: the base action economy returns, the initiative order stays, newcomers roll and join it']);
    // the limit may be lowered, never raised
    const u = startedDuel({ space: gridOf({ vey: { x: 5, y: 0 }, kass: { x: 10, y: 0 } }), duel: { maxSeparationFt: 45 } });
    u.rejects(move('vey', { x: 3, y: 0 }), 'too-far-apart');
    const w = startedDuel({ space: gridOf({ vey: { x: 5, y: 0 }, kass: { x: 10, y: 0 } }), duel: { maxSeparationFt: 20 } });
    w.rejects(move('vey', { x: 4, y: 0 }), 'too-far-apart');
  });

  it('DUEL-ARENA-3 leaving the borders, by any means, ends the duel: the one outside loses', () => {
    const t = startedDuel({ space: gridOf({ vey: { x: 8, y: 5 }, kass: { x: 10, y: 5 } }), duel: { borders } });
    const ev = t.run(move('kass', { x: 11, y: 5, kind: 'forced' }), { preAnswers: { 'a5e.duel.afterEnd': 'end-encounter' } });
    expect(ruleTexts(ev, 'DUEL-ARENA-3')).toEqual(["the duel ends: Kass left the arena's borders"]);
    expect([duelVar(t)['winner'], duelVar(t)['loser'], t.state.phase]).toEqual(['vey', 'kass', 'ended']);
  });

  it('DUEL-ARENA-3 a duelist concedes at any moment (confirmed), or falls unconscious', () => {
    const t = startedDuel();
    t.run({ type: 'a5e.duel.concede', creatureId: 'vey' }, { as: { role: 'player', seat: 'seat-vey' } });
    expect(t.state.pending?.open.map((p) => p.key)).toEqual(['a5e.duel.concede']);
    t.answer('a5e.duel.concede', 'fight-on');
    expect(duelVar(t)['status']).toBe('active');
    t.run({ type: 'a5e.duel.concede', creatureId: 'kass' }, { preAnswers: { 'a5e.duel.concede': 'concede', 'a5e.duel.afterEnd': 'end-encounter' } });
    expect([duelVar(t)['winner'], t.state.endedReason]).toEqual(['vey', 'duel: Vey wins (Kass concedes)']);

    const u = startedDuel();
    u.run({ type: 'gm.setHp', creatureId: 'vey', hp: 3 });
    u.run({ type: 'endTurn' });
    const ev = u.run(attack('kass', 'vey'), { dice: 'd20:15 d8:6', preAnswers: { 'a5e.duel.afterEnd': 'end-encounter' } });
    expect(ruleTexts(ev, 'DUEL-ARENA-3')).toEqual(['the duel ends: Vey went down']);
    expect([u.creature('vey').status, duelVar(u)['winner']]).toEqual(['dying', 'kass']);

    const w = startedDuel();
    const sleep = w.run({ type: 'gm.addCondition', creatureId: 'kass', conditionId: 'unconscious' }, { preAnswers: { 'a5e.duel.afterEnd': 'end-encounter' } });
    expect(ruleTexts(sleep, 'DUEL-ARENA-3')).toEqual(['the duel ends: Kass fell unconscious']);
  });

  it('DUEL-ARENA-4 incapacitated during round N and still at the end of round N+2: the duel ends; a break restarts the count', () => {
    const t = startedDuel();
    t.run({ type: 'gm.addCondition', creatureId: 'kass', conditionId: 'stunned' }); // round 1
    for (let i = 0; i < 4; i++) t.run({ type: 'endTurn' }); // through the end of round 2
    expect([t.state.round, duelVar(t)['status'], t.creature('kass').vars['a5e.duel.incapacitatedSince']]).toEqual([3, 'active', 1]);
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'endTurn' }, { preAnswers: { 'a5e.duel.afterEnd': 'end-encounter' } });
    expect(ruleTexts(ev, 'DUEL-ARENA-4')).toEqual(['the duel ends: Kass has been incapacitated for more than two rounds']);
    const u = startedDuel();
    u.run({ type: 'gm.addCondition', creatureId: 'kass', conditionId: 'stunned' });
    u.run({ type: 'endTurn' });
    u.run({ type: 'endTurn' }); // round 2
    u.run({ type: 'gm.removeCondition', creatureId: 'kass', conditionId: 'stunned' });
    u.run({ type: 'gm.addCondition', creatureId: 'kass', conditionId: 'stunned' });
    for (let i = 0; i < 4; i++) u.run({ type: 'endTurn' }); // end of round 3: 3 - 2 = 1
    expect(duelVar(u)['status']).toBe('active');
  });

  it('DUEL-ARENA-5 the one who ends it loses: the winner is recorded, the duel pools go, and the Narrator may fight on normally', () => {
    const t = startedDuel();
    const ev = t.run({ type: 'a5e.duel.concede', creatureId: 'kass' }, { preAnswers: { 'a5e.duel.concede': 'concede', 'a5e.duel.afterEnd': 'normal-combat' } });
    expect(ruleTexts(ev, 'DUEL-ARENA-5')).toEqual(['duel result: Vey wins']);
    expect(duelVar(t)).toEqual({ status: 'ended', participants: ['vey', 'kass'], touches: { vey: 0, kass: 0 }, winner: 'vey', loser: 'kass', reason: 'Kass concedes' });
    expect([t.creature('vey').resources['duelActions'], t.state.phase]).toEqual([0, 'combat']);
    // normal combat: the Attack action costs the action, no duel actions
    t.run(attack('vey', 'kass'), { dice: 'd20:2' });
    expect(t.creature('vey').resources['action']).toBe(0);
    const u = startedDuel();
    const end = u.run({ type: 'a5e.duel.concede', creatureId: 'vey' }, { preAnswers: { 'a5e.duel.concede': 'concede' }, as: { role: 'player', seat: 'seat-vey' } });
    expect(u.state.pending?.open.map((p) => [p.key, p.default])).toEqual([['a5e.duel.afterEnd', 'end-encounter']]);
    expect(end.some((e) => e.type === 'EncounterEnded')).toBe(false);
    const last = u.answer('a5e.duel.afterEnd', 'end-encounter');
    expect(TestTable.ofType(last, 'EncounterEnded').map((e) => e.reason)).toEqual(['duel: Kass wins (Vey concedes)']);
    // both at once: a draw
    const w = startedDuel();
    w.run({ type: 'gm.addCondition', creatureId: 'vey', conditionId: 'stunned' });
    w.run({ type: 'gm.addCondition', creatureId: 'kass', conditionId: 'stunned' });
    for (let i = 0; i < 5; i++) w.run({ type: 'endTurn' });
    const draw = w.run({ type: 'endTurn' }, { preAnswers: { 'a5e.duel.afterEnd': 'end-encounter' } });
    expect(ruleTexts(draw, 'DUEL-ARENA-5')).toEqual(['duel result: a draw']);
    expect([duelVar(w)['winner'], duelVar(w)['loser']]).toEqual([null, null]);
  });

  it('DUEL-OPT-4 best of three touches: each attack dealing at least 1 damage is a touch; the second wins', () => {
    const t = startedDuel({ duel: { touches: true } });
    const ev = t.run(attack('vey', 'kass'), { dice: 'd20:15 d8:4' });
    expect(ruleTexts(ev, 'DUEL-OPT-4')).toEqual(['a touch for Vey (1 of 2)']);
    t.run({ type: 'endTurn' });
    t.run(attack('kass', 'vey'), { dice: 'd20:18 d8:1' });
    t.run({ type: 'endTurn' });
    const win = t.run(attack('vey', 'kass'), { dice: 'd20:15 d8:1', preAnswers: { 'a5e.duel.afterEnd': 'end-encounter' } });
    expect(ruleTexts(win, 'DUEL-OPT-4')).toEqual(['a touch for Vey (2 of 2)', 'the duel ends: Vey scores a second touch']);
    expect([duelVar(t)['touches'], duelVar(t)['winner'], t.state.phase]).toEqual([{ vey: 2, kass: 1 }, 'vey', 'ended']);
  });
});

describe('A5E duel: who duels, and interference', () => {
  it('DUEL-SCOPE-1 the duel is switched on per encounter for exactly two creatures; others must be spectators', () => {
    const t = duelTable({ creatures: [vey(), kass(), kass({ id: 'kass2', name: 'Kass Two' })] });
    const r = t.rejects({ type: 'startCombat' }, 'duel-needs-two');
    expect(r.ruleId).toBe('DUEL-SCOPE-1');
    const u = startedDuel({ creatures: [vey(), kass(), kass({ id: 'kass2', name: 'Kass Two', tags: ['spectator'], initiative: 1 })] });
    expect(ruleTexts(u.encounter.events, 'DUEL-SCOPE-1')).toEqual(['a one-on-one duel: Vey against Kass; watching: Kass Two']);
    // without the module: the base economy, no duel actions
    const plain = new TestTable(t.encounter.rt.ruleset, { creatures: [vey(), kass()] });
    plain.run({ type: 'startCombat' });
    expect(plain.creature('vey').resources['duelActions']).toBeUndefined();
  });

  it('DUEL-SCOPE-2 a spectator\'s attack on a duelist is interference: the Narrator chooses what follows', () => {
    const t = startedDuel({ creatures: [vey(), kass(), kass({ id: 'ria', name: 'Ria', tags: ['spectator'], initiative: 1 })] });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }); // Ria's turn
    t.run(attack('ria', 'vey'));
    const p = t.state.pending!.open[0]!;
    expect([p.key, p.to, p.options.map((o) => o.id), p.default]).toEqual(['a5e.duel.interference', { role: 'gm' }, ['normal-combat', 'penalty', 'forfeit', 'ignore'], 'normal-combat']);
    const ev = t.answer('a5e.duel.interference', 'ignore', { dice: 'd20:3' });
    expect(ruleTexts(t.encounter.events, 'DUEL-SCOPE-2')).toEqual(['interference: Ria, a spectator, attacks Vey']);
    expect(ruleTexts(ev, 'DUEL-OPT-1')).toEqual(['the Narrator lets the interference pass']);
    expect(duelVar(t)['status']).toBe('active');
    // anything else a spectator does to a duelist: a Help for Kass, and the Narrator has Kass forfeit
    const u = startedDuel({ creatures: [vey(), kass(), kass({ id: 'ria', name: 'Ria', tags: ['spectator'], initiative: 1 })] });
    u.run({ type: 'endTurn' });
    u.run({ type: 'endTurn' });
    const help = u.run({ type: 'takeAction', actorId: 'ria', action: 'help', targets: ['kass'], options: { mode: 'task', task: 'keep footing' } }, { preAnswers: { 'a5e.helpPossible': 'yes', 'a5e.duel.interference': 'forfeit', 'a5e.duel.afterEnd': 'end-encounter' } });
    expect(ruleTexts(help, 'DUEL-SCOPE-2')).toEqual(['interference: Ria, a spectator, uses help on Kass']);
    expect([duelVar(u)['winner'], duelVar(u)['loser']]).toEqual(['vey', 'kass']);
  });

  it('DUEL-SCOPE-3 duelists may take any action of normal combat; only its price changes', () => {
    const t = startedDuel();
    expect(ruleTexts(t.encounter.events, 'DUEL-SCOPE-3')).toEqual(['the duelists may take any action, bonus action or reaction of normal combat, paid for in duel actions']);
    t.run({ type: 'takeAction', actorId: 'vey', action: 'improvise', targets: [], options: { description: 'topple a brazier' } }, { preAnswers: { 'a5e.improvise': 'possible' } });
    expect(t.creature('vey').resources['duelActions']).toBe(1);
  });

  it('DUEL-SCOPE-4 turned into normal combat: the duel ends at once, the order stays, the base economy returns', () => {
    const t = startedDuel({ creatures: [vey(), kass(), kass({ id: 'ria', name: 'Ria', tags: ['spectator'], initiative: 1 })] });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run(attack('ria', 'vey'), { dice: 'd20:3', preAnswers: { 'a5e.duel.interference': 'normal-combat' } });
    expect([duelVar(t)['status'], duelVar(t)['winner'], t.state.phase]).toEqual(['ended', null, 'combat']);
    t.run({ type: 'endTurn' }); // round 2: no pools, same order
    expect([t.state.order.map((e) => e.creatureId), t.creature('vey').resources['duelActions']]).toEqual([['vey', 'kass', 'ria'], 0]);
    t.run(attack('vey', 'kass'), { dice: 'd20:2' });
    expect(t.creature('vey').resources['action']).toBe(0);
  });

  it('DUEL-OPT-1 interference may bring a penalty (disadvantage on the helped duelist\'s next attack) or a forfeit', () => {
    const t = startedDuel({ creatures: [vey(), kass(), kass({ id: 'ria', name: 'Ria', tags: ['spectator'], initiative: 1 })], duel: { onInterference: 'penalty' } });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run(attack('ria', 'vey'), { dice: 'd20:3', preAnswers: { 'a5e.duel.interference': 'penalty' } });
    expect(t.creature('kass').vars['a5e.duel.penalty']).toBe(true);
    t.run({ type: 'endTurn' }); // round 2: Vey
    t.run({ type: 'endTurn' }); // Kass
    const ev = t.run(attack('kass', 'vey'), { dice: 'd20:17 d20:4' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.total).toBe(9);
    expect(t.creature('kass').vars['a5e.duel.penalty']).toBeUndefined();
    const u = startedDuel({ creatures: [vey(), kass(), kass({ id: 'ria', name: 'Ria', tags: ['spectator'], initiative: 1 })] });
    u.run({ type: 'a5e.duel.interfere', creatureId: 'ria', helps: 'kass', description: 'tosses Kass a dagger' }, { preAnswers: { 'a5e.duel.interference': 'forfeit', 'a5e.duel.afterEnd': 'end-encounter' } });
    expect([duelVar(u)['winner'], duelVar(u)['loser']]).toEqual(['vey', 'kass']);
  });

  it('DUEL-OPT-2 with the option on, outsiders attack a duelist with advantage', () => {
    const t = startedDuel({ creatures: [vey(), kass(), kass({ id: 'ria', name: 'Ria', tags: ['spectator'], initiative: 1 })], duel: { spectatorAdvantage: true } });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const ev = t.run(attack('ria', 'vey'), { dice: 'd20:3 d20:16 d8:2', preAnswers: { 'a5e.duel.interference': 'ignore' } });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.total).toBe(21);
  });

  it('DUEL-OPT-3 a covert meddler rolls Sleight of Hand against the watchers\' passive Perception', () => {
    const t = startedDuel({ creatures: [vey(), kass(), kass({ id: 'ria', name: 'Ria', tags: ['spectator'], initiative: 1, sheet: { ...(kass().sheet as object), skills: { 'sleight-of-hand': 'proficient' } } })] });
    const hidden = t.run({ type: 'a5e.duel.interfere', creatureId: 'ria', helps: 'kass', covert: true }, { dice: 'd20:12' });
    expect(ruleTexts(hidden, 'DUEL-OPT-3')).toEqual(["Ria's Sleight of Hand 17 beats every watcher's passive Perception (best 14): unnoticed"]);
    expect(t.state.pending).toBeNull();
    const seen = t.run({ type: 'a5e.duel.interfere', creatureId: 'ria', helps: 'kass', covert: true }, { dice: 'd20:6', preAnswers: { 'a5e.duel.interference': 'ignore' } });
    expect(ruleTexts(seen, 'DUEL-OPT-3')).toEqual(["Ria's Sleight of Hand 11 is noticed by Kass"]);
  });
});
