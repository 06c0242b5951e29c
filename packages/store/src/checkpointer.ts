import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's WAL checkpoints on a thread of their own. By default SQLite checkpoints inside the commit
 * that takes the WAL past 1,000 pages (about every 300 commands here): that commit copies the pages
 * into the database file and syncs it, even under synchronous NORMAL, on the server's only thread, so
 * every few hundred commands one acknowledgement (and every table's next step) waited for a disk sync.
 * Here the store's own connection never checkpoints (short of a backstop: `BACKSTOP_PAGES`), and a
 * worker thread with a second connection runs PASSIVE checkpoints, which neither wait for nor block
 * the writer: once the store has been quiet for `quietMs`, or at the latest `maxDelayMs` after the
 * first commit it has not checkpointed yet, however busy.
 */
export interface CheckpointOptions {
  /** checkpoint once no commit has come for this long (ms); default 100 */
  quietMs?: number;
  /** ... or once the oldest commit not yet checkpointed is this old (ms), however busy; default 1000 */
  maxDelayMs?: number;
}

/**
 * The store's connection still checkpoints by itself past this many WAL pages (about 40 MB): only if
 * the checkpoint thread cannot keep up (or has died), so the WAL's growth stays bounded.
 */
export const BACKSTOP_PAGES = 10_000;

/** What the checkpoint thread reports after each checkpoint. */
export interface CheckpointReport {
  /** the WAL's pages when it ran, and how many of them are now in the database file */
  log: number;
  checkpointed: number;
}

// The thread's code, as plain CommonJS text (`eval`), so it runs the same from the sources, the
// compiled packages and a bench bundle. It sleeps on a shared counter the store bumps at each commit.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const { file, synchronous, quietMs, maxDelayMs, signal } = workerData;
const db = new Database(file, { fileMustExist: true });
// A checkpoint syncs the WAL, then the database file, as its connection's synchronous setting says.
db.pragma('synchronous = ' + synchronous);
// The counter starts at 0 with the store: commits made before this thread started count too.
let done = 0;
const stopping = () => Atomics.load(signal, 1) !== 0;
while (!stopping()) {
  let seen = Atomics.load(signal, 0);
  if (seen === done) {
    Atomics.wait(signal, 0, seen, 1000);
    continue;
  }
  // Commits not yet checkpointed: wait for a quiet moment, or for the oldest to be maxDelayMs old.
  const first = Date.now();
  for (;;) {
    const left = first + maxDelayMs - Date.now();
    if (left <= 0 || stopping()) break;
    if (Atomics.wait(signal, 0, seen, Math.min(quietMs, left)) === 'timed-out') break;
    seen = Atomics.load(signal, 0);
  }
  if (stopping()) break;
  try {
    const r = db.pragma('wal_checkpoint(PASSIVE)')[0];
    parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed });
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.message || e) });
  }
  done = seen;
}
db.close();
`;

export class WalCheckpointer {
  /** [0]: commits so far (bumped by the store), [1]: set to stop the thread */
  private readonly signal = new Int32Array(new SharedArrayBuffer(8));
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  /** checkpoints the thread has run, and the last one's report */
  runs = 0;
  last: CheckpointReport | null = null;

  constructor(file: string, synchronous: string, opts: CheckpointOptions, onFailure: (e: unknown) => void) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD, {
      eval: true,
      workerData: { driver, file, synchronous, quietMs: opts.quietMs ?? 100, maxDelayMs: opts.maxDelayMs ?? 1000, signal: this.signal },
    });
    // A server process must be able to exit without closing its store first (a crash, a test).
    this.worker.unref();
    this.worker.on('message', (m: CheckpointReport | { error: string }) => {
      if ('error' in m) return;
      this.runs++;
      this.last = m;
    });
    this.worker.on('error', onFailure);
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  /** A commit went into the WAL: the thread checkpoints it once the store is quiet (or at the latest bound). */
  committed(): void {
    Atomics.add(this.signal, 0, 1);
    Atomics.notify(this.signal, 0);
  }

  /** Stops the thread (its connection closes; the store's own close then checkpoints what is left). */
  async close(): Promise<void> {
    // Referenced again: waiting for its exit must keep the process alive (nothing else may).
    this.worker.ref();
    Atomics.store(this.signal, 1, 1);
    Atomics.notify(this.signal, 0);
    await this.exited;
  }
}
