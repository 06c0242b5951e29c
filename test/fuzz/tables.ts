import path from 'node:path';
import { z } from 'zod';
import {
  Campaign, canonicalJson, campaignCommandsOf, sampleAnswers, engineCommandSchemas, fold, type Encounter, type EncounterState, type Json, type LoadedRuleset, type Runtime,
} from '@fray/engine';
import { createEncounter, creatureSetupOf, loadScenarioFile, readSource, type LoadedScenario } from '../../packages/cli/src/scenario/load';
import { findRuleset } from '../../packages/cli/src/rulesets';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** One authority the fuzz suite drives: a real fight (or a campaign) built from a repository file. */
export interface FuzzTable {
  name: string;
  ruleset: LoadedRuleset;
  /** a fresh authority with the given dice seed */
  create(seed: number): Encounter;
  /** every command type this stream knows */
  commandTypes: string[];
  schemaOf(type: string): z.ZodType | undefined;
  seats: string[];
  /** legal play where `legalCommands` knows none (a campaign): commands shaped for the first member */
  legal?: (state: EncounterState) => Record<string, Json>[];
}

function scenarioTable(name: string, file: string): FuzzTable {
  let loaded: LoadedScenario | undefined;
  const load = () => (loaded ??= loadScenarioFile(path.join(repoRoot, file), repoRoot));
  const l = load();
  const ruleset = l.ruleset;
  return {
    name,
    ruleset,
    create: (seed) => {
      const rt: Runtime = { ruleset };
      return createEncounter(load(), rt, { ...load().setup, seed });
    },
    commandTypes: [...Object.keys(engineCommandSchemas), ...Object.keys(ruleset.commandByType)],
    schemaOf: (type) => (Object.hasOwn(engineCommandSchemas, type) ? (engineCommandSchemas as Record<string, z.ZodType>)[type] : ruleset.commandByType[type]?.schema),
    seats: [...new Set(l.setup.creatures.map((c) => c.controller).filter((s): s is string => typeof s === 'string'))],
  };
}

function campaignTable(name: string, file: string): FuzzTable {
  const absolute = path.join(repoRoot, file);
  const source = readSource(absolute, file, null);
  const doc = source.data as { ruleset: string; creatures: Parameters<typeof creatureSetupOf>[3][] };
  const ruleset = findRuleset(doc.ruleset)!;
  const creatures = doc.creatures.map((c, i) => creatureSetupOf(source, path.dirname(absolute), ruleset, c, ['creatures', i], repoRoot));
  const table = campaignCommandsOf(ruleset);
  return {
    name,
    ruleset,
    // A campaign is an encounter log deciding against the campaign's table: drive that log directly.
    create: (seed) => Campaign.create({ id: name, seed, creatures, file }, { ruleset }).log,
    commandTypes: [...Object.keys(table), 'answerPrompt', 'undo'],
    legal: (state) => {
      if (state.pending) return state.pending.open.flatMap((p) => sampleAnswers(p).map((answer) => ({ type: 'answerPrompt', promptId: p.id, answer })));
      const who = state.creatureIds[0] ?? 'nobody';
      return Object.keys(table).filter((type) => !type.startsWith('campaign.') || type === 'campaign.advanceTime').map((type) => commandShapedBy(table[type]!.schema, who));
    },
    schemaOf: (type) => (Object.hasOwn(table, type) ? table[type]!.schema : (engineCommandSchemas as Record<string, z.ZodType>)[type]),
    seats: [...new Set(creatures.map((c) => c.controller).filter((s): s is string => typeof s === 'string'))],
  };
}

export const fightTables = (): FuzzTable[] => [
  scenarioTable('a5e', 'scenarios/a5e/forest-ambush.yaml'),
  scenarioTable('a5e-duel', 'scenarios/a5e/duel-redcloak.yaml'),
  scenarioTable('13th-age', 'scenarios/13th-age/bog-bridge.yaml'),
  scenarioTable('five-torches-deep', 'scenarios/five-torches-deep/barrow-skirmish.yaml'),
];

export const campaignTables = (): FuzzTable[] => [
  campaignTable('a5e-campaign', 'scenarios/campaigns/a5e-day.yaml'),
  campaignTable('ftd-campaign', 'scenarios/campaigns/ftd-day.yaml'),
];

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; enum?: Json[]; const?: Json; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; minimum?: number; $ref?: string; additionalProperties?: unknown };

/**
 * A command of `type` shaped by its own schema, with every free string set to `text` (every field the
 * schema names, optional ones too). Good enough to reach past the schema into the rules.
 */
export function commandShapedBy(schema: z.ZodType, text: string): Record<string, Json> {
  const js = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  return sample(js, text, 0) as Record<string, Json>;
}

function sample(s: JsonSchema, text: string, depth: number): Json {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0]!;
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return sample(alt[0]!, text, depth);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string': return text;
    case 'integer':
    case 'number': return Math.max(1, s.minimum ?? 1);
    case 'boolean': return true;
    case 'array': return depth > 4 || !s.items ? [] : [sample(s.items, text, depth + 1)];
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, text, depth + 1);
      if (!s.properties && s.additionalProperties) out[text] = 1;
      return out;
    }
    default: return text;
  }
}

/** What must not change when a command is refused. */
export function fingerprint(enc: Encounter): string {
  return `${enc.events.length}|${canonicalJson(enc.state)}`;
}

export function foldMatches(enc: Encounter): boolean {
  return canonicalJson(fold(enc.events)) === canonicalJson(enc.state);
}

/** Object.prototype as the process began: no enumerable members, the same own names. */
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
export function prototypeProblem(): string | null {
  const names = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
  if (names !== prototypeNames) return `Object.prototype now has ${names}`;
  for (const k in {}) return `Object.prototype has an enumerable member '${k}'`;
  if (Object.getPrototypeOf({}) !== Object.prototype) return 'a plain object lost its prototype';
  return null;
}

export type { EncounterState };
