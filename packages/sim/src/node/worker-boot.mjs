// A simulation worker: the sources are TypeScript, so register tsx in this thread, then run the job
// (`simulate`'s range worker, or the entry the job names: the budgeted worker of `simulateInBackground`,
// or the warm worker of `WarmSimWorkers`, which takes jobs from its parent port).
import { workerData } from 'node:worker_threads';

try {
  const { register } = await import('tsx/esm/api');
  register();
  const entries = { './budget-worker.ts': './budget-worker.ts', './warm-worker.ts': './warm-worker.ts' };
  await import(entries[workerData?.entry] ?? './worker.ts');
} catch (err) {
  if (!workerData?.port) throw err;
  workerData.port.postMessage({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  if (workerData.signal) {
    Atomics.add(workerData.signal, 0, 1);
    Atomics.notify(workerData.signal, 0);
  }
}
