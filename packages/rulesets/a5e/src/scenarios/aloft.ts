import type { CreatureState, EncounterState, GridSpaceState, Resolution } from '@fray/engine';
import { fall } from '../hazards/falling';
import { isObject } from '../objects/object-sheet';
import { ELEVATION } from '../position/geometry';
import { sheetOf } from '../sheet/derived';
import { inScenario } from './scenario';

/** Creature var: it stands on something (a skyship's deck, a mount) and is not hanging in the air. */
export const GROUNDED = 'grounded';
/** Creature var: a fly speed granted for now (a spell), in feet. */
export const FLY_SPEED = 'flySpeed';
/** Creature var: how far below it the ground is, when there is no grid to say. */
export const ALTITUDE = 'altitudeFeet';

export function flySpeed(c: CreatureState): number {
  return Math.max(sheetOf(c).speed.fly ?? 0, (c.vars[FLY_SPEED] as number | undefined) ?? 0);
}

function gridElevation(state: EncounterState, id: string): number | null {
  const space = state.space as GridSpaceState | null;
  if (!space || space.kind !== 'grid') return null;
  return space.creatures[id]?.elevation ?? null;
}

/** Hanging in the sky: aloft, not standing on anything, and (on a grid) above the ground. */
export function isAirborne(state: EncounterState, id: string): boolean {
  const c = state.creatures[id];
  if (!c || !inScenario(state, 'aloft') || c.status === 'dead' || isObject(c) || c.vars[GROUNDED] === true) return false;
  const elevation = gridElevation(state, id);
  return elevation === null || elevation > 0;
}

/**
 * Aloft, a creature knocked prone, restrained, or without a fly speed falls (A5E-SCEN-7, A5E-ENV-1):
 * as far as its elevation (grid, or the zones' height var) says, or as far as the Narrator says. It lands (grounded) first, so
 * landing prone does not start another fall.
 */
export function fallFromSky(ctx: Resolution, id: string, why: string): void {
  const c = () => (ctx.state.creatures[id])!;
  const held = c().vars[ELEVATION];
  const altitude = c().vars[ALTITUDE];
  const elevation = gridElevation(ctx.state, id) ?? (typeof held === 'number' ? held : null);
  const feet = elevation ?? (typeof altitude === 'number' ? altitude : (ctx.ask({
    key: 'a5e.aloft.fallFeet', to: { role: 'gm' }, about: id, ruleId: 'A5E-SCEN-7',
    text: `${c().name} falls from the sky (${why}): how many feet to the ground?`,
    input: { kind: 'number', min: 0, max: 100_000 }, options: [], default: 100,
  }) as number));
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SCEN-7', text: `${c().name} is ${why} in the air and falls`, creatureId: id });
  ctx.emit({ type: 'VarSet', creatureId: id, key: GROUNDED, value: true });
  // Without a grid the height lives in a var; once down it is 0, so no other rule drops it again.
  if (c().vars[ELEVATION] !== undefined) ctx.emit({ type: 'VarSet', creatureId: id, key: ELEVATION, value: null });
  fall(ctx, id, feet, { cause: why });
}

/** Aloft, willing movement straight down costs half (A5E-SCEN-8): feet of movement spent to descend `feet`. */
export function aloftDescentCost(feet: number): number {
  return Math.floor(feet / 2);
}
