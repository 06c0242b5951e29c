import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import { runRange } from '../pure';
import type { SimScenario } from '../core/scenario';
import type { WorkerJob, WorkerMessage } from './pool';

const job = workerData as WorkerJob;

function post(msg: WorkerMessage): void {
  job.port.postMessage(msg);
  Atomics.add(job.signal, 0, 1);
  Atomics.notify(job.signal, 0);
}

try {
  const spec = job.source.module.startsWith('file:') ? job.source.module : pathToFileURL(job.source.module).href;
  const mod = (await import(spec)) as { loadSimScenario?: (args: unknown) => SimScenario | Promise<SimScenario> };
  if (typeof mod.loadSimScenario !== 'function') throw new Error(`${job.source.module} does not export loadSimScenario(args)`);
  const scenario = await mod.loadSimScenario(job.source.args);
  const tally = runRange(scenario, { seed: job.seed, from: job.from, to: job.to, mode: job.mode, engine: job.engine, onProgress: (done) => post({ type: 'progress', done }) });
  post({ type: 'done', tally });
} catch (err) {
  post({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
} finally {
  job.port.close();
}
