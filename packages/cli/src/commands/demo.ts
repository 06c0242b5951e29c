import path from 'node:path';
import { currentCreatureId, type Command, type Encounter, type EncounterState, type LoadedRuleset, type Principal, type Runtime } from '@fray/engine';
import { demoPoliciesFor, fightPolicyRng, isUp, type SimPolicies } from '@fray/sim';
import { narrate } from '../narrate';
import { scenariosDir } from '../paths';
import { summaryLines } from '../report';
import { EXIT, type CommandResult } from '../result';
import { createEncounter, loadScenarioFile, ScenarioError } from '../scenario/load';

/** The default demo: an A5E fight on a forest road in a storm, with a world action each round. */
export const DEMO_SCENARIO = path.join(scenariosDir, 'a5e', 'demo-forest.yaml');
/** The first demo, in the mini test ruleset (`fray demo --scenario scenarios/demo-mini.yaml`). */
export const DEMO_MINI_SCENARIO = path.join(scenariosDir, 'demo-mini.yaml');
/**
 * The demo fight per ruleset id (`fray demo --ruleset <id>`); a ruleset adds its own line.
 * Five Torches Deep: the sides start at close quarters, and the GM calls morale when the battle begins.
 */
export const DEMO_SCENARIOS: Record<string, string> = {
  a5e: DEMO_SCENARIO,
  mini: DEMO_MINI_SCENARIO,
  'five-torches-deep': path.join(scenariosDir, 'five-torches-deep', 'barrow-skirmish.yaml'),
  // 13th Age: a marsh hag, her boar and a mob of reed scrappers; the escalation die rises each round.
  '13th-age': path.join(scenariosDir, '13th-age', 'demo-marsh.yaml'),
};
export const DEMO_MAX_ROUNDS = 10;
/** A hard cap so a policy bug can never loop forever. */
export const DEMO_MAX_COMMANDS = 400;

export interface DemoOptions {
  /** overrides the scenario's seed; whole numbers are read as numbers (`--seed 7` = `seed: 7`) */
  seed?: string;
  scenario?: string;
  /** plays that ruleset's demo fight (DEMO_SCENARIOS); not together with `scenario` */
  ruleset?: string;
}

export interface DemoRun {
  lines: string[];
  encounter: Encounter;
  commands: number;
  /** the side still standing, or null (a draw, or the round limit) */
  winner: string | null;
  /** the rules ended the fight themselves (a duel's result), not the demo's side or round checks */
  endedByRules?: boolean;
}

/** The current creature's next command, and answers to prompts (the simulator's policy shape). */
export type DemoPolicies = SimPolicies;

/** Policies per ruleset id (shared with the simulator); a ruleset without its own plays by the mini ones. */
export const policiesFor = (rulesetId: string): DemoPolicies => demoPoliciesFor(rulesetId);

export const parseSeed = (seed: string): string | number => (/^-?\d{1,15}$/.test(seed) ? Number(seed) : seed);

const sidesUp = (s: EncounterState) => [...new Set(s.creatureIds.map((id) => s.creatures[id]!).filter(isUp).map((c) => c.side))];

/** True when no one after the current creature takes a turn this round. */
function lastTurnOfRound(s: EncounterState, ruleset: LoadedRuleset): boolean {
  return s.order.slice(s.turnIndex + 1).every((e) => e.delayed || !(ruleset.takesTurn ? ruleset.takesTurn(s, e.creatureId) : s.creatures[e.creatureId]?.status !== 'dead'));
}

/** The scenario file a demo plays: `--scenario`, else the `--ruleset`'s demo, else the default. */
export function demoScenarioFile(opts: DemoOptions): string {
  if (opts.ruleset === undefined) return opts.scenario ?? DEMO_SCENARIO;
  if (opts.scenario !== undefined) throw new ScenarioError('--ruleset', [], 'give --ruleset or --scenario, not both');
  if (!Object.hasOwn(DEMO_SCENARIOS, opts.ruleset)) {
    throw new ScenarioError('--ruleset', [], `no demo for ruleset '${opts.ruleset}': pick one of ${Object.keys(DEMO_SCENARIOS).join(', ')}, or play a file with --scenario`);
  }
  return DEMO_SCENARIOS[opts.ruleset]!;
}

/**
 * Plays the demo fight with simple policies on both sides until one side is down or the round
 * limit passes, narrating every command. Deterministic for a seed.
 */
export function playDemo(opts: DemoOptions = {}): DemoRun {
  const loaded = loadScenarioFile(demoScenarioFile(opts));
  const setup = { ...loaded.setup, seed: opts.seed !== undefined ? parseSeed(opts.seed) : loaded.setup.seed };
  const policies = policiesFor(loaded.ruleset.id);
  const rng = fightPolicyRng(setup.seed, 0);
  const rt: Runtime = { ruleset: loaded.ruleset, policy: policies.prompts };
  const enc = createEncounter(loaded, rt, setup);
  const names = () => Object.fromEntries(enc.state.creatureIds.map((id) => [id, enc.state.creatures[id]!.name]));
  const lines = [`Fray demo: ${loaded.file}, seed ${String(setup.seed)} (replay with --seed ${String(setup.seed)})`, ...narrate(enc.events, { ruleset: loaded.ruleset })];
  let commands = 0;
  let winner: string | null = null;

  const issue = (command: Command, by: Principal) => {
    commands++;
    const prompts = enc.state.pending?.open ?? [];
    const r = enc.dispatch({ id: `d${commands}`, issuedBy: by, command });
    if (r.ok) lines.push(...narrate(r.events, { names: names(), prompts, ruleset: loaded.ruleset }));
    else lines.push(`! ${command.type} was refused: ${r.error.code}: ${r.error.message}`);
    return r.ok;
  };
  let endedByDemo = false;
  const end = (reason: string) => {
    endedByDemo = true;
    if (!issue({ type: 'gm.endEncounter', reason }, { role: 'gm' })) commands = DEMO_MAX_COMMANDS;
  };

  issue({ type: 'startCombat' }, { role: 'gm' });
  while (commands < DEMO_MAX_COMMANDS && enc.state.phase !== 'ended') {
    const s = enc.state;
    const standing = sidesUp(s);
    if (standing.length <= 1) {
      winner = standing[0] ?? null;
      end(winner ? `${winner} ${winner.endsWith('s') ? 'win' : 'wins'}: no one on the other side is standing` : 'no one is left standing');
      continue;
    }
    if (s.pending) {
      // The policy answers everything it can; whatever is left gets the prompt's default, by the GM.
      const p = s.pending.open[0]!;
      issue({ type: 'answerPrompt', promptId: p.id, answer: p.default ?? null }, { role: 'gm' });
      continue;
    }
    const cmd = policies.chooseCommand(s, loaded.ruleset, rng);
    if (!cmd) {
      end('no one can act');
      continue;
    }
    if (cmd.type === 'endTurn' && s.round >= DEMO_MAX_ROUNDS && lastTurnOfRound(s, loaded.ruleset)) {
      end(`${DEMO_MAX_ROUNDS} rounds passed`);
      continue;
    }
    const actor = currentCreatureId(s);
    const me = actor ? s.creatures[actor] : undefined;
    if (me && cmd.type === 'endTurn' && !isUp(me)) lines.push(`${me.name} is ${me.status} and cannot act.`);
    const seat = me?.controller;
    if (!issue(cmd, seat ? { role: 'player', seat } : { role: 'gm' }) && cmd.type !== 'endTurn') issue({ type: 'endTurn' }, { role: 'gm' });
  }
  if (enc.state.phase !== 'ended') lines.push(`! stopped after ${commands} commands`);
  return { lines, encounter: enc, commands, winner, endedByRules: enc.state.phase === 'ended' && !endedByDemo };
}

/** `fray demo [--seed s] [--scenario file | --ruleset id]`. */
export function demoCommand(opts: DemoOptions = {}): CommandResult {
  let run: DemoRun;
  try {
    run = playDemo(opts);
  } catch (err) {
    if (err instanceof ScenarioError) return { output: '', exitCode: EXIT.invalidInput, errorOutput: `fray demo: ${err.message}` };
    throw err;
  }
  const s = run.encounter.state;
  const standing = s.creatureIds.map((id) => s.creatures[id]!).filter(isUp);
  const result = run.winner
    ? `Winner: ${run.winner} (${standing.map((c) => `${c.name} ${c.hp}/${c.maxHp} HP`).join(', ')})`
    : run.endedByRules && s.endedReason ? `Result: ${s.endedReason}` : `No winner after ${s.round} round${s.round === 1 ? '' : 's'}`;
  return { output: [...run.lines, '', ...summaryLines(s), result].join('\n'), exitCode: EXIT.ok };
}
