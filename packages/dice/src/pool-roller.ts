import type { DicePoolTerm } from './expression';
import { keepRule } from './keep-rule';
import type { RolledFace } from './roll-record';
import type { DiceSource } from './source';

/** Sum of the kept faces of one pool, unsigned. Specialised up front so the per-roll loop is tight. */
export type PoolTotal = (source: DiceSource) => number;

export function poolTotal(term: DicePoolTerm): PoolTotal {
  const { count, sides } = term;
  const { kept, highest } = keepRule(term);
  if (kept === count) {
    if (count === 1) return (source) => source.next(sides);
    return (source) => {
      let sum = 0;
      for (let i = 0; i < count; i++) sum += source.next(sides);
      return sum;
    };
  }
  // Every die is still drawn when few or none are kept, so a seeded or scripted sequence advances
  // the same way whichever faces end up counting.
  if (kept === 0) {
    return (source) => {
      for (let i = 0; i < count; i++) source.next(sides);
      return 0;
    };
  }
  if (kept === 1 || kept === count - 1) {
    // Keeping one extreme, or all but the opposite one, needs only the sum and the min or max.
    const wantsMax = (kept === 1) === highest;
    return (source) => {
      let sum = 0;
      let extreme = wantsMax ? 0 : Infinity;
      for (let i = 0; i < count; i++) {
        const face = source.next(sides);
        sum += face;
        if (wantsMax ? face > extreme : face < extreme) extreme = face;
      }
      return kept === 1 ? extreme : sum - extreme;
    };
  }
  const scratch = new Int32Array(count);
  return (source) => {
    for (let i = 0; i < count; i++) scratch[i] = source.next(sides);
    scratch.sort();
    let sum = 0;
    const from = highest ? count - kept : 0;
    for (let i = from; i < from + kept; i++) sum += scratch[i] ?? 0;
    return sum;
  };
}

/** Rolls a pool keeping every face; among equal faces the earlier die is the one kept. */
export function rollPoolFaces(term: DicePoolTerm, source: DiceSource): RolledFace[] {
  const { count, sides } = term;
  const values: number[] = [];
  for (let i = 0; i < count; i++) values.push(source.next(sides));
  const { kept, highest } = keepRule(term);
  const keptFlags = new Array<boolean>(count).fill(kept === count);
  if (kept > 0 && kept < count) {
    const order = values.map((_, i) => i);
    order.sort((a, b) => ((values[b] ?? 0) - (values[a] ?? 0)) * (highest ? 1 : -1) || a - b);
    for (let k = 0; k < kept; k++) keptFlags[order[k] ?? 0] = true;
  }
  return values.map((value, i) => ({ value, kept: keptFlags[i] ?? false }));
}
