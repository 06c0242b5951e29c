import { SpaceError, type GridPlacement, type GridSpaceState, type Json, type Resolution } from '@fray/engine';
import { MOVEMENT } from '../core/economy';
import { DISTANCE, MOVED } from './speed';

/** creature var: it is flying (it moved by flying and is still off the ground), so it can fall (A5E-MOVE-9) */
export const FLYING = 'a5e.flying';
/** creature var: feet moved on foot in the unbroken run that ended its last move this turn (jump run-ups, A5E-MOVE-10) */
export const FOOT_RUN = 'a5e.footRun';
/** creature var: hostile creatures whose space it may pass through this turn, besides the `tumbling` condition's (A5E-ACT-19) */
export const TUMBLE_THROUGH = 'a5e.tumbleThrough';

/** A grid with one creature's placement changed, unchecked: callers check legality where it matters. */
export function withPlacement(g: GridSpaceState, id: string, patch: Partial<GridPlacement>): GridSpaceState {
  const at = g.creatures[id];
  if (!at) return g;
  return { ...g, creatures: { ...g.creatures, [id]: { ...at, ...patch } } };
}

/** Runs a space operation, turning its SpaceError into a typed refusal. */
export function spaceCall<T>(ctx: Resolution, ruleId: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof SpaceError) return ctx.reject(e.code, e.message, ruleId);
    throw e;
  }
}

export function emitSpace(ctx: Resolution, space: unknown, moved: string): void {
  ctx.emit({ type: 'SpaceChanged', space: space as Json, moved });
  for (const w of spaceWatchers) w.run(ctx, moved);
}

/** Runs after each committed segment of a move or relocation (a duel's arena checks, DUEL-ARENA-2/3); may refuse. */
export interface SpaceWatcher {
  id: string;
  run(ctx: Resolution, moved: string): void;
}

const spaceWatchers: SpaceWatcher[] = [];

/** Adds (or, by id, replaces) a watcher of committed moves. */
export function watchSpace(watcher: SpaceWatcher): void {
  const at = spaceWatchers.findIndex((w) => w.id === watcher.id);
  if (at >= 0) spaceWatchers[at] = watcher;
  else spaceWatchers.push(watcher);
}

/**
 * Takes `feet` of movement from each payer's pool (never below 0), adds it to what it spent this turn,
 * and adds `distance` (the ground covered, without extra costs) to how far it has moved.
 */
export function spendMovement(ctx: Resolution, payers: readonly string[], feet: number, distance: number, ruleId: string): void {
  if (feet <= 0 && distance <= 0) return;
  for (const id of payers) {
    const c = ctx.state.creatures[id]!;
    if (feet > 0) {
      ctx.emit({ type: 'ResourceSet', creatureId: id, key: MOVEMENT, value: Math.max(0, (c.resources[MOVEMENT] ?? 0) - feet), ruleId });
      ctx.emit({ type: 'ResourceSet', creatureId: id, key: MOVED, value: (c.resources[MOVED] ?? 0) + feet, ruleId });
    }
    if (distance > 0) ctx.emit({ type: 'ResourceSet', creatureId: id, key: DISTANCE, value: (c.resources[DISTANCE] ?? 0) + distance, ruleId });
  }
}

export function setVar(ctx: Resolution, id: string, key: string, value: Json | null): void {
  const c = ctx.state.creatures[id];
  if (!c) return;
  const cur = c.vars[key];
  if (cur === undefined && value === null) return;
  if (JSON.stringify(cur) === JSON.stringify(value)) return;
  ctx.emit({ type: 'VarSet', creatureId: id, key, value });
}
