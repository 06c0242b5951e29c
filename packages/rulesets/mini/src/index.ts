export * from './mini-ruleset';
