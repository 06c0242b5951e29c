import type { Json, Resolution } from '@fray/engine';
import { creatureIn, isPc } from '../core/sheet';

/** The PCs a campaign command is about: the ones named (checked), or every PC that is not dead. */
export function partyOf(ctx: Resolution, ids: readonly string[] | undefined): string[] {
  if (ids) {
    const seen = new Set<string>();
    for (const id of ids) {
      if (!ctx.state.creatures[id]) ctx.reject('unknown-creature', `no creature '${id}'`);
      if (seen.has(id)) ctx.reject('malformed', `${id} is named twice`);
      seen.add(id);
    }
    return ids.filter((id) => creatureIn(ctx.state, id).status !== 'dead');
  }
  return ctx.state.creatureIds.filter((id) => isPc(creatureIn(ctx.state, id)) && creatureIn(ctx.state, id).status !== 'dead');
}

export const numVar = (v: Json | undefined, fallback = 0): number => (typeof v === 'number' ? v : fallback);

/** Campaign-wide vars the adventuring rules keep. */
export const FTD_VARS = {
  /** travel turns (hours) since the party left safety: the roll to return's DC (FTD-RETURN-4) */
  travelTurns: 'ftd.travelTurns',
  /** hours since the last roll on the travel turn table (FTD-TRAVEL-7) */
  sinceRoll: 'ftd.sinceTravelRoll',
  /** scenes, rooms or encounters since the last travel turn (FTD-TRAVEL-3) */
  scenes: 'ftd.scenes',
  lastTravelTurn: 'ftd.lastTravelTurn',
  lastJourney: 'ftd.lastJourney',
} as const;

/** Creature vars: hours adventured since food and rest, and resilience the GM says was worn away (FTD-RESIL-1, -2). */
export const HOURS_OUT = 'ftd.hoursOut';
export const RESILIENCE_LOST = 'ftd.resilienceLost';
