import { describe, expect, it } from 'vitest';
import { playerView, redactEvents } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { rpsWinner, STRATEGIES } from '../src/duel/initiative';
import { duelTable, kass, ruleTexts, vey } from './duel-fixtures';

const rps = (over: Parameters<typeof duelTable>[0] = {}) => duelTable({ ...over, duel: { initiative: 'rps', ...(over.duel ?? {}) } });
const order = (t: TestTable) => t.state.order.map((e) => [e.creatureId, e.total]);
const strategies = (t: TestTable) => t.state.pending?.open.filter((p) => p.key === 'a5e.duel.strategy') ?? [];

describe('A5E duel: rock-paper-scissors initiative', () => {
  it('DUEL-INIT-1 with the option on, initiative is chosen and rolled again every round; with standard it is rolled once and kept', () => {
    const t = rps();
    t.run({ type: 'startCombat' });
    t.answer('a5e.duel.strategy', 'swift:dex');
    t.answer('a5e.duel.strategy', 'swift:dex', { dice: 'd20:10 d20:10' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect([t.state.round, strategies(t).map((p) => p.about)]).toEqual([2, ['vey', 'kass']]);

    const s = duelTable({ duel: { initiative: 'standard' } });
    s.run({ type: 'startCombat' });
    s.run({ type: 'endTurn' });
    s.run({ type: 'endTurn' });
    expect([s.state.round, s.state.pending, order(s)]).toEqual([2, null, [['vey', 10], ['kass', 5]]]);
  });

  it('DUEL-INIT-2 three strategies, each a throw and two abilities: Powerful (Str, Con), Swift (Dex, Int), Distracting (Wis, Cha); the pairs may be changed', () => {
    const t = rps();
    t.run({ type: 'startCombat' });
    expect(strategies(t)[0]!.options.map((o) => o.label)).toEqual([
      'Powerful (rock): STR', 'Powerful (rock): CON', 'Swift (scissors): DEX', 'Swift (scissors): INT', 'Distracting (paper): WIS', 'Distracting (paper): CHA',
    ]);
    expect(Object.fromEntries(Object.entries(STRATEGIES).map(([k, v]) => [k, v.throw]))).toEqual({ powerful: 'rock', swift: 'scissors', distracting: 'paper' });
    const u = rps({ duel: { strategyAbilities: { powerful: ['str'], swift: ['dex'], distracting: ['cha'] } } });
    u.run({ type: 'startCombat' });
    expect(strategies(u)[0]!.options.map((o) => o.id)).toEqual(['powerful:str', 'swift:dex', 'distracting:cha']);
  });

  it('DUEL-INIT-3 both duelists choose at once and in secret; the choices are revealed together once both are in', () => {
    const t = rps();
    t.run({ type: 'startCombat' });
    expect(strategies(t).map((p) => [p.to, p.secret, p.default])).toEqual([
      [{ role: 'player', seat: 'seat-vey' }, true, 'powerful:str'],
      [{ role: 'player', seat: 'seat-kass' }, true, 'swift:dex'],
    ]);
    const first = t.answer('a5e.duel.strategy', 'distracting:wis');
    expect(ruleTexts(first, 'DUEL-INIT-3')).toEqual([]);
    const ev = t.answer('a5e.duel.strategy', 'powerful:str', { dice: 'd20:10 d20:10 d20:4' });
    expect(ruleTexts(ev, 'DUEL-INIT-3')).toEqual(['round 1 strategies revealed: Vey Distracting (paper): WIS, Kass Powerful (rock): STR']);
  });

  it('DUEL-INIT-3 the secret choice is absent from the opponent\'s view and log until both have chosen', () => {
    const t = rps();
    t.run({ type: 'startCombat' });
    t.answer('a5e.duel.strategy', 'distracting:cha');
    const seen = () => JSON.stringify([playerView(t.state, 'seat-kass', a5eRuleset), redactEvents(t.encounter.events, 'seat-kass', t.state, a5eRuleset)]);
    expect(seen()).not.toContain('"answer":"distracting:cha"');
    expect(seen()).not.toContain('Distracting (paper): CHA,');
    // Vey's own seat sees its answer; Kass sees only its own open prompt
    expect(JSON.stringify(redactEvents(t.encounter.events, 'seat-vey', t.state, a5eRuleset))).toContain('"answer":"distracting:cha"');
    expect(playerView(t.state, 'seat-kass', a5eRuleset).prompts.map((p) => p.about)).toEqual(['kass']);
    t.answer('a5e.duel.strategy', 'swift:dex', { dice: 'd20:3 d20:12 d20:8' });
    expect(seen()).toContain('Vey Distracting (paper): CHA, Kass Swift (scissors): DEX');
  });

  it('DUEL-INIT-4 rock beats scissors, scissors beats paper, paper beats rock: the winner rolls with advantage, a tie rolls normally', () => {
    expect([rpsWinner('powerful', 'swift'), rpsWinner('swift', 'distracting'), rpsWinner('distracting', 'powerful'), rpsWinner('swift', 'powerful'), rpsWinner('distracting', 'distracting')])
      .toEqual(['a', 'a', 'a', 'b', null]);
    const t = rps();
    t.run({ type: 'startCombat' });
    t.answer('a5e.duel.strategy', 'swift:dex');
    const ev = t.answer('a5e.duel.strategy', 'powerful:str', { dice: 'd20:11 d20:3 d20:17' });
    expect(ruleTexts(ev, 'DUEL-INIT-4')).toEqual(['rock beats scissors: Kass rolls initiative with advantage']);
    const rolls = TestTable.ofType(ev, 'TestResolved').map((e) => [e.actor, e.breakdown.total]);
    expect(rolls).toEqual([['vey', 13], ['kass', 18]]);
    const u = rps();
    u.run({ type: 'startCombat' });
    u.answer('a5e.duel.strategy', 'distracting:wis');
    const tie = u.answer('a5e.duel.strategy', 'distracting:cha', { dice: 'd20:9 d20:9' });
    expect(ruleTexts(tie, 'DUEL-INIT-4')).toEqual(['the same strategy: both roll initiative normally']);
  });

  it('DUEL-INIT-5 d20 + the chosen ability: the higher acts first this round, and one creature may act twice running across rounds', () => {
    // the catalog's example: A (Powerful, STR +3) wins and keeps 14 of 6 and 14: 17; B (Swift, DEX +3 here) rolls 15: 18
    const t = rps();
    t.run({ type: 'startCombat' });
    t.answer('a5e.duel.strategy', 'powerful:str');
    const ev = t.answer('a5e.duel.strategy', 'swift:dex', { dice: 'd20:6 d20:14 d20:15' });
    expect(order(t)).toEqual([['kass', 18], ['vey', 17]]);
    expect(TestTable.ofType(ev, 'InitiativeSet')[0]!.ruleId).toBe('DUEL-INIT-5');
    t.run({ type: 'endTurn' }); // Kass
    t.run({ type: 'endTurn' }); // Vey: round 2 opens with a fresh throw
    t.answer('a5e.duel.strategy', 'swift:dex');
    t.answer('a5e.duel.strategy', 'distracting:wis', { dice: 'd20:18 d20:19 d20:2' });
    expect([order(t), t.state.round, t.state.order[t.state.turnIndex]!.creatureId]).toEqual([[['vey', 21], ['kass', 4]], 2, 'vey']);
    const turns = TestTable.ofType(t.encounter.events, 'TurnStarted').map((e) => e.creatureId);
    expect(turns).toEqual(['kass', 'vey', 'vey']);
  });

  it('DUEL-INIT-5 equal totals roll off with a d20 (A5E-INIT-3)', () => {
    const t = rps({ creatures: [vey(), kass()] });
    t.run({ type: 'startCombat' });
    t.answer('a5e.duel.strategy', 'powerful:con');
    const ev = t.answer('a5e.duel.strategy', 'powerful:con', { dice: 'd20:10 d20:11 d20:4 d20:17' });
    expect(order(t)).toEqual([['kass', 12], ['vey', 12]]);
    expect(ruleTexts(ev, 'A5E-INIT-3')).toEqual(['initiative ties settled by a d20 roll-off']);
  });
});
