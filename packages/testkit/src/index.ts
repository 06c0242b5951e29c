export * from './mini-ruleset';
export * from './table';
export * from './arbitraries';
export * from './campaign-table';
