export * from './store';
export type { StoreDatabase } from './schema';
