import { z } from 'zod';
import { hasFlag, type CommandDef, type EncounterState, type Json, type LoadedRuleset } from '@fray/engine';
import { FLAG } from '../conditions/definitions';
import { distanceBetween } from '../position/geometry';

/**
 * encounter var: how far sound carries, `{ feet, echo }`. `feet` null means no limit; `echo` doubles
 * whatever limit applies (A5E-VIS-10: Echo, animal cacophony 10 ft, loud winds 15 ft).
 */
export const HEARING = 'a5e.hearing';

export interface HearingState {
  feet: number | null;
  echo: boolean;
}

export function hearingState(state: EncounterState): HearingState {
  const v = state.vars[HEARING] as unknown as Partial<HearingState> | undefined;
  return { feet: typeof v?.feet === 'number' ? v.feet : null, echo: v?.echo === true };
}

/**
 * Whether `listener` hears a sound made by `source` (A5E-VIS-10): never while deafened; otherwise
 * within the scene's hearing limit, doubled by an echo. Loud, explosive noises ignore the limit.
 */
export function hears(ruleset: LoadedRuleset, state: EncounterState, listener: string, source: string, opts: { loud?: boolean } = {}): boolean {
  const c = state.creatures[listener];
  if (!c || hasFlag(ruleset, c, FLAG.cannotHear)) return false;
  if (opts.loud) return true;
  const h = hearingState(state);
  if (h.feet === null) return true;
  const dist = distanceBetween(state, listener, source);
  return dist === null || dist <= h.feet * (h.echo ? 2 : 1);
}

const setHearingSchema = z.object({ type: z.literal('a5e.setHearing'), feet: z.number().int().min(0).nullable(), echo: z.boolean().optional() }).strict();

export const hearingCommands: CommandDef[] = [
  {
    type: 'a5e.setHearing', schema: setHearingSchema as never, gmOnly: true, allowedWhilePending: true,
    run: (ctx, cmd) => {
      const c = cmd as unknown as z.infer<typeof setHearingSchema>;
      ctx.emit({ type: 'VarSet', creatureId: null, key: HEARING, value: { feet: c.feet, echo: c.echo ?? false } as Json });
    },
  },
];
