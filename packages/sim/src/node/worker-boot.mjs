// A simulation worker: the sources are TypeScript, so register tsx in this thread, then run the job.
import { workerData } from 'node:worker_threads';

try {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./worker.ts');
} catch (err) {
  workerData.port.postMessage({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  Atomics.add(workerData.signal, 0, 1);
  Atomics.notify(workerData.signal, 0);
}
