export * from './store';
export { DatabaseUnavailable, describeUrl, isPostgresUrl, type PostgresOptions } from './postgres';
export { APPENDS_CHANNEL, SEATS_CHANNEL, type AppendListener, type AppendNotice, type SeatsNotice } from './listen';
export type { StoreDatabase } from './schema';
export { BACKSTOP_PAGES, type CheckpointOptions, type CheckpointReport, type WriterStats } from './sqlite-writer';
export { DiskSyncFailed } from './wal-sync';
