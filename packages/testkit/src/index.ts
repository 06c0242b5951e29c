export * from '@fray/ruleset-mini';
export * from './table';
export * from './arbitraries';
export * from './campaign-table';
export * from './random-play';
export * from './menu-check';
export * from './setup-refusal';
export * from './attack-check';
