import { z, type ZodType } from 'zod';
import { ContentError } from '../core/errors';
import type { Json } from '../core/json';
import type { Ruleset } from './ruleset';

/**
 * What a ruleset lets an encounter's setup say, with types: its options (table settings such as
 * `npcDyingPrompt: false`), the optional modules an encounter may switch on, and the creature vars a
 * creature may be set up with (issue 18, item 6; ADR 0005). Each is a name → zod schema record,
 * declared by the module that reads it and merged into the ruleset.
 */
export type SettingSchemas = Record<string, ZodType<Json>>;

/** The options the engine itself reads, whatever the ruleset. */
export const engineOptions: SettingSchemas = {
  roundSeconds: z.number().positive().describe('seconds in a round (a ruleset may allow only some lengths)'),
};

/** The creature vars the engine itself reads, whatever the ruleset. */
export const engineCreatureVars: SettingSchemas = {
  initiativeGroup: z.string().describe('creatures with the same group roll one initiative'),
};

export type SetupErrorCode = 'unknown-option' | 'bad-option' | 'unknown-module' | 'unknown-var' | 'bad-var';

/**
 * A setup refused before any event: an option, module or creature var the ruleset does not declare,
 * or one of the wrong type. A `ContentError` (callers that report setups already handle those) that
 * also names the code and the setting at fault.
 */
export class SetupError extends ContentError {
  constructor(
    file: string,
    path: (string | number)[],
    readonly code: SetupErrorCode,
    /** the option, module or var named in the setup */
    readonly setting: string,
    reason: string,
  ) {
    super(file, path, `${reason} (${code})`);
    this.name = 'SetupError';
  }
}

/** The options, modules and creature vars the ruleset declares, with the engine's own. */
export function settingsOf(ruleset: Pick<Ruleset, 'options' | 'optionalModules' | 'creatureVars'>): { options: SettingSchemas; modules: readonly string[]; vars: SettingSchemas } {
  return {
    options: { ...engineOptions, ...(ruleset.options ?? {}) },
    modules: ruleset.optionalModules ?? [],
    vars: { ...engineCreatureVars, ...(ruleset.creatureVars ?? {}) },
  };
}

/**
 * The schema for a name, or undefined. Names ending in `*` declare a family (`a5e.action.used:*`: one
 * var per action); the longest matching family wins.
 */
function schemaFor(schemas: SettingSchemas, name: string): ZodType<Json> | undefined {
  if (Object.hasOwn(schemas, name)) return schemas[name];
  let best: string | null = null;
  for (const k of Object.keys(schemas)) {
    if (k.endsWith('*') && name.startsWith(k.slice(0, -1)) && (best === null || k.length > best.length)) best = k;
  }
  return best === null ? undefined : schemas[best];
}

function listed(names: readonly string[]): string {
  return names.length ? names.slice().sort().join(', ') : 'none';
}

function checkRecord(
  schemas: SettingSchemas, values: Record<string, Json>, file: string, path: (string | number)[],
  kind: 'option' | 'var', codes: [SetupErrorCode, SetupErrorCode],
): void {
  for (const [name, value] of Object.entries(values)) {
    const schema = schemaFor(schemas, name);
    if (!schema) throw new SetupError(file, [...path, name], codes[0], name, `unknown ${kind} '${name}'; ${kind}s: ${listed(Object.keys(schemas))}`);
    const r = schema.safeParse(value);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      const at = issue.path.map((x) => String(x));
      throw new SetupError(file, [...path, name, ...issue.path.map((x) => (typeof x === 'symbol' ? String(x) : x))], codes[1], name,
        `${kind} '${name}'${at.length ? ` at ${at.join('.')}` : ''}: ${issue.message}`);
    }
  }
}

/** Refuses, with a `SetupError` naming it, the first option the ruleset does not declare or that its schema refuses. */
export function checkOptions(ruleset: Pick<Ruleset, 'options' | 'optionalModules' | 'creatureVars'>, options: Record<string, Json>, file: string): void {
  checkRecord(settingsOf(ruleset).options, options, file, ['options'], 'option', ['unknown-option', 'bad-option']);
}

/** Refuses a module name that is not one of the ruleset's optional modules. */
export function checkModules(ruleset: Pick<Ruleset, 'options' | 'optionalModules' | 'creatureVars'>, modules: readonly string[], file: string): void {
  const known = settingsOf(ruleset).modules;
  modules.forEach((m, i) => {
    if (!known.includes(m)) throw new SetupError(file, ['modules', i], 'unknown-module', m, `unknown module '${m}'; optional modules: ${listed(known)}`);
  });
}

/** Refuses a creature var the ruleset does not declare, or one of the wrong type. */
export function checkCreatureVars(ruleset: Pick<Ruleset, 'options' | 'optionalModules' | 'creatureVars'>, vars: Record<string, Json>, file: string, path: (string | number)[]): void {
  checkRecord(settingsOf(ruleset).vars, vars, file, [...path, 'vars'], 'var', ['unknown-var', 'bad-var']);
}

/**
 * Merges modules' declarations; a name two modules declare is a ContentError naming both, so each
 * setting has one owner.
 */
export function mergeSettings(rulesetId: string, kind: 'options' | 'creatureVars', parts: readonly { id: string; schemas: SettingSchemas | undefined }[]): SettingSchemas {
  const out: SettingSchemas = {};
  const owner: Record<string, string> = {};
  for (const { id, schemas } of parts) {
    for (const [name, schema] of Object.entries(schemas ?? {})) {
      if (Object.hasOwn(out, name)) throw new ContentError(`ruleset:${rulesetId}`, ['modules', id, kind, name], `'${name}' is declared by '${owner[name]}' too; one module owns each setting`);
      out[name] = schema;
      owner[name] = id;
    }
  }
  return out;
}
