import { abilityMod } from '../sheet/derived';

/** A run-up is at least 10 ft moved on foot immediately before the jump (A5E-MOVE-10, A5E-MOVE-13). */
export const RUN_UP_FEET = 10;

/**
 * Longest long jump: the Strength score in feet with a run-up (A5E-MOVE-10); standing, half of it
 * (proposed ruling, rounded down).
 */
export function longJumpFeet(strength: number, running: boolean): number {
  return running ? strength : Math.floor(strength / 2);
}

/** Highest high jump: 3 + Strength modifier (minimum 0) with a run-up, half that standing (A5E-MOVE-13). */
export function highJumpFeet(strength: number, running: boolean): number {
  const full = Math.max(0, 3 + abilityMod(strength));
  return running ? full : Math.floor(full / 2);
}

/** How high it can reach during a jump: the jump's height plus 1.5 times its own height (A5E-MOVE-15). */
export function jumpReachFeet(jumpHeight: number, bodyHeight: number): number {
  return Math.floor(jumpHeight + 1.5 * bodyHeight);
}

/** The tallest low obstacle a long jump can clear: a quarter of its distance (A5E-MOVE-11). */
export function obstacleLimitFeet(jumpFeet: number): number {
  return Math.floor(jumpFeet / 4);
}
