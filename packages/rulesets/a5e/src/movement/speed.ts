import type { CreatureState, EncounterState, LoadedRuleset } from '@fray/engine';
import { MOVEMENT, MOVEMENT_MAX } from '../core/economy';
import { speedOf } from '../conditions/queries';
import { sheetOf } from '../sheet/derived';

/** Ways to move (A5E-MOVE-2). Crawling, and climbing or swimming without the speed, use the walking Speed. */
export const moveModes = ['walk', 'crawl', 'climb', 'swim', 'fly', 'burrow'] as const;
export type MoveMode = (typeof moveModes)[number];

/** Whether a mode is a speed of its own (no extra cost, A5E-MOVE-4) rather than the walking Speed. */
export function hasOwnSpeed(c: CreatureState, mode: MoveMode): boolean {
  const s = sheetOf(c).speed;
  return (mode === 'climb' && s.climb !== undefined) || (mode === 'swim' && s.swim !== undefined) || (mode === 'fly' && s.fly !== undefined) || (mode === 'burrow' && s.burrow !== undefined);
}

/** Whether it may move this way at all: flying and burrowing need the speed (A5E-MOVE-2, A5E-MOVE-9). */
export function canUseMode(c: CreatureState, mode: MoveMode): boolean {
  return (mode !== 'fly' && mode !== 'burrow') || hasOwnSpeed(c, mode);
}

/**
 * Speed in a mode through the A5E-MOVE-22 pipeline (the conditions module's `speedOf`: base, bonuses
 * unless grappled or restrained, each distinct halving once, caps, zero). Modes without a speed of
 * their own run on the walking Speed.
 */
export function modeSpeed(ruleset: LoadedRuleset, state: EncounterState, id: string, mode: MoveMode = 'walk'): number {
  const c = state.creatures[id]!;
  if (c.status === 'dead') return 0;
  const own = hasOwnSpeed(c, mode) ? (mode as 'climb' | 'swim' | 'fly' | 'burrow') : 'walk';
  return speedOf(ruleset, state, id, { mode: own });
}

/**
 * Feet of movement spent this turn, costs included (A5E-MOVE-3 counts costs, not distance). Kept
 * apart from the walking pool, which cannot go below 0 when another speed is larger.
 */
export const MOVED = 'movementSpentFeet';

/** Feet of ground covered this turn, extra costs left out (what A5E-MOVE-3 subtracts, per seed 003). */
export const DISTANCE = 'movementDistanceFeet';

export function movedThisTurn(c: CreatureState): number {
  return Math.max(0, (c.resources[MOVEMENT_MAX] ?? 0) - (c.resources[MOVEMENT] ?? 0), c.resources[MOVED] ?? 0);
}

/**
 * Feet it may still spend moving in a mode (A5E-MOVE-3): the walking pool as it stands for modes on
 * the walking Speed; for a mode with its own speed, that speed (scaled as the pool was, so Dash
 * doubles it too) minus the distance already moved this turn, as seed 003 words it; the catalog's
 * reading (movement spent, costs included) with `options['a5e.modeSwitchCounts'] = 'cost'`.
 */
export function movementLeft(ruleset: LoadedRuleset, state: EncounterState, id: string, mode: MoveMode): number {
  const c = state.creatures[id]!;
  const pool = c.resources[MOVEMENT] ?? 0;
  if (!hasOwnSpeed(c, mode)) return pool;
  const walk = modeSpeed(ruleset, state, id, 'walk');
  const max = c.resources[MOVEMENT_MAX] ?? walk;
  const factor = walk > 0 ? Math.max(1, max / walk) : 1;
  const used = state.options['a5e.modeSwitchCounts'] === 'cost' ? movedThisTurn(c) : Math.max(c.resources[DISTANCE] ?? 0, 0);
  return Math.max(0, Math.floor(modeSpeed(ruleset, state, id, mode) * factor) - used);
}
