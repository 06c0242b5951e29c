import type Database from 'better-sqlite3';
import { typedError } from './sqlite-writer';
import type { WriterSql } from './writer-sql';
import { APPEND_CORE, type WireError, type WirePart } from './writer-thread';

interface Appender {
  appendOne(p: WirePart): void;
  wireError(e: unknown, parts: WirePart[]): WireError;
}

/**
 * Appends on the store's own SQLite connection, synchronously, with the writer thread's statements
 * (APPEND_CORE, prepared once): for a store whose appends are written on its caller's thread (the
 * default, under FULL and NORMAL). Kysely's transaction for the same append built and compiled every
 * statement again and took a turn of the microtask queue for each (0.7 ms against 0.35 ms, ADR 0011);
 * this is one call that holds the thread for the time SQLite takes, the WAL's sync included under FULL.
 */
export class DirectAppender {
  private readonly core: Appender;
  /** FULL with the sync after the commit (WalSync): the append commits under NORMAL, every other write under the connection's FULL */
  private readonly unsynced: { normal: Database.Statement; full: Database.Statement } | null;

  constructor(private readonly db: Database.Database, sql: WriterSql, syncAfterCommit = false) {
    // The same text the writer thread evaluates, made into a function here (it imports nothing).
    const make = new Function(`${APPEND_CORE}\nreturn sqliteAppender;`)() as (db: Database.Database, sql: WriterSql) => Appender;
    this.core = make(db, sql);
    this.unsynced = syncAfterCommit ? { normal: db.prepare('PRAGMA synchronous = NORMAL'), full: db.prepare('PRAGMA synchronous = FULL') } : null;
  }

  /** Whether an append can be written now: no other transaction (Kysely's) is open on the connection. */
  get ready(): boolean {
    return this.db.open && !this.db.inTransaction;
  }

  /** Writes the append in one transaction, or throws the store's typed error (VersionConflict, UnknownStream) with nothing written. */
  append(parts: WirePart[]): void {
    if (!this.unsynced) return this.write(parts);
    this.unsynced.normal.run();
    try {
      this.write(parts);
    } finally {
      this.unsynced.full.run();
    }
  }

  private write(parts: WirePart[]): void {
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (e) {
      throw typedError(this.core.wireError(e, []));
    }
    try {
      for (const p of parts) this.core.appendOne(p);
      this.db.exec('COMMIT');
    } catch (e) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw typedError(this.core.wireError(e, parts));
    }
  }
}
