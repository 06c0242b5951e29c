import { ContentError } from '@fray/engine';
import { demoPoliciesFor, scenarioFromSetup, simPoliciesFor, type SimScenario, type TargetStrategy } from '@fray/sim';
import { EXIT } from '../result';
import { loadScenarioFile, ScenarioError } from '../scenario/load';
import { runScenario } from '../scenario/run';

/** What a worker thread needs to build the same scenario (plain JSON). */
export interface SimScenarioArgs {
  file: string;
  cwd: string;
  target?: TargetStrategy;
  /** 'legal' (default): choose from the rules' legal commands; 'demo': the narrated demo's own turn policy (cheaper; weakest target) */
  policy?: 'legal' | 'demo';
  maxRounds?: number;
}

/** A step of the scenario failed, so there is no "from here" to simulate from. */
export class SimSetupError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The simulator's scenario from a scenario file: its setup, or, when it has steps, the state after
 * them ("odds from here": the steps are played first, with their scripted dice and expectations).
 * Worker threads call this too (`source` points here), so every thread starts from the same state.
 */
export function loadSimScenario(args: SimScenarioArgs): SimScenario {
  return loadSimFile(args).scenario;
}

/** The scenario and the file's own seed (the default seed of a simulation). */
export function loadSimFile(args: SimScenarioArgs): { scenario: SimScenario; seed: string | number } {
  const loaded = loadScenarioFile(args.file, args.cwd);
  const policies = args.policy === 'demo' ? demoPoliciesFor(loaded.ruleset.id) : simPoliciesFor(loaded.ruleset.id, args.target ?? 'weakest');
  const extra = { ...(args.maxRounds !== undefined ? { maxRounds: args.maxRounds } : {}), source: { module: import.meta.url, args: { ...args } } };
  if (loaded.scenario.steps.length === 0) {
    try {
      return { scenario: scenarioFromSetup(loaded.setup, loaded.ruleset, policies, extra), seed: loaded.setup.seed };
    } catch (err) {
      if (err instanceof ContentError) throw new ScenarioError(loaded.file, err.path, err.reason, loaded.lineOf(err.path));
      throw err;
    }
  }
  const outcome = runScenario(loaded);
  if (outcome.exitCode !== EXIT.ok || !outcome.encounter) {
    throw new SimSetupError(outcome.exitCode, `the steps before the simulation failed: ${outcome.message ?? `exit ${outcome.exitCode}`}`);
  }
  const start = outcome.encounter.state;
  if (start.phase === 'ended') {
    throw new SimSetupError(EXIT.invalidInput, `the encounter has ended after the scenario's steps (${start.endedReason ?? 'ended'}): there is nothing left to simulate; drop the steps that end it`);
  }
  const over = policies.fightOver?.(start);
  if (over) throw new SimSetupError(EXIT.invalidInput, `after the scenario's steps ${over}; drop the steps that end it`);
  return { scenario: { ruleset: loaded.ruleset, start, policies, ...extra }, seed: loaded.setup.seed };
}
