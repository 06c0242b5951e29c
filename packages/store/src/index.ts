export * from './store';
export { DatabaseUnavailable, describeUrl, isPostgresUrl, type PostgresOptions } from './postgres';
export type { StoreDatabase } from './schema';
