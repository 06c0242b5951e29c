import { parentPort } from 'node:worker_threads';
import { playBudgetJob } from './budget-job';
import type { BudgetJob } from './budget-run';

/** What a warm worker is sent: modules to load before any job asks for them, or a job (its port transferred). */
export type WarmWorkerRequest = { type: 'preload'; modules: string[] } | { type: 'job'; job: BudgetJob };
/** What it answers on its parent port: preloading done, or failed. A job's progress and result go on the job's own port. */
export type WarmWorkerReply = { type: 'ready' } | { type: 'error'; message: string };

// A worker kept between jobs (`WarmSimWorkers`): the TypeScript loader, the rulesets and the scenario
// module stay loaded, so a job pays only for its fights. One job at a time: a job's chunks run
// synchronously, and the next request is read once it is done.
const port = parentPort!;
port.on('message', (req: WarmWorkerRequest) => {
  void (async () => {
    if (req.type === 'preload') {
      try {
        for (const m of req.modules) await import(m.startsWith('file:') ? m : (await import('node:url')).pathToFileURL(m).href);
        port.postMessage({ type: 'ready' } satisfies WarmWorkerReply);
      } catch (err) {
        port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) } satisfies WarmWorkerReply);
      }
      return;
    }
    await playBudgetJob(req.job);
  })();
});
