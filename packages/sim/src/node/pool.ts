import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { SimMode } from '../core/fight';
import type { SimScenario } from '../core/scenario';
import { mergeTally, type Tally } from '../core/tally';

/** What a worker is given. */
export interface WorkerJob {
  source: NonNullable<SimScenario['source']>;
  seed: string | number;
  from: number;
  to: number;
  mode: SimMode;
  engine: boolean;
  port: MessagePort;
  /** a counter the worker bumps after each message, so the parent can sleep until there is news */
  signal: Int32Array;
}

export type WorkerMessage = { type: 'progress'; done: number } | { type: 'done'; tally: Tally } | { type: 'error'; message: string };

/** How long the parent waits without a word from any worker before giving up. */
const SILENCE_LIMIT_MS = 120_000;

/**
 * Plays fights 0..n-1 on `workers` threads, each a contiguous range, and merges their tallies.
 * Synchronous: the calling thread sleeps on a shared counter and reads the workers' ports directly,
 * so a command-line program can stay a plain function. Every fight's dice come from (seed, index),
 * so the merged tally is the same for any number of workers.
 */
export function runOnWorkers(
  scenario: SimScenario & { source: NonNullable<SimScenario['source']> }, n: number, seed: string | number, workers: number, mode: SimMode, engine: boolean,
  onProgress?: (done: number) => void,
): Tally {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const boot = new URL('./worker-boot.mjs', import.meta.url);
  const jobs: { worker: Worker; port: MessagePort; done: number; tally: Tally | null }[] = [];
  for (let w = 0; w < workers; w++) {
    const from = Math.floor((n * w) / workers);
    const to = Math.floor((n * (w + 1)) / workers);
    const { port1, port2 } = new MessageChannel();
    const job: WorkerJob = { source: scenario.source, seed, from, to, mode, engine, port: port2, signal };
    const worker = new Worker(boot, { workerData: job, transferList: [port2] });
    worker.unref();
    jobs.push({ worker, port: port1, done: 0, tally: to > from ? null : undefined! });
  }
  let quietSince = Date.now();
  try {
    for (;;) {
      const seen = Atomics.load(signal, 0);
      let news = false;
      for (const job of jobs) {
        for (let m = receiveMessageOnPort(job.port); m; m = receiveMessageOnPort(job.port)) {
          news = true;
          const msg = m.message as WorkerMessage;
          if (msg.type === 'error') throw new Error(`simulation worker failed: ${msg.message}`);
          if (msg.type === 'progress') job.done = msg.done;
          else job.tally = msg.tally;
        }
      }
      if (news) {
        quietSince = Date.now();
        onProgress?.(jobs.reduce((a, j) => a + j.done, 0));
      }
      if (jobs.every((j) => j.tally !== null)) break;
      if (Date.now() - quietSince > SILENCE_LIMIT_MS) throw new Error(`simulation workers sent nothing for ${SILENCE_LIMIT_MS / 1000} s`);
      Atomics.wait(signal, 0, seen, 250);
    }
  } finally {
    for (const job of jobs) {
      job.port.close();
      void job.worker.terminate();
    }
  }
  const [first, ...rest] = jobs.map((j) => j.tally).filter((t): t is Tally => !!t);
  return rest.reduce((a, t) => mergeTally(a, t), first!);
}
