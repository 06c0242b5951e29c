import { describe, expect, it } from 'vitest';
import { createGridSpace, placeCreature, type Json } from '@fray/engine';
import { CampaignTable, TestTable } from '@fray/testkit';
import { a5eRuleset, canSpend, economyRefusal } from '../src/index';
import { purchaseTotal } from '../src/duel/exertion';
import { attack, kass, ruleTexts, startedDuel, vey } from './duel-fixtures';

const act = (actorId: string, action: string, targets: string[] = [], options: Record<string, Json> = {}) => ({ type: 'takeAction', actorId, action, targets, options });
const pool = (t: TestTable, id: string) => t.creature(id).resources['duelActions'];
const shift = (t: TestTable) => t.run({ type: 'endTurn' });
const spell = (id: string, castingTime: string, extra: Record<string, Json> = {}) => act(id, 'cast-spell', [], { spell: 'shield', castingTime, ...extra });
const result = { preAnswers: { 'a5e.maneuverResult': 'success' } };

function gridOf(at: Record<string, { x: number; y: number }>): Json {
  let g = createGridSpace({});
  for (const [id, p] of Object.entries(at)) g = placeCreature(g, id, { ...p, size: 'medium' });
  return g as unknown as Json;
}

describe('A5E duel: duel actions replace the action economy', () => {
  it('DUEL-ACTION-1 each duelist has PB duel actions, set (not raised) to PB at the start of every round', () => {
    const t = startedDuel();
    expect([pool(t, 'vey'), pool(t, 'kass')]).toEqual([3, 2]);
    t.run(spell('vey', 'bonusAction'));
    expect(pool(t, 'vey')).toBe(2);
    shift(t);
    const ev = shift(t); // round 2
    expect(t.state.round).toBe(2);
    expect([pool(t, 'vey'), pool(t, 'kass')]).toEqual([3, 2]);
    expect(ruleTexts(ev, 'DUEL-ACTION-1')).toEqual(['round 2: Vey 3, Kass 2 duel actions']);
  });

  it('DUEL-ACTION-2 an option the pool cannot cover is refused, and nothing changes', () => {
    const t = startedDuel();
    shift(t); // Kass, 2 duel actions
    t.run(attack('kass', 'vey'), { dice: 'd20:2' });
    expect(pool(t, 'kass')).toBe(0);
    const r = t.rejects(spell('kass', 'bonusAction'), 'no-duel-actions');
    expect([r.ruleId, r.message]).toEqual(['DUEL-ACTION-2', 'Kass has 0 duel actions left; a spell cast as a bonus action costs 1 (buy more with exertion: a5e.duel.buyActions)']);
    // the economy's own question (what policies and legal-command lists ask) knows the pool too
    const u = startedDuel();
    u.run(spell('vey', 'bonusAction'));
    u.run(spell('vey', 'reaction'));
    expect([canSpend(a5eRuleset, u.state, 'vey', 'action'), canSpend(a5eRuleset, u.state, 'vey', 'bonusAction'), canSpend(a5eRuleset, u.state, 'kass', 'reaction')]).toEqual([false, false, true]);
    expect(economyRefusal(a5eRuleset, u.state, 'vey', 'action')).toEqual({ code: 'no-duel-actions', message: 'Vey has 1 duel action left; an action costs 2 (buy more with exertion: a5e.duel.buyActions)', ruleId: 'DUEL-ACTION-2' });
  });

  it('DUEL-ACTION-3 an unlisted action costs 2 (Dodge), an unlisted bonus action 1; free options nothing', () => {
    const t = startedDuel();
    const ev = t.run(act('vey', 'dodge'));
    expect(ruleTexts(ev, 'DUEL-ACTION-3')).toEqual(['Vey spends 2 duel actions on dodge (an action) (1 left)']);
    t.run(act('vey', 'improvise', [], { cost: 'bonusAction', description: 'kick sand' }), { preAnswers: { 'a5e.improvise': 'possible' } });
    expect(pool(t, 'vey')).toBe(0);
  });

  it('DUEL-ACTION-4 moving costs no duel actions; Dash costs 2', () => {
    const t = startedDuel({ space: gridOf({ vey: { x: 0, y: 0 }, kass: { x: 3, y: 0 } }) });
    t.run({ type: 'move', creatureId: 'vey', to: [{ x: 1, y: 0 }, { x: 2, y: 0 }] });
    expect(pool(t, 'vey')).toBe(3);
    const ev = t.run(act('vey', 'dash'));
    expect(ruleTexts(ev, 'DUEL-ACTION-4')).toEqual(['Vey spends 2 duel actions on Dash (an action) (1 left)']);
  });

  it('DUEL-ACTION-5 the Attack action costs 2 with all its attacks (Extra Attack)', () => {
    const t = startedDuel({ creatures: [vey({ sheet: { ...(vey().sheet as object), attacksPerAction: 2 } }), kass()] });
    t.run(attack('vey', 'kass'), { dice: 'd20:2' });
    expect(pool(t, 'vey')).toBe(1);
    t.run(attack('vey', 'kass'), { dice: 'd20:3' });
    expect([pool(t, 'vey'), t.creature('vey').resources['attacksLeft']]).toEqual([1, 0]);
  });

  it('DUEL-ACTION-6 a combat maneuver pays its duel actions and its exertion too', () => {
    const t = startedDuel();
    const ev = t.run(act('vey', 'maneuver', ['kass'], { maneuver: 'rising strike', cost: 'bonusAction', exertion: 2 }), result);
    expect([pool(t, 'vey'), t.creature('vey').resources['exertion']]).toEqual([2, 4]);
    expect(ruleTexts(ev, 'DUEL-ACTION-6')).toEqual(['Vey spends 1 duel action on a combat maneuver as a bonus action (2 left)', "Vey also pays the maneuver's 2 exertion"]);
    shift(t);
    const r = t.rejects(act('kass', 'maneuver', ['vey'], { maneuver: 'feint', cost: 'action', exertion: 1 }), 'no-exertion');
    expect(r.ruleId).toBe('DUEL-ACTION-6');
  });

  it('DUEL-ACTION-7 a basic maneuver costs 1: on its own it leaves the action; in place of an attack it adds 1 to the 2', () => {
    const t = startedDuel();
    const ev = t.run(act('vey', 'maneuver', ['kass'], { maneuver: 'shove' }), result);
    expect(ruleTexts(ev, 'DUEL-ACTION-7')).toEqual(['Vey spends 1 duel action on a basic maneuver (shove) (2 left)']);
    expect(t.creature('vey').resources['action']).toBe(1);
    t.run(attack('vey', 'kass'), { dice: 'd20:2' });
    expect(pool(t, 'vey')).toBe(0);

    const u = startedDuel({ creatures: [vey({ sheet: { ...(vey().sheet as object), attacksPerAction: 2 } }), kass()] });
    u.run(attack('vey', 'kass'), { dice: 'd20:2' });
    u.run(act('vey', 'maneuver', ['kass'], { maneuver: 'grapple' }), result);
    expect([pool(u, 'vey'), u.creature('vey').resources['attacksLeft']]).toEqual([0, 0]);
    // with Extra Attack, a standalone maneuver first: the attack after it still begins (and pays for) the Attack action
    const w = startedDuel({ creatures: [vey({ sheet: { ...(vey().sheet as object), attacksPerAction: 2 } }), kass()] });
    w.run(act('vey', 'maneuver', ['kass'], { maneuver: 'shove' }), result);
    w.run(attack('vey', 'kass'), { dice: 'd20:2' });
    expect([pool(w, 'vey'), w.creature('vey').resources['action']]).toEqual([0, 0]);
    w.rejects(act('vey', 'dodge'), 'no-action-left');
  });

  it('DUEL-ACTION-8 one action and one bonus action a round, however many duel actions are left', () => {
    const t = startedDuel();
    t.run({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 2 });
    t.run(act('vey', 'dodge'));
    expect(pool(t, 'vey')).toBe(3);
    t.rejects(attack('vey', 'kass'), 'no-action-left');
    t.run(spell('vey', 'bonusAction'));
    t.rejects(act('vey', 'improvise', [], { cost: 'bonusAction', description: 'kick sand' }), 'no-bonus-action-left');
  });

  it('DUEL-ACTION-9 every reaction costs 1 duel action and there may be several a round; slowed still forbids them', () => {
    const t = startedDuel();
    // on Vey's turn Kass reacts twice: a reaction maneuver and a reaction spell
    t.run(act('kass', 'maneuver', ['vey'], { maneuver: 'parry', cost: 'reaction' }), result);
    const ev = t.run(spell('kass', 'reaction'));
    expect(ruleTexts(ev, 'DUEL-ACTION-9')).toEqual(['Kass spends 1 duel action on a reaction spell (0 left)']);
    expect(t.creature('kass').resources['reaction']).toBe(1);
    t.rejects(act('kass', 'maneuver', ['vey'], { maneuver: 'parry', cost: 'reaction' }), 'no-duel-actions');
    const u = startedDuel();
    u.run({ type: 'gm.addCondition', creatureId: 'kass', conditionId: 'slowed' });
    u.rejects(spell('kass', 'reaction'), 'cannot-take-reaction');
  });

  it('DUEL-ACTION-10 buying reactions never buys more spells: one reaction spell a round', () => {
    const t = startedDuel();
    t.run({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 1 });
    t.run(spell('vey', 'reaction'));
    const r = t.rejects(spell('vey', 'reaction'), 'spell-limit');
    expect(r.ruleId).toBe('DUEL-ACTION-10');
    t.run(act('vey', 'maneuver', ['kass'], { maneuver: 'parry', cost: 'reaction' }), result);
    expect(pool(t, 'vey')).toBe(2);
  });

  it('DUEL-ACTION-11 concentration costs 1 duel action at the start of each turn; unpaid, it ends', () => {
    const t = startedDuel({ creatures: [vey({ vars: { 'a5e.exertion': 6, concentrating: 'bless' } }), kass({ vars: { concentrating: 'hex' } })] });
    expect(t.state.pending?.open.map((p) => [p.key, p.about, p.options.map((o) => o.id)])).toEqual([['a5e.duel.concentration', 'vey', ['pay', 'drop']]]);
    const ev = t.answer('a5e.duel.concentration', 'pay');
    expect(ruleTexts(ev, 'DUEL-ACTION-11')).toEqual(['Vey spends 1 duel action to keep concentrating (2 left)']);
    expect(pool(t, 'vey')).toBe(2);
    // Kass spends its 2 on reactions during Vey's turn: with no exertion to buy another, its concentration goes.
    t.run(spell('kass', 'reaction'));
    t.run(act('kass', 'maneuver', ['vey'], { maneuver: 'parry', cost: 'reaction' }), result);
    const next = shift(t);
    expect(ruleTexts(next, 'A5E-CORE-14')).toEqual(['Kass loses concentration on hex: no duel action to keep it (DUEL-ACTION-11)']);
    expect(t.creature('kass').vars['concentrating']).toBeUndefined();
  });

  it('DUEL-ACTION-11 concentration begun this round is covered by its casting; letting it go is a choice', () => {
    const t = startedDuel({ creatures: [vey(), kass()] });
    // Vey readies a spell this turn (held with concentration): nothing to pay until next round
    t.run(act('vey', 'ready', ['kass'], { trigger: 'Kass lunges', readied: 'cast-spell', spell: { name: 'hold person', castingTime: 'action' } }));
    shift(t);
    shift(t); // round 2, Vey's turn: the readied spell was lost at its turn start, so nothing to pay
    expect(t.state.pending).toBeNull();
    const u = startedDuel({ creatures: [vey({ vars: { 'a5e.exertion': 6, concentrating: 'bless' } }), kass()] });
    u.answer('a5e.duel.concentration', 'drop');
    expect([pool(u, 'vey'), u.creature('vey').vars['concentrating']]).toEqual([3, undefined]);
  });

  it('DUEL-ACTION-12 Ready costs 2 and its release 1 more, as a reaction', () => {
    const t = startedDuel();
    const ev = t.run(act('vey', 'ready', ['kass'], { trigger: 'Kass comes close', readied: 'attack' }));
    expect(ruleTexts(ev, 'DUEL-ACTION-12')).toEqual(['Vey spends 2 duel actions on Ready (1 left)']);
    shift(t);
    const rel = t.run({ type: 'a5e.releaseReadied', creatureId: 'vey', decision: 'release' }, { dice: 'd20:15 d8:4' });
    expect(ruleTexts(rel, 'DUEL-ACTION-9')).toEqual(['Vey spends 1 duel action on a reaction (0 left)']);
    expect(t.creature('kass').hp).toBe(30 - 7);
  });
});

describe('A5E duel: buying duel actions and extra exertion', () => {
  it('DUEL-EXERT-1 exertion buys duel actions at any time, on either turn: 1 for 1, 3 for 2, 5 for 3', () => {
    const t = startedDuel();
    shift(t); // Kass's turn
    const ev = t.run({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 2 });
    expect([pool(t, 'vey'), t.creature('vey').resources['exertion']]).toEqual([5, 3]);
    expect(ruleTexts(ev, 'DUEL-EXERT-1')).toEqual(['Vey spends 3 exertion for 2 more duel actions (5 now; 3 of 3 exertion spent on duel actions this round)']);
    const r = t.rejects({ type: 'a5e.duel.buyActions', creatureId: 'kass', count: 1 }, 'no-exertion');
    expect(r.ruleId).toBe('DUEL-EXERT-1');
  });

  it('DUEL-EXERT-2 purchases in a round add up: 1 then 1 more costs 1 + 2; the count starts over each round', () => {
    const t = startedDuel({ creatures: [vey({ sheet: { ...(vey().sheet as object), proficiency: 5 }, vars: { 'a5e.exertion': 10 } }), kass()] });
    t.run({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 1 });
    t.run({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 1 });
    t.run({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 1 });
    expect([pool(t, 'vey'), t.creature('vey').resources['exertion'], t.creature('vey').resources['duelPurchaseExertion']]).toEqual([8, 5, 5]);
    shift(t);
    shift(t);
    t.run({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 1 });
    expect(t.creature('vey').resources['exertion']).toBe(4);
    // the table's totals, and the catalog's extrapolation past 3 (PB 7 or more)
    expect([1, 2, 3, 4].map(purchaseTotal)).toEqual([1, 3, 5, 7]);
  });

  it('DUEL-EXERT-3 at most PB exertion a round goes on duel actions', () => {
    const t = startedDuel();
    t.run({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 1 });
    t.run({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 1 });
    const r = t.rejects({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 1 }, 'purchase-cap');
    expect([r.ruleId, r.message]).toEqual(['DUEL-EXERT-3', 'Vey has spent 3 exertion on duel actions this round; 1 more cost 2, past the cap of 3 (its proficiency bonus)']);
    expect(pool(t, 'vey')).toBe(5);
  });

  it('DUEL-EXERT-4 a duelist without exertion gets temporary exertion from a level of strife, then buys with it', () => {
    const t = startedDuel();
    shift(t);
    t.run({ type: 'a5e.duel.exert', creatureId: 'kass', track: 'strife' });
    expect(t.creature('kass').resources['tempExertion']).toBe(2);
    t.run({ type: 'a5e.duel.buyActions', creatureId: 'kass', count: 1 });
    expect([pool(t, 'kass'), t.creature('kass').resources['tempExertion']]).toEqual([3, 1]);
  });

  it('DUEL-EXERT-5 a voluntary level of fatigue or strife, without an action, grants PB temporary exertion; fatigue waits for the fight to end', () => {
    const t = startedDuel({ creatures: [vey({ vars: { 'a5e.exertion': 0 } }), kass()] });
    const ev = t.run({ type: 'a5e.duel.exert', creatureId: 'vey', track: 'fatigue' });
    expect(ruleTexts(ev, 'DUEL-EXERT-5')).toEqual(['Vey gains 3 temporary exertion from a voluntary level of fatigue']);
    expect([t.creature('vey').tallies['pendingFatigue'], t.creature('vey').resources['action']]).toEqual([1, 1]);
    t.run({ type: 'a5e.duel.exert', creatureId: 'vey', track: 'strife' });
    expect(t.creature('vey').conditions.map((c) => [c.conditionId, c.level])).toEqual([['strife', 1]]);
    expect(t.creature('vey').vars['a5e.duel.levels']).toEqual({ fatigue: 1, strife: 1 });
  });

  it('DUEL-EXERT-5 the level that would reach 7 is confirmed first', () => {
    const t = startedDuel({ creatures: [vey({ conditions: [{ id: 'strife', level: 6 }] }), kass()] });
    t.run({ type: 'a5e.duel.exert', creatureId: 'vey', track: 'strife' });
    const ev = t.answer('a5e.duel.confirmLevel', 'cancel');
    expect(ruleTexts(ev, 'DUEL-EXERT-5')).toEqual(['Vey decides against a strife level at 6']);
    expect(t.creature('vey').resources['tempExertion'] ?? 0).toBe(0);
    expect(t.creature('vey').conditions.find((c) => c.conditionId === 'strife')?.level).toBe(6);
  });

  it('DUEL-EXERT-6 temporary exertion lasts until spent or the duel ends', () => {
    const t = startedDuel({ creatures: [vey({ vars: { 'a5e.exertion': 0 } }), kass()] });
    t.run({ type: 'a5e.duel.exert', creatureId: 'vey', track: 'strife' });
    shift(t);
    shift(t);
    expect(t.creature('vey').resources['tempExertion']).toBe(3);
    const ev = t.run({ type: 'a5e.duel.concede', creatureId: 'kass' }, { preAnswers: { 'a5e.duel.concede': 'concede', 'a5e.duel.afterEnd': 'normal-combat' } });
    expect(ruleTexts(ev, 'DUEL-EXERT-6')).toEqual(['Vey loses 3 temporary exertion as the duel ends']);
    expect(t.creature('vey').resources['tempExertion']).toBe(0);
  });

  it('DUEL-EXERT-7 exertion held never passes 2 × PB: the rest of a grant is lost', () => {
    const t = startedDuel({ creatures: [vey({ vars: { 'a5e.exertion': 5 } }), kass()] });
    const ev = t.run({ type: 'a5e.duel.exert', creatureId: 'vey', track: 'strife' });
    expect([t.creature('vey').resources['exertion'], t.creature('vey').resources['tempExertion']]).toEqual([5, 1]);
    expect(ruleTexts(ev, 'DUEL-EXERT-7')).toEqual(['Vey holds the most exertion it can, 6 (twice its proficiency bonus): 2 points lost']);
    // temporary points are spent first
    t.run({ type: 'a5e.duel.buyActions', creatureId: 'vey', count: 1 });
    expect([t.creature('vey').resources['exertion'], t.creature('vey').resources['tempExertion']]).toEqual([5, 0]);
    // a starting pool (here an exertion tally, as scenario files give it) is clamped too
    const u = startedDuel({ creatures: [vey({ vars: {}, tallies: { exertion: 9 } }), kass()] });
    expect(u.creature('vey').resources['exertion']).toBe(6);
  });

  it('DUEL-EXERT-8 the levels taken for exertion all go at the next long rest, then the base recovery applies', () => {
    const t = new TestTable((startedDuel().encounter.rt.ruleset), {
      creatures: [vey({ conditions: [{ id: 'fatigue', level: 3 }], vars: { 'a5e.duel.levels': { fatigue: 2, strife: 0 } } })],
    });
    const ev = t.run({ type: 'a5e.duel.longRest', creatureId: 'vey', inHaven: false, suppliesConsumed: true });
    expect(ruleTexts(ev, 'DUEL-EXERT-8')).toEqual(['Vey: fatigue 3 → 1', "Vey's long rest removes the 2 fatigue and 0 strife taken for exertion in a duel"]);
    expect(t.creature('vey').conditions).toEqual([]);
    expect(t.creature('vey').vars['a5e.duel.levels']).toBeUndefined();
    // the rest rules' own long rest does the same, wherever it is taken
    const day = new CampaignTable(a5eRuleset, { creatures: [vey({ conditions: [{ id: 'fatigue', level: 3 }, { id: 'strife', level: 2 }], vars: { 'a5e.duel.levels': { fatigue: 2, strife: 2 } } })] });
    const night = day.run({ type: 'a5e.longRest', creatureIds: ['vey'], inHaven: false });
    expect(ruleTexts(night, 'DUEL-EXERT-8')).toEqual(['Vey: fatigue 3 → 1', 'Vey: strife 2 → 0', "Vey's long rest removes the 2 fatigue and 2 strife taken for exertion in a duel"]);
    expect(day.creature('vey').conditions).toEqual([]);
  });

  it('DUEL-EXERT-9 Lend Strength: a spectator grants temporary exertion (amount given), clamped, and it is not interference', () => {
    const t = startedDuel({ creatures: [vey({ vars: { 'a5e.exertion': 2 } }), kass(), { ...kass({ id: 'ria', name: 'Ria', side: 'blue', controller: 'seat-ria', tags: ['spectator'], initiative: 1 }) }] });
    const ev = t.run({ type: 'a5e.duel.lendStrength', spectatorId: 'ria', creatureId: 'vey', amount: 5 }, { as: { role: 'player', seat: 'seat-ria' } });
    expect(t.creature('vey').resources['tempExertion']).toBe(4);
    expect(ruleTexts(ev, 'DUEL-EXERT-9')).toEqual(['Ria lends strength to Vey (a spectator action, not interference)']);
    expect(t.state.pending).toBeNull();
    t.rejects({ type: 'a5e.duel.lendStrength', spectatorId: 'kass', creatureId: 'vey', amount: 1 }, 'not-a-spectator');
  });
});
