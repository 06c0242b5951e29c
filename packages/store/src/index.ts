export * from './store';
export { DatabaseUnavailable, describeUrl, isPostgresUrl, type PostgresOptions } from './postgres';
export { APPENDS_CHANNEL, type AppendListener, type AppendNotice } from './listen';
export type { StoreDatabase } from './schema';
