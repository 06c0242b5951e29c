import { workerData } from 'node:worker_threads';
import { playBudgetJob } from './budget-job';
import type { BudgetJob } from './budget-run';

// A one-job worker (`simulateInBackground`): plays the job it was started with, then ends.
await playBudgetJob(workerData as BudgetJob);
