// What bench/sim-ab.mjs bundles once per tree: the standard 4v4 played by that tree's compiled fight
// (as bench/sim.bench.ts's simRunner plays it), the bare loop, and a tally to check both trees agree.
import path from 'node:path';
import { RUNTIME_CHECK_FIGHTS, runRange } from '@fray/sim';
import { BareFight, ORCS, PCS, type BareTotals } from './sim-bare-4v4';
import { a5eSimScenario } from './sim-scenario';

const scenarioIn = (root: string) => a5eSimScenario(path.join(root, 'scenarios/a5e/sim-4v4.yaml'), 'random');

/** Fights per call on the fast path, the simulation's one-time start (compiling, the run-time check) paid here. */
export function compiledRunner(root: string): (k: number) => number {
  const scenario = scenarioIn(root);
  runRange(scenario, { seed: 'warm', from: 0, to: 2 * RUNTIME_CHECK_FIGHTS, mode: 'fast' });
  let next = 0;
  return (k) => {
    const t = runRange(scenario, { seed: 'bench', from: next, to: next + k, mode: 'fast' });
    next += k;
    return t.fights;
  };
}

export function bareRunner(): (k: number) => number {
  const fight = new BareFight(PCS, ORCS);
  return (k) => {
    const t: BareTotals = { combats: 0, winsA: 0, rounds: 0, attacks: 0 };
    fight.run(k, t);
    return t.combats;
  };
}

/** The tally of fights from..to-1 as JSON (both trees must give the same). */
export function tallyOf(root: string, from: number, to: number): string {
  return JSON.stringify(runRange(scenarioIn(root), { seed: 'ab-check', from, to, mode: 'fast' }));
}
