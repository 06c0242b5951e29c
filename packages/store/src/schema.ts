import type { ColumnType } from 'kysely';

/**
 * The store's tables as Kysely sees them. Column types are the common subset of SQLite and PostgreSQL
 * (text and integer; JSON as text, times as ISO-8601 text), so one set of queries serves both.
 */
export interface TablesTable {
  id: string;
  name: string;
  ruleset: string;
  ruleset_version: string;
  /** server-side facts about the table (seat names, limits), JSON */
  meta: string;
  created_at: string;
}

export interface StreamsTable {
  id: string;
  kind: 'campaign' | 'encounter';
  table_id: string;
  ruleset: string;
  ruleset_version: string;
  /** the engine's event schema version the stream was written with */
  schema_version: number;
  created_at: string;
}

export interface EventsTable {
  stream: string;
  seq: number;
  command_id: string;
  type: string;
  /** the whole event as JSON (seq and command id included, so a row is the engine's event as it was) */
  body: string;
  at: string;
}

export interface SnapshotsTable {
  stream: string;
  /** the stream's version (log length) the state was taken at */
  seq: number;
  state: string;
  at: string;
}

export interface SeatsTable {
  table_id: string;
  /** 'gm' for the game master's token, the seat id otherwise */
  seat: string;
  role: 'gm' | 'seat';
  name: string;
  /** sha-256 (hex) of the token; the token itself is never stored */
  token_hash: string;
  created_at: string;
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface StoreDatabase {
  fray_tables: TablesTable;
  fray_streams: StreamsTable;
  fray_events: EventsTable;
  fray_snapshots: SnapshotsTable;
  fray_seats: SeatsTable;
}
