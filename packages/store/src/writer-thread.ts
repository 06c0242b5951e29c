import type { MessagePort } from 'node:worker_threads';
import type { WriterSql } from './writer-sql';

/**
 * The SQLite writer thread's side of the conversation (sqlite-writer.ts is the store's side).
 *
 * One thread per SQLite store owns the only connection that appends. It sleeps on a shared counter the
 * store bumps after each message; when woken it takes every append queued since its last transaction,
 * runs each behind its own SAVEPOINT inside one transaction (a version conflict or a constraint rolls
 * back that append alone and is reported for it), commits once (one sync of the WAL under FULL for the
 * whole group) and answers every append of the group in one message. When no append is waiting it
 * checkpoints the WAL (PASSIVE) itself: once nothing has come for `quietMs`, or, when commits never
 * stop, at the first idle moment after the oldest commit not yet checkpointed is `maxDelayMs` old
 * (and between groups at twice that, should there be no idle moment at all). So no second connection
 * competes with the commits for the disk, and a checkpoint only ever delays the appends that arrive
 * while it runs.
 */
export interface WriterThreadData {
  /** better-sqlite3's resolved path (the thread requires it by path) */
  driver: string;
  file: string;
  synchronous: string;
  sql: WriterSql;
  /** the thread's end of the store's MessageChannel */
  port: MessagePort;
  /** [0]: bumped by the store after each message it posts */
  signal: Int32Array;
  /** null: SQLite checkpoints inside commits (wal_autocheckpoint = 1000), as by default */
  checkpoint: { quietMs: number; maxDelayMs: number; backstopPages: number } | null;
}

/** One stream's part of an append, flattened for the thread (rows already built and serialized). */
export interface WirePart {
  stream: string;
  expectedVersion: number;
  /** STREAM_COLUMNS' values when the append creates the stream */
  create: unknown[] | null;
  /** EVENT_COLUMNS' values, one array per event */
  rows: unknown[][];
}

/** A statement Kysely compiled on the store's thread (a write that is not an append: a snapshot, a seat). */
export interface WireStatement {
  sql: string;
  parameters: readonly unknown[];
}

export type ToWriter =
  | { id: number; at: number; parts: WirePart[]; statements?: WireStatement[] }
  | { stop: true }
  /** tests: the thread stops (as a crash would) inside its next group, just before or just after the commit */
  | { die: 'before-commit' | 'after-commit' };

/** Why an append failed, as the thread reports it; the store turns it back into its typed errors. */
export type WireError =
  | { code: 'version-conflict'; stream: string; expected: number; actual: number | null }
  | { code: 'unknown-stream'; stream: string }
  | { code: 'error'; sqliteCode: string | null; message: string };

export type FromWriter =
  | {
      /** each append of the group: its id and null (committed) or why it failed */
      results: [number, WireError | null][];
      /** when the transaction began and when its commit returned (ms, the same clock as `at`) */
      began: number;
      committed: number;
    }
  | { checkpoint: { log: number; checkpointed: number; ms: number } }
  | { fatal: string };

// The thread's code, as plain CommonJS text (`eval`), so it runs the same from the sources (vitest,
// tsx), the compiled packages and a bench bundle: a function's own text would carry whatever helpers
// the tool that compiled it adds (tsx names every function with `__name`), which the thread lacks.
/**
 * The append itself, as the text of one function: the writer thread runs it on its connection, and a
 * store that writes on its own thread (SQLite under NORMAL) makes the same function from the same text
 * for its connection (direct-append.ts). One definition of what an append checks and writes.
 */
export const APPEND_CORE = `
function sqliteAppender(db, sql) {
  const insertStream = db.prepare(sql.insertStream);
  const insertEvent = db.prepare(sql.insertEvent);
  const streamExists = db.prepare(sql.streamExists);
  const topSeq = db.prepare(sql.topSeq);
  const countAt = db.prepare(sql.countAt);
  
  function versionOf(stream) {
    if (!streamExists.get(stream)) return null;
    const r = topSeq.get(stream);
    return r === undefined || r.top === null || r.top === undefined ? 0 : Number(r.top) + 1;
  }
  function refused(error) {
    const e = new Error(error.code);
    e.wire = error;
    return e;
  }
  // The store's appendOne, statement for statement (store.ts): writes before reads, then the version checks.
  function appendOne(p) {
    if (p.create) {
      if (p.expectedVersion !== 0) throw refused({ code: 'version-conflict', stream: p.stream, expected: p.expectedVersion, actual: 0 });
      insertStream.run(p.create);
    }
    if (!p.rows.length) {
      const current = versionOf(p.stream);
      if (current === null) throw refused({ code: 'unknown-stream', stream: p.stream });
      if (current !== p.expectedVersion) throw refused({ code: 'version-conflict', stream: p.stream, expected: p.expectedVersion, actual: current });
      return;
    }
    for (const row of p.rows) insertEvent.run(row);
    const current = versionOf(p.stream);
    if (current === null) throw refused({ code: 'unknown-stream', stream: p.stream });
    const before = p.expectedVersion === 0 ? 1 : Number(countAt.get(p.stream, p.expectedVersion - 1).n);
    if (current !== p.expectedVersion + p.rows.length || before !== 1) throw refused({ code: 'version-conflict', stream: p.stream, expected: p.expectedVersion, actual: current - p.rows.length });
  }
  // The store's mapError: a foreign key is a stream that does not exist, a unique key a writer that came first.
  function wireError(e, parts) {
    if (e && e.wire) return e.wire;
    if (!parts.length) return { code: 'error', sqliteCode: e && typeof e.code === 'string' ? e.code : null, message: String((e && e.message) || e) };
    const code = e && typeof e.code === 'string' ? e.code : null;
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
      const p = parts.find((x) => !x.create) || parts[0];
      return { code: 'unknown-stream', stream: p.stream };
    }
    if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE') {
      let actual = null;
      try { actual = versionOf(parts[0].stream); } catch {}
      return { code: 'version-conflict', stream: parts[0].stream, expected: parts[0].expectedVersion, actual };
    }
    return { code: 'error', sqliteCode: code, message: String((e && e.message) || e) };
  }
  return { appendOne, wireError, versionOf };
}
`;

export const WRITER_THREAD = `
const { workerData, receiveMessageOnPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const { file, synchronous, sql, port, signal, checkpoint } = workerData;
const clock = () => performance.timeOrigin + performance.now();
let db;
try {
  db = new Database(file, { fileMustExist: true });
  db.pragma('synchronous = ' + synchronous);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('wal_autocheckpoint = ' + (checkpoint ? checkpoint.backstopPages : 1000));
} catch (e) {
  port.postMessage({ fatal: String((e && e.message) || e) });
  throw e;
}
${APPEND_CORE}
const { appendOne, wireError, versionOf } = sqliteAppender(db, sql);

const statements = new Map();
function statement(text) {
  let st = statements.get(text);
  if (!st) statements.set(text, (st = db.prepare(text)));
  return st;
}

function runGroup(group) {
  const began = clock();
  const results = [];
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (e) {
    const err = wireError(e, []);
    port.postMessage({ results: group.map((m) => [m.id, err]), began, committed: clock() });
    return false;
  }
  for (const m of group) {
    if (!db.inTransaction) {
      // An earlier failure (disk full, I/O) ended the whole transaction: nothing of the group is written.
      results.push([m.id, { code: 'error', sqliteCode: null, message: 'the transaction was rolled back by an earlier failure in its group' }]);
      continue;
    }
    db.exec('SAVEPOINT fray_append');
    try {
      for (const p of m.parts) appendOne(p);
      if (m.statements) for (const st of m.statements) statement(st.sql).run(st.parameters);
      db.exec('RELEASE fray_append');
      results.push([m.id, null]);
    } catch (e) {
      // Rolled back first: the version a conflict names is the stream's without this append's rows.
      if (db.inTransaction) {
        db.exec('ROLLBACK TO fray_append');
        db.exec('RELEASE fray_append');
        results.push([m.id, wireError(e, m.parts)]);
      } else {
        const err = wireError(e, m.parts);
        for (const r of results) if (r[1] === null) r[1] = err;
        results.push([m.id, err]);
      }
    }
  }
  let wrote = false;
  if (dying === 'before-commit') process.exit(1);
  if (db.inTransaction) {
    try {
      db.exec('COMMIT');
      wrote = results.some((r) => r[1] === null);
    } catch (e) {
      // The commit itself failed: nothing of the group was written.
      if (db.inTransaction) try { db.exec('ROLLBACK'); } catch {}
      const err = wireError(e, []);
      for (const r of results) r[1] = err;
    }
  }
  if (dying === 'after-commit') process.exit(1);
  port.postMessage({ results, began, committed: clock() });
  return wrote;
}

function runCheckpoint() {
  const t0 = clock();
  try {
    const r = db.pragma('wal_checkpoint(PASSIVE)')[0];
    port.postMessage({ checkpoint: { log: r.log, checkpointed: r.checkpointed, ms: clock() - t0 } });
  } catch {}
}

let stopping = false;
let dying = null;
// Commits not yet checkpointed: when the oldest was made (0: none) and when the last was.
let oldest = 0;
let last = 0;
for (;;) {
  const seen = Atomics.load(signal, 0);
  const group = [];
  let m;
  while ((m = receiveMessageOnPort(port))) {
    if (m.message.stop) stopping = true;
    else if (m.message.die) dying = m.message.die;
    else group.push(m.message);
  }
  const now = Date.now();
  if (group.length) {
    if (checkpoint && oldest && now - oldest >= 2 * checkpoint.maxDelayMs) {
      runCheckpoint();
      oldest = 0;
    }
    if (runGroup(group)) {
      last = Date.now();
      if (!oldest) oldest = last;
    }
    continue;
  }
  if (stopping) break;
  let wait = 60000;
  if (checkpoint && oldest) {
    const quietLeft = last + checkpoint.quietMs - now;
    const boundLeft = oldest + checkpoint.maxDelayMs - now;
    if (quietLeft <= 0 || boundLeft <= 0) {
      runCheckpoint();
      oldest = 0;
      continue;
    }
    wait = Math.min(quietLeft, boundLeft);
  }
  Atomics.wait(signal, 0, seen, wait);
}
db.close();
`;
