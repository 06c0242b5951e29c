import type { EncounterStateCore, Json } from '@fray/engine';
import { environmentById, worldEntryById } from './environments/index';
import type { EnvironmentId, WorldConfig, WorldEntry } from './types';

/** Encounter option keys the world module reads. */
export const WORLD_OPTIONS = {
  /** 'forest', or several ids to mix environments */
  environment: 'environment',
  /** entry ids borrowed from other environments (A5E-WORLD-5 reskinning) */
  include: 'environmentInclude',
  /** entry ids switched off for this encounter (A5E-WORLD-5 forgoing) */
  disable: 'environmentDisable',
  /** entry id → the name the table uses for it (reskinning) */
  rename: 'environmentRename',
  /** A5E-WORLD-3; default 1 */
  actionsPerRound: 'worldActionsPerRound',
  /** entry id → stat block for the creature it makes (shadow-puppet, leeches) */
  creatures: 'environmentCreatures',
  /** entry id → how many there are (stalactites, chandelier, mirror, tables, boulder); default 1 */
  counts: 'environmentCounts',
} as const;

/** Encounter vars the world module keeps. */
export const WORLD_VARS = {
  /** the Narrator's edits during the encounter: { include, disable, enable, rename } */
  edits: 'a5e.world.edits',
  /** spent world actions waiting to recharge: entry id → lowest d6 face that regains it */
  recharging: 'a5e.world.recharging',
  /** creatures Lightning Strike has targeted this encounter */
  struck: 'a5e.world.struck',
  /** the hearing limit a world action imposes until the next world-action phase */
  silence: 'a5e.world.silence',
  /** a disturbed Loose Foundation: { disturbedRound, collapseRound } */
  collapse: 'a5e.world.collapse',
  /** entry id → how many have been used up (fallen, broken, rolled) */
  used: 'a5e.world.used',
  /** tables pushed over */
  tipped: 'a5e.world.tipped',
  /** hazards the Narrator hid under leaves or low fog: entry id → notes */
  hazards: 'a5e.world.hazards',
  /** a running count for ids of created creatures */
  spawned: 'a5e.world.spawned',
} as const;

/** Creature vars the world module keeps. */
export const CREATURE_VARS = {
  /** `${round}:${turnIndex}` of the turn it last touched a burning or frostbitten surface */
  touched: 'a5e.world.touched',
  /** whether its skin is exposed to frostbitten surfaces (asked once) */
  skinExposed: 'a5e.world.skinExposed',
  /** wears cold-weather gear (Cold Chill) */
  coldGear: 'coldWeatherGear',
  /** the turn it last saved against clutter while dashing */
  clutterSave: 'a5e.world.clutterSave',
  /** direction (dx, dy) it set off across an icy patch, until its next turn starts */
  icyHeading: 'a5e.world.icyHeading',
  /** hazards it has spotted */
  spotted: 'a5e.world.spotted',
} as const;

const strings = (v: Json | undefined): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);
const record = (v: Json | undefined): Record<string, Json> => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

export interface WorldEdits {
  include: string[];
  disable: string[];
  enable: string[];
  rename: Record<string, string>;
}

export function readEdits(state: EncounterStateCore): WorldEdits {
  const v = record(state.vars[WORLD_VARS.edits]);
  const rename: Record<string, string> = {};
  for (const [k, x] of Object.entries(record(v['rename']))) if (typeof x === 'string') rename[k] = x;
  return { include: strings(v['include']), disable: strings(v['disable']), enable: strings(v['enable']), rename };
}

/** The environment as configured: options first, then the Narrator's edits on top. */
export function readWorldConfig(state: EncounterStateCore): WorldConfig {
  const o = state.options;
  const edits = readEdits(state);
  const rename: Record<string, string> = {};
  for (const [k, x] of Object.entries(record(o[WORLD_OPTIONS.rename]))) if (typeof x === 'string') rename[k] = x;
  const counts: Record<string, number> = {};
  for (const [k, x] of Object.entries(record(o[WORLD_OPTIONS.counts]))) if (typeof x === 'number') counts[k] = x;
  const per = o[WORLD_OPTIONS.actionsPerRound];
  const enabled = new Set(edits.enable);
  return {
    environments: strings(o[WORLD_OPTIONS.environment]) as EnvironmentId[],
    include: [...new Set([...strings(o[WORLD_OPTIONS.include]), ...edits.include, ...edits.enable])],
    disable: [...new Set([...strings(o[WORLD_OPTIONS.disable]), ...edits.disable])].filter((x) => !enabled.has(x)),
    rename: { ...rename, ...edits.rename },
    actionsPerRound: typeof per === 'number' && per >= 0 ? Math.floor(per) : 1,
    creatures: record(o[WORLD_OPTIONS.creatures]),
    counts,
  };
}

/** What is wrong with a configuration: unknown environments or entries. */
export function configProblems(c: WorldConfig): string[] {
  const out: string[] = [];
  const known = Object.keys(environmentById).join(', ');
  for (const e of c.environments) if (!(e in environmentById)) out.push(`no environment '${e}'; environments: ${known}`);
  for (const id of [...c.include, ...c.disable, ...Object.keys(c.rename)]) if (!worldEntryById[id]) out.push(`no environment entry '${id}'`);
  return out;
}

export interface ActiveEntry {
  entry: WorldEntry;
  /** the name shown at the table (renamed when reskinned) */
  name: string;
}

/** The entries in play: the chosen environments' and the borrowed ones, minus those switched off. */
export function activeEntries(state: EncounterStateCore): readonly ActiveEntry[] {
  // No environment, no borrowed entries and no Narrator's edits (most fights): nothing is in play.
  if (state.options[WORLD_OPTIONS.environment] === undefined && state.options[WORLD_OPTIONS.include] === undefined && state.vars[WORLD_VARS.edits] === undefined) return [];
  // The rules ask for the entries many times a command (every attack's situation, every menu target),
  // and they change only when an option or the Narrator's edits are replaced: the last answer is kept
  // for the same values.
  const inputs = CONFIG_INPUTS.map((k) => state.options[k]);
  inputs.push(state.vars[WORLD_VARS.edits]);
  if (lastActive && lastActive.inputs.every((x, i) => x === inputs[i])) return lastActive.entries;
  const entries = Object.freeze(entriesOf(state));
  lastActive = { inputs, entries };
  return entries;
}

/** The options `readWorldConfig` reads. */
const CONFIG_INPUTS = Object.values(WORLD_OPTIONS);
let lastActive: { inputs: unknown[]; entries: readonly ActiveEntry[] } | null = null;

function entriesOf(state: EncounterStateCore): ActiveEntry[] {
  const c = readWorldConfig(state);
  const ids: string[] = [];
  for (const env of c.environments) for (const e of environmentById[env]?.entries ?? []) ids.push(e.id);
  for (const id of c.include) if (worldEntryById[id]) ids.push(id);
  const off = new Set(c.disable);
  const out: ActiveEntry[] = [];
  for (const id of new Set(ids)) {
    if (off.has(id)) continue;
    const entry = worldEntryById[id]!;
    out.push({ entry, name: c.rename[id] ?? entry.name });
  }
  return out;
}

export function activeEntry(state: EncounterStateCore, id: string): ActiveEntry | undefined {
  return activeEntries(state).find((a) => a.entry.id === id);
}

/** Active entries carrying an effect of `kind`, with that effect. */
export function entriesWith<K extends WorldEntry['effects'][number]['kind']>(
  state: EncounterStateCore,
  kind: K,
): { active: ActiveEntry; effect: Extract<WorldEntry['effects'][number], { kind: K }> }[] {
  const out: { active: ActiveEntry; effect: Extract<WorldEntry['effects'][number], { kind: K }> }[] = [];
  for (const a of activeEntries(state)) {
    for (const e of a.entry.effects) if (e.kind === kind) out.push({ active: a, effect: e as Extract<WorldEntry['effects'][number], { kind: K }> });
  }
  return out;
}

/** How many of a countable feature remain (default 1, minus those used up). */
export function remaining(state: EncounterStateCore, entryId: string): number {
  const total = readWorldConfig(state).counts[entryId] ?? 1;
  const used = record(state.vars[WORLD_VARS.used])[entryId];
  return total - (typeof used === 'number' ? used : 0);
}
