export * from './pure';
export { simulate, type SimulateOptions } from './node/simulate';
export { simulateInBackground, type BudgetOptions, type BudgetRun, type BudgetStop } from './node/budget-run';
export { WarmSimWorkers, type WarmPoolOptions } from './node/warm-pool';
