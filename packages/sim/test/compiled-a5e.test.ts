import { describe, expect, it } from 'vitest';
import type { FrayEvent } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { fightDice, runRange, type FightRecord } from '../src/index';
import { compiledCase, type CompiledCase } from './a5e-compiled-fixtures';
import { comparable, compareFights, engineRecord, expectCompiledOnlyWithDescription, expectSameSummary } from './compare-fights';

describe('the compiled A5E fight plays the engine\'s fights', () => {
  const cases: [CompiledCase, 'random' | 'weakest', number][] = [
    ['standard', 'random', 400], ['standard', 'weakest', 300], ['boss', 'random', 200], ['eight', 'random', 100],
    ['defences', 'random', 300], ['three-sides', 'weakest', 200], ['npc-option', 'random', 150],
  ];
  for (const [which, target, n] of cases) {
    it(`A5E-ATK-2 A5E-ATK-6 A5E-DMG-4 A5E-INIT-3 ${which}, ${target} targets: fight by fight, the same tally as the engine (${n} fights)`, () => {
      const r = compareFights(compiledCase(which, target), `cmp-${which}`, 0, n);
      expect([r.compiled, r.handedBack]).toEqual([n, 0]);
    });
  }

  // Characters and important NPCs dropping, saving against massive damage, dying, rolling death saves,
  // stable, dead, waking prone on a natural 20 and dropping again; crits turned aside; ranged first attacks.
  const tables: [CompiledCase, 'random' | 'weakest', number][] = [
    ['party', 'random', 300], ['table', 'random', 300], ['table', 'weakest', 300], ['outnumbered', 'random', 300], ['outnumbered', 'weakest', 200],
    ['archers', 'random', 300], ['archers', 'weakest', 200], ['dragon', 'random', 300], ['captain', 'weakest', 300], ['rival-party', 'random', 300],
  ];
  for (const [which, target, n] of tables) {
    it(`A5E-DYING-1 A5E-DYING-3 A5E-DYING-4 A5E-DYING-5 A5E-DYING-6 A5E-DYING-13 A5E-DMG-5 A5E-DMG-6 A5E-DMG-16 A5E-COND-24 ${which}, ${target} targets: fight by fight, the same tally as the engine (${n} fights)`, () => {
      const r = compareFights(compiledCase(which, target), `cmp-${which}`, 0, n);
      expect([r.compiled, r.handedBack]).toEqual([n, 0]);
    });
  }

  it('A5E-DMG-16 A5E-DYING-5 A5E-DYING-6 A5E-STRIFE-4 strife piling up over drops and wakes: a creature waking with strife 4 is handed back, the rest match', () => {
    const r = compareFights(compiledCase('relentless', 'weakest', 20), 'cmp-relentless', 2000, 2500);
    expect([r.compiled, r.handedBack]).toEqual([497, 3]);
  });

  it('A5E-DYING-6 A5E-POS-8 A5E-COND-24 a creature waking prone stands up first, for half its Speed; with Speed 0 the fight is handed back', () => {
    const r = compareFights(compiledCase('relentless', 'weakest', 20), 'cmp-stand', 0, 300);
    expect(r.compiled).toBeGreaterThan(290);
    // the weakling (Speed 30) stood up for 15 ft each time it woke
    const moved = r.tally.spent[0]!['movementFeet'] ?? 0;
    expect(moved).toBeGreaterThan(0);
    expect(moved % 15).toBe(0);
    const rooted = compareFights(compiledCase('rooted', 'weakest', 20), 'cmp-stand', 0, 300);
    expect(rooted.handedBack).toBeGreaterThan(0);
    expect(rooted.tally.spent[0]!['movementFeet'] ?? 0).toBe(0);
  });

  it('the round limit ends a fight as a draw in the same round as the engine', () => {
    const r = compareFights(compiledCase('boss', 'weakest', 2), 'cmp-draw', 0, 150);
    expect(r.compiled).toBe(150);
  });

  it('simulate with fallbacks: the same result as the engine alone, apart from who played', () => {
    // Hardly any fight leaves the compiled rules now (a creature waking with strife 4), so every third one is handed back here.
    const base = compiledCase('table', 'weakest');
    const ruleset = Object.create(base.ruleset, {
      compileFight: {
        value: (...args: Parameters<NonNullable<typeof base.ruleset.compileFight>>) => {
          const fight = base.ruleset.compileFight!(...args);
          if ('unsupported' in fight) return fight;
          let calls = 0;
          return Object.create(fight, { play: { value: (...p: Parameters<typeof fight.play>) => calls++ % 3 !== 0 && fight.play(...p) } }) as typeof fight;
        },
      },
    }) as typeof base.ruleset;
    const scenario = { ...base, ruleset };
    const fast = runRange(scenario, { seed: 'mixed', from: 0, to: 300, mode: 'fast' });
    const engine = runRange(scenario, { seed: 'mixed', from: 0, to: 300, engine: true });
    expect(fast.compiled + fast.fallbacks).toBe(300);
    expect(fast.fallbacks).toBeGreaterThan(0);
    expect(comparable(fast)).toEqual(comparable(engine));
    expectSameSummary(fast, engine, scenario, 'mixed');
  });
});

describe('what is not compiled', () => {
  const start = compiledCase('standard').start;
  const spec = { target: 'random' as const, prompts: 'sim', maxRounds: 50 };
  const refusal = (state: typeof start) => {
    const r = a5eRuleset.compileFight!(state, spec);
    return 'unsupported' in r ? r.unsupported : null;
  };
  it('a fight under way, a map, conditions, riders, reactions, unknown options and environment features the kernel does not play stay on the engine; ranged first attacks, unused actions, parries, a bite that knocks prone, knock-outs and a storm do not', () => {
    expect(refusal(start)).toBeNull();
    expect(refusal({ ...start, phase: 'combat', round: 1 })).toMatch(/under way/);
    expect(refusal({ ...start, space: { kind: 'grid' } as never })).toMatch(/map/);
    // knock-outs, a storm's world actions and a swamp's (its Leeches too, kernel-spawn.ts) are played; a swarm with the Narrator's own statistics, a shadow puppet, a second world action a round are not
    expect(refusal({ ...start, options: { knockOutPrompt: 'always', environment: 'storm' } })).toBeNull();
    expect(refusal({ ...start, options: { environment: 'swamp' } })).toBeNull();
    const bogLeeches = { name: 'Bog Leeches', proficiency: 2, abilities: { str: 4, dex: 14, con: 10, int: 1, wis: 6, cha: 1 }, ac: 12, hp: 15 };
    expect(refusal({ ...start, options: { environment: 'swamp', environmentCreatures: { leeches: bogLeeches } } })).toBe("the environment's world action Leeches (A5E-WORLD-43) with the Narrator's own statistics for the swarm");
    expect(refusal({ ...start, options: { environment: 'fog', environmentDisable: ['thick-fog'] } })).toBe("the environment's world action Shadow Puppet (A5E-WORLD-30): a shadow-puppet joining the fight");
    expect(refusal({ ...start, options: { environment: 'storm', worldActionsPerRound: 2 } })).toMatch(/worldActionsPerRound/);
    const g = start.creatures['guard-1']!;
    const withGuard = (c: typeof g) => ({ ...start, creatures: { ...start.creatures, 'guard-1': c } });
    expect(refusal(withGuard({ ...g, conditions: [{ instanceId: 'prone#1', conditionId: 'prone', source: null, duration: { kind: 'untilRemoved' } }] }))).toMatch(/guard-1: conditions/);
    const sheet = g.sheet as { attacks: Record<string, unknown>[] };
    expect(refusal(withGuard({ ...g, sheet: { ...sheet, attacks: [{ ...sheet.attacks[0], kind: 'ranged', rangeFeet: [80, 320] }] } as never }))).toBeNull();
    const action = { id: 'web', name: 'Web', recharge: { min: 5 }, targets: { count: 1 }, effects: [{ kind: 'applyCondition', condition: 'restrained' }] };
    expect(refusal(withGuard({ ...g, sheet: { ...sheet, actions: [action] } as never }))).toBeNull();
    const parry = { ...action, id: 'parry', cost: 'reaction', trigger: { text: 'hit', on: 'melee-hit' } };
    // a parry is offered on a hit and declined (the simulator's answer): nothing the kernel rolls
    expect(refusal(withGuard({ ...g, sheet: { ...sheet, reactions: [parry] } as never }))).toBeNull();
    expect(refusal({ ...start, options: { deathSaveNatural1Failures: 2 } })).toMatch(/deathSaveNatural1Failures/);
    expect(refusal(withGuard({ ...g, sheet: { ...sheet, attacks: [{ ...sheet.attacks[0], onHit: [{ kind: 'condition' }] }] } as never }))).toMatch(/riders/);
    // a save against falling prone is played (kernel-attacks.ts); anything more on the failure is not
    const trip = { kind: 'save', ability: 'str', dc: 11, fail: [{ kind: 'applyCondition', condition: 'prone' }] };
    expect(refusal(withGuard({ ...g, sheet: { ...sheet, attacks: [{ ...sheet.attacks[0], onHit: [trip] }] } as never }))).toBeNull();
    const tripAndHurt = { ...trip, fail: [...trip.fail, { kind: 'damage', dice: '1d4', type: 'piercing' }] };
    expect(refusal(withGuard({ ...g, sheet: { ...sheet, attacks: [{ ...sheet.attacks[0], onHit: [tripAndHurt] }] } as never }))).toMatch(/riders/);
    expect(refusal(withGuard({ ...g, sheet: { ...sheet, attacks: [{ ...sheet.attacks[0], damage: '2d20kh1' }] } as never }))).toMatch(/keep or drop/);
    expect(a5eRuleset.compileFight!(start, { ...spec, prompts: 'mine' })).toEqual({ unsupported: "prompt answers 'mine' are not the simulator's" });
  });

  it('policies without a compiled description play on the engine', () => {
    expectCompiledOnlyWithDescription(compiledCase('standard'));
  });
});

describe('a recorded compiled fight', () => {

  for (const which of ['standard', 'boss', 'defences', 'party', 'table', 'outnumbered', 'archers', 'dragon', 'captain', 'rival-party', 'relentless'] as const) {
    it(`A5E-DMG-1 A5E-DMG-4 A5E-INIT-1 A5E-DYING-4 A5E-DYING-13 A5E-DMG-16 A5E-COND-24 ${which}: every die, d20 test and damage row is the engine's own event`, () => {
      const scenario = compiledCase(which, 'random');
      const engineLogs = new Map<number, unknown[]>();
      runRange(scenario, { seed: `rec-${which}`, from: 0, to: 120, mode: 'recorded', engine: true, onRecord: (r) => engineLogs.set(r.fight, engineRecord(r.events as FrayEvent[])) });
      const records: FightRecord[] = [];
      const tally = runRange(scenario, { seed: `rec-${which}`, from: 0, to: 120, mode: 'recorded', onRecord: (r) => records.push(r) });
      expect(records.length).toBe(120);
      let compiled = 0;
      for (const r of records) {
        if (r.path === 'engine') continue;
        compiled++;
        expect(r.events, `fight ${r.fight}`).toEqual(engineLogs.get(r.fight));
        expect(r.dice).toEqual(fightDice(`rec-${which}`, r.fight).getState());
      }
      expect(compiled).toBe(tally.compiled);
      expect(compiled).toBe(120);
    });
  }
});
