import { pathToFileURL } from 'node:url';
import { receiveMessageOnPort } from 'node:worker_threads';
import { mergeTally, runRange, type Tally } from '../pure';
import type { SimScenario } from '../core/scenario';
import type { BudgetJob, BudgetMessage } from './budget-run';

/** The scenario module's `loadSimScenario`, imported once per thread (a warm worker keeps it between jobs). */
export async function loadScenario(source: BudgetJob['source']): Promise<SimScenario> {
  const spec = source.module.startsWith('file:') ? source.module : pathToFileURL(source.module).href;
  const mod = (await import(spec)) as { loadSimScenario?: (args: unknown) => SimScenario | Promise<SimScenario> };
  if (typeof mod.loadSimScenario !== 'function') throw new Error(`${source.module} does not export loadSimScenario(args)`);
  return mod.loadSimScenario(source.args);
}

/**
 * Plays one budgeted job on this thread: chunks of fights until all are played, the budget is spent or
 * the job's port says stop; progress after each chunk, then the tally (or the error) on the job's port.
 */
export async function playBudgetJob(job: BudgetJob): Promise<void> {
  const post = (msg: BudgetMessage) => job.port.postMessage(msg);
  /** A stop message from the parent (a new command made the estimate stale, or the server is closing). */
  const stopAsked = (): boolean => {
    for (let m = receiveMessageOnPort(job.port); m; m = receiveMessageOnPort(job.port)) if ((m.message as { type?: string }).type === 'stop') return true;
    return false;
  };
  try {
    const scenario = await loadScenario(job.source);
    // The budget counts from the job's start, scenario building included: the wait the GM sees.
    const deadline = job.startedAt + job.budgetMs;
    let tally: Tally | null = null;
    let done = 0;
    let stopped: 'done' | 'budget' | 'cancelled' = 'done';
    while (done < job.n) {
      if (stopAsked()) {
        stopped = 'cancelled';
        break;
      }
      if (done > 0 && Date.now() >= deadline) {
        stopped = 'budget';
        break;
      }
      const to = Math.min(job.n, done + job.chunk);
      const t = runRange(scenario, { seed: job.seed, from: done, to, engine: job.engine });
      tally = tally ? mergeTally(tally, t) : t;
      done = to;
      post({ type: 'progress', done });
    }
    post({ type: 'done', tally: tally!, stopped });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  } finally {
    job.port.close();
  }
}
