import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CheckpointOptions, CheckpointReport } from './sqlite-writer';

/**
 * WAL checkpoints for a store that appends on its caller's thread (synchronous NORMAL by default).
 *
 * Left to SQLite, the commit that takes the WAL past 1,000 pages runs the checkpoint itself: it syncs
 * the WAL, copies its pages into the database file and syncs that, on the server's only thread, so
 * every few hundred commands one acknowledgement (and every table's next step) waited for two disk
 * syncs. A table that goes quiet before 1,000 pages is never synced at all until the store closes,
 * so under NORMAL a power cut could take everything since it opened.
 *
 * Here a thread of the store's own, with a second connection, runs PASSIVE checkpoints (they neither
 * wait for nor block the appending connection) once no commit has come for `quietMs`, or once the
 * oldest commit not yet checkpointed is `maxDelayMs` old, however busy. It looks for commits by
 * polling `PRAGMA data_version` every `POLL_MS`: the appending thread tells it nothing, because waking
 * another thread at every commit was measured to cost the paced round trip more than the checkpoint
 * work itself (ADR 0011). Checkpoints are kept rare under load on purpose: the first commit after a
 * complete checkpoint restarts the WAL and syncs its header, so each checkpoint costs one commit a sync.
 * Under NORMAL this bounds what a power cut can take to about `maxDelayMs` of commits.
 */

/** How often the thread looks for new commits (ms). */
export const POLL_MS = 50;
/** Defaults for the caller's-thread store: checkpoint after 200 ms without a commit, or 5 s after the oldest one not yet in. */
export const POLLED_CHECKPOINT = { quietMs: 200, maxDelayMs: 5000 } as const;

// The thread's code, as plain CommonJS text (`eval`), for the same reason as writer-thread.ts: it runs
// the same from the sources, the compiled packages and a bench bundle.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const { file, synchronous, quietMs, maxDelayMs, pollMs, signal } = workerData;
const db = new Database(file, { fileMustExist: true });
// A checkpoint syncs the WAL, then the database file, as its connection's synchronous setting says.
db.pragma('synchronous = ' + synchronous);
db.pragma('busy_timeout = 5000');
const clock = () => performance.timeOrigin + performance.now();
let seen = db.pragma('data_version', { simple: true });
// Commits not yet checkpointed: when the first was noticed (0: none) and when the last was. The
// thread starts a while after the store: commits made before it could see them count as pending.
let oldest = Date.now();
let last = oldest;
while (Atomics.wait(signal, 0, 0, pollMs) === 'timed-out') {
  const now = Date.now();
  const v = db.pragma('data_version', { simple: true });
  if (v !== seen) {
    seen = v;
    last = now;
    if (!oldest) oldest = now;
  }
  if (!oldest || (now - last < quietMs && now - oldest < maxDelayMs)) continue;
  const t0 = clock();
  try {
    const r = db.pragma('wal_checkpoint(PASSIVE)')[0];
    parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed, ms: clock() - t0 });
  } catch (e) {
    parentPort.postMessage({ error: String((e && e.message) || e) });
  }
  // The checkpoint's own connection does not change data_version; commits made while it ran do.
  oldest = 0;
}
db.close();
`;

export class WalCheckpointPoller {
  /** [0]: set to stop the thread */
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  /** checkpoints the thread has run, and the last one's report */
  runs = 0;
  last: CheckpointReport | null = null;

  constructor(file: string, synchronous: string, opts: CheckpointOptions, onFailure: (reason: string) => void) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD, {
      eval: true,
      workerData: { driver, file, synchronous, quietMs: opts.quietMs ?? POLLED_CHECKPOINT.quietMs, maxDelayMs: opts.maxDelayMs ?? POLLED_CHECKPOINT.maxDelayMs, pollMs: POLL_MS, signal: this.signal },
    });
    // A server process must be able to exit without closing its store first (a crash, a test).
    this.worker.unref();
    this.worker.on('message', (m: CheckpointReport | { error: string }) => {
      if ('error' in m) return;
      this.runs++;
      this.last = m;
    });
    let failed = false;
    this.worker.on('error', (e) => {
      failed = true;
      onFailure(e instanceof Error ? e.message : String(e));
    });
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', (code) => {
        if (!failed && Atomics.load(this.signal, 0) === 0) onFailure(`exit code ${code}`);
        resolve();
      }),
    );
  }

  /** Stops the thread (its connection closes; the store's own close then checkpoints what is left). */
  async close(): Promise<void> {
    // Referenced again: waiting for its exit must keep the process alive (nothing else may).
    this.worker.ref();
    Atomics.store(this.signal, 0, 1);
    Atomics.notify(this.signal, 0);
    await this.exited;
  }
}
