export * from './pure';
export { simulate, type SimulateOptions } from './node/simulate';
