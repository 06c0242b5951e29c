import { describe, expect, it } from 'vitest';
import type { EncounterState, FrayEvent } from '@fray/engine';
import { ftdRuleset } from '@fray/ruleset-five-torches-deep';
import {
  fightDice, runRange, simPoliciesFor, type FightRecord,
} from '../src/index';
import { ftdCompiledCase, type FtdCompiledCase } from './ftd-compiled-fixtures';
import { comparable, compareFights, engineRecord, expectCompiledOnlyWithDescription, expectSameSummary, onEngine } from './compare-fights';




type Prompts = 'sim' | 'ftd-demo';

describe('the compiled Five Torches Deep fight plays the engine\'s fights', () => {
  // The simulator's own policies ('sim') play the minute after the fight (allies stabilize the dying,
  // injuries, the dying window), compiled as well: nothing is handed back.
  const cases: [FtdCompiledCase, 'random' | 'weakest', Prompts, number][] = [
    ['standard', 'random', 'sim', 300], ['standard', 'weakest', 'sim', 200], ['delvers', 'random', 'sim', 250], ['delvers', 'weakest', 'ftd-demo', 200],
    ['warband', 'random', 'ftd-demo', 200], ['warband', 'weakest', 'sim', 150], ['three-sides', 'random', 'ftd-demo', 200], ['three-sides', 'weakest', 'sim', 150],
    ['oddities', 'random', 'ftd-demo', 200], ['oddities', 'weakest', 'sim', 150],
  ];
  for (const [which, target, prompts, n] of cases) {
    it(`FTD-INIT-1 FTD-INIT-4 FTD-ACT-2 FTD-ATK-1 FTD-ATK-2 FTD-ATK-7 FTD-ATK-8 FTD-CRIT-1 FTD-DEATH-1 FTD-LOAD-3 ${which}, ${target} targets, ${prompts} answers: fight by fight, the same tally as the engine (${n} fights)`, () => {
      const r = compareFights(ftdCompiledCase(which, target, { prompts }), `cmp-${which}`, 0, n);
      expect([r.compiled, r.handedBack]).toEqual([n, 0]);
    });
  }

  for (const which of ['dark', 'dim', 'brilliant'] as const) {
    it(`FTD-LIGHT-6 FTD-LIGHT-9 FTD-LIGHT-13 FTD-LIGHT-14 FTD-CHECK-3 ${which}: light gives attacks and morale advantage or disadvantage as the engine does`, () => {
      for (const prompts of ['sim', 'ftd-demo'] as const) {
        const r = compareFights(ftdCompiledCase(which, 'random', { prompts }), `cmp-${which}-${prompts}`, 0, 150);
        expect([r.compiled, r.handedBack]).toEqual([150, 0]);
      }
    });
  }

  it('FTD-DEATH-2 FTD-DEATH-3 FTD-DEATH-4 FTD-INJURY-1 the minute after the fight: allies stabilize some of the dying, the rest die, in the compiled fight as on the engine', () => {
    const r = compareFights(ftdCompiledCase('standard', 'random'), 'cmp-standard', 0, 300);
    expect(r.handedBack).toBe(0);
    const [drops, deaths] = [r.tally.drops, r.tally.deaths].map((x) => x.reduce((a, b) => a + b, 0));
    expect(deaths).toBeGreaterThan(0);
    expect(deaths).toBeLessThan(drops!);
    // some who dropped are up at the end: stabilized
    expect(r.tally.downAtEnd.reduce((a, b) => a + b, 0)).toBeLessThan(drops!);
  });

  it('FTD-DEATH-2 FTD-DEATH-3 a party\'s death chance falls when an ally can stabilize: compiled with helpers, on the engine without', () => {
    const helped = ftdCompiledCase('delvers', 'random');
    const alone = { ...helped, policies: simPoliciesFor('five-torches-deep', 'random', { stabilize: false }) };
    const h = runRange(helped, { seed: 'helpers', from: 0, to: 300 });
    const a = runRange(alone, { seed: 'helpers', from: 0, to: 300 });
    expect([h.compiled, a.compiled]).toEqual([300, 0]);
    // the same fights (the minute after them draws its dice last), so the same drops; alone, every drop dies
    expect(h.drops).toEqual(a.drops);
    expect(a.deaths).toEqual(a.drops);
    const party = (t: typeof h) => t.deaths.slice(0, 4).reduce((x, y) => x + y, 0);
    expect(party(h)).toBeLessThan(party(a));
    expect(party(h)).toBeGreaterThan(0);
  });

  it('FTD-DEATH-1 FTD-DEATH-2 PCs and monsters drop and lie dying, skipped in the order; nobody dies before the fight is over, so no death calls morale', () => {
    const r = compareFights(ftdCompiledCase('delvers', 'random', { prompts: 'ftd-demo' }), 'cmp-drops', 0, 250);
    expect(r.compiled).toBe(250);
    expect(r.tally.wins.every((w) => w > 0)).toBe(true);
    expect(r.tally.drops.every((d) => d > 0)).toBe(true);
    expect(r.tally.deaths.every((d) => d === 0)).toBe(true);
  });

  it('the round limit ends a fight as a draw in the same round as the engine', () => {
    for (const [which, rounds] of [['stalemate', 6], ['delvers', 2], ['standard', 3]] as const) {
      for (const prompts of ['sim', 'ftd-demo'] as const) {
        const r = compareFights(ftdCompiledCase(which, 'weakest', { maxRounds: rounds, prompts }), `cmp-draw-${which}`, 0, 120);
        expect([r.compiled, r.handedBack]).toEqual([120, 0]);
        if (which === 'stalemate' || prompts === 'ftd-demo') expect(r.tally.draws).toBeGreaterThan(0);
      }
    }
  });

  it('simulate: the same result as the engine alone, apart from who played', () => {
    const scenario = ftdCompiledCase('delvers', 'random', { prompts: 'ftd-demo' });
    const fast = runRange(scenario, { seed: 'whole', from: 0, to: 300 });
    const engine = runRange(onEngine(scenario), { seed: 'whole', from: 0, to: 300 });
    expect([fast.compiled, fast.fallbacks, engine.compiled]).toEqual([300, 0, 0]);
    expect(comparable(fast)).toEqual(comparable(engine));
    expectSameSummary(fast, engine, scenario, 'whole');
  });
});

describe('a recorded compiled Five Torches Deep fight', () => {

  const cases: [FtdCompiledCase, Prompts][] = [['standard', 'sim'], ['delvers', 'ftd-demo'], ['delvers', 'sim'], ['warband', 'sim'], ['dark', 'ftd-demo'], ['dim', 'ftd-demo'], ['brilliant', 'sim'], ['oddities', 'ftd-demo'], ['three-sides', 'ftd-demo']];
  for (const [which, prompts] of cases) {
    it(`FTD-INIT-4 FTD-ATK-1 FTD-CRIT-1 FTD-MORALE-2 FTD-LIGHT-6 FTD-DEATH-3 FTD-INJURY-1 ${which}, ${prompts} answers: every die, d20 test and damage row is the engine's own event`, () => {
      const scenario = ftdCompiledCase(which, 'random', { prompts });
      const seed = `rec-${which}`;
      const engineLogs = new Map<number, unknown[]>();
      runRange(scenario, { seed, from: 0, to: 100, mode: 'recorded', engine: true, onRecord: (r) => engineLogs.set(r.fight, engineRecord(r.events as FrayEvent[])) });
      const records: FightRecord[] = [];
      const tally = runRange(scenario, { seed, from: 0, to: 100, mode: 'recorded', onRecord: (r) => records.push(r) });
      expect(records.length).toBe(100);
      for (const r of records) {
        if (r.path !== 'compiled') continue;
        expect(r.events, `fight ${r.fight}`).toEqual(engineLogs.get(r.fight));
        expect(r.dice).toEqual(fightDice(seed, r.fight).getState());
      }
      expect(tally.compiled).toBe(100);
      const kinds = new Set(records.flatMap((r) => r.events.map((e) => (e.type === 'TestResolved' ? `${e.kind} ${e.breakdown.dice}` : e.type === 'DiceRolled' ? e.purpose : e.type))));
      // roll-offs on equal DEX scores (the brilliant case has none); morale only when the GM calls it; light and load roll two d20s
      expect(kinds.has('initiative tie-break')).toBe(which !== 'brilliant');
      expect(kinds.has('morale')).toBe(prompts === 'ftd-demo');
      if (which === 'dark') expect([...kinds]).toEqual(expect.arrayContaining(['attack 2d20kh1', 'attack 2d20kl1', 'attack 1d20', 'morale 2d20kh1']));
      if (which === 'oddities') expect([...kinds]).toEqual(expect.arrayContaining(['attack 2d20kl1', 'morale 2d20kl1']));
      // the minute after the fight: stabilizing checks and injury rolls; an injured helper's later check at disadvantage (FTD-INJURY-4)
      expect(kinds.has('check 1d20')).toBe(prompts === 'sim');
      expect(kinds.has('on the injury table')).toBe(prompts === 'sim');
      if (prompts === 'sim' && (which === 'delvers' || which === 'warband')) expect([...kinds]).toEqual(expect.arrayContaining(['check 2d20kl1', 'the healing for Standing (injury table)', 'the loss for Confused (injury table)']));
    });
  }
});

describe('what is not compiled', () => {
  const start = ftdCompiledCase('delvers').start;
  const spec = { target: 'random' as const, prompts: 'sim', maxRounds: 50 };
  const refusal = (state: EncounterState, prompts = 'sim') => {
    const r = ftdRuleset.compileFight!(state, { ...spec, prompts });
    return 'unsupported' in r ? r.unsupported : null;
  };
  const withCreature = (id: string, change: (c: EncounterState['creatures'][string]) => EncounterState['creatures'][string]) =>
    ({ ...start, creatures: { ...start.creatures, [id]: change(start.creatures[id]!) } });

  it('a fight under way, a map, an ambush, counters, unknown options and other prompt answers stay on the engine', () => {
    expect(refusal(start)).toBeNull();
    expect(refusal(start, 'ftd-demo')).toBeNull();
    expect(refusal(start, 'mine')).toMatch(/prompt answers 'mine'/);
    expect(ftdRuleset.compileFight!(start, { ...spec, policy: 'lean-13a' } as typeof spec)).toEqual({ unsupported: "the turn policy 'lean-13a' is not the attack-first policy the fight compiles" });
    expect(refusal({ ...start, phase: 'combat', round: 1 })).toMatch(/under way/);
    expect(refusal({ ...start, space: { kind: 'zones' } as never })).toMatch(/map/);
    expect(refusal({ ...start, vars: { 'ftd.ambush': 'raiders' } })).toMatch(/ftd\.ambush/);
    expect(refusal({ ...start, vars: { 'ftd.light': 'darkness' } })).toBeNull();
    expect(refusal({ ...start, counters: { clock: 1 } })).toMatch(/counters/);
    expect(refusal({ ...start, modules: ['x'] })).toMatch(/modules/);
    expect(refusal({ ...start, options: { somethingNew: true } })).toMatch(/somethingNew/);
    expect(refusal({ ...start, options: { light: 'dim', edgePrompt: 'always', moraleTriggers: false } })).toBeNull();
  });

  it('creatures not fresh from their stat blocks stay on the engine', () => {
    const torch = { instanceId: 'torch#1', conditionId: 'torch', source: 'wren', duration: { kind: 'untilRemoved' as const } };
    // a torch that burns past the fight only gives light, which the rules' checks read (compiled-ftd-light.test.ts)
    expect(refusal(withCreature('wren', (c) => ({ ...c, conditions: [torch] })))).toBeNull();
    const fleeing = { instanceId: 'fleeing#1', conditionId: 'fleeing', source: null, duration: { kind: 'untilRemoved' as const } };
    expect(refusal(withCreature('wren', (c) => ({ ...c, conditions: [torch, fleeing] })))).toMatch(/wren: conditions/);
    expect(refusal(withCreature('wren', (c) => ({ ...c, tempHp: 3 })))).toMatch(/temporary/);
    expect(refusal(withCreature('wren', (c) => ({ ...c, status: 'dying', hp: 0 })))).toMatch(/not up/);
    expect(refusal(withCreature('brute', (c) => ({ ...c, hidden: true })))).toMatch(/hidden/);
    expect(refusal(withCreature('brute', (c) => ({ ...c, tags: [...c.tags, 'no-initiative'] })))).toMatch(/tags/);
    expect(refusal(withCreature('brute', (c) => ({ ...c, tags: [...c.tags, 'leader'] })))).toBeNull();
    expect(refusal(withCreature('wren', (c) => ({ ...c, vars: { 'ftd.readied': { trigger: 'x', target: 'brute', attack: 'hand-axe' } } })))).toMatch(/ftd\.readied/);
    expect(refusal(withCreature('wren', (c) => ({ ...c, vars: { abilities: { str: 9 }, load: 3, coins: 0, lostParts: ['hand'] } })))).toBeNull();
    expect(refusal(withCreature('wren', (c) => ({ ...c, tallies: { x: 1 } })))).toMatch(/tallies/);
  });

  it('policies without a compiled description play on the engine', () => {
    expectCompiledOnlyWithDescription(ftdCompiledCase('standard'));
  });
});
