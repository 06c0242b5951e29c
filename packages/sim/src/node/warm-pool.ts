import { MessageChannel, Worker } from 'node:worker_threads';
import type { SimScenario } from '../core/scenario';
import type { Tally } from '../core/tally';
import { forwardProgress, type BudgetJob, type BudgetMessage, type BudgetOptions, type BudgetRun, type BudgetStop } from './budget-run';
import type { WarmWorkerReply, WarmWorkerRequest } from './warm-worker';

export interface WarmPoolOptions {
  /** workers kept loaded between runs (default 1); a run that finds none idle starts one more */
  keep?: number;
  /** modules every worker imports as it starts (the scenario module a run will name), so a run finds them loaded */
  preload?: string[];
}

interface WarmWorker {
  worker: Worker;
  /** the run it is playing: told when the worker fails or exits under it */
  failRun: ((err: Error) => void) | null;
}

/**
 * Budgeted simulations (`simulateInBackground`'s contract) on worker threads kept between runs. A
 * worker's start-up (the TypeScript loader, the rulesets, the scenario module) costs seconds on a
 * loaded machine and the fights of a typical request a fraction of that, so a server answering
 * "odds from here" keeps `keep` workers loaded and idle, and a request pays only for its fights.
 * Idle workers do not hold the process open; `close` ends them all.
 */
export class WarmSimWorkers {
  private readonly idle: WarmWorker[] = [];
  private readonly all = new Set<WarmWorker>();
  private readonly keep: number;
  private closed = false;

  constructor(private readonly opts: WarmPoolOptions = {}) {
    this.keep = Math.max(0, opts.keep ?? 1);
  }

  /** Starts workers until `keep` are loaded, so even the first run does not wait for one. */
  prewarm(): void {
    while (!this.closed && this.all.size < this.keep) this.release(this.spawn());
  }

  /** Workers started and not ended (idle or playing). */
  get size(): number {
    return this.all.size;
  }

  /** Plays up to n fights on a warm worker (one idle, else a new one), as `simulateInBackground` does. */
  run(scenario: SimScenario & { source: NonNullable<SimScenario['source']> }, opts: BudgetOptions): BudgetRun {
    if (!Number.isInteger(opts.n) || opts.n < 1) throw new RangeError(`n must be a whole number of fights, at least 1 (got ${opts.n})`);
    if (this.closed) throw new Error('the simulation workers are closed');
    const w = this.idle.pop() ?? this.spawn();
    w.worker.ref();
    const { port1, port2 } = new MessageChannel();
    const job: BudgetJob = {
      source: scenario.source, seed: opts.seed, n: opts.n, budgetMs: opts.budgetMs, startedAt: Date.now(), chunk: Math.max(1, opts.chunk ?? 250), engine: opts.engine === true, port: port2,
    };
    let settled = false;
    const result = new Promise<{ tally: Tally; stopped: BudgetStop }>((resolve, reject) => {
      const finish = (f: () => void, release: boolean) => {
        if (settled) return;
        settled = true;
        port1.close();
        // The job's last word: its worker takes the next job once this one's code returns, so it is free now.
        if (release) {
          w.failRun = null;
          this.release(w);
        }
        f();
      };
      const progress = forwardProgress(opts);
      w.failRun = (err) => finish(() => reject(err), false);
      port1.on('message', (msg: BudgetMessage) => {
        if (msg.type === 'progress') progress(msg.done);
        else if (msg.type === 'done') {
          progress(msg.tally.fights);
          finish(() => resolve({ tally: msg.tally, stopped: msg.stopped }), true);
        } else finish(() => reject(new Error(`simulation worker failed: ${msg.message}`)), true);
      });
    });
    w.worker.postMessage({ type: 'job', job } satisfies WarmWorkerRequest, [port2]);
    return {
      result,
      stop: () => {
        if (!settled) port1.postMessage({ type: 'stop' });
      },
      terminate: () => {
        if (settled) return;
        // A run cannot be cut short inside a chunk: its worker goes, and a fresh one takes its place.
        this.end(w, new Error('the simulation was terminated'));
        if (!this.closed) this.prewarm();
      },
    };
  }

  /** Ends every worker; runs still playing reject. */
  close(): void {
    this.closed = true;
    for (const w of [...this.all]) this.end(w, new Error('the simulation workers are closed'));
  }

  private spawn(): WarmWorker {
    const boot = new URL('./worker-boot.mjs', import.meta.url);
    const worker = new Worker(boot, { workerData: { entry: './warm-worker.ts' } });
    const w: WarmWorker = { worker, failRun: null };
    this.all.add(w);
    worker.on('message', (reply: WarmWorkerReply) => {
      if (reply.type === 'error') this.end(w, new Error(`simulation worker failed to load: ${reply.message}`));
    });
    worker.on('error', (err) => this.end(w, err));
    worker.on('exit', (code) => this.end(w, new Error(`simulation worker exited (${code}) before it finished`)));
    if (this.opts.preload?.length) worker.postMessage({ type: 'preload', modules: this.opts.preload } satisfies WarmWorkerRequest);
    return w;
  }

  /** A worker with nothing to play: kept idle (not holding the process open) while fewer than `keep` are, else ended. */
  private release(w: WarmWorker): void {
    if (!this.all.has(w)) return;
    if (this.closed || this.idle.length >= this.keep) {
      this.end(w, null);
      return;
    }
    w.worker.unref();
    if (!this.idle.includes(w)) this.idle.push(w);
  }

  private end(w: WarmWorker, err: Error | null): void {
    if (!this.all.delete(w)) return;
    const at = this.idle.indexOf(w);
    if (at >= 0) this.idle.splice(at, 1);
    const fail = w.failRun;
    w.failRun = null;
    void w.worker.terminate();
    if (fail && err) fail(err);
  }
}
