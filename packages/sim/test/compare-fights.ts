import { expect } from 'vitest';
import type { FrayEvent } from '@fray/engine';
import {
  FightObserver, addOutcome, authorities, compileScenario, emptyTally, fightDice, fightPolicyRng, playFight, runRange, shapeOf, simRuntime, summarize,
  type SimScenario, type SimShape, type Tally,
} from '../src/index';

/** What a fight adds to a tally, without the counts only one path can make (events, which path played it). */
export const comparable = (t: Tally) => ({ ...t, events: 0, compiled: 0, fallbacks: 0, checked: 0, mismatched: 0 });

/**
 * The summaries of two runs of the same fights agree (the compiled and the engine's): everything but the
 * paths (which side of the run played each fight), and of the means the attacks and commands.
 */
export function expectSameSummary(fast: Tally, engine: Tally, scenario: SimScenario, label: string): void {
  const { paths: _p, mean: fm, ...restFast } = summarize(fast, shapeOf(scenario.start), label);
  const { paths: _q, mean: em, ...restEngine } = summarize(engine, shapeOf(scenario.start), label);
  expect(restFast).toEqual(restEngine);
  expect([fm.attacks, fm.commands]).toEqual([em.attacks, em.commands]);
}

const RECORDED = new Set(['DiceRolled', 'TestResolved', 'DamageApplied']);

/** The engine log's dice, tests and damage, as event bodies; a compiled record keeps the dice state per fight, not per roll. */
export const engineRecord = (log: readonly FrayEvent[]): unknown[] => log.filter((e) => RECORDED.has(e.type)).map(({ seq: _s, commandId: _c, visibility: _v, digest: _d, ...body }) => {
  if (body.type !== 'DiceRolled') return body;
  const { rngAfter: _r, ...roll } = body;
  return roll;
});

/** The same scenario with policies a ruleset cannot compile: every fight plays on the engine. */
export const onEngine = (s: SimScenario): SimScenario => ({ ...s, policies: { chooseCommand: s.policies.chooseCommand, prompts: s.policies.prompts } });

/**
 * Plays fights from..to-1 both ways, one fight at a time: the compiled fight must add exactly what the
 * engine's fast path adds for the same seed, or hand the fight back. Returns how many it played and
 * the compiled fights' tally; `observe` may watch the engine's fights (`kept` sees each kept one's).
 */
export function compareFights<O extends FightObserver = FightObserver>(
  scenario: SimScenario, seed: string, from: number, to: number,
  observe?: { make: (shape: SimShape, tally: Tally) => O; kept: (observer: O) => void },
): { compiled: number; handedBack: number; tally: Tally } {
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
    const observer = observe ? observe.make(shape, engine) : new FightObserver(shape, engine);
    playFight(scenario, shape, rt, authorities.fast, observer, engine, seed, i);
    if (!compiled.play(fightDice(seed, i), fightPolicyRng(seed, i), out)) {
      handedBack++;
      continue;
    }
    const fast = emptyTally(shape.sides.length, shape.creatures.length);
    addOutcome(fast, compiled, out);
    addOutcome(tally, compiled, out);
    expect(comparable(fast), `fight ${i}`).toEqual(comparable(engine));
    if (observe) observe.kept(observer as O);
    played++;
  }
  return { compiled: played, handedBack, tally };
}

/** 20 fights without the policies' compiled description all play on the engine; with it, all compiled. */
export function expectCompiledOnlyWithDescription(scenario: SimScenario): void {
  const t = runRange(onEngine(scenario), { seed: 1, from: 0, to: 20 });
  expect([t.compiled, t.fallbacks, t.fights]).toEqual([0, 0, 20]);
  const c = runRange(scenario, { seed: 1, from: 0, to: 20 });
  expect([c.compiled, c.fallbacks, c.fights]).toEqual([20, 0, 20]);
}
