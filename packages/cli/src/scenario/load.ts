import fs from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, visit, type Document } from 'yaml';
import type { z } from 'zod';
import { scripted } from '@fray/dice';
import {
  ContentError, Encounter, MapSetupError, buildSpace, campaignCommandsOf, engineCommandSchemas, inputProblem, sheetSize, type CreatureSetup, type MapSetup, type PlacementSetup, type EncounterSetup, type Json, type LoadedRuleset, type Runtime,
} from '@fray/engine';
import { contentDir, displayPath } from '../paths';
import { findRuleset, rulesetIds } from '../rulesets';
import { scenarioSchema, type Scenario, type ScenarioCreature, type ScenarioMap, type ScenarioStep } from './schema';

export type Path = (string | number)[];

/** Invalid input (exit 2): names the file, the line when known, the path inside the file and the problem. */
export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly path: Path,
    readonly reason: string,
    readonly line?: number,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${path.length ? `${path.join('.')}: ` : ''}${reason}`);
    this.name = 'ScenarioError';
  }
}

/** What `read` returns, or the `ScenarioError` it throws (the file's invalid input); anything else it throws goes on. */
export function orScenarioError<T>(read: () => T): T | ScenarioError {
  try {
    return read();
  } catch (err) {
    if (err instanceof ScenarioError) return err;
    throw err;
  }
}

/** A parsed YAML (or JSON) file that can tell the line of a path, for error messages. */
export interface SourceFile {
  file: string;
  data: unknown;
  lineOf(p: Path): number | undefined;
}

export function readSource(absolute: string, shown: string, whatFor: { file: string; path: Path } | null): SourceFile {
  let text: string;
  try {
    text = fs.readFileSync(absolute, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `cannot read the file (${(err as Error).message})`;
    if (whatFor) throw new ScenarioError(whatFor.file, whatFor.path, `${shown}: ${reason}`);
    throw new ScenarioError(shown, [], reason);
  }
  // JSON is YAML too, so one parser serves both and gives line numbers for either.
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const line = lineCounter.linePos(syntax.pos[0]).line;
    throw new ScenarioError(shown, [], `${path.extname(absolute) === '.json' ? 'JSON' : 'YAML'} syntax: ${syntax.message.split('\n')[0]}`, line);
  }
  const at = (p: Path) => lineOf(doc, lineCounter, p);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    // Aliases resolve only here: an unresolved one, or too many (a "billion laughs" file).
    throw new ScenarioError(shown, [], `YAML: ${(err as Error).message.split('\n')[0]}`, firstAliasLine(doc, lineCounter));
  }
  // Names every object already has (`constructor`, `__proto__`) cannot be ids, keys or command types,
  // and nothing a file holds needs to nest deeply (input-guard.ts in the engine).
  const unsafe = inputProblem(data, FILE_DEPTH);
  if (unsafe) throw new ScenarioError(shown, unsafe.path, unsafe.message, at(unsafe.path));
  return { file: shown, data, lineOf: at };
}

/** Files nest a little deeper than commands (a stat block inside a fight inside a campaign). */
const FILE_DEPTH = 48;

function firstAliasLine(doc: Document, counter: LineCounter): number | undefined {
  let line: number | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (node.range && (line === undefined || node.resolve(doc) === undefined)) line = counter.linePos(node.range[0]).line;
      if (node.resolve(doc) === undefined) return visit.BREAK;
      return undefined;
    },
  });
  return line;
}

function lineOf(doc: Document, counter: LineCounter, p: Path): number | undefined {
  for (let n = p.length; n >= 0; n--) {
    const node = doc.getIn(p.slice(0, n), true) as { range?: [number, number, number] } | undefined;
    if (node?.range) return counter.linePos(node.range[0]).line;
  }
  return undefined;
}

export function zodProblem(source: SourceFile, error: z.ZodError, prefix: Path = []): ScenarioError {
  const issue = error.issues[0]!;
  const p: Path = [...prefix, ...issue.path.map((x) => (typeof x === 'symbol' ? String(x) : x))];
  const at = issue.code === 'unrecognized_keys' && issue.keys[0] ? [...p, issue.keys[0]] : p;
  return new ScenarioError(source.file, p, issue.message, source.lineOf(at));
}

export interface LoadedScenario {
  /** the scenario file as shown in messages */
  file: string;
  scenario: Scenario;
  ruleset: LoadedRuleset;
  setup: EncounterSetup;
  /** the line of a path in the scenario file, when known */
  lineOf(p: Path): number | undefined;
}

/**
 * A table file (scenario or campaign) read and checked against its schema, with the ruleset it names
 * (throws `ScenarioError`, exit 2): `absolute` its path, `doc` what its schema made of it.
 */
export function readTableFile<T extends { ruleset: string }>(file: string, cwd: string, schema: z.ZodType<T>): { absolute: string; source: SourceFile; doc: T; ruleset: LoadedRuleset } {
  const absolute = path.resolve(cwd, file);
  const source = readSource(absolute, displayPath(absolute, cwd), null);
  const parsed = schema.safeParse(source.data ?? {});
  if (!parsed.success) throw zodProblem(source, parsed.error);
  const doc = parsed.data;
  const ruleset = findRuleset(doc.ruleset);
  if (!ruleset) throw new ScenarioError(source.file, ['ruleset'], `unknown ruleset '${doc.ruleset}'; known: ${rulesetIds().join(', ')}`, source.lineOf(['ruleset']));
  return { absolute, source, doc, ruleset };
}

/** Reads, parses and checks a scenario file: everything that can be wrong before any command runs. */
export function loadScenarioFile(file: string, cwd: string = process.cwd()): LoadedScenario {
  const { absolute, source, doc: scenario, ruleset } = readTableFile(file, cwd, scenarioSchema);

  const creatures = scenario.creatures.map((c, i) => creatureSetupOf(source, path.dirname(absolute), ruleset, c, ['creatures', i], cwd));

  scenario.steps.forEach((step, i) => checkStep(source, ruleset, step, ['steps', i]));

  const setup: EncounterSetup = {
    id: path.basename(absolute).replace(/\.(ya?ml|json)$/i, ''),
    seed: scenario.seed,
    creatures,
    file: source.file,
  };
  if (scenario.map) setup.space = spaceOf(source, ruleset, scenario.map, scenario.creatures.map((entry, i) => ({ id: entry.id, at: entry.at, sheet: creatures[i]!.sheet, path: ['creatures', i, 'at'] })));
  else {
    const placed = scenario.creatures.findIndex((c) => c.at !== undefined);
    if (placed >= 0) throw new ScenarioError(source.file, ['creatures', placed, 'at'], 'a creature is placed but the scenario has no map: add map (grid or zones)', source.lineOf(['creatures', placed, 'at']));
  }
  if (scenario.modules) setup.modules = scenario.modules;
  if (scenario.options) setup.options = scenario.options as Record<string, Json>;
  if (scenario.dice) setup.diceMode = scenario.dice;
  return { file: source.file, scenario, ruleset, setup, lineOf: source.lineOf };
}

/** A scenario file's creature entry as the engine's setup, its stat block checked; `at` is where it sits in the file. */
export function creatureSetupOf(source: SourceFile, dir: string, ruleset: LoadedRuleset, c: ScenarioCreature, at: Path, cwd: string): CreatureSetup {
  const sheet = statBlockOf(source, dir, ruleset, c.statBlock, c.ref, at, cwd);
  const setup: CreatureSetup = { id: c.id, side: c.side, sheet };
  if (c.name !== undefined) setup.name = c.name;
  if (c.controller !== undefined) setup.controller = c.controller;
  if (c.tags) setup.tags = c.tags;
  if (c.hp !== undefined) setup.hp = c.hp;
  if (c.tempHp !== undefined) setup.tempHp = c.tempHp;
  if (c.conditions) setup.conditions = c.conditions;
  if (c.tracks) setup.tracks = c.tracks;
  if (c.tallies) setup.tallies = c.tallies;
  if (c.status !== undefined) setup.status = c.status;
  if (c.hidden !== undefined) setup.hidden = c.hidden;
  if (c.notes !== undefined) setup.notes = c.notes;
  if (c.initiative !== undefined) setup.initiative = c.initiative;
  if (c.resources) setup.resources = c.resources;
  if (c.vars) setup.vars = c.vars as Record<string, Json>;
  return setup;
}

/**
 * The scenario's map as the engine's space, with every creature's starting place (`at`); each
 * creature's `path` is where its `at` sits in the file, so a problem's path names it.
 */
export function spaceOf(source: SourceFile, ruleset: LoadedRuleset, map: ScenarioMap, creatures: { id: string; at: ScenarioCreature['at']; sheet: unknown; path: Path }[]): Json {
  try {
    const { space } = buildSpace(
      map as MapSetup,
      creatures.map((c) => ({ id: c.id, at: c.at as PlacementSetup | undefined, size: sheetSize(c.sheet) })),
      ruleset.zoneBands,
    );
    return space as unknown as Json;
  } catch (err) {
    if (!(err instanceof MapSetupError)) throw err;
    const p: Path = err.path[0] === 'creatures' ? [...creatures[err.path[1] as number]!.path, ...err.path.slice(3)] : err.path;
    throw new ScenarioError(source.file, p, err.reason, source.lineOf(p));
  }
}

/** The raw stat block (inline or from `ref`), checked by the ruleset so errors carry the full path. */
function statBlockOf(
  source: SourceFile, dir: string, ruleset: LoadedRuleset, inline: Record<string, unknown> | undefined, ref: string | undefined, at: Path, cwd: string,
): unknown {
  if (inline !== undefined) {
    try {
      ruleset.parseStatBlock(inline, source.file);
    } catch (err) {
      if (!(err instanceof ContentError)) throw err;
      const p: Path = [...at, 'statBlock', ...err.path];
      throw new ScenarioError(source.file, p, err.reason, source.lineOf(p));
    }
    return inline;
  }
  const refPath: Path = [...at, 'ref'];
  const candidates = [path.resolve(dir, ref!), path.resolve(contentDir, ref!)];
  const found = candidates.find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  if (!found) {
    throw new ScenarioError(source.file, refPath, `no stat block file '${ref}' (looked in ${displayPath(dir, cwd)} and ${displayPath(contentDir, cwd)})`, source.lineOf(refPath));
  }
  const block = readSource(found, displayPath(found, cwd), { file: source.file, path: refPath });
  try {
    ruleset.parseStatBlock(block.data, block.file);
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    throw new ScenarioError(block.file, err.path, `${err.reason} (stat block of ${at.join('.')}, from ${source.file})`, block.lineOf(err.path));
  }
  return block.data;
}

/** Commands are checked against the engine's (or the ruleset's) schema up front, unless the step expects `malformed`. */
export function checkCommand(source: SourceFile, ruleset: LoadedRuleset, command: { type: string }, expectRejected: string | undefined, at: Path): void {
  if (expectRejected === 'malformed') return;
  const schema = Object.hasOwn(engineCommandSchemas, command.type) ? (engineCommandSchemas as Record<string, z.ZodType>)[command.type] : ruleset.commandByType[command.type]?.schema;
  if (!schema) {
    const p: Path = [...at, 'type'];
    if (Object.hasOwn(campaignCommandsOf(ruleset), command.type)) {
      throw new ScenarioError(source.file, p, `'${command.type}' is a campaign command: it runs between fights, not in one (write the file as a campaign: a fight: step, then this command; docs/cli.md)`, source.lineOf(p));
    }
    const known = [...Object.keys(engineCommandSchemas), ...Object.keys(ruleset.commandByType)].join(', ');
    throw new ScenarioError(source.file, p, `unknown command type '${command.type}'; commands: ${known}`, source.lineOf(p));
  }
  const r = schema.safeParse(command);
  if (!r.success) throw zodProblem(source, r.error, at);
}

/** A fight step's command, scripted dice and answers' dice, checked before anything runs. */
export function checkStep(source: SourceFile, ruleset: LoadedRuleset, step: ScenarioStep, at: Path): void {
  checkCommand(source, ruleset, step.command, step.expectRejected, [...at, 'command']);
  if (step.dice !== undefined) checkDice(source, step.dice, [...at, 'dice']);
  step.answers?.forEach((a, j) => {
    if (a.dice !== undefined) checkDice(source, a.dice, [...at, 'answers', j, 'dice']);
  });
}

export function checkDice(source: SourceFile, dice: string, at: Path): void {
  try {
    scripted(dice);
  } catch (err) {
    throw new ScenarioError(source.file, at, `scripted dice: ${(err as Error).message}`, source.lineOf(at));
  }
}

/** Creates the encounter; content the rules refuse at setup (hp out of range, unknown condition) is invalid input. */
export function createEncounter(loaded: LoadedScenario, rt: Runtime, setup: EncounterSetup = loaded.setup): Encounter {
  try {
    return Encounter.create(setup, rt);
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    throw new ScenarioError(loaded.file, err.path, err.reason, loaded.lineOf(err.path));
  }
}
