import type { z } from 'zod';
import { ContentError } from '../core/errors';
import type { Json } from '../core/json';
import type { Resolution } from '../resolve/context';
import type { ConditionDef } from '../condition/condition';
import type { AnyHook, CommandDef, Ruleset } from './ruleset';

/** What `takeAction` runs for one action id. */
export type ActionHandler = (ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>) => void;

/**
 * One area of a ruleset's rules (conditions, dying, movement, ...) as a fragment: its conditions,
 * hooks, actions and commands. A ruleset built from modules is their merge (`mergeModules`), so each
 * area stays in its own files and can be switched off by leaving it out.
 */
export interface RulesetModule {
  id: string;
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
}

/**
 * Concatenates the modules' lists in order (hooks of equal priority run in that order) and indexes
 * their actions. An action id defined by two modules is a ContentError naming the second one.
 */
export function mergeModules(rulesetId: string, modules: readonly RulesetModule[]): MergedModules {
  // Actions are looked up by the name a command carries: a null-prototype record finds no inherited member.
  const merged: MergedModules = { conditions: [], hooks: [], commands: [], campaignCommands: [], actions: Object.create(null) as MergedModules['actions'] };
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
  return merged;
}

/** A `runAction` that looks the action up among `actions` and refuses an unknown one, listing them. */
export function runActionFrom(actions: Record<string, ActionHandler>): NonNullable<Ruleset['runAction']> {
  return (ctx, actorId, action, targets, options) => {
    const handler = Object.hasOwn(actions, action) ? actions[action] : undefined;
    if (!handler) return ctx.reject('unknown-action', `no action '${action}'; actions: ${Object.keys(actions).sort().join(', ')}`);
    handler(ctx, actorId, targets, options);
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
