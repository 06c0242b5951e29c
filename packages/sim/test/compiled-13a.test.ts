import { describe, expect, it } from 'vitest';
import { FastEncounter, legalCommands, type Command, type EncounterState } from '@fray/engine';
import { thirteenthAgeRuleset } from '@fray/ruleset-13th-age';
import {
  FightObserver, addOutcome, authorities, compileScenario, emptyTally, fightDice, fightPolicyRng, fightStart, playFight, runRange, shapeOf, simPoliciesFor, simRuntime,
  summarize, type SimScenario, type Tally,
} from '../src/index';
import { compiled13aCase, type Compiled13aCase } from './13a-compiled-fixtures';

/** What a fight adds to a tally, without the counts only one path can make (events, which path played it). */
const comparable = (t: Tally) => ({ ...t, events: 0, compiled: 0, fallbacks: 0 });

/**
 * Plays fights from..to-1 both ways, one fight at a time: the compiled fight must add exactly what the
 * engine's fast path adds for the same seed, or hand the fight back. Returns how many it played.
 */
function compareFights(scenario: SimScenario, seed: string, from: number, to: number): { compiled: number; handedBack: number; tally: Tally } {
  const shape = shapeOf(scenario.start);
  const compiled = compileScenario(scenario, shape);
  if ('unsupported' in compiled) throw new Error(`not compiled: ${compiled.unsupported}`);
  const out = compiled.newOutcome();
  const rt = simRuntime(scenario);
  const tally = emptyTally(shape.sides.length, shape.creatures.length);
  let played = 0;
  let handedBack = 0;
  for (let i = from; i < to; i++) {
    const engine = emptyTally(shape.sides.length, shape.creatures.length);
    playFight(scenario, shape, rt, authorities.fast, new FightObserver(shape, engine), engine, seed, i);
    if (!compiled.play(fightDice(seed, i), fightPolicyRng(seed, i), out)) {
      handedBack++;
      continue;
    }
    const fast = emptyTally(shape.sides.length, shape.creatures.length);
    addOutcome(fast, compiled, out);
    addOutcome(tally, compiled, out);
    expect(comparable(fast), `fight ${i}`).toEqual(comparable(engine));
    played++;
  }
  return { compiled: played, handedBack, tally };
}

/** The same scenario with policies a ruleset cannot compile: every fight plays on the engine. */
const onEngine = (s: SimScenario): SimScenario => ({ ...s, policies: { chooseCommand: s.policies.chooseCommand, prompts: s.policies.prompts } });

describe('the compiled 13th Age fight plays the engine\'s fights', () => {
  const cases: [Compiled13aCase, 'random' | 'weakest', number][] = [
    ['mooks', 'random', 400], ['mooks', 'weakest', 300], ['mixed', 'random', 300], ['mixed', 'weakest', 200],
    ['three-sides', 'weakest', 200], ['escalation', 'random', 250], ['escalation', 'weakest', 200],
  ];
  for (const [which, target, n] of cases) {
    it(`13A-INIT-1 13A-INIT-3 13A-ATK-4 13A-ATK-6 13A-ATK-7 13A-CRIT-2 13A-CRIT-4 13A-ESC-1 13A-ESC-3 13A-RES-2 13A-RES-4 13A-TGT-1 ${which}, ${target} targets: fight by fight, the same tally as the engine (${n} fights)`, () => {
      const r = compareFights(compiled13aCase(which, target), `cmp-${which}`, 0, n);
      expect([r.compiled, r.handedBack]).toEqual([n, 0]);
    });
  }

  it('13A-HP-5 13A-DYING-1 13A-DYING-2 13A-DYING-3 13A-DYING-4 13A-DYING-5 an outnumbered party drops, rolls death saves, wakes and dies, all compiled', () => {
    const r = compareFights(compiled13aCase('dying', 'random'), 'cmp-dying', 0, 300);
    expect([r.compiled, r.handedBack]).toEqual([300, 0]);
    const [wren, maelis] = [0, 1];
    // both sides win some, PCs drop and die, and death saves that wake them spend recoveries and the turn's actions
    expect(r.tally.wins.every((w) => w > 0)).toBe(true);
    expect(r.tally.drops[wren]! + r.tally.drops[maelis]!).toBeGreaterThan(300);
    expect(r.tally.deaths[wren]! + r.tally.deaths[maelis]!).toBeGreaterThan(0);
    expect(r.tally.spent[wren]!['recoveries']).toBeGreaterThan(0);
    expect(r.tally.spent[wren]!['move']).toBeGreaterThan(0);
  });

  it('13A-HEAL-4 a death save with no recovery left, or a recovery that heals nothing, hands the fight back; the fights it keeps match the engine', () => {
    const r = compareFights(compiled13aCase('frail', 'random'), 'cmp-frail', 0, 300);
    expect(r.handedBack).toBeGreaterThan(0);
    expect(r.compiled).toBeGreaterThan(0);
    expect(r.compiled + r.handedBack).toBe(300);
  });

  it('the round limit ends a fight as a draw in the same round as the engine (death saves at the turn that would start the next round included)', () => {
    for (const [which, rounds] of [['mixed', 2], ['escalation', 3], ['dying', 1]] as const) {
      const r = compareFights(compiled13aCase(which, 'weakest', rounds), `cmp-draw-${which}`, 0, 150);
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
    const { paths: _p, mean: fm, ...restFast } = summarize(fast, shapeOf(scenario.start), 'mixed');
    const { paths: _q, mean: em, ...restEngine } = summarize(engine, shapeOf(scenario.start), 'mixed');
    expect(restFast).toEqual(restEngine);
    expect([fm.attacks, fm.commands]).toEqual([em.attacks, em.commands]);
  });
});

describe('the simulator\'s 13th Age policy', () => {
  it('13A-ENGAGE-2 attacks with the first attack legalCommands lists for a target (a ranged one while nobody is engaged), like legalTurnPolicy, and is the compiled one', () => {
    const scenario = compiled13aCase('mixed', 'random');
    expect(simPoliciesFor('13th-age', 'weakest').compiled).toEqual({ target: 'weakest', prompts: 'sim' });
    const fast = new FastEncounter(simRuntime(scenario), fightStart(scenario.start, 'policy', 0));
    fast.dispatch({ id: 'c0', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
    const rng = fightPolicyRng('policy', 0);
    let attacks = 0;
    let passes = 0;
    for (let k = 1; k < 80; k++) {
      const state: EncounterState = fast.state;
      const cmd = scenario.policies.chooseCommand(state, scenario.ruleset, rng)!;
      const legal = legalCommands(state, { role: 'gm' }, scenario.ruleset);
      expect(legal).toContainEqual(cmd);
      const me = state.creatures[state.order[state.turnIndex]!.creatureId]!;
      if (cmd.type === 'takeAction') {
        attacks++;
        const first = legal.find((c): c is Command & { action: string; targets: string[] } => c.type === 'takeAction' && (c as { targets?: string[] }).targets?.[0] === (cmd as { targets: string[] }).targets[0]);
        expect((cmd as { action: string }).action).toBe(first!.action);
        expect((me.sheet as { attacks: { id: string; kind: string }[] }).attacks.find((a) => a.id === first!.action)!.kind).not.toBe('melee');
      } else if (state.creatures[me.id]!.resources['standard'] === 1) passes++;
      fast.dispatch({ id: `c${k}`, issuedBy: { role: 'gm' }, command: cmd });
    }
    expect(attacks).toBeGreaterThan(10);
    // melee-only creatures (scrappers, the wisp, the brute) end their turns: the policy never engages
    expect(passes).toBeGreaterThan(0);
  });
});

describe('what is not compiled', () => {
  const start = compiled13aCase('mixed').start;
  const spec = { target: 'random' as const, prompts: 'sim', maxRounds: 50 };
  const refusal = (state: EncounterState) => {
    const r = thirteenthAgeRuleset.compileFight!(state, spec);
    return 'unsupported' in r ? r.unsupported : null;
  };
  const withCreature = (id: string, change: (c: EncounterState['creatures'][string]) => EncounterState['creatures'][string]) =>
    ({ ...start, creatures: { ...start.creatures, [id]: change(start.creatures[id]!) } });
  const withAttack = (id: string, change: Record<string, unknown>) => withCreature(id, (c) => {
    const sheet = c.sheet as { attacks: Record<string, unknown>[] };
    return { ...c, sheet: { ...sheet, attacks: sheet.attacks.map((a) => (a['kind'] === 'melee' ? a : { ...a, ...change })) } as never };
  });

  it('a fight under way, a map, encounter vars and counters, options with rules of their own, and other prompt answers stay on the engine', () => {
    expect(refusal(start)).toBeNull();
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
    expect(refusal(withCreature('kettle', (c) => ({ ...c, tallies: { deathSaveFailures: 1 } })))).toMatch(/tallies/);
    expect(refusal(withCreature('kettle', (c) => ({ ...c, resources: { ...c.resources, standard: 0 } })))).toMatch(/standard/);
    expect(refusal(withCreature('archer-1', (c) => ({ ...c, tags: [...c.tags, 'mob:left'] })))).toMatch(/tags/);
    expect(refusal(withCreature('archer-1', (c) => ({ ...c, vars: { ...c.vars, mob: 'left' } })))).toMatch(/vars/);
    expect(refusal(withCreature('captain', (c) => ({ ...c, hidden: true })))).toMatch(/hidden/);
    expect(refusal(withCreature('wren', (c) => ({ ...c, status: 'unconscious', hp: 0 })))).toMatch(/not up/);
  });

  it('13A-TGT-5 13A-COND-11 13A-GEN-1 attacks with hit-point thresholds, hit effects or natural-roll triggers stay on the engine', () => {
    expect(refusal(withAttack('captain', { hpThreshold: 10 }))).toMatch(/captain: hand-crossbow: a hit point threshold/);
    expect(refusal(withAttack('captain', { hit: [{ kind: 'condition', condition: 'dazed', duration: 'save-normal' }] }))).toMatch(/effects on a hit/);
    expect(refusal(withAttack('imp', { triggers: [{ when: 'roll:natural:even', effects: [{ kind: 'damage', dice: '1d4', type: 'fire' }] }] }))).toMatch(/triggers/);
    expect(refusal(withAttack('captain', { damage: '2d20kh1' }))).toMatch(/keep or drop/);
    // an attack named like one of the rules' actions is never made: the action runs instead
    expect(refusal(withAttack('captain', { id: 'engage' }))).toMatch(/an attack called 'engage'/);
    // a melee attack's riders never matter: nobody engages, so it is never made
    expect(refusal(withCreature('brute', (c) => c))).toBeNull();
  });

  it('policies without a compiled description play on the engine', () => {
    const scenario = compiled13aCase('mooks');
    const t = runRange(onEngine(scenario), { seed: 1, from: 0, to: 20 });
    expect([t.compiled, t.fallbacks, t.fights]).toEqual([0, 0, 20]);
    const c = runRange(scenario, { seed: 1, from: 0, to: 20 });
    expect([c.compiled, c.fallbacks, c.fights]).toEqual([20, 0, 20]);
  });
});
