import type { z } from 'zod';
import { requireNoFight } from '../campaign/commands';
import type { Resolution } from '../resolve/context';
import type { CommandDef } from './ruleset';

/**
 * What a ruleset says of one of its commands, typed by the command's own schema: a strict object whose
 * `type` is a literal, the command's type (said once, there).
 */
export interface TypedCommandDef<S extends z.ZodType<{ type: string }>> {
  schema: S;
  gmOnly?: boolean;
  allowedWhilePending?: boolean;
  actor?: (cmd: z.infer<S>) => string | null;
  run: (ctx: Resolution, cmd: z.infer<S>) => void;
}

/** The literal a command schema's `type` holds. */
function typeOf(schema: z.ZodType): string {
  const type = (schema as unknown as { shape?: { type?: { value?: unknown } } }).shape?.type?.value;
  if (typeof type !== 'string') throw new Error('a command schema is an object whose type is a string literal');
  return type;
}

/**
 * A ruleset command whose `run` and `actor` get the command as its schema parsed it (no cast in each
 * handler), stored as the engine's untyped `CommandDef` (`decide` parses with `schema` before it runs).
 */
export function rulesetCommand<S extends z.ZodType<{ type: string }>>(def: TypedCommandDef<S>): CommandDef {
  return { ...def, type: typeOf(def.schema) } as unknown as CommandDef;
}

/**
 * A GM's command that only runs between fights (a rest, travel, time passing): refused while one of
 * the campaign's fights is under way, naming `activity` (`requireNoFight`), before anything else.
 */
export function betweenFightsCommand<S extends z.ZodType<{ type: string }>>(activity: string, def: Omit<TypedCommandDef<S>, 'gmOnly'>): CommandDef {
  return rulesetCommand({
    ...def,
    gmOnly: true,
    run: (ctx, cmd) => {
      requireNoFight(ctx, activity);
      def.run(ctx, cmd);
    },
  });
}
