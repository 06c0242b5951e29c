import { ContentError } from '@fray/engine';
import { demoPoliciesFor, scenarioFromSetup, simPoliciesFor, type SimPolicies, type SimScenario, type TargetStrategy } from '@fray/sim';
import { EXIT } from '../result';
import { fightSetupOf, runCampaign, type LoadedCampaign } from '../scenario/campaign';
import { ScenarioError } from '../scenario/load';
import { loadTableFile } from '../scenario/table-file';
import { runScenario } from '../scenario/run';

/** What a worker thread needs to build the same scenario (plain JSON). */
export interface SimScenarioArgs {
  file: string;
  cwd: string;
  target?: TargetStrategy;
  /** 'legal' (default): choose from the rules' legal commands; 'demo': the narrated demo's own turn policy (cheaper; weakest target) */
  policy?: 'legal' | 'demo';
  maxRounds?: number;
  /** a campaign file: the fight to simulate, by id (default: its first fight) */
  fight?: string;
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
export function loadSimFile(args: SimScenarioArgs): { scenario: SimScenario; seed: string | number; fight?: string } {
  const file = loadTableFile(args.file, args.cwd);
  const policiesOf = (ruleset: string) => (args.policy === 'demo' ? demoPoliciesFor(ruleset) : simPoliciesFor(ruleset, args.target ?? 'weakest'));
  const extra = { ...(args.maxRounds !== undefined ? { maxRounds: args.maxRounds } : {}), source: { module: import.meta.url, args: { ...args } } };
  if (file.kind === 'campaign') return campaignFight(file.loaded, args, policiesOf(file.loaded.ruleset.id), extra);
  if (args.fight !== undefined) throw new SimSetupError(EXIT.invalidInput, `--fight ${args.fight}: ${file.loaded.file} is a scenario file (one fight); --fight picks a fight of a campaign file`);
  const loaded = file.loaded;
  const policies = policiesOf(loaded.ruleset.id);
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

/**
 * A campaign file's fight (`--fight`, default the first): the file's steps before it are played (campaign
 * steps and earlier fights, with their scripted dice and expectations), so its members stand as the file
 * has them when it begins; then the fight is set up as the file plans it (its foes, map and options) and
 * simulated from its start. Its own steps are the file's one telling of it, not played here.
 */
function campaignFight(loaded: LoadedCampaign, args: SimScenarioArgs, policies: SimPolicies, extra: Pick<SimScenario, 'maxRounds' | 'source'>): { scenario: SimScenario; seed: string | number; fight: string } {
  const fights = loaded.fights;
  if (!fights.length) throw new SimSetupError(EXIT.invalidInput, `${loaded.file} has no fight: step to simulate (a campaign file's fights are its fight: steps)`);
  const fight = args.fight === undefined ? fights[0]! : fights.find((f) => f.id === args.fight);
  if (!fight) throw new SimSetupError(EXIT.invalidInput, `--fight ${args.fight}: no such fight in ${loaded.file} (fights: ${fights.map((f) => f.id).join(', ')})`);
  const before = runCampaign(loaded, { until: fight.step });
  if (before.exitCode !== EXIT.ok || !before.campaign) {
    throw new SimSetupError(before.exitCode, `the steps before fight '${fight.id}' failed: ${before.message ?? `exit ${before.exitCode}`}`);
  }
  try {
    const setup = fightSetupOf(before.campaign, fight, loaded.doc.seed);
    return { scenario: scenarioFromSetup(setup, loaded.ruleset, policies, extra), seed: setup.seed, fight: fight.id };
  } catch (err) {
    if (err instanceof ContentError) throw new ScenarioError(loaded.file, ['steps', fight.step, 'fight', ...err.path], err.reason, loaded.lineOf(['steps', fight.step, 'fight', ...err.path]));
    throw err;
  }
}
