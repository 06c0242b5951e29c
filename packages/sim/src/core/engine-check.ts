import type { CompiledFight, FightOutcome, Runtime } from '@fray/engine';
import { addOutcome } from './compiled';
import { fastAuthority, playFight } from './fight';
import { FightObserver } from './observer';
import type { SimScenario, SimShape } from './scenario';
import { emptyTally, type Tally } from './tally';

/**
 * How many of a simulation's first compiled fights are also played on the engine and compared before
 * the compiled fight is trusted with the rest (issue 16): the differential tests hold a compiled fight
 * to the engine on the repository's fixtures, this holds it to the engine on the user's own scenario.
 * A few fights cost a few engine fights once per simulation (per worker) and catch a kernel that
 * admitted something it plays differently from the rules.
 */
export const RUNTIME_CHECK_FIGHTS = 4;

/** What a compiled fight and the engine's fight of the same seed must agree on (the counts only one path makes left out). */
const COMPARED = ['fights', 'wins', 'draws', 'stalled', 'rounds', 'drops', 'deaths', 'downAtEnd', 'dealt', 'taken', 'spent', 'attacks', 'commands'] as const satisfies readonly (keyof Tally)[];

/**
 * Fight i on the engine, into a tally of its own, and what differs from the compiled fight's outcome
 * `out` of the same fight: null when they agree, else the differing counts by name
 * (e.g. "fight 3: wins, dealt"). `engine` receives the engine's tally of the fight either way.
 */
export function compareWithEngine(
  scenario: SimScenario, shape: SimShape, rt: Runtime, kernel: CompiledFight, out: FightOutcome, seed: string | number, i: number, engine: Tally,
): string | null {
  playFight(scenario, shape, rt, fastAuthority, new FightObserver(shape, engine), engine, seed, i);
  const compiled = emptyTally(shape.sides.length, shape.creatures.length);
  addOutcome(compiled, kernel, out);
  const differ = COMPARED.filter((k) => canonical(compiled[k]) !== canonical(engine[k]));
  return differ.length ? `fight ${i}: ${differ.join(', ')}` : null;
}

/** A count's text with object keys sorted (the two paths record resources spent in different orders) and holes as zeros. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (Array.isArray(x)) return Array.from(x, (y: unknown) => y ?? 0);
    if (x !== null && typeof x === 'object') return Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return x;
  });
}
