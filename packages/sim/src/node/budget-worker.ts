import { pathToFileURL } from 'node:url';
import { receiveMessageOnPort, workerData } from 'node:worker_threads';
import { mergeTally, runRange, type Tally } from '../pure';
import type { SimScenario } from '../core/scenario';
import type { BudgetJob, BudgetMessage } from './budget-run';

const job = workerData as BudgetJob;

function post(msg: BudgetMessage): void {
  job.port.postMessage(msg);
}

/** A stop message from the parent (a new command made the estimate stale, or the server is closing). */
function stopAsked(): boolean {
  for (let m = receiveMessageOnPort(job.port); m; m = receiveMessageOnPort(job.port)) if ((m.message as { type?: string }).type === 'stop') return true;
  return false;
}

try {
  const spec = job.source.module.startsWith('file:') ? job.source.module : pathToFileURL(job.source.module).href;
  const mod = (await import(spec)) as { loadSimScenario?: (args: unknown) => SimScenario | Promise<SimScenario> };
  if (typeof mod.loadSimScenario !== 'function') throw new Error(`${job.source.module} does not export loadSimScenario(args)`);
  const scenario = await mod.loadSimScenario(job.source.args);
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
