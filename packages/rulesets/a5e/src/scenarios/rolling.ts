import type { EncounterState, GridSpaceState, Json, PathPoint, Resolution } from '@fray/engine';
import { isObject } from '../objects/object-sheet';
import { sheetOf } from '../sheet/derived';

/** Encounter var: the scene's base speed per round and its direction on the grid (A5E-SCEN-12). */
export const ROLLING_SCENE = 'rollingScene';
/** Encounter counter: how far the scene has travelled, in feet. */
export const ROLLING_FEET = 'rollingFeet';
/** Creature var: it fell too far behind and is out of the action (A5E-SCEN-14). */
export const OUT_OF_ACTION = 'outOfAction';
/** Creature var: the Narrator approved an improvised action that lets it get ahead this turn (A5E-SCEN-13). */
export const MAY_ADVANCE = 'mayAdvance';
/** Encounter option: the Narrator's "too far behind" distance in feet (A5E-SCEN-14). */
export const CUTOFF_OPTION = 'rollingCutoffFeet';

export const directions = { '+x': { dx: 1, dy: 0 }, '-x': { dx: -1, dy: 0 }, '+y': { dx: 0, dy: 1 }, '-y': { dx: 0, dy: -1 } } as const;
export type Direction = keyof typeof directions;

export interface RollingScene {
  baseSpeed: number;
  direction: Direction;
}

export function rollingScene(state: EncounterState): RollingScene | null {
  const v = state.vars[ROLLING_SCENE] as { baseSpeed?: number; direction?: string } | undefined;
  if (!v || typeof v.baseSpeed !== 'number' || !(typeof v.direction === 'string' && v.direction in directions)) return null;
  return { baseSpeed: v.baseSpeed, direction: v.direction as Direction };
}

/** Participants still in the chase: creatures, alive, not left behind. */
export function activeParticipants(state: EncounterState): string[] {
  return state.creatureIds.filter((id) => {
    const c = state.creatures[id]!;
    return !isObject(c) && c.status !== 'dead' && c.vars[OUT_OF_ACTION] !== true;
  });
}

/** The base Speed of the second-slowest active participant, or 30 ft with fewer than two (A5E-SCEN-12). */
export function secondSlowestSpeed(state: EncounterState): number {
  const speeds = activeParticipants(state).map((id) => sheetOf(state.creatures[id]!).speed.walk).sort((a, b) => a - b);
  return speeds.length >= 2 ? speeds[1]! : 30;
}

/** The Narrator sets the scene's base speed and direction (A5E-SCEN-12; default: the second-slowest Speed). */
export function setUpRollingScene(ctx: Resolution): void {
  const suggested = secondSlowestSpeed(ctx.state);
  const baseSpeed = ctx.ask({
    key: 'a5e.rolling.baseSpeed', to: { role: 'gm' }, about: null, ruleId: 'A5E-SCEN-12',
    text: `Rolling movement: the scene's base speed per round (30 ft, or ${suggested} ft, the second-slowest participant)?`,
    input: { kind: 'number', min: 0, max: 10_000 }, options: [], default: suggested,
  }) as number;
  const direction = ctx.ask({
    key: 'a5e.rolling.direction', to: { role: 'gm' }, about: null, ruleId: 'A5E-SCEN-12',
    text: 'Rolling movement: which way is the scene heading on the map?',
    options: (Object.keys(directions) as Direction[]).map((d) => ({ id: d, label: d })), default: '+x',
  }) as Direction;
  ctx.emit({ type: 'VarSet', creatureId: null, key: ROLLING_SCENE, value: { baseSpeed, direction } as Json });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SCEN-12', text: `the scene moves ${baseSpeed} ft per round, heading ${direction}` });
}

/** How far ahead a square is along the scene's direction, in feet. */
function aheadFeet(space: GridSpaceState, scene: RollingScene, p: { x: number; y: number }): number {
  const d = directions[scene.direction];
  return (p.x * d.dx + p.y * d.dy) * space.squareFeet;
}

/**
 * Ordinary movement may go sideways or back, not further forward, unless it Dashed (its movement pool
 * grew past its Speed) or the Narrator approved an improvised action (A5E-SCEN-13). Returns the first
 * offending step, or null.
 */
export function forwardStepRefused(state: EncounterState, id: string, path: readonly PathPoint[]): number | null {
  const scene = rollingScene(state);
  const space = state.space as GridSpaceState | null;
  const c = state.creatures[id];
  if (!scene || !c || !space || space.kind !== 'grid' || !space.creatures[id]) return null;
  const dashed = (c.resources['movementMaxFeet'] ?? 0) > sheetOf(c).speed.walk;
  if (dashed || c.vars[MAY_ADVANCE] === true) return null;
  let at: { x: number; y: number } = space.creatures[id]!;
  for (let i = 0; i < path.length; i++) {
    const step = path[i]!;
    if (aheadFeet(space, scene, step) > aheadFeet(space, scene, at)) return i;
    at = step;
  }
  return null;
}

/** Marks a participant out of the action (it loses its turns) or brings it back (A5E-SCEN-14). */
export function setOutOfAction(ctx: Resolution, id: string, out: boolean, why: string): void {
  const c = ctx.state.creatures[id]!;
  ctx.emit({ type: 'VarSet', creatureId: id, key: OUT_OF_ACTION, value: out ? true : null });
  if (ctx.state.order.some((e) => e.creatureId === id)) {
    ctx.emit({ type: 'InitiativeSet', order: ctx.state.order.map((e) => (e.creatureId === id ? { ...e, delayed: out } : e)), reason: `${c.name} ${out ? 'is out of the action' : 'rejoins the action'}`, ruleId: 'A5E-SCEN-14' });
  }
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SCEN-14', text: `${c.name} ${out ? `falls out of the action (${why})` : 'is back in the action'}`, creatureId: id });
}

/** Start of a round: anyone further behind the leader than the Narrator's cut-off is out of the action (A5E-SCEN-14). */
export function leaveStragglers(ctx: Resolution): void {
  const cutoff = ctx.state.options[CUTOFF_OPTION];
  const scene = rollingScene(ctx.state);
  const space = ctx.state.space as GridSpaceState | null;
  if (typeof cutoff !== 'number' || !scene || !space || space.kind !== 'grid') return;
  const placed = activeParticipants(ctx.state).filter((id) => space.creatures[id]);
  if (placed.length < 2) return;
  const ahead = new Map(placed.map((id) => [id, aheadFeet(space, scene, space.creatures[id]!)]));
  const leader = Math.max(...ahead.values());
  for (const id of placed) {
    const behind = leader - ahead.get(id)!;
    if (behind > cutoff) setOutOfAction(ctx, id, true, `${behind} ft behind, more than ${cutoff} ft`);
  }
}
