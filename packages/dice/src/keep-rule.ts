import type { DicePoolTerm } from './expression';

/** Every keep/drop suffix reduces to "keep the `kept` highest" or "keep the `kept` lowest". */
export type KeepRule = { kept: number; highest: boolean };

export function keepRule(term: DicePoolTerm): KeepRule {
  const { count, keep } = term;
  if (keep === undefined) return { kept: count, highest: true };
  switch (keep.mode) {
    case 'kh':
      return { kept: keep.n, highest: true };
    case 'kl':
      return { kept: keep.n, highest: false };
    case 'dh':
      return { kept: count - keep.n, highest: false };
    case 'dl':
      return { kept: count - keep.n, highest: true };
  }
}
