import { describe, expect, it } from 'vitest';
import { createGridSpace, placeCreature, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { attack, duelTable, kass, ruleTexts, startedDuel, vey } from './duel-fixtures';

function gridOf(at: Record<string, { x: number; y: number }>): Json {
  let g = createGridSpace({});
  for (const [id, p] of Object.entries(at)) g = placeCreature(g, id, { ...p, size: 'medium' });
  return g as unknown as Json;
}
const spell = (actorId: string, options: Record<string, Json>) => ({ type: 'takeAction', actorId, action: 'cast-spell', targets: [], options });
const ria = (over = {}) => kass({ id: 'ria', name: 'Ria', tags: ['spectator'], initiative: 1, ...over });
const storm = { options: { environment: 'storm' } };

describe('A5E duel: magic', () => {
  it('DUEL-MAGIC-1 the duel may forbid magic, or some schools: the cast is refused, or allowed as a breach', () => {
    const t = startedDuel({ duel: { magic: { bannedSchools: ['Necromancy'] } } });
    const r = t.rejects(spell('vey', { spell: 'chill touch', castingTime: 'action', level: 0, school: 'necromancy' }), 'magic-forbidden');
    expect([r.ruleId, r.message]).toEqual(['DUEL-MAGIC-1', 'Vey cannot cast chill touch: this duel forbids necromancy magic']);
    t.run(spell('vey', { spell: 'fire bolt', castingTime: 'action', level: 0, school: 'evocation' }));
    const none = startedDuel({ duel: { magic: { allowed: false } } });
    none.rejects(spell('vey', { spell: 'fire bolt', castingTime: 'action', level: 0 }), 'magic-forbidden');
    const breach = startedDuel({ duel: { magic: { allowed: false, onBanned: 'breach' } } });
    breach.run(spell('vey', { spell: 'fire bolt', castingTime: 'action', level: 0 }), { preAnswers: { 'a5e.duel.interference': 'forfeit', 'a5e.duel.afterEnd': 'end-encounter' } });
    expect((breach.state.vars['a5e.duel'] as Record<string, Json>)['loser']).toBe('vey');
  });

  it('DUEL-MAGIC-2 casting a spell within the opponent\'s reach provokes no opportunity attack', () => {
    const t = startedDuel({ space: gridOf({ vey: { x: 0, y: 0 }, kass: { x: 1, y: 0 } }) });
    const ev = t.run(spell('vey', { spell: 'fire bolt', castingTime: 'action', level: 0 }));
    expect([t.state.pending, ev.filter((e) => e.type === 'TestResolved').length, t.creature('kass').resources['duelActions']]).toEqual([null, 0, 2]);
  });

  it('DUEL-MAGIC-3 a ranged attack within the opponent\'s reach has disadvantage; a spectator in reach does not count', () => {
    const close = startedDuel({ space: gridOf({ vey: { x: 0, y: 0 }, kass: { x: 1, y: 0 } }) });
    const ev = close.run(attack('vey', 'kass', { attack: 'shortbow' }), { dice: 'd20:15 d20:4', preAnswers: { 'a5e.dropProne': 'stay' } });
    const roll = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect([roll.breakdown.total, roll.breakdown.rollMode.sources.map((s) => s.ruleId)]).toEqual([9, ['DUEL-MAGIC-3']]);
    const watched = startedDuel({ creatures: [vey(), kass(), ria()], space: gridOf({ vey: { x: 0, y: 0 }, kass: { x: 4, y: 0 }, ria: { x: 0, y: 1 } }) });
    const ev2 = watched.run(attack('vey', 'kass', { attack: 'shortbow' }), { dice: 'd20:15 d6:3', preAnswers: { 'a5e.dropProne': 'stay' } });
    expect(TestTable.ofType(ev2, 'TestResolved')[0]!.breakdown.total).toBe(20);
    expect(ruleTexts(ev2, 'DUEL-MAGIC-3')).toEqual(["spectators within reach do not hinder a duelist's ranged attack"]);
  });
});

describe('A5E duel: who takes part', () => {
  it('DUEL-PART-1 a PC\'s duel is judged as an encounter for a party of one: medium to hard, a note only', () => {
    const t = startedDuel({ creatures: [vey({ sheet: { ...(vey().sheet as object), level: 3 } }), kass()] });
    expect(ruleTexts(t.encounter.events, 'DUEL-PART-1')).toEqual(['judge the duel as an encounter for a party of one level-3 adventurer against Kass: aim for medium, no harder than hard (a Tier 1 adventurer: keep it at hard or below)']);
    const npcs = startedDuel({ creatures: [kass({ id: 'k1', name: 'K1', controller: null }), kass({ id: 'k2', name: 'K2', controller: null })] });
    expect(ruleTexts(npcs.encounter.events, 'DUEL-PART-1')).toEqual([]);
  });

  it('DUEL-PART-2 a duelist dropped by its opponent\'s blow may be spared: knocked out, and the duel ends', () => {
    const t = startedDuel();
    t.run({ type: 'gm.setHp', creatureId: 'kass', hp: 4 });
    const ev = t.run(attack('vey', 'kass'), { dice: 'd20:15 d8:5 d4:2', preAnswers: { 'a5e.dying.knockOut': 'knock-out', 'a5e.duel.afterEnd': 'end-encounter' } });
    expect(ruleTexts(ev, 'DUEL-PART-2')).toEqual(['Vey may spare Kass: a melee blow can knock out instead of kill (the a5e.dying.knockOut answer)']);
    expect([t.creature('kass').status, (t.state.vars['a5e.duel'] as Record<string, Json>)['winner']]).toEqual(['stable', 'vey']);
  });

  it('DUEL-PART-3 Intelligence below 3 cannot duel unless the Narrator says so; below 6 the Narrator decides', () => {
    const t = duelTable({ creatures: [vey(), kass({ sheet: { ...(kass().sheet as object), abilities: { str: 12, dex: 16, con: 12, int: 2, wis: 14, cha: 14 } } })] });
    t.run({ type: 'startCombat' });
    expect(t.state.pending?.open.map((p) => [p.key, p.default])).toEqual([['a5e.duel.eligible', 'ineligible']]);
    const ev = t.answer('a5e.duel.eligible', 'ineligible');
    expect(ruleTexts(ev, 'DUEL-PART-3')).toEqual(['Kass cannot keep to the rules of a duel: this is a normal fight']);
    expect(t.creature('vey').resources['duelActions']).toBeUndefined();
    const u = duelTable({ creatures: [vey(), kass({ sheet: { ...(kass().sheet as object), abilities: { str: 12, dex: 16, con: 12, int: 4, wis: 14, cha: 14 } } })] });
    u.run({ type: 'startCombat' });
    expect(u.state.pending?.open.map((p) => [p.key, p.default])).toEqual([['a5e.duel.eligible', 'eligible']]);
    u.answer('a5e.duel.eligible', 'eligible');
    expect(u.creature('vey').resources['duelActions']).toBe(3);
  });
});

describe('A5E duel: the arena\'s environment', () => {
  it('DUEL-WORLD-1 the base world actions work in a duel arena (Lightning Strike)', () => {
    const t = startedDuel(storm);
    const ev = t.run({ type: 'a5e.duel.worldAction', entryId: 'lightning-strike' }, { dice: 'd6:3 d20:2 d6:1 d6:2 d6:3 d6:4 d6:6', preAnswers: { 'world.target': 'vey' } });
    expect(ruleTexts(ev, 'A5E-WORLD-2')[0]).toBe('world action: Lightning Strike — one creature not struck before: DC 10 Dex or 4d6 lightning');
    expect(t.creature('vey').hp).toBe(40 - 10);
  });

  it('DUEL-WORLD-2 the environment is set when the duel starts', () => {
    const t = startedDuel(storm);
    expect(ruleTexts(t.encounter.events, 'DUEL-WORLD-2')).toEqual(["the arena's environment is set for the whole duel: storm"]);
  });

  it('DUEL-WORLD-3 no world action at the top of the round; once per turn, as a reaction, recharge kept', () => {
    const t = startedDuel(storm);
    expect(t.state.pending).toBeNull(); // the base rules would ask for the round's world action here
    t.run({ type: 'a5e.duel.worldAction', entryId: 'forceful-gale' }, { dice: 'd6:2 d20:18', preAnswers: { 'world.target': 'kass' } });
    const r = t.rejects({ type: 'a5e.duel.worldAction', entryId: 'lightning-strike' }, 'world-action-used');
    expect(r.ruleId).toBe('DUEL-WORLD-3');
    t.run({ type: 'endTurn' });
    t.run({ type: 'a5e.duel.worldAction', entryId: 'lightning-strike' }, { dice: 'd6:1 d20:19 d6:2', preAnswers: { 'world.target': 'vey' } });
    t.run({ type: 'endTurn' }, { dice: 'd6:1' }); // round 2: the recharge roll fails
    t.rejects({ type: 'a5e.duel.worldAction', entryId: 'lightning-strike' }, 'world-action-recharging');
  });

  it('DUEL-WORLD-4 a single-target world action picks a duelist by d6: odd the first, even the second', () => {
    const t = startedDuel(storm);
    const ev = t.run({ type: 'a5e.duel.worldAction', entryId: 'forceful-gale' }, { dice: 'd6:4 d20:18', preAnswers: { 'world.target': 'kass' } });
    expect(ruleTexts(ev, 'DUEL-WORLD-4')).toEqual(['d6 4 (even): Forceful Gale targets Kass']);
    expect(TestTable.ofType(ev, 'TestResolved').map((e) => e.actor)).toEqual(['kass']);
  });

  it('DUEL-WORLD-5 a world action that brings in a creature is refused, unless run once as a passing effect', () => {
    const t = startedDuel({ options: { environment: 'fog' } });
    const r = t.rejects({ type: 'a5e.duel.worldAction', entryId: 'shadow-puppet' }, 'world-action-adds-creature');
    expect(r.ruleId).toBe('DUEL-WORLD-5');
    const ev = t.run({ type: 'a5e.duel.worldAction', entryId: 'shadow-puppet', oneTime: true });
    expect(ruleTexts(ev, 'DUEL-WORLD-5')).toEqual(['Shadow Puppet as a one-time effect: the creature it brings strikes once and is gone, and never joins the duel']);
    expect(t.state.creatureIds).toEqual(['vey', 'kass']);
  });
});
