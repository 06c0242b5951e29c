import { type Kysely, type Migration, type MigrationProvider } from 'kysely';

/**
 * Schema migrations, run in order at start (Kysely's Migrator records which ran). Written with the
 * schema builder only, so they run unchanged on SQLite and PostgreSQL. Never edit a landed migration:
 * add the next one.
 */
const migrations: Record<string, Migration> = {
  '0001-initial': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('fray_tables')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('ruleset', 'text', (c) => c.notNull())
        .addColumn('ruleset_version', 'text', (c) => c.notNull())
        .addColumn('meta', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createTable('fray_streams')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('table_id', 'text', (c) => c.notNull().references('fray_tables.id'))
        .addColumn('ruleset', 'text', (c) => c.notNull())
        .addColumn('ruleset_version', 'text', (c) => c.notNull())
        .addColumn('schema_version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('fray_streams_table').on('fray_streams').column('table_id').execute();
      await db.schema.createTable('fray_events')
        .addColumn('stream', 'text', (c) => c.notNull().references('fray_streams.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('command_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        // A stale writer (one that decided against an older version) collides here and fails.
        .addPrimaryKeyConstraint('fray_events_stream_seq', ['stream', 'seq'])
        .execute();
      await db.schema.createIndex('fray_events_command').on('fray_events').columns(['stream', 'command_id']).execute();
      await db.schema.createTable('fray_snapshots')
        .addColumn('stream', 'text', (c) => c.notNull().references('fray_streams.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('fray_snapshots_stream_seq', ['stream', 'seq'])
        .execute();
      await db.schema.createTable('fray_seats')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('table_id', 'text', (c) => c.notNull().references('fray_tables.id'))
        .addColumn('seat', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('fray_seats_table').on('fray_seats').column('table_id').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
