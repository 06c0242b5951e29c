import path from 'node:path';
import { z } from 'zod';
import {
  Campaign, ContentError, Encounter, campaignCommandsOf, clockAt, encounterResult, encounterSetupFromCampaign, formatClock,
  type CommandEnvelope, type CreatureSetup, type Json, type LoadedRuleset, type Runtime,
} from '@fray/engine';
import { displayPath } from '../paths';
import { narrate } from '../narrate';
import { EXIT } from '../result';
import { findRuleset, rulesetIds } from '../rulesets';
import { checkExpect } from './expect';
import { ScenarioError, checkDice, creatureSetupOf, readSource, zodProblem, type Path, type SourceFile } from './load';
import { StepFailure, namesOf, runStep } from './run';
import { creatureSchema, expectSchema, stepSchema, type ScenarioStep } from './schema';

const id = z.string().min(1).max(200);

/** A fight inside a campaign: new foes, the campaign's creatures as they are, its own steps; written back at the end. */
const fightSchema = z.object({
  fight: z.object({
    id: id.describe('the fight id, unique in the campaign'),
    seed: z.union([z.string(), z.number().int()]).optional().describe("the fight's dice seed (default: the campaign's seed and the fight id)"),
    members: z.array(id).optional().describe("campaign creatures taking part (default: all)"),
    foes: z.array(creatureSchema).default([]),
    options: z.record(z.string(), z.json()).optional(),
    steps: z.array(stepSchema).default([]),
    end: z.string().min(1).max(500).optional().describe("why the fight ends, if its steps did not end it (default 'the fight is over')"),
  }).strict(),
}).strict();

/** The campaign file format (`fray campaign <file>`): the party and a list of campaign steps and fights. */
export const campaignFileSchema = z.object({
  $schema: z.string().optional(),
  ruleset: id,
  seed: z.union([z.string(), z.number().int()]).default(1),
  clock: z.object({ day: z.number().int().min(1).default(1), hour: z.number().int().min(0).max(23).default(0), minute: z.number().int().min(0).max(59).default(0) }).strict().optional(),
  options: z.record(z.string(), z.json()).optional(),
  creatures: z.array(creatureSchema).min(1),
  steps: z.array(z.union([fightSchema, stepSchema])).default([]),
  expect: expectSchema.optional(),
}).strict();

export type CampaignFile = z.output<typeof campaignFileSchema>;
type FightStep = z.output<typeof fightSchema>;

export interface CampaignOutcome {
  exitCode: number;
  message?: string;
  lines: string[];
  campaign: Campaign | null;
  stepsRun: number;
}

function checkCampaignCommand(source: SourceFile, ruleset: LoadedRuleset, command: { type: string }, at: Path): void {
  const table = campaignCommandsOf(ruleset);
  if (command.type === 'answerPrompt' || command.type === 'undo') return;
  const def = table[command.type];
  if (!def) throw new ScenarioError(source.file, [...at, 'type'], `unknown campaign command '${command.type}'; commands: ${Object.keys(table).join(', ')}`, source.lineOf([...at, 'type']));
  const r = def.schema.safeParse(command);
  if (!r.success) throw zodProblem(source, r.error, at);
}

const isFight = (s: FightStep | ScenarioStep): s is FightStep => 'fight' in s;

/** Reads and checks a campaign file, then plays it: campaign steps in the campaign, fights as encounters written back. */
export function runCampaignFile(file: string, cwd: string = process.cwd()): CampaignOutcome {
  const absolute = path.resolve(cwd, file);
  let loaded: { source: SourceFile; doc: CampaignFile; ruleset: LoadedRuleset; creatures: CreatureSetup[]; foes: Map<number, CreatureSetup[]> };
  try {
    const source = readSource(absolute, displayPath(absolute, cwd), null);
    const parsed = campaignFileSchema.safeParse(source.data ?? {});
    if (!parsed.success) throw zodProblem(source, parsed.error);
    const doc = parsed.data;
    const ruleset = findRuleset(doc.ruleset);
    if (!ruleset) throw new ScenarioError(source.file, ['ruleset'], `unknown ruleset '${doc.ruleset}'; known: ${rulesetIds().join(', ')}`, source.lineOf(['ruleset']));
    const dir = path.dirname(absolute);
    const creatures = doc.creatures.map((c, i) => creatureSetupOf(source, dir, ruleset, c, ['creatures', i], cwd));
    const foes = new Map<number, CreatureSetup[]>();
    doc.steps.forEach((step, i) => {
      if (isFight(step)) {
        foes.set(i, step.fight.foes.map((c, j) => creatureSetupOf(source, dir, ruleset, c, ['steps', i, 'fight', 'foes', j], cwd)));
        step.fight.steps.forEach((s, j) => {
          if (s.dice !== undefined) checkDice(source, s.dice, ['steps', i, 'fight', 'steps', j, 'dice']);
        });
        return;
      }
      if (step.expectRejected !== 'malformed') checkCampaignCommand(source, ruleset, step.command, ['steps', i, 'command']);
      if (step.dice !== undefined) checkDice(source, step.dice, ['steps', i, 'dice']);
    });
    loaded = { source, doc, ruleset, creatures, foes };
  } catch (err) {
    if (err instanceof ScenarioError) return { exitCode: EXIT.invalidInput, message: err.message, lines: [], campaign: null, stepsRun: 0 };
    throw err;
  }
  const { source, doc, ruleset } = loaded;
  const rt: Runtime = { ruleset };
  let campaign: Campaign;
  try {
    campaign = Campaign.create({
      id: path.basename(absolute).replace(/\.(ya?ml|json)$/i, ''),
      seed: doc.seed,
      creatures: loaded.creatures,
      clockSeconds: doc.clock ? clockAt(doc.clock.day, doc.clock.hour, doc.clock.minute) : 0,
      ...(doc.options ? { options: doc.options as Record<string, Json> } : {}),
      file: source.file,
    }, rt);
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    return { exitCode: EXIT.invalidInput, message: new ScenarioError(source.file, err.path, err.reason, source.lineOf(err.path)).message, lines: [], campaign: null, stepsRun: 0 };
  }
  const lines = [`Campaign ${campaign.state.id} (${ruleset.name}), ${formatClock(campaign.state.clockSeconds)}`, ...narrate(campaign.events)];
  let stepsRun = 0;
  try {
    doc.steps.forEach((step, i) => {
      stepsRun = i + 1;
      if (!isFight(step)) {
        runStep(campaign.log, rt, step, i, lines);
        lines.push(`  (${formatClock(campaign.state.clockSeconds)})`);
        return;
      }
      runFight(campaign, rt, step, loaded.foes.get(i) ?? [], i, doc.seed, lines);
    });
    if (doc.expect) {
      const problems = checkExpect(campaign.state, doc.expect, 'expect');
      if (problems.length) throw new StepFailure(EXIT.expectationFailed, problems.join('\n'));
    }
  } catch (err) {
    if (err instanceof StepFailure) return { exitCode: err.exitCode, message: err.message, lines, campaign, stepsRun };
    throw err;
  }
  return { exitCode: EXIT.ok, lines, campaign, stepsRun };
}

function runFight(campaign: Campaign, rt: Runtime, step: FightStep, foes: CreatureSetup[], i: number, seed: string | number, lines: string[]): void {
  const f = step.fight;
  const at = `steps.${i}.fight`;
  let setup;
  try {
    setup = encounterSetupFromCampaign(campaign.state, { id: f.id, seed: f.seed ?? `${String(seed)}:${f.id}`, foes, ...(f.members ? { members: f.members } : {}), ...(f.options ? { options: f.options as Record<string, Json> } : {}) });
  } catch (err) {
    if (err instanceof ContentError) throw new StepFailure(EXIT.invalidInput, `${at}: ${err.path.join('.')}: ${err.reason}`);
    throw err;
  }
  const members = setup.carried!.map((c) => c.id);
  const gm = (command: CommandEnvelope['command'], suffix: string) => campaign.dispatch({ id: `s${i}-${suffix}`, issuedBy: { role: 'gm' }, command });
  const begun = gm({ type: 'campaign.beginEncounter', encounterId: f.id, members }, 'begin');
  if (!begun.ok) throw new StepFailure(EXIT.commandRejected, `${at}: ${begun.error.code}: ${begun.error.message}`);
  lines.push(`[${at}] fight '${f.id}' at ${formatClock(campaign.state.clockSeconds)}: ${members.map((m) => campaign.state.creatures[m]!.name).join(', ')} against ${foes.map((c) => c.name ?? c.id).join(', ') || 'nobody'}`);
  let fight: Encounter;
  try {
    fight = Encounter.create(setup, rt);
  } catch (err) {
    if (err instanceof ContentError) throw new StepFailure(EXIT.invalidInput, `${at}.foes: ${err.path.join('.')}: ${err.reason}`);
    throw err;
  }
  f.steps.forEach((s, j) => runStep(fight, rt, s, j, lines));
  if (fight.state.phase !== 'ended') {
    const r = fight.dispatch({ id: 'campaign-end', issuedBy: { role: 'gm' }, command: { type: 'gm.endEncounter', reason: f.end ?? 'the fight is over' } });
    if (!r.ok) throw new StepFailure(EXIT.commandRejected, `${at}: cannot end the fight: ${r.error.code}: ${r.error.message}`);
    lines.push(...narrate(r.events, { names: namesOf(fight.state) }).map((l) => `  ${l}`));
  }
  const back = gm(encounterResult(fight.state, members), 'record');
  if (!back.ok) throw new StepFailure(EXIT.commandRejected, `${at}: cannot write the fight back: ${back.error.code}: ${back.error.message}`);
  lines.push(`  back in the campaign at ${formatClock(campaign.state.clockSeconds)} after ${fight.state.round} round${fight.state.round === 1 ? '' : 's'}`);
}
