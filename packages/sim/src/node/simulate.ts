import type { FightRecord, SimMode } from '../core/fight';
import { runRange } from '../core/run-range';
import { shapeOf, type SimScenario } from '../core/scenario';
import { summarize, type SimResult } from '../core/summary';
import { runOnWorkers } from './pool';

export interface SimulateOptions {
  n: number;
  seed: string | number;
  /** worker threads (default 1: this thread). More than one needs `scenario.source`. */
  workers?: number;
  /** 'fast' (default) or 'recorded' */
  mode?: SimMode;
  /** play every fight on the engine, even where the ruleset compiles the fight */
  engine?: boolean;
  /** 'recorded' mode on one thread: each fight's record as it ends */
  onRecord?: (record: FightRecord) => void;
  /** called now and then with the number of fights done */
  onProgress?: (done: number, n: number) => void;
}

/**
 * Plays the scenario n times with policies on every side and sums it up: win odds per side with 95 %
 * intervals, rounds, per-creature drop and death odds, damage, resources. Fight i always uses the
 * streams of (seed, i), so the result is the same for any number of workers.
 */
export function simulate(scenario: SimScenario, opts: SimulateOptions): SimResult {
  if (!Number.isInteger(opts.n) || opts.n < 1) throw new RangeError(`n must be a whole number of fights, at least 1 (got ${opts.n})`);
  const workers = Math.max(1, Math.min(opts.workers ?? 1, opts.n));
  const mode = opts.mode ?? 'fast';
  const progress = opts.onProgress ? (done: number) => opts.onProgress!(done, opts.n) : undefined;
  let tally;
  if (workers > 1) {
    if (opts.onRecord) throw new Error('fight records are kept on one thread: use workers: 1 with onRecord');
    if (!scenario.source) throw new Error('workers > 1 needs scenario.source: a module exporting loadSimScenario(args) that a worker thread can import');
    tally = runOnWorkers(scenario as SimScenario & { source: NonNullable<SimScenario['source']> }, opts.n, opts.seed, workers, mode, opts.engine === true, progress);
  } else {
    tally = runRange(scenario, { seed: opts.seed, from: 0, to: opts.n, mode, engine: opts.engine === true, ...(opts.onRecord ? { onRecord: opts.onRecord } : {}), ...(progress ? { onProgress: progress } : {}) });
  }
  return summarize(tally, shapeOf(scenario.start), opts.seed);
}
