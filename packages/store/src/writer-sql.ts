import type { Kysely } from 'kysely';
import type { EventsTable, StoreDatabase, StreamsTable } from './schema';
import type { StreamAppend } from './store';

/**
 * The statements the SQLite writer thread runs for an append, compiled here by Kysely from the same
 * dialect-neutral builder as the rest of the store, with `?` placeholders; the thread prepares each
 * once on its own better-sqlite3 connection and runs it with the parameters below.
 *
 * Why not Kysely in the thread: the thread's code is eval'd CommonJS text (writer-thread.ts says why),
 * which cannot import the store's TypeScript modules, so it could not share their query code anyway;
 * compiled text keeps one definition of every query, here, and the thread a plain executor.
 */
export interface WriterSql {
  /** parameters: STREAM_COLUMNS, in order */
  insertStream: string;
  /** parameters: EVENT_COLUMNS, in order */
  insertEvent: string;
  /** (stream id) → a row when the stream exists */
  streamExists: string;
  /** (stream id) → { top }: the stream's highest seq, or null */
  topSeq: string;
  /** (stream id, seq) → { n }: how many events the stream has at that seq (0 or 1) */
  countAt: string;
}

export const STREAM_COLUMNS = ['id', 'kind', 'table_id', 'ruleset', 'ruleset_version', 'schema_version', 'created_at'] as const;
export const EVENT_COLUMNS = ['stream', 'seq', 'command_id', 'type', 'body', 'at'] as const;

function compiled(q: { compile(): { sql: string; parameters: readonly unknown[] } }, params: number): string {
  const c = q.compile();
  if (c.parameters.length !== params) throw new Error(`writer statement has ${c.parameters.length} parameters, expected ${params}: ${c.sql}`);
  return c.sql;
}

export function writerSql(db: Kysely<StoreDatabase>): WriterSql {
  // The values only give Kysely the columns, in the order the rows below bind them.
  return {
    insertStream: compiled(db.insertInto('fray_streams').values(Object.fromEntries(STREAM_COLUMNS.map((c) => [c, ''])) as unknown as StreamsTable), STREAM_COLUMNS.length),
    insertEvent: compiled(db.insertInto('fray_events').values(Object.fromEntries(EVENT_COLUMNS.map((c) => [c, ''])) as unknown as EventsTable), EVENT_COLUMNS.length),
    streamExists: compiled(db.selectFrom('fray_streams').select('id').where('id', '=', ''), 1),
    topSeq: compiled(db.selectFrom('fray_events').select((eb) => eb.fn.max('seq').as('top')).where('stream', '=', ''), 1),
    countAt: compiled(db.selectFrom('fray_events').select((eb) => eb.fn.countAll<number>().as('n')).where('stream', '=', '').where('seq', '=', 0), 2),
  };
}

/** A new stream's row as `insertStream` binds it. */
export function streamRow(id: string, c: NonNullable<StreamAppend['create']>, at: string): unknown[] {
  const row: StreamsTable = { id, kind: c.kind, table_id: c.tableId, ruleset: c.ruleset.id, ruleset_version: c.ruleset.version, schema_version: c.schemaVersion, created_at: at };
  return STREAM_COLUMNS.map((k) => row[k]);
}

/** An event's row as `insertEvent` binds it. */
export function eventRow(row: EventsTable): unknown[] {
  return EVENT_COLUMNS.map((k) => row[k]);
}
