import type { EncounterState } from '../core/state';
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

/**
 * Ends a compiled fight: the winner (-1: nobody, or the round limit), the round (capped at the limit)
 * and who is down at the end (`up[k]` 0).
 */
export function finishFight(out: FightOutcome, winner: number, round: number, maxRounds: number, up: Uint8Array): true {
  out.winner = winner;
  out.rounds = Math.min(round, maxRounds);
  for (let k = 0; k < up.length; k++) out.downAtEnd[k] = up[k] ? 0 : 1;
  return true;
}

/**
 * Each creature's hostiles (every creature on another side), fixed for the fight: creature k's are
 * `hostiles[from[k] .. from[k + 1])`, in encounter order, so a kernel filters a short list by `up`
 * instead of scanning the roster and comparing sides.
 */
export function hostileLists(side: Int32Array): { from: Int32Array; hostiles: Int32Array } {
  const n = side.length;
  const from = new Int32Array(n + 1);
  const list: number[] = [];
  for (let k = 0; k < n; k++) {
    from[k] = list.length;
    for (let t = 0; t < n; t++) if (side[t] !== side[k]) list.push(t);
  }
  from[n] = list.length;
  return { from, hostiles: Int32Array.from(list) };
}

/**
 * Why an encounter is not a fresh fight a compiled fight can start from, or null: under way, a prompt
 * waiting, creatures placed (`placed` says what that means to the ruleset), modules, encounter vars
 * or counters, or options the ruleset's kernel does not honour.
 */
export function freshFightRefusal(
  state: EncounterState,
  honoured: { options: ReadonlySet<string>; vars?: ReadonlySet<string>; placed?: string; presetInitiative?: boolean },
): string | null {
  if (state.phase !== 'setup' || state.round !== 0) return 'the fight is under way (odds from here play on the engine)';
  if (state.order.length) {
    if (!honoured.presetInitiative) return 'initiative set before the fight starts';
    const why = presetInitiativeRefusal(state);
    if (why !== null) return why;
  }
  if (state.pending) return 'a prompt is waiting';
  if (state.space !== null) return honoured.placed ?? 'creatures are placed on a map';
  if (state.modules.length) return `modules in play: ${state.modules.join(', ')}`;
  const vars = Object.keys(state.vars).filter((k) => !honoured.vars?.has(k));
  if (vars.length) return `encounter vars in play: ${vars.join(', ')}`;
  if (Object.keys(state.counters).length) return `encounter counters in play: ${Object.keys(state.counters).join(', ')}`;
  const option = Object.keys(state.options).find((k) => !honoured.options.has(k));
  return option === undefined ? null : `encounter option '${option}'`;
}

/**
 * Before a fight, initiative a GM has set for some creatures (a planned fight's foes, say) stands:
 * startCombat rolls for the rest and sorts and settles ties over everyone (`rollInitiativeFor`), which
 * a kernel can follow when the set entries carry no tie-break keys, groups or delays and someone is left
 * to roll (with nobody, the engine settles no ties). Why a set order is outside that, or null.
 */
export function presetInitiativeRefusal(state: EncounterState): string | null {
  const odd = state.order.find((e) => e.tiebreak.length || e.group !== null || e.delayed || !state.creatureIds.includes(e.creatureId));
  if (odd) return `${odd.creatureId}: initiative set with tie-break keys, a group or a delay`;
  if (state.order.length && state.creatureIds.every((id) => state.order.some((e) => e.creatureId === id))) return 'every creature\'s initiative is set before the fight';
  return null;
}

/** The initiative count set before the fight for creature `id`, or null (it rolls at startCombat). */
export function presetInitiative(state: EncounterState, id: string): number | null {
  return state.phase === 'setup' ? (state.order.find((e) => e.creatureId === id)?.total ?? null) : null;
}
