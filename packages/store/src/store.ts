import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type CompiledQuery, type Transaction } from 'kysely';
import type pg from 'pg';
import type { FrayEvent } from '@fray/engine';
import { BACKSTOP_PAGES, SqliteWriter, type CheckpointOptions, type CheckpointReport, type WriterRequest, type WriterStats } from './sqlite-writer';
import { WalCheckpointPoller } from './checkpoint-poller';
import { DirectAppender } from './direct-append';
import { WalSync } from './wal-sync';
import { migrationProvider } from './migrations';
import { APPENDS_CHANNEL, SEATS_CHANNEL, listenForAppends, type AppendListener, type AppendNotice, type SeatsNotice } from './listen';
import { describeUrl, postgresPool, unavailableOf, type PostgresOptions } from './postgres';
import type { StoreDatabase, StreamsTable, TablesTable } from './schema';
import { eventRow, streamRow, writerSql } from './writer-sql';
import type { WirePart } from './writer-thread';

import { TooManyTables, UnknownStream, UnknownTable, VersionConflict, WriterThreadFailed } from './errors';
export { TooManyTables, UnknownStream, UnknownTable, VersionConflict, WriterThreadFailed } from './errors';

export type StreamKind = 'campaign' | 'encounter';

export interface StreamInfo {
  id: string;
  kind: StreamKind;
  tableId: string;
  ruleset: { id: string; version: string };
  schemaVersion: number;
  createdAt: string;
}

export interface TableRecord {
  id: string;
  name: string;
  ruleset: { id: string; version: string };
  meta: unknown;
  createdAt: string;
}

export interface SeatRecord {
  tableId: string;
  seat: string;
  role: 'gm' | 'seat';
  name: string;
  tokenHash: string;
  createdAt: string;
  revokedAt: string | null;
}

/** One stream's part of an atomic append. */
export interface StreamAppend {
  stream: string;
  /** the stream's length the events were decided against; their seqs must start there */
  expectedVersion: number;
  events: readonly FrayEvent[];
  /** create the stream in the same transaction (expectedVersion must be 0) */
  create?: { kind: StreamKind; tableId: string; ruleset: { id: string; version: string }; schemaVersion: number };
}

/**
 * SQLite's `synchronous` in WAL mode. FULL: a commit is on disk (fsync of the WAL) before the append
 * returns, so it survives a power cut. NORMAL: it survives the process dying (the WAL is in the OS's
 * page cache) but the last commits may be lost if the machine loses power. See docs/server.md.
 */
export type Synchronous = 'FULL' | 'NORMAL';

export interface StoreOptions {
  /** folder for the database file (created if missing); default ./fray-data */
  dataDir?: string;
  /** file name inside dataDir; default fray.sqlite */
  fileName?: string;
  synchronous?: Synchronous;
  /**
   * SQLite: appends are written on the caller's thread, at once and synchronously when nothing else is
   * writing (`DirectAppender`), or, with `true`, by a thread of the store's own with group commit
   * (writer-thread.ts). Default: the caller's thread under both FULL and NORMAL: a command's round trip
   * then crosses no thread but the sync's (`fullSync`), and the thread hops, not the sync, made FULL's
   * latency tail (ADR 0011, amended in sessions 10 and 11).
   */
  writerThread?: boolean;
  /**
   * SQLite under FULL with appends on the caller's thread: where the WAL's sync runs. `pool` (the
   * default): after the commit, on libuv's thread pool (WalSync), the append answered once that sync
   * is done, the caller's thread free meanwhile; `commit`: inside SQLite's COMMIT, holding the caller's
   * thread. Both answer an append only once it is on disk (ADR 0011, amended in session 11). With
   * `checkpoint: false` or the writer thread the sync is always inside the COMMIT.
   */
  fullSync?: 'commit' | 'pool';
  /**
   * SQLite's WAL checkpoints: run by the writer thread at its idle moments (writer-thread.ts says when),
   * or, when appends are written on the caller's thread, by a thread that only checkpoints
   * (checkpoint-poller.ts: after 200 ms without a commit or 5 s after the oldest, by default); `false`
   * for SQLite's own, inside the commit that takes the WAL past 1,000 pages.
   */
  checkpoint?: CheckpointOptions | false;
  /** a PostgreSQL database instead of the SQLite file (dataDir, fileName and synchronous are then unused) */
  postgres?: PostgresOptions;
}

export type Backend = 'sqlite' | 'postgres';

/** The writer thread stopped by itself: why, and what became of the appends it had not answered. */
export interface WriterFailure {
  reason: string;
  unanswered: number;
  /** found in the store (committed before the thread stopped): answered as written */
  readBack: number;
  /** not in the store: written on the store's own thread */
  writtenHere: number;
  /** appends that write no events but create a stream: refused with WriterThreadFailed */
  unknown: number;
}

const now = () => new Date().toISOString();

/**
 * SQLite's and PostgreSQL's ways of saying a concurrent writer got there first: a unique key was hit
 * (or, on PostgreSQL, two multi-stream appends deadlocked and this one was chosen to fail).
 */
function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505' || code === '40P01' || code === '40001';
}

/** Runs the migrations; on PostgreSQL several processes may start at once, so a lost race is retried. */
async function migrate(db: Kysely<StoreDatabase>): Promise<void> {
  let last: unknown = null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    const down = unavailableOf(error);
    if (down) throw down;
    last = new Error(`store migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
    // 23505/42P07: another process created the same table a moment before (CREATE TABLE IF NOT EXISTS is not race-free).
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== '23505' && code !== '42P07' && code !== '40P01') break;
  }
  throw last;
}

const INSERT_CHUNK = 500;
/** The advisory lock key under which PostgreSQL processes count tables before adding one ('fray' in ASCII). */
const TABLE_COUNT_LOCK = 0x66726179;

/**
 * The event store: tables, their streams (a campaign log and its fights' logs), the events, snapshots
 * and seat token hashes. All query code is Kysely's dialect-neutral builder; only `open` knows SQLite.
 */
export class EventStore {
  private constructor(
    readonly db: Kysely<StoreDatabase>,
    /** the SQLite file, or the PostgreSQL URL without its password */
    readonly file: string,
    readonly backend: Backend,
    private readonly raw: Database.Database | null,
    /** pg's pool (PostgreSQL only) */
    readonly pgPool: pg.Pool | null,
    private readonly pgOptions: PostgresOptions | null = null,
  ) {}

  /** SQLite: the thread that writes the appends and checkpoints (null: appends are written on this thread, or PostgreSQL) */
  private writer: SqliteWriter | null = null;
  /** the writer thread stopped by itself: its unanswered appends are being settled (new ones wait for that) */
  private recovering: Promise<void> | null = null;
  /** the writer thread or the poller runs the WAL's checkpoints (else SQLite does, inside commits) */
  private checkpointing = false;
  /** SQLite with appends on this thread: the thread that checkpoints (null: the writer thread does, or SQLite inside commits) */
  private poller: WalCheckpointPoller | null = null;
  /** SQLite with appends on this thread: writes them synchronously */
  private direct: DirectAppender | null = null;
  /** FULL with the sync after the commit: syncs the WAL on libuv's pool (null: SQLite syncs inside COMMIT, or NORMAL) */
  private walSync: WalSync | null = null;
  private closed = false;

  static async open(opts: StoreOptions = {}): Promise<EventStore> {
    if (opts.postgres) return EventStore.openPostgres(opts.postgres);
    const dir = path.resolve(opts.dataDir ?? 'fray-data');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, opts.fileName ?? 'fray.sqlite');
    const raw = new Database(file);
    raw.pragma('journal_mode = WAL');
    raw.pragma(`synchronous = ${opts.synchronous ?? 'FULL'}`);
    raw.pragma('foreign_keys = ON');
    raw.pragma('busy_timeout = 5000');
    const db = new Kysely<StoreDatabase>({ dialect: new SqliteDialect({ database: raw }) });
    try {
      await migrate(db);
    } catch (e) {
      await db.destroy();
      throw e;
    }
    const store = new EventStore(db, file, 'sqlite', raw, null);
    if (opts.writerThread) {
      // This connection writes only what cannot be handed over (a table's meta changed by a callback,
      // seats, snapshots; `mainWrite`), so it leaves the checkpoints to the thread too.
      if (opts.checkpoint !== false) raw.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
      store.checkpointing = opts.checkpoint !== false;
      store.writer = new SqliteWriter(file, opts.synchronous ?? 'FULL', writerSql(db), opts.checkpoint ?? {}, (unanswered, reason) => store.writerDied(unanswered, reason));
    } else if (opts.checkpoint !== false) {
      const pool = (opts.synchronous ?? 'FULL') === 'FULL' && opts.fullSync !== 'commit';
      store.direct = new DirectAppender(raw, writerSql(db), pool);
      if (pool) store.walSync = new WalSync(`${file}-wal`);
      // Appends on this thread: the checkpoints go to a thread of their own (checkpoint-poller.ts).
      raw.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
      store.checkpointing = true;
      store.poller = new WalCheckpointPoller(file, opts.synchronous ?? 'FULL', opts.checkpoint ?? {}, () => {
        // Without its thread, SQLite checkpoints inside commits again, as by default.
        store.poller = null;
        if (raw.open) raw.pragma('wal_autocheckpoint = 1000');
      });
    }
    return store;
  }

  /**
   * The same store on PostgreSQL (pg's pool under Kysely's PostgresDialect): the same queries and
   * migrations. Throws DatabaseUnavailable when the database cannot be reached.
   */
  static async openPostgres(o: PostgresOptions): Promise<EventStore> {
    const { pool, dialectPool } = postgresPool(o);
    const db = new Kysely<StoreDatabase>({ dialect: new PostgresDialect({ pool: dialectPool }) });
    try {
      await migrate(db);
    } catch (e) {
      await db.destroy().catch(() => undefined);
      throw e;
    }
    return new EventStore(db, describeUrl(o.url), 'postgres', null, pool, o);
  }

  /** The SQLite synchronous mode in force (0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA); null on PostgreSQL. */
  synchronousMode(): number | null {
    return this.raw ? (this.raw.pragma('synchronous', { simple: true }) as number) : null;
  }

  /**
   * Closes the store once every append it was handed is settled (the writer thread's, then this
   * thread's); the last connection's close checkpoints the rest and removes the WAL.
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.writer?.close();
    this.writer = null;
    await this.poller?.close();
    this.poller = null;
    await this.recovering;
    while (this.flushing) await this.flushed;
    await this.walSync?.whenIdle();
    this.walSync?.close();
    await this.db.destroy();
  }

  /** SQLite: the checkpoints the writer thread has run and the last one's report (null when SQLite checkpoints inside commits, and on PostgreSQL). */
  walCheckpoints(): { runs: number; last: CheckpointReport | null } | null {
    if (this.poller) return { runs: this.poller.runs, last: this.poller.last };
    if (!this.writer || !this.checkpointing) return null;
    const s = this.writer.writerStats();
    return { runs: s.checkpoints, last: s.lastCheckpoint };
  }

  /** SQLite under FULL with the sync on libuv's pool: the syncs run and the commits they answered (null otherwise). */
  walSyncStats(): { syncs: number; commits: number } | null {
    return this.walSync ? { syncs: this.walSync.syncs, commits: this.walSync.commits } : null;
  }

  /** SQLite with the writer thread: its counters and samples (`reset` starts new samples); null otherwise. */
  writerStats(reset = false): WriterStats | null {
    return this.writer?.writerStats(reset) ?? null;
  }

  /**
   * For tests: stops the writer thread as a crash would, now or inside its next group (just before or
   * just after its commit: call, then append). `now` resolves once the store has settled what it held.
   */
  async killWriterForTest(when: 'now' | 'before-commit' | 'after-commit' = 'now'): Promise<void> {
    const w = this.writer;
    if (!w) return;
    await w.kill(when);
    if (when === 'now') {
      await w.stopped();
      await this.recovering;
    }
  }

  /** SQLite: why the writer thread stopped by itself and how its unanswered appends were settled (null while it runs). */
  writerFailure(): WriterFailure | null {
    return this.failure;
  }

  private failure: WriterFailure | null = null;

  /**
   * An idempotent statement that is not an append (a snapshot, written every 500 events of a stream
   * during play): on SQLite with the writer thread, compiled here by Kysely and run by the thread in
   * its next group, so neither its sync under FULL nor holding every table's appends is this thread's;
   * elsewhere, executed here. Idempotent, so that a thread that stops with it unanswered can run it again.
   */
  private async writeIdempotent(q: { compile(): CompiledQuery; execute(): Promise<unknown> }): Promise<void> {
    if (this.recovering) await this.recovering;
    if (this.writer) {
      const c = q.compile();
      await this.writer.append([], [], [{ sql: c.sql, parameters: c.parameters }], () => q.execute());
    } else await q.execute();
  }

  /**
   * A write on this thread's connection (SQLite), while the writer thread holds no transaction: the
   * two connections never wait for each other's lock.
   */
  private mainWrite<T>(fn: () => Promise<T>): Promise<T> {
    return this.writer ? this.writer.exclusive(fn) : fn();
  }

  /**
   * Adds a table. With `atMost`, throws TooManyTables when the store already holds that many: counted
   * and inserted in one transaction, and on PostgreSQL under an advisory lock, so processes creating
   * tables at once cannot pass the bound together.
   */
  async createTable(t: { id: string; name: string; ruleset: { id: string; version: string }; meta?: unknown }, o: { atMost?: number } = {}): Promise<void> {
    const row: TablesTable = { id: t.id, name: t.name, ruleset: t.ruleset.id, ruleset_version: t.ruleset.version, meta: JSON.stringify(t.meta ?? {}), created_at: now() };
    if (o.atMost === undefined) {
      await this.mainWrite(() => this.db.insertInto('fray_tables').values(row).execute());
      return;
    }
    const atMost = o.atMost;
    await this.mainWrite(() => this.db.transaction().execute(async (trx) => {
      if (this.backend === 'postgres') await sql`select pg_advisory_xact_lock(${TABLE_COUNT_LOCK})`.execute(trx);
      // Insert, then count (SQLite: the write takes the lock before the read; see appendOne).
      await trx.insertInto('fray_tables').values(row).execute();
      const r = await trx.selectFrom('fray_tables').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      if (Number(r.n) > atMost) throw new TooManyTables(atMost);
    }));
  }

  async updateTableMeta(id: string, meta: unknown): Promise<void> {
    await this.mainWrite(() => this.db.transaction().execute(async (trx) => {
      await trx.updateTable('fray_tables').set({ meta: JSON.stringify(meta) }).where('id', '=', id).execute();
      await this.notifySeats(trx, id);
    }));
  }

  /**
   * Changes a table's meta from what the store holds now, atomically: the row is written (locked)
   * before it is read, so two processes changing it at once (a seat added on one, another removed on
   * the other) both count. Returns the meta written.
   */
  async changeTableMeta<T>(id: string, change: (meta: T) => T): Promise<T> {
    return this.mainWrite(() => this.db.transaction().execute(async (trx) => {
      // A write that changes nothing takes the row's lock (PostgreSQL) or the database's (SQLite) first.
      const touched = await trx.updateTable('fray_tables').set((eb) => ({ meta: eb.ref('meta') })).where('id', '=', id).executeTakeFirst();
      if (!Number(touched.numUpdatedRows)) throw new UnknownTable(id);
      const row = await trx.selectFrom('fray_tables').select('meta').where('id', '=', id).executeTakeFirstOrThrow();
      const next = change(JSON.parse(row.meta) as T);
      await trx.updateTable('fray_tables').set({ meta: JSON.stringify(next) }).where('id', '=', id).execute();
      await this.notifySeats(trx, id);
      return next;
    }));
  }

  /** PostgreSQL: tells every process (once this transaction commits) that a table's seats or meta changed. */
  private async notifySeats(trx: Transaction<StoreDatabase>, table: string): Promise<void> {
    if (this.backend !== 'postgres') return;
    const notice: SeatsNotice = { table };
    await sql`select pg_notify(${SEATS_CHANNEL}, ${JSON.stringify(notice)})`.execute(trx);
  }

  async listTables(): Promise<TableRecord[]> {
    const rows = await this.db.selectFrom('fray_tables').selectAll().orderBy('created_at').orderBy('id').execute();
    return rows.map(tableRecord);
  }

  async getTable(id: string): Promise<TableRecord | null> {
    const row = await this.db.selectFrom('fray_tables').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? tableRecord(row) : null;
  }

  async countTables(): Promise<number> {
    const r = await this.db.selectFrom('fray_tables').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * Appends each stream's events at its expected version, all or nothing. Throws VersionConflict when
   * any stream has moved (checked, and enforced by the unique stream+seq key against a racing writer).
   *
   * Appends that arrive while a commit is under way are written together in the next transaction,
   * each behind its own savepoint (group commit): one sync to disk serves many tables, and a failing
   * append rolls back to its savepoint without touching the others.
   */
  append(parts: readonly StreamAppend[]): Promise<void> {
    // PostgreSQL runs concurrent transactions itself (and shares its WAL flushes): each append is its own.
    if (this.backend === 'postgres') return this.appendAlone(parts);
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    // The writer thread stopped: its unanswered appends go first, in their order.
    if (this.recovering) return this.recovering.then(() => this.append(parts));
    if (this.writer) {
      let wire: WirePart[];
      try {
        wire = wireParts(parts);
      } catch (e) {
        return Promise.reject(e);
      }
      return this.writer.append(parts, wire);
    }
    return this.appendHere(parts);
  }

  /**
   * SQLite without the writer thread: written at once (`DirectAppender`) when nothing else is writing;
   * otherwise (a Kysely transaction open on the connection, or SQLite's own checkpoints chosen), group
   * commit on this thread's connection (appends that arrive while a commit is under way share the next).
   */
  private appendHere(parts: readonly StreamAppend[]): Promise<void> {
    if (this.walSync?.failed) return Promise.reject(this.walSync.failed);
    if (this.direct?.ready && !this.flushing && !this.pending.length) {
      try {
        this.direct.append(wireParts(parts));
        return this.walSync ? this.walSync.synced() : Promise.resolve();
      } catch (e) {
        return Promise.reject(e);
      }
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ parts, resolve, reject });
      if (!this.flushing) this.flushed = this.flush();
    });
  }

  private pending: { parts: readonly StreamAppend[]; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private flushing = false;
  private flushed: Promise<void> = Promise.resolve();

  /**
   * The writer thread stopped by itself (writer-thread.ts). Its appends already committed are
   * answered as written (read back here: the first event of the append is in its place); the others,
   * and those it was not handed yet, are written on this thread, in their order, as every append
   * from now on. Nothing acknowledged is lost: an append is answered only after its commit.
   */
  private writerDied(unanswered: WriterRequest[], reason: string): void {
    this.writer = null;
    const failure: WriterFailure = { reason, unanswered: unanswered.length, readBack: 0, writtenHere: 0, unknown: 0 };
    this.failure = failure;
    if (this.raw?.open) this.raw.pragma('wal_autocheckpoint = 1000');
    const settle = async () => {
      for (const r of unanswered) {
        if (r.rerun) {
          failure.writtenHere++;
          r.rerun().then(() => r.resolve(), r.reject);
          continue;
        }
        let written: boolean | null;
        try {
          written = await this.wasWritten(r.source);
        } catch {
          written = null;
        }
        if (written === true) {
          failure.readBack++;
          r.resolve();
        } else if (written === null) {
          failure.unknown++;
          r.reject(new WriterThreadFailed(reason));
        } else {
          failure.writtenHere++;
          this.appendHere(r.source).then(r.resolve, r.reject);
        }
      }
    };
    const done = settle().finally(() => {
      if (this.recovering === done) this.recovering = null;
    });
    this.recovering = done;
  }

  /** Whether an append is in the store (null: it writes no events, so nothing tells). */
  private async wasWritten(parts: readonly StreamAppend[]): Promise<boolean | null> {
    const p = parts.find((x) => x.events.length);
    if (!p) return parts.some((x) => x.create) ? null : false;
    const row = await this.db.selectFrom('fray_events').select('command_id').where('stream', '=', p.stream).where('seq', '=', p.expectedVersion).executeTakeFirst();
    return row?.command_id === p.events[0]!.commandId;
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0);
        if (batch.length === 1) {
          const one = batch[0]!;
          await this.appendAlone(one.parts).then(one.resolve, one.reject);
          continue;
        }
        const results: unknown[] = [];
        let trx: Awaited<ReturnType<ReturnType<Kysely<StoreDatabase>['startTransaction']>['execute']>> | null = null;
        try {
          trx = await this.db.startTransaction().execute();
          for (const [i, item] of batch.entries()) {
            const sp = await trx.savepoint(`a${i}`).execute();
            try {
              for (const p of item.parts) await this.appendOne(sp, p);
              await sp.releaseSavepoint(`a${i}`).execute();
              results[i] = null;
            } catch (e) {
              await sp.rollbackToSavepoint(`a${i}`).execute();
              await sp.releaseSavepoint(`a${i}`).execute();
              results[i] = await this.mapError(e, item.parts, sp);
            }
          }
          await trx.commit().execute();
              } catch (e) {
          // The commit itself failed: nothing of the batch was written.
          if (trx) await trx.rollback().execute().catch(() => undefined);
          for (const item of batch) item.reject(e);
          continue;
        }
        batch.forEach((item, i) => (results[i] === null ? item.resolve() : item.reject(results[i])));
      }
    } finally {
      this.flushing = false;
    }
  }

  private async appendAlone(parts: readonly StreamAppend[]): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const p of parts) await this.appendOne(trx, p);
        // Other processes following these streams hear of the append once (and only if) it commits.
        if (this.backend === 'postgres') {
          for (const p of parts) {
            const notice: AppendNotice = { stream: p.stream, version: p.expectedVersion + p.events.length };
            await sql`select pg_notify(${APPENDS_CHANNEL}, ${JSON.stringify(notice)})`.execute(trx);
          }
        }
      });
    } catch (e) {
      throw await this.mapError(e, parts);
    }
  }

  /** The store's typed error for a failed append (`db`: the open transaction, if any, to read the version with). */
  private async mapError(e: unknown, parts: readonly StreamAppend[], db: Kysely<StoreDatabase> | Transaction<StoreDatabase> = this.db): Promise<unknown> {
    const code = (e as { code?: unknown })?.code;
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') return new UnknownStream(parts.find((p) => !p.create)?.stream ?? parts[0]!.stream);
    if (isUniqueViolation(e)) {
      const p = parts[0]!;
      return new VersionConflict(p.stream, p.expectedVersion, await versionIn(db, p.stream).catch(() => null));
    }
    return e;
  }

  private async appendOne(trx: Transaction<StoreDatabase>, p: StreamAppend): Promise<void> {
    // Writes come before reads: the transaction takes SQLite's write lock on its first statement, so
    // it never reads a snapshot that another writer then invalidates (SQLITE_BUSY_SNAPSHOT).
    if (p.create) {
      if (p.expectedVersion !== 0) throw new VersionConflict(p.stream, p.expectedVersion, 0);
      const row: StreamsTable = {
        id: p.stream, kind: p.create.kind, table_id: p.create.tableId, ruleset: p.create.ruleset.id, ruleset_version: p.create.ruleset.version,
        schema_version: p.create.schemaVersion, created_at: now(),
      };
      await trx.insertInto('fray_streams').values(row).execute();
    }
    if (!p.events.length) {
      const current = await versionIn(trx, p.stream);
      if (current === null) throw new UnknownStream(p.stream);
      if (current !== p.expectedVersion) throw new VersionConflict(p.stream, p.expectedVersion, current);
      return;
    }
    const at = now();
    const rows = p.events.map((e, i) => {
      if (e.seq !== p.expectedVersion + i) throw new Error(`event ${i} of the append to '${p.stream}' has seq ${e.seq}, expected ${p.expectedVersion + i}`);
      return { stream: p.stream, seq: e.seq, command_id: e.commandId, type: e.type, body: JSON.stringify(e), at };
    });
    // A writer that decided against an older version collides with the unique stream+seq key here.
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx.insertInto('fray_events').values(rows.slice(i, i + INSERT_CHUNK)).execute();
    // And one that decided against a version the stream never reached would leave a gap: refuse it.
    const current = await versionIn(trx, p.stream);
    if (current === null) throw new UnknownStream(p.stream);
    const before = p.expectedVersion === 0 ? 1 : await countAt(trx, p.stream, p.expectedVersion - 1);
    if (current !== p.expectedVersion + rows.length || before !== 1) throw new VersionConflict(p.stream, p.expectedVersion, current - rows.length);
  }

  /**
   * PostgreSQL: calls `onAppend` for every append any process commits to this database (its stream and
   * new version), and `onResync` after the listening connection was lost and found again (notices sent
   * meanwhile are lost: read the streams you follow again). Null on SQLite, which has one writer.
   */
  listenAppends(onAppend: (n: AppendNotice) => void, onResync: () => void, onSeats?: (n: SeatsNotice) => void): AppendListener | null {
    if (!this.pgOptions) return null;
    return listenForAppends(this.pgOptions.url, onAppend, onResync, `${this.pgOptions.applicationName ?? 'fray'}-listen`, onSeats);
  }

  /** The stream's version (its length), or null when there is no such stream. */
  async version(stream: string): Promise<number | null> {
    return versionIn(this.db, stream);
  }

  /** The stream's events from `fromSeq` on, in order. */
  async read(stream: string, fromSeq = 0): Promise<FrayEvent[]> {
    const rows = await this.db.selectFrom('fray_events').select('body').where('stream', '=', stream).where('seq', '>=', fromSeq).orderBy('seq').execute();
    return rows.map((r) => JSON.parse(r.body) as FrayEvent);
  }

  /** The events a command wrote to a stream (empty when the id was never used there). */
  async eventsOfCommand(stream: string, commandId: string): Promise<FrayEvent[]> {
    const rows = await this.db.selectFrom('fray_events').select('body').where('stream', '=', stream).where('command_id', '=', commandId).orderBy('seq').execute();
    return rows.map((r) => JSON.parse(r.body) as FrayEvent);
  }

  async listStreams(filter: { tableId?: string } = {}): Promise<StreamInfo[]> {
    let q = this.db.selectFrom('fray_streams').selectAll();
    if (filter.tableId !== undefined) q = q.where('table_id', '=', filter.tableId);
    const rows = await q.orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => ({
      id: r.id, kind: r.kind, tableId: r.table_id, ruleset: { id: r.ruleset, version: r.ruleset_version }, schemaVersion: Number(r.schema_version), createdAt: r.created_at,
    }));
  }

  async saveSnapshot(stream: string, seq: number, state: unknown): Promise<void> {
    const row = { stream, seq, state: JSON.stringify(state), at: now() };
    await this.writeIdempotent(this.db.insertInto('fray_snapshots').values(row).onConflict((oc) => oc.columns(['stream', 'seq']).doNothing()));
  }

  /** The newest snapshot of a stream at or before `atMost` (default: any). */
  async latestSnapshot(stream: string, atMost?: number): Promise<{ seq: number; state: unknown } | null> {
    let q = this.db.selectFrom('fray_snapshots').select(['seq', 'state']).where('stream', '=', stream);
    if (atMost !== undefined) q = q.where('seq', '<=', atMost);
    const row = await q.orderBy('seq', 'desc').limit(1).executeTakeFirst();
    return row ? { seq: Number(row.seq), state: JSON.parse(row.state) } : null;
  }

  async addSeat(s: { tableId: string; seat: string; role: 'gm' | 'seat'; name: string; tokenHash: string }): Promise<void> {
    const row = { table_id: s.tableId, seat: s.seat, role: s.role, name: s.name, token_hash: s.tokenHash, created_at: now(), revoked_at: null };
    await this.mainWrite(() => this.db.insertInto('fray_seats').values(row).execute());
  }

  /** The live (not revoked) seat a token hash opens, or null. */
  async seatByTokenHash(tokenHash: string): Promise<SeatRecord | null> {
    const r = await this.db.selectFrom('fray_seats').selectAll().where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
    return r ? seatRecord(r) : null;
  }

  async listSeats(tableId: string): Promise<SeatRecord[]> {
    const rows = await this.db.selectFrom('fray_seats').selectAll().where('table_id', '=', tableId).orderBy('created_at').execute();
    return rows.map(seatRecord);
  }

  /** Revokes every live token of a seat; returns how many. On PostgreSQL every process hears of it (SEATS_CHANNEL). */
  async revokeSeat(tableId: string, seat: string): Promise<number> {
    return this.mainWrite(() => this.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('fray_seats').set({ revoked_at: now() }).where('table_id', '=', tableId).where('seat', '=', seat).where('revoked_at', 'is', null).executeTakeFirst();
      await this.notifySeats(trx, tableId);
      return Number(r.numUpdatedRows);
    }));
  }
}

/** An append as the writer thread takes it: rows built and serialized here (STREAM_COLUMNS, EVENT_COLUMNS' order). */
function wireParts(parts: readonly StreamAppend[]): WirePart[] {
  const at = now();
  return parts.map((p) => ({
    stream: p.stream,
    expectedVersion: p.expectedVersion,
    create: p.create ? streamRow(p.stream, p.create, at) : null,
    rows: p.events.map((e, i) => {
      if (e.seq !== p.expectedVersion + i) throw new Error(`event ${i} of the append to '${p.stream}' has seq ${e.seq}, expected ${p.expectedVersion + i}`);
      return eventRow({ stream: p.stream, seq: e.seq, command_id: e.commandId, type: e.type, body: JSON.stringify(e), at });
    }),
  }));
}

async function versionIn(db: Kysely<StoreDatabase> | Transaction<StoreDatabase>, stream: string): Promise<number | null> {
  const s = await db.selectFrom('fray_streams').select('id').where('id', '=', stream).executeTakeFirst();
  if (!s) return null;
  const r = await db.selectFrom('fray_events').select((eb) => eb.fn.max('seq').as('top')).where('stream', '=', stream).executeTakeFirst();
  const top = r?.top;
  return top === null || top === undefined ? 0 : Number(top) + 1;
}

async function countAt(db: Transaction<StoreDatabase>, stream: string, seq: number): Promise<number> {
  const r = await db.selectFrom('fray_events').select((eb) => eb.fn.countAll<number>().as('n')).where('stream', '=', stream).where('seq', '=', seq).executeTakeFirst();
  return Number(r?.n ?? 0);
}

function tableRecord(r: TablesTable): TableRecord {
  return { id: r.id, name: r.name, ruleset: { id: r.ruleset, version: r.ruleset_version }, meta: JSON.parse(r.meta), createdAt: r.created_at };
}

function seatRecord(r: { table_id: string; seat: string; role: 'gm' | 'seat'; name: string; token_hash: string; created_at: string; revoked_at: string | null }): SeatRecord {
  return { tableId: r.table_id, seat: r.seat, role: r.role, name: r.name, tokenHash: r.token_hash, createdAt: r.created_at, revokedAt: r.revoked_at };
}
