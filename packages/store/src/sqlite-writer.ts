import { createRequire } from 'node:module';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { UnknownStream, VersionConflict } from './errors';
import type { StreamAppend } from './store';
import type { WriterSql } from './writer-sql';
import { WRITER_THREAD, type FromWriter, type ToWriter, type WireError, type WirePart, type WireStatement, type WriterThreadData } from './writer-thread';

/** When the writer thread checkpoints the WAL (writer-thread.ts). */
export interface CheckpointOptions {
  /** checkpoint once no commit has come for this long (ms); default 100 */
  quietMs?: number;
  /** ... or at the first idle moment once the oldest commit not yet checkpointed is this old (ms); default 1000 */
  maxDelayMs?: number;
}

/**
 * The writer's connection still checkpoints inside a commit past this many WAL pages (about 40 MB):
 * only if its own checkpoints cannot keep up, so the WAL's growth stays bounded.
 */
export const BACKSTOP_PAGES = 10_000;

/** A checkpoint the writer thread ran: the WAL's pages then, how many of them are now in the database file, and how long it took. */
export interface CheckpointReport {
  log: number;
  checkpointed: number;
  ms: number;
}

/** What the writer thread has done, for the bench: counters since the store opened, samples since the last reset. */
export interface WriterStats {
  transactions: number;
  appends: number;
  checkpoints: number;
  lastCheckpoint: CheckpointReport | null;
  samples: {
    /** appends per transaction */
    group: number[];
    /** per append: from the store's post until its transaction began (the thread's wake-up, and a group or checkpoint before it) */
    waitMs: number[];
    /** per transaction: BEGIN until the COMMIT returned (the sync of the WAL under FULL) */
    transactionMs: number[];
    /** per append: `append` called until it settled, on the store's thread */
    appendMs: number[];
    checkpointMs: number[];
  };
}

/** An append handed to the thread (or held for it) and not answered yet. */
export interface WriterRequest {
  id: number;
  /** the append as the store was handed it, and as the thread is */
  source: readonly StreamAppend[];
  parts: WirePart[];
  /** a write that is not an append, as Kysely compiled it */
  statements?: WireStatement[];
  /** ... and the same write on the store's own connection (idempotent), should the thread stop with it unanswered */
  rerun?: () => Promise<unknown>;
  at: number;
  resolve: () => void;
  reject: (e: unknown) => void;
}

const clock = () => performance.timeOrigin + performance.now();
const MAX_SAMPLES = 200_000;

export function typedError(e: WireError): Error {
  if (e.code === 'version-conflict') return new VersionConflict(e.stream, e.expected, e.actual);
  if (e.code === 'unknown-stream') return new UnknownStream(e.stream);
  return Object.assign(new Error(e.message), { code: e.sqliteCode ?? undefined });
}

/**
 * The store's side of the SQLite writer thread: posts appends, answers them when their group has
 * committed, holds them while the store's own connection writes (`exclusive`), and hands every
 * unanswered append to `onDeath` should the thread stop by itself.
 */
export class SqliteWriter {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  /** [0]: bumped after each message, so the thread's wait ends */
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private readonly exited: Promise<void>;
  private nextId = 1;
  private readonly inFlight = new Map<number, WriterRequest>();
  /** appends held while the store's own connection writes */
  private held: WriterRequest[] = [];
  private exclusiveActive = false;
  private gate: Promise<void> = Promise.resolve();
  private drainedWaiters: (() => void)[] = [];
  private closing = false;
  private failure: string | null = null;
  /** the thread stopped by itself; the store writes on its own thread from then on */
  dead = false;
  private readonly stats: WriterStats = { transactions: 0, appends: 0, checkpoints: 0, lastCheckpoint: null, samples: { group: [], waitMs: [], transactionMs: [], appendMs: [], checkpointMs: [] } };

  constructor(
    file: string,
    synchronous: string,
    sql: WriterSql,
    checkpoint: CheckpointOptions | false,
    private readonly onDeath: (unanswered: WriterRequest[], reason: string) => void,
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const data: WriterThreadData = {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      synchronous,
      sql,
      port: port2,
      signal: this.signal,
      checkpoint: checkpoint === false ? null : { quietMs: checkpoint.quietMs ?? 100, maxDelayMs: checkpoint.maxDelayMs ?? 1000, backstopPages: BACKSTOP_PAGES },
    };
    this.worker = new Worker(WRITER_THREAD, { eval: true, workerData: data, transferList: [port2] });
    // A process must be able to exit without closing its store (a crash, a test): only unanswered
    // appends (and a close under way) keep it alive.
    this.worker.unref();
    this.port.unref();
    this.port.on('message', (m: FromWriter) => this.answer(m));
    this.worker.on('error', (e) => (this.failure ??= e instanceof Error ? e.message : String(e)));
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', (code) => {
        if (!this.closing || this.inFlight.size || this.held.length) this.died(this.failure ?? `exit code ${code}`);
        resolve();
      }),
    );
  }

  append(source: readonly StreamAppend[], parts: WirePart[], statements?: WireStatement[], rerun?: () => Promise<unknown>): Promise<void> {
    return new Promise((resolve, reject) => {
      const r: WriterRequest = { id: this.nextId++, source, parts, ...(statements ? { statements } : {}), ...(rerun ? { rerun } : {}), at: clock(), resolve, reject };
      if (this.exclusiveActive) this.held.push(r);
      else this.post(r);
    });
  }

  private post(r: WriterRequest): void {
    if (!this.inFlight.size) this.port.ref();
    this.inFlight.set(r.id, r);
    const m: ToWriter = { id: r.id, at: r.at, parts: r.parts, ...(r.statements ? { statements: r.statements } : {}) };
    this.port.postMessage(m);
    Atomics.add(this.signal, 0, 1);
    Atomics.notify(this.signal, 0);
  }

  private answer(m: FromWriter): void {
    if ('fatal' in m) {
      this.failure ??= m.fatal;
      return;
    }
    if ('checkpoint' in m) {
      this.stats.checkpoints++;
      this.stats.lastCheckpoint = m.checkpoint;
      this.sample('checkpointMs', m.checkpoint.ms);
      return;
    }
    const done = clock();
    this.stats.transactions++;
    this.sample('group', m.results.length);
    this.sample('transactionMs', m.committed - m.began);
    for (const [id, err] of m.results) {
      const r = this.inFlight.get(id);
      if (!r) continue;
      this.inFlight.delete(id);
      this.stats.appends++;
      this.sample('waitMs', m.began - r.at);
      this.sample('appendMs', done - r.at);
      if (err) r.reject(typedError(err));
      else r.resolve();
    }
    if (!this.inFlight.size) this.drained();
  }

  private sample(k: keyof WriterStats['samples'], v: number): void {
    const xs = this.stats.samples[k];
    if (xs.length < MAX_SAMPLES) xs.push(v);
  }

  private drained(): void {
    this.port.unref();
    for (const w of this.drainedWaiters.splice(0)) w();
  }

  private whenDrained(): Promise<void> {
    if (!this.inFlight.size || this.dead) return Promise.resolve();
    return new Promise((resolve) => this.drainedWaiters.push(resolve));
  }

  /**
   * Runs `fn` (a write on the store's own connection) while the thread holds no transaction and is
   * handed no append: appends that come meanwhile wait, then go to the thread in their order. So the
   * two connections never wait for each other's lock (which would block the store's thread in
   * SQLite's busy handler).
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.gate.then(async () => {
      this.exclusiveActive = true;
      try {
        await this.whenDrained();
        return await fn();
      } finally {
        this.exclusiveActive = false;
        const held = this.held.splice(0);
        if (this.dead) this.onDeath(held, this.failure ?? 'stopped');
        else for (const r of held) this.post(r);
      }
    });
    this.gate = run.then(() => undefined, () => undefined);
    return run;
  }

  private died(reason: string): void {
    if (this.dead) return;
    this.dead = true;
    this.port.close();
    const unanswered = [...this.inFlight.values()].sort((a, b) => a.id - b.id);
    this.inFlight.clear();
    // Held appends stay held until the exclusive write ends (it hands them on then).
    if (!this.exclusiveActive) unanswered.push(...this.held.splice(0));
    for (const w of this.drainedWaiters.splice(0)) w();
    this.onDeath(unanswered, reason);
  }

  writerStats(reset = false): WriterStats {
    const s = this.stats;
    const out: WriterStats = { ...s, samples: { group: [...s.samples.group], waitMs: [...s.samples.waitMs], transactionMs: [...s.samples.transactionMs], appendMs: [...s.samples.appendMs], checkpointMs: [...s.samples.checkpointMs] } };
    if (reset) for (const k of Object.keys(s.samples) as (keyof WriterStats['samples'])[]) s.samples[k] = [];
    return out;
  }

  /** Waits for every append handed to it, then stops the thread (its connection closes). */
  async close(): Promise<void> {
    await this.gate;
    await this.whenDrained();
    if (this.dead) return;
    this.closing = true;
    // Referenced again: waiting for its exit must keep the process alive (nothing else may).
    this.worker.ref();
    this.port.postMessage({ stop: true } satisfies ToWriter);
    Atomics.add(this.signal, 0, 1);
    Atomics.notify(this.signal, 0);
    await this.exited;
    this.port.close();
  }

  /**
   * For tests: stops the thread the way a crash would: now (whatever it is doing), or inside its next
   * group, just before or just after the commit (so that group's appends are unanswered either way).
   */
  kill(when: 'now' | 'before-commit' | 'after-commit'): Promise<void> {
    if (when === 'now') return this.worker.terminate().then(() => undefined);
    this.port.postMessage({ die: when } satisfies ToWriter);
    return Promise.resolve();
  }

  /** Resolves once the thread has stopped. */
  stopped(): Promise<void> {
    return this.exited;
  }
}
