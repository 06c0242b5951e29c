import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { SimScenario } from '../core/scenario';
import type { Tally } from '../core/tally';

/** What a budgeted worker is given. */
export interface BudgetJob {
  source: NonNullable<SimScenario['source']>;
  seed: string | number;
  /** fights 0..n-1 at most */
  n: number;
  /** wall-clock milliseconds from `startedAt` after which no new chunk starts */
  budgetMs: number;
  startedAt: number;
  /** fights between progress messages and stop checks */
  chunk: number;
  engine: boolean;
  port: MessagePort;
}

export type BudgetMessage = { type: 'progress'; done: number } | { type: 'done'; tally: Tally; stopped: BudgetStop } | { type: 'error'; message: string };

/** Why a budgeted run ended: all its fights played, out of time, or stopped by the caller. */
export type BudgetStop = 'done' | 'budget' | 'cancelled';

export interface BudgetOptions {
  n: number;
  seed: string | number;
  /** stop starting new fights after this many milliseconds (the fights so far are the answer) */
  budgetMs: number;
  /** fights between progress reports (default 250) */
  chunk?: number;
  engine?: boolean;
  onProgress?: (done: number, n: number) => void;
}

export interface BudgetRun {
  /** the fights played (0..k-1 for some k ≤ n, or none when it failed) and why it stopped */
  readonly result: Promise<{ tally: Tally; stopped: BudgetStop }>;
  /** asks the worker to stop after the fight range it is playing; the fights so far still come back */
  stop(): void;
  /** ends the worker at once (the result rejects) */
  terminate(): void;
}

/**
 * Plays up to n fights of a scenario on one worker thread without blocking the caller's event loop
 * (a server answering "odds from here" while its table goes on): the worker rebuilds the scenario from
 * `scenario.source` as `simulate`'s workers do, plays chunks of fights, reports progress after each,
 * and stops when they are all played, the time budget is spent, or `stop()` is called. Fight i is
 * the same fight as in `simulate` with the same seed, so a finished run's tally equals `simulate`'s.
 */
/** The progress callback a run's messages go through: each count at most once and never backwards (the last message may repeat the tally's count). */
export function forwardProgress(opts: Pick<BudgetOptions, 'n' | 'onProgress'>): (done: number) => void {
  let reported = 0;
  return (done) => {
    if (done <= reported) return;
    reported = done;
    opts.onProgress?.(done, opts.n);
  };
}

export function simulateInBackground(scenario: SimScenario & { source: NonNullable<SimScenario['source']> }, opts: BudgetOptions): BudgetRun {
  if (!Number.isInteger(opts.n) || opts.n < 1) throw new RangeError(`n must be a whole number of fights, at least 1 (got ${opts.n})`);
  const { port1, port2 } = new MessageChannel();
  const job: BudgetJob = {
    source: scenario.source, seed: opts.seed, n: opts.n, budgetMs: opts.budgetMs, startedAt: Date.now(), chunk: Math.max(1, opts.chunk ?? 250), engine: opts.engine === true, port: port2,
  };
  const boot = new URL('./worker-boot.mjs', import.meta.url);
  const worker = new Worker(boot, { workerData: { ...job, entry: './budget-worker.ts' }, transferList: [port2] });
  let settled = false;
  const result = new Promise<{ tally: Tally; stopped: BudgetStop }>((resolve, reject) => {
    const finish = (f: () => void) => {
      if (settled) return;
      settled = true;
      port1.close();
      void worker.terminate();
      f();
    };
    const progress = forwardProgress(opts);
    port1.on('message', (msg: BudgetMessage) => {
      if (msg.type === 'progress') progress(msg.done);
      else if (msg.type === 'done') {
        // The last progress message may be lost when the worker closes its port: the tally says how many were played.
        progress(msg.tally.fights);
        finish(() => resolve({ tally: msg.tally, stopped: msg.stopped }));
      }
      else finish(() => reject(new Error(`simulation worker failed: ${msg.message}`)));
    });
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) => finish(() => reject(new Error(`simulation worker exited (${code}) before it finished`))));
  });
  return {
    result,
    stop: () => {
      if (!settled) port1.postMessage({ type: 'stop' });
    },
    terminate: () => {
      if (!settled) void worker.terminate();
    },
  };
}
