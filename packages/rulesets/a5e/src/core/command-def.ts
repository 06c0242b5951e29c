import type { z } from 'zod';
import type { CommandDef, Resolution } from '@fray/engine';

/** A ruleset command typed by its own schema, stored as the engine's untyped CommandDef. */
export function a5eCommand<S extends z.ZodType>(def: {
  type: string;
  schema: S;
  gmOnly?: boolean;
  actor?: (cmd: z.infer<S>) => string | null;
  run: (ctx: Resolution, cmd: z.infer<S>) => void;
}): CommandDef {
  return def as unknown as CommandDef;
}
