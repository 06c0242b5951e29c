import type { FightOutcome, PolicyDraw } from './compiled-fight';

/**
 * What every compiled fight asks of its roster the way the simulator's fight loop and policies do,
 * on integer-indexed creatures: `side[k]` its side's index, `up[k]` 1 while it is still fighting,
 * `upBySide[s]` how many of side s are up.
 */

/** -2 while two or more sides have someone up; else the side left standing, or -1 for nobody. */
export function sideStanding(upBySide: Int32Array): number {
  let found = -1;
  for (let s = 0; s < upBySide.length; s++) {
    if (upBySide[s]! === 0) continue;
    if (found !== -1) return -2;
    found = s;
  }
  return found;
}

/** Writes the hostiles of `me` still up, in encounter order, into `into`; returns how many. */
export function hostilesUp(me: number, side: Int32Array, up: Uint8Array, into: Int32Array): number {
  let m = 0;
  const mine = side[me]!;
  for (let t = 0; t < side.length; t++) if (up[t] && side[t] !== mine) into[m++] = t;
  return m;
}

/**
 * The simulator's pick among `candidates[0..m)`: 'random' draws one index from the policy stream;
 * 'weakest' takes the lowest share of its hit points, then the fewest hit points, then the first.
 */
export function pickTarget(target: 'weakest' | 'random', candidates: Int32Array, m: number, hp: Int32Array, maxHp: Int32Array, policy: PolicyDraw): number {
  if (target === 'random') return candidates[policy.int(m)]!;
  let best = 0;
  for (let k = 1; k < m; k++) {
    const c = candidates[k]!;
    const b = candidates[best]!;
    const hc = hp[c]! / Math.max(1, maxHp[c]!);
    const hb = hp[b]! / Math.max(1, maxHp[b]!);
    if (hc < hb || (hc === hb && hp[c]! < hp[b]!)) best = k;
  }
  return candidates[best]!;
}

/** Ends a compiled fight: the winner (-1: nobody, or the round limit) and the round, capped at the limit. */
export function finishFight(out: FightOutcome, winner: number, round: number, maxRounds: number): true {
  out.winner = winner;
  out.rounds = Math.min(round, maxRounds);
  return true;
}
