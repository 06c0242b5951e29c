import { addOutcome, compileScenario } from './compiled';
import { FightObserver } from './observer';
import { fightDice, fightPolicyRng } from './seed';
import { fastAuthority, playFight, recordedAuthority, type AuthorityFactory, type SimMode } from './fight';
import { shapeOf, simRuntime, type SimScenario } from './scenario';
import { emptyTally, type Tally } from './tally';

/** The authority each mode plays fights with. */
export const authorities: Record<SimMode, AuthorityFactory> = { recorded: recordedAuthority, engine: fastAuthority, fast: fastAuthority };

export interface RangeOptions {
  seed: string | number;
  /** fights from..to-1 (fight indexes, so a range plays the same fights wherever it runs) */
  from: number;
  to: number;
  mode?: SimMode;
  /** called now and then with the number of fights done in this range */
  onProgress?: (done: number) => void;
  /** how many fights between progress calls (default 256) */
  progressEvery?: number;
}

/**
 * Plays fights from..to-1 on this thread and returns their tally. Pure and synchronous, so a browser
 * can run it; the worker pool splits a simulation into such ranges.
 */
export function runRange(scenario: SimScenario, opts: RangeOptions): Tally {
  const shape = shapeOf(scenario.start);
  const tally = emptyTally(shape.sides.length, shape.creatures.length);
  const mode = opts.mode ?? 'fast';
  const make = authorities[mode];
  const observer = new FightObserver(shape, tally);
  const rt = simRuntime(scenario);
  const every = opts.progressEvery ?? 256;
  const compiled = mode === 'fast' ? compileScenario(scenario, shape) : null;
  const kernel = compiled && !('unsupported' in compiled) ? compiled : null;
  const out = kernel?.newOutcome();
  for (let i = opts.from; i < opts.to; i++) {
    if (kernel && out) {
      if (kernel.play(fightDice(opts.seed, i), fightPolicyRng(opts.seed, i), out)) addOutcome(tally, kernel, out);
      else {
        // Left what was compiled: the same fight, from the same seed, on the engine.
        tally.fallbacks++;
        playFight(scenario, shape, rt, make, observer, tally, opts.seed, i);
      }
    } else playFight(scenario, shape, rt, make, observer, tally, opts.seed, i);
    if (opts.onProgress && (i - opts.from + 1) % every === 0) opts.onProgress(i - opts.from + 1);
  }
  opts.onProgress?.(opts.to - opts.from);
  return tally;
}
