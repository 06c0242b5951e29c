export * from './predicate';
export * from './modifier';
export * from './roll-mode';
