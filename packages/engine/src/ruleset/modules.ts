import type { z } from 'zod';
import { ContentError } from '../core/errors';
import type { Json } from '../core/json';
import type { Resolution } from '../resolve/context';
import type { ConditionDef } from '../condition/condition';
import type { AnyHook, CommandDef, Ruleset } from './ruleset';
import { mergeSettings, type SettingSchemas } from './declarations';

/**
 * What `takeAction` runs for one action id. `action` is the id it runs under, so a handler can say what
 * it buys when it pays (an A5E duel prices each option, ADR 0010) without reading the envelope.
 */
export type ActionHandler = (ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>, action: string) => void;

/**
 * A module: one area of a ruleset's rules (conditions, dying, movement, a duel, ...) as a fragment:
 * its conditions, hooks, actions, commands, and the options and creature vars it reads, with their
 * types. A ruleset built from modules is their merge (`mergeModules`). This is the one meaning of
 * "module" (ADR 0005): an encounter's `modules` lists the optional ones it switches on, by
 * `optionalName`; the others are always on.
 */
export interface RulesetModule {
  id: string;
  /**
   * Set for an optional module: an encounter switches it on by listing this name in its setup's
   * `modules` (unknown names are refused). The ruleset is loaded once for every encounter, so its
   * hooks are registered always and return at once unless `state.modules` includes the name.
   */
  optionalName?: string;
  /** the encounter options this module reads, with their types */
  options?: SettingSchemas;
  /** the creature vars a creature may be set up with for this module's rules, with their types */
  creatureVars?: SettingSchemas;
  conditions?: ConditionDef[];
  hooks?: AnyHook[];
  actions?: Record<string, ActionHandler>;
  commands?: CommandDef[];
  /** commands between fights (rests, travel), run by a campaign */
  campaignCommands?: CommandDef[];
}

export interface MergedModules {
  conditions: ConditionDef[];
  hooks: AnyHook[];
  commands: CommandDef[];
  campaignCommands: CommandDef[];
  actions: Record<string, ActionHandler>;
  options: SettingSchemas;
  creatureVars: SettingSchemas;
  optionalModules: string[];
}

/**
 * Concatenates the modules' lists in order (hooks of equal priority run in that order) and indexes
 * their actions. An action id defined by two modules is a ContentError naming the second one.
 */
export function mergeModules(rulesetId: string, modules: readonly RulesetModule[]): MergedModules {
  // Actions are looked up by the name a command carries: a null-prototype record finds no inherited member.
  const merged: MergedModules = { conditions: [], hooks: [], commands: [], campaignCommands: [], actions: Object.create(null) as MergedModules['actions'], options: {}, creatureVars: {}, optionalModules: [] };
  for (const m of modules) {
    merged.conditions.push(...(m.conditions ?? []));
    merged.hooks.push(...(m.hooks ?? []));
    merged.commands.push(...(m.commands ?? []));
    merged.campaignCommands.push(...(m.campaignCommands ?? []));
    for (const [id, handler] of Object.entries(m.actions ?? {})) {
      if (merged.actions[id]) throw new ContentError(`ruleset:${rulesetId}`, ['modules', m.id, 'actions', id], `action '${id}' is defined twice; rename one or leave one module out`);
      merged.actions[id] = handler;
    }
  }
  merged.options = mergeSettings(rulesetId, 'options', modules.map((m) => ({ id: m.id, schemas: m.options })));
  merged.creatureVars = mergeSettings(rulesetId, 'creatureVars', modules.map((m) => ({ id: m.id, schemas: m.creatureVars })));
  merged.optionalModules = modules.flatMap((m) => (m.optionalName ? [m.optionalName] : []));
  return merged;
}

/** A `runAction` that looks the action up among `actions` and refuses an unknown one, listing them. */
export function runActionFrom(actions: Record<string, ActionHandler>): NonNullable<Ruleset['runAction']> {
  return (ctx, actorId, action, targets, options) => {
    const handler = Object.hasOwn(actions, action) ? actions[action] : undefined;
    if (!handler) return ctx.reject('unknown-action', `no action '${action}'; actions: ${Object.keys(actions).sort().join(', ')}`);
    handler(ctx, actorId, targets, options, action);
  };
}

/** Parses content (a stat block, ...) with its schema; the first problem becomes a ContentError at its path in `file`. */
export function parseContent<T>(schema: z.ZodType<T>, raw: unknown, file: string): T {
  const r = schema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new ContentError(file, issue.path.map((x) => (typeof x === 'symbol' ? String(x) : x)), issue.message);
  }
  return r.data;
}
