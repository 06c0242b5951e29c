import path from 'node:path';
import {
  Campaign, ContentError, Encounter, campaignCommandsOf, clockAt, encounterResult, encounterSetupFromCampaign, engineCommandSchemas, formatClock,
  type CampaignSetup, type CommandEnvelope, type EncounterSetup, type Json, type LoadedRuleset, type Runtime,
} from '@fray/engine';
import { narrate } from '../narrate';
import { EXIT } from '../result';
import { checkExpect } from './expect';
import { ScenarioError, checkDice, orScenarioError, checkStep, creatureSetupOf, readTableFile, spaceOf, zodProblem, type Path, type SourceFile } from './load';
import { StepFailure, namesOf, runStep, runSteps, type StepLog } from './run';
import type { RejectionReport } from '../report';
import type { PlannedFight } from '@fray/server';
import { campaignFileSchema, isFight, type CampaignFile, type FightStep } from './campaign-schema';
import type { ScenarioStep } from './schema';

export { campaignFileSchema, isCampaignShaped, type CampaignFile } from './campaign-schema';

/**
 * A fight of the file, ready to start from the campaign (everything in it checked at load): the fight a
 * live table keeps in its plan (the map with every member and foe placed from `fight.map`, `fight.at`
 * and the foes' `at`), and where the file has it.
 */
export interface PreparedFight extends PlannedFight {
  /** the index of its step in the file */
  step: number;
}

/** A campaign file read and checked: what a table is made from, and the steps to play at it. */
export interface LoadedCampaign {
  file: string;
  doc: CampaignFile;
  ruleset: LoadedRuleset;
  /** the campaign's setup (id: the file's name) */
  setup: CampaignSetup;
  /** the file's fights, in order */
  fights: PreparedFight[];
  lineOf(p: Path): number | undefined;
}

export interface CampaignOutcome {
  exitCode: number;
  message?: string;
  lines: string[];
  campaign: Campaign | null;
  stepsRun: number;
  rejections: RejectionReport[];
}

function checkCampaignCommand(source: SourceFile, ruleset: LoadedRuleset, command: { type: string }, at: Path): void {
  const table = campaignCommandsOf(ruleset);
  if (command.type === 'answerPrompt' || command.type === 'undo') return;
  const def = table[command.type];
  const p: Path = [...at, 'type'];
  if (!def) {
    if (Object.hasOwn(engineCommandSchemas, command.type) || Object.hasOwn(ruleset.commandByType, command.type)) {
      throw new ScenarioError(source.file, p, `'${command.type}' is a fight command: put it in a fight's steps (a fight: step); between fights the commands are: ${Object.keys(table).join(', ')}`, source.lineOf(p));
    }
    throw new ScenarioError(source.file, p, `unknown campaign command '${command.type}'; commands: ${Object.keys(table).join(', ')}`, source.lineOf(p));
  }
  const r = def.schema.safeParse(command);
  if (!r.success) throw zodProblem(source, r.error, at);
}

/** Reads and checks a campaign file (throws `ScenarioError`, exit 2): the roster, every fight and step. */
export function loadCampaignFile(file: string, cwd: string = process.cwd()): LoadedCampaign {
  const { absolute, source, doc, ruleset } = readTableFile(file, cwd, campaignFileSchema);
  const dir = path.dirname(absolute);
  const creatures = doc.creatures.map((c, i) => creatureSetupOf(source, dir, ruleset, c, ['creatures', i], cwd));
  const placed = doc.creatures.findIndex((c) => c.at !== undefined);
  if (placed >= 0) throw new ScenarioError(source.file, ['creatures', placed, 'at'], "the campaign's creatures are placed by each fight: give their places in the fight's at", source.lineOf(['creatures', placed, 'at']));
  // Sheets of every campaign creature a fight may place: the roster, and members added by a step.
  const sheets = new Map(creatures.map((c) => [c.id, c.sheet]));
  const fights: PreparedFight[] = [];
  doc.steps.forEach((step, i) => {
    if (isFight(step)) {
      fights.push(prepareFight(source, dir, ruleset, step, i, sheets, cwd));
      return;
    }
    if (step.expectRejected !== 'malformed') checkCampaignCommand(source, ruleset, step.command, ['steps', i, 'command']);
    if (step.dice !== undefined) checkDice(source, step.dice, ['steps', i, 'dice']);
    step.answers?.forEach((a, j) => {
      if (a.dice !== undefined) checkDice(source, a.dice, ['steps', i, 'answers', j, 'dice']);
    });
    const added = step.command['creature'] as { id?: unknown; sheet?: unknown } | undefined;
    if (step.command.type === 'campaign.addMember' && added && typeof added.id === 'string') sheets.set(added.id, added.sheet);
  });
  const setup: CampaignSetup = {
    id: path.basename(absolute).replace(/\.(ya?ml|json)$/i, ''),
    seed: doc.seed,
    creatures,
    clockSeconds: doc.clock ? clockAt(doc.clock.day, doc.clock.hour, doc.clock.minute) : 0,
    ...(doc.options ? { options: doc.options as Record<string, Json> } : {}),
    ...(doc.dice ? { diceMode: doc.dice } : {}),
    file: source.file,
  };
  return { file: source.file, doc, ruleset, setup, fights, lineOf: source.lineOf };
}

function prepareFight(source: SourceFile, dir: string, ruleset: LoadedRuleset, step: FightStep, i: number, sheets: Map<string, unknown>, cwd: string): PreparedFight {
  const f = step.fight;
  const at: Path = ['steps', i, 'fight'];
  const foes = f.foes.map((c, j) => creatureSetupOf(source, dir, ruleset, c, [...at, 'foes', j], cwd));
  foes.forEach((c, j) => {
    if (sheets.has(c.id)) throw new ScenarioError(source.file, [...at, 'foes', j, 'id'], `'${c.id}' is already one of the campaign's creatures`, source.lineOf([...at, 'foes', j, 'id']));
  });
  f.members?.forEach((m, j) => {
    if (!sheets.has(m)) throw new ScenarioError(source.file, [...at, 'members', j], `no creature '${m}' in the campaign (creatures: ${[...sheets.keys()].join(', ')})`, source.lineOf([...at, 'members', j]));
  });
  f.steps.forEach((s, j) => checkStep(source, ruleset, s, [...at, 'steps', j]));
  const members = f.members ?? [...sheets.keys()];
  let space: Json | undefined;
  if (f.map) {
    for (const id of Object.keys(f.at ?? {})) {
      if (!members.includes(id)) throw new ScenarioError(source.file, [...at, 'at', id], `'${id}' is not a member of this fight (members: ${members.join(', ')}); foes give their place in their own entry`, source.lineOf([...at, 'at', id]));
    }
    space = spaceOf(source, ruleset, f.map, [
      ...f.foes.map((c, j) => ({ id: c.id, at: c.at, sheet: foes[j]!.sheet, path: [...at, 'foes', j, 'at'] })),
      ...members.map((m) => ({ id: m, at: f.at?.[m], sheet: sheets.get(m), path: [...at, 'at', m] })),
    ]);
  } else {
    const placedFoe = f.foes.findIndex((c) => c.at !== undefined);
    if (placedFoe >= 0) throw new ScenarioError(source.file, [...at, 'foes', placedFoe, 'at'], 'a creature is placed but the fight has no map: add map (grid or zones)', source.lineOf([...at, 'foes', placedFoe, 'at']));
    if (f.at) throw new ScenarioError(source.file, [...at, 'at'], 'members are placed but the fight has no map: add map (grid or zones)', source.lineOf([...at, 'at']));
  }
  return {
    step: i, id: f.id, foes,
    ...(f.seed !== undefined ? { seed: f.seed } : {}),
    ...(f.members ? { members: f.members } : {}),
    ...(f.options ? { options: f.options as Record<string, Json> } : {}),
    ...(f.modules ? { modules: f.modules } : {}),
    ...(f.dice ? { diceMode: f.dice } : {}),
    ...(space !== undefined ? { space } : {}),
  };
}

/** Creates the campaign from a loaded file; setup the rules refuse is invalid input (exit 2). */
export function createCampaign(loaded: LoadedCampaign, rt: Runtime): Campaign {
  try {
    return Campaign.create(loaded.setup, rt);
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    throw new ScenarioError(loaded.file, err.path, err.reason, loaded.lineOf(err.path));
  }
}

/** Reads and checks a campaign file, then plays it: campaign steps in the campaign, fights as encounters written back. */
export function runCampaignFile(file: string, cwd: string = process.cwd()): CampaignOutcome {
  const loaded = orScenarioError(() => loadCampaignFile(file, cwd));
  return loaded instanceof ScenarioError ? invalidInput(loaded) : runCampaign(loaded);
}

/** Invalid input (exit 2): its message, and nothing played. */
const invalidInput = (err: ScenarioError): CampaignOutcome => ({ exitCode: EXIT.invalidInput, message: err.message, lines: [], campaign: null, stepsRun: 0, rejections: [] });

/**
 * Plays a loaded campaign file step by step; stops at the first failure. `until`: stop before that
 * step (the table as it stands when a fight of the file begins: `fray simulate --fight`), no final expect.
 */
export function runCampaign(loaded: LoadedCampaign, opts: { until?: number } = {}): CampaignOutcome {
  const { doc, ruleset } = loaded;
  const rt: Runtime = { ruleset };
  const campaign = orScenarioError(() => createCampaign(loaded, rt));
  if (campaign instanceof ScenarioError) return invalidInput(campaign);
  const lines = [`Campaign ${campaign.state.id} (${ruleset.name}), ${formatClock(campaign.state.clockSeconds)}`, ...narrate(campaign.events, { ruleset })];
  const log: StepLog = { lines, rejections: [] };
  const fights = new Map(loaded.fights.map((f) => [f.step, f]));
  const steps = opts.until === undefined ? doc.steps : doc.steps.slice(0, opts.until);
  const played = runSteps(rt, steps, (step, i) => {
    if (!isFight(step)) {
      runStep(campaign.log, rt, step as ScenarioStep, i, log);
      lines.push(`  (${formatClock(campaign.state.clockSeconds)})`);
      return;
    }
    runFight(campaign, rt, step, fights.get(i)!, i, doc.seed, log);
  }, () => (doc.expect && opts.until === undefined ? checkExpect(campaign.state, doc.expect, 'expect', ruleset) : []));
  return { ...played, lines, campaign, rejections: log.rejections };
}

/** A fight of the file as it would begin from the campaign as it stands (its seed: its own, else the campaign's and its id). */
export function fightSetupOf(campaign: Campaign, prepared: PreparedFight, seed: string | number): EncounterSetup {
  return encounterSetupFromCampaign(campaign.state, {
    id: prepared.id, seed: prepared.seed ?? `${String(seed)}:${prepared.id}`, foes: prepared.foes,
    ...(prepared.members ? { members: prepared.members } : {}),
    ...(prepared.options ? { options: prepared.options } : {}),
    ...(prepared.modules ? { modules: prepared.modules } : {}),
    ...(prepared.diceMode ? { diceMode: prepared.diceMode } : {}),
    ...(prepared.space !== undefined ? { space: prepared.space } : {}),
  });
}

function runFight(campaign: Campaign, rt: Runtime, step: FightStep, prepared: PreparedFight, i: number, seed: string | number, log: StepLog): void {
  const { lines } = log;
  const f = step.fight;
  const at = `steps.${i}.fight`;
  let setup;
  try {
    setup = fightSetupOf(campaign, prepared, seed);
  } catch (err) {
    if (err instanceof ContentError) throw new StepFailure(EXIT.invalidInput, `${at}: ${err.path.join('.')}: ${err.reason}`);
    throw err;
  }
  const members = setup.carried!.map((c) => c.id);
  const gm = (command: CommandEnvelope['command'], suffix: string) => campaign.dispatch({ id: `s${i}-${suffix}`, issuedBy: { role: 'gm' }, command });
  const begun = gm({ type: 'campaign.beginEncounter', encounterId: f.id, members }, 'begin');
  if (!begun.ok) throw new StepFailure(EXIT.commandRejected, `${at}: ${begun.error.code}: ${begun.error.message}`);
  lines.push(`[${at}] fight '${f.id}' at ${formatClock(campaign.state.clockSeconds)}: ${members.map((m) => campaign.state.creatures[m]!.name).join(', ')} against ${prepared.foes.map((c) => c.name ?? c.id).join(', ') || 'nobody'}`);
  let fight: Encounter;
  try {
    fight = Encounter.create(setup, rt);
  } catch (err) {
    if (err instanceof ContentError) throw new StepFailure(EXIT.invalidInput, `${at}.foes: ${err.path.join('.')}: ${err.reason}`);
    throw err;
  }
  f.steps.forEach((s, j) => runStep(fight, rt, s, j, log, `${at}.steps.${j}`));
  if (fight.state.phase !== 'ended') {
    const r = fight.dispatch({ id: 'campaign-end', issuedBy: { role: 'gm' }, command: { type: 'gm.endEncounter', reason: f.end ?? 'the fight is over' } });
    if (!r.ok) throw new StepFailure(EXIT.commandRejected, `${at}: cannot end the fight: ${r.error.code}: ${r.error.message}`);
    lines.push(...narrate(r.events, { names: namesOf(fight.state), ruleset: rt.ruleset }).map((l) => `  ${l}`));
  }
  const back = gm(encounterResult(fight.state, members), 'record');
  if (!back.ok) throw new StepFailure(EXIT.commandRejected, `${at}: cannot write the fight back: ${back.error.code}: ${back.error.message}`);
  lines.push(`  back in the campaign at ${formatClock(campaign.state.clockSeconds)} after ${fight.state.round} round${fight.state.round === 1 ? '' : 's'}`);
  if (f.expect) {
    const problems = checkExpect(campaign.state, f.expect, `${at}.expect`, rt.ruleset);
    if (problems.length) throw new StepFailure(EXIT.expectationFailed, problems.join('\n'));
  }
}
