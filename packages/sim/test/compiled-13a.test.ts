import { describe, expect, it } from 'vitest';
import type { EncounterState, FrayEventBody } from '@fray/engine';
import { thirteenthAgeRuleset } from '@fray/ruleset-13th-age';
import {
  FightObserver, runRange, shapeOf, type SimScenario, type SimShape, type Tally,
} from '../src/index';
import { LEAN_13A_POLICY } from '../src/policy/lean-13a';
import { compiled13aCase, type Compiled13aCase } from './13a-compiled-fixtures';
import { comparable, compareFights, expectCompiledOnlyWithDescription, expectSameSummary, onEngine } from './compare-fights';


/** The engine's fast path, also counting the rules its events name (so a test can say which rules its fights went through). */
class RuleCountingObserver extends FightObserver {
  readonly rules = new Map<string, number>();
  constructor(shape: SimShape, tally: Tally) {
    super(shape, tally);
    const observe = this.observe;
    Object.defineProperty(this, 'observe', {
      value: (e: FrayEventBody) => {
        const rule = (e as { ruleId?: string }).ruleId;
        if (rule) this.rules.set(rule, (this.rules.get(rule) ?? 0) + 1);
        // an opportunity attack that drops the attacker before it acts (13A-ENGAGE-9)
        if (e.type === 'RuleApplied' && e.text.includes('dropped before')) this.rules.set('dropped before acting', (this.rules.get('dropped before acting') ?? 0) + 1);
        observe(e);
      },
    });
  }
}

interface Compared {
  compiled: number;
  handedBack: number;
  tally: Tally;
  /** the rules named by the events of the fights the compiled fight kept, with how often */
  rules: Map<string, number>;
}

/** `compareFights`, also counting the rules named by the events of the fights the compiled fight kept. */
function compareFightsWithRules(scenario: SimScenario, seed: string, from: number, to: number): Compared {
  const rules = new Map<string, number>();
  const r = compareFights(scenario, seed, from, to, {
    make: (shape, tally) => new RuleCountingObserver(shape, tally),
    kept: (observer) => {
      for (const [rule, n] of observer.rules) rules.set(rule, (rules.get(rule) ?? 0) + n);
    },
  });
  return { ...r, rules };
}


/** Rules a melee scenario's kept fights go through (named by the engine's events). */
const MELEE_RULES = [
  // engaging with the standard action as a move; disengaging (the save, popping free, failing)
  '13A-ACT-2', '13A-ENGAGE-6', '13A-ENGAGE-7', '13A-ENGAGE-8',
  // spells and ranged attacks while engaged provoke; opportunity attacks, some dropping the attacker first
  '13A-ENGAGE-3', '13A-ENGAGE-4', '13A-ENGAGE-9', 'dropped before acting',
  // shooting into melee, two-weapon rerolls, rallies, damage to the dying, dying, mobs
  '13A-MOD-2', '13A-WPN-4', '13A-HEAL-5', '13A-DYING-7', '13A-HP-5', '13A-DYING-5', '13A-TGT-1', '13A-ATK-6', '13A-ATK-7',
];

describe('the compiled 13th Age fight plays the engine\'s fights', () => {
  const melee: [Compiled13aCase, 'random' | 'weakest', number][] = [
    ['scrappers', 'random', 300], ['scrappers', 'weakest', 300], ['marsh', 'random', 300], ['marsh', 'weakest', 300],
    ['skirmish', 'random', 250], ['skirmish', 'weakest', 250], ['brawl', 'random', 150], ['brawl', 'weakest', 150],
  ];
  for (const [which, target, n] of melee) {
    it(`13A-ENGAGE-1 13A-ENGAGE-2 13A-ENGAGE-9 13A-MOD-2 13A-HEAL-5 13A-COND-6 ${which}, ${target} targets (melee): fight by fight, the same tally as the engine (${n} fights)`, () => {
      const r = compareFightsWithRules(compiled13aCase(which, target), `cmp-${which}`, 0, n);
      expect([r.compiled, r.handedBack]).toEqual([n, 0]);
      // the kept fights went through every rule the kernel adds for melee (only the skirmish has ranged attackers of its own to engage)
      expect(MELEE_RULES.filter((rule) => !r.rules.has(rule))).toEqual(which === 'skirmish' ? [] : ['13A-ENGAGE-3']);
      // melee creatures attack: every creature of the other side deals damage over these fights
      const shape = shapeOf(compiled13aCase(which).start);
      shape.creatures.forEach((c, k) => {
        if (c.side !== shape.sides[0]) expect(r.tally.dealt[k], c.id).toBeGreaterThan(0);
      });
    });
  }
  const others: [Compiled13aCase, 'random' | 'weakest', number][] = [
    ['mooks', 'random', 300], ['mooks', 'weakest', 200], ['mixed', 'random', 200], ['mixed', 'weakest', 200],
    ['three-sides', 'random', 200], ['three-sides', 'weakest', 200], ['escalation', 'random', 250], ['escalation', 'weakest', 200],
  ];
  for (const [which, target, n] of others) {
    it(`13A-INIT-1 13A-INIT-3 13A-ATK-4 13A-ATK-6 13A-ATK-7 13A-CRIT-2 13A-CRIT-4 13A-ESC-1 13A-ESC-3 13A-RES-2 13A-RES-4 13A-TGT-1 ${which}, ${target} targets: fight by fight, the same tally as the engine (${n} fights)`, () => {
      const r = compareFightsWithRules(compiled13aCase(which, target), `cmp-${which}`, 0, n);
      expect([r.compiled, r.handedBack]).toEqual([n, 0]);
    });
  }

  it('13A-HP-5 13A-DYING-1 13A-DYING-2 13A-DYING-3 13A-DYING-4 13A-DYING-5 an outnumbered party drops, rolls death saves, wakes and dies, all compiled', () => {
    const r = compareFightsWithRules(compiled13aCase('dying', 'random'), 'cmp-dying', 0, 300);
    expect([r.compiled, r.handedBack]).toEqual([300, 0]);
    const [wren, maelis] = [0, 1];
    // both sides win some, PCs drop and die, and death saves that wake them spend recoveries and the turn's actions
    expect(r.tally.wins.every((w) => w > 0)).toBe(true);
    expect(r.tally.drops[wren]! + r.tally.drops[maelis]!).toBeGreaterThan(300);
    expect(r.tally.deaths[wren]! + r.tally.deaths[maelis]!).toBeGreaterThan(0);
    expect(r.tally.spent[wren]!['recoveries']).toBeGreaterThan(0);
    expect(r.tally.spent[wren]!['quick']).toBeGreaterThan(0);
  });

  it('13A-HEAL-4 a death save with no recovery left, or a recovery that heals nothing, hands the fight back; the fights it keeps match the engine', () => {
    const r = compareFightsWithRules(compiled13aCase('frail', 'random'), 'cmp-frail', 0, 300);
    expect(r.handedBack).toBeGreaterThan(0);
    expect(r.compiled).toBeGreaterThan(0);
    expect(r.compiled + r.handedBack).toBe(300);
  });

  it('13A-ENGAGE-9 13A-GRAB-1 an opportunity attack with an attack the kernel does not model hands the fight back; the fights it keeps match the engine', () => {
    const r = compareFightsWithRules(compiled13aCase('hooks', 'weakest'), 'cmp-hooks', 0, 200);
    expect(r.handedBack).toBeGreaterThan(0);
    expect(r.compiled).toBeGreaterThan(0);
    expect(r.rules.get('13A-GRAB-1')).toBeUndefined();
  });

  it('the round limit ends a fight as a draw in the same round as the engine (death saves at the turn that would start the next round included)', () => {
    for (const [which, rounds] of [['mixed', 2], ['escalation', 3], ['dying', 1], ['marsh', 2]] as const) {
      const r = compareFightsWithRules(compiled13aCase(which, 'weakest', rounds), `cmp-draw-${which}`, 0, 150);
      expect(r.compiled).toBe(150);
      expect(r.tally.draws).toBeGreaterThan(0);
    }
  });

  it('simulate with fallbacks: the same result as the engine alone, apart from who played', () => {
    const scenario = compiled13aCase('frail', 'weakest');
    const fast = runRange(scenario, { seed: 'mixed', from: 0, to: 300 });
    const engine = runRange(onEngine(scenario), { seed: 'mixed', from: 0, to: 300 });
    expect(fast.compiled + fast.fallbacks).toBe(300);
    expect(fast.fallbacks).toBeGreaterThan(0);
    expect(engine.compiled).toBe(0);
    expect(comparable(fast)).toEqual(comparable(engine));
    expectSameSummary(fast, engine, scenario, 'mixed');
  });
});

describe('what is not compiled', () => {
  const start = compiled13aCase('mixed').start;
  const spec = { target: 'random' as const, prompts: 'sim', maxRounds: 50, policy: LEAN_13A_POLICY };
  const refusal = (state: EncounterState) => {
    const r = thirteenthAgeRuleset.compileFight!(state, spec);
    return 'unsupported' in r ? r.unsupported : null;
  };
  const withCreature = (id: string, change: (c: EncounterState['creatures'][string]) => EncounterState['creatures'][string]) =>
    ({ ...start, creatures: { ...start.creatures, [id]: change(start.creatures[id]!) } });
  /** the creature's attacks changed where `which` says (by index) */
  const withAttack = (id: string, which: number, change: Record<string, unknown>) => withCreature(id, (c) => {
    const sheet = c.sheet as { attacks: Record<string, unknown>[] };
    return { ...c, sheet: { ...sheet, attacks: sheet.attacks.map((a, k) => (k === which ? { ...a, ...change } : a)) } as never };
  });

  it('other turn policies, a fight under way, a map, encounter vars and counters, options with rules of their own, and other prompt answers stay on the engine', () => {
    expect(refusal(start)).toBeNull();
    // the attack-only description (the old simulator policy's) names no turns the kernel plays
    const { policy: _p, ...attackOnly } = spec;
    expect(thirteenthAgeRuleset.compileFight!(start, attackOnly)).toEqual({ unsupported: 'the turn policy (attack only) is not the lean 13th Age policy the fight compiles' });
    expect(thirteenthAgeRuleset.compileFight!(start, { ...spec, policy: 'mine' } as typeof spec)).toEqual({ unsupported: "the turn policy 'mine' is not the lean 13th Age policy the fight compiles" });
    expect(refusal({ ...start, phase: 'combat', round: 1 })).toMatch(/under way/);
    expect(refusal({ ...start, space: { kind: 'zones' } as never })).toMatch(/placed/);
    expect(refusal({ ...start, vars: { ambushRound: true } })).toMatch(/ambushRound/);
    expect(refusal({ ...start, counters: { escalationHold: 1 } })).toMatch(/escalationHold/);
    expect(refusal({ ...start, options: { '13a.meaningfulDeath': true } })).toMatch(/meaningfulDeath/);
    expect(refusal({ ...start, options: { '13a.defenseMode': 'base+modifier', '13a.lastingWounds': true } })).toBeNull();
    expect(thirteenthAgeRuleset.compileFight!(start, { ...spec, prompts: 'mine' })).toEqual({ unsupported: "prompt answers 'mine' are not the simulator's" });
  });

  it('creatures not fresh from their stat blocks stay on the engine', () => {
    expect(refusal(withCreature('kettle', (c) => ({ ...c, conditions: [{ instanceId: 'dazed#1', conditionId: 'dazed', source: null, duration: { kind: 'untilRemoved' } }] })))).toMatch(/kettle: conditions/);
    expect(refusal(withCreature('kettle', (c) => ({ ...c, tempHp: 5 })))).toMatch(/temporary/);
    expect(refusal(withCreature('kettle', (c) => ({ ...c, tallies: { rallies: 1 } })))).toMatch(/tallies/);
    expect(refusal(withCreature('kettle', (c) => ({ ...c, resources: { ...c.resources, move: 0 } })))).toMatch(/move/);
    expect(refusal(withCreature('archer-1', (c) => ({ ...c, tags: [...c.tags, 'mob:left'] })))).toMatch(/tags/);
    expect(refusal(withCreature('archer-1', (c) => ({ ...c, vars: { ...c.vars, mob: 'left' } })))).toMatch(/vars/);
    expect(refusal(withCreature('captain', (c) => ({ ...c, hidden: true })))).toMatch(/hidden/);
    expect(refusal(withCreature('wren', (c) => ({ ...c, status: 'unconscious', hp: 0 })))).toMatch(/not up/);
  });

  it('13A-TGT-5 13A-COND-11 13A-GEN-1 a signature attack with a hit-point threshold, hit effects or natural-roll triggers stays on the engine; other attacks never made do not matter', () => {
    // the captain's signature attack is its cutlass (melee, first); the hand crossbow is never made
    expect(refusal(withAttack('captain', 0, { hpThreshold: 10 }))).toMatch(/captain: cutlass: a hit point threshold/);
    expect(refusal(withAttack('captain', 0, { hit: [{ kind: 'condition', condition: 'dazed', duration: 'save-normal' }] }))).toMatch(/effects on a hit/);
    expect(refusal(withAttack('imp', 0, { triggers: [{ when: 'roll:natural:even', effects: [{ kind: 'damage', dice: '1d4', type: 'fire' }] }] }))).toMatch(/triggers/);
    expect(refusal(withAttack('archer-1', 0, { damage: '2d20kh1' }))).toMatch(/keep or drop/);
    expect(refusal(withAttack('captain', 1, { hit: [{ kind: 'grab' }] }))).toBeNull();
    // an opportunity attack the kernel does not model hands back only the fights where it is made
    const grabsBack = withCreature('brute', (c) => {
      const sheet = c.sheet as { attacks: Record<string, unknown>[] };
      return { ...c, sheet: { ...sheet, attacks: sheet.attacks.map((a) => ({ ...a, basic: a['id'] === 'grasp' })) } as never };
    });
    expect(refusal(grabsBack)).toBeNull();
    // an attack named like one of the rules' actions is never made: the action runs instead
    expect(refusal(withAttack('captain', 1, { id: 'engage' }))).toMatch(/an attack called 'engage'/);
  });

  it('policies without a compiled description play on the engine', () => {
    expectCompiledOnlyWithDescription(compiled13aCase('scrappers'));
  });
});
