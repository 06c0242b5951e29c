import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';
import { DiceError } from './errors';
import { indexedSeedStates, seedToState } from './seed-hash';
import { invalidSides, isValidSides } from './sides-check';
import type { DiceSource, RngState } from './source';

export interface SeededSource extends DiceSource {
  readonly kind: 'seeded';
  getState(): RngState;
  /** An independent copy that will produce the same faces from here on. */
  clone(): SeededSource;
}

const TWO_POW_32 = 4294967296;
const TWO_POW_MINUS_32 = 1 / TWO_POW_32;

class SeededDice implements SeededSource {
  readonly kind = 'seeded' as const;
  private readonly rng: JumpableRandomGenerator;

  constructor(rng: JumpableRandomGenerator) {
    this.rng = rng;
  }

  // Lemire's multiply-and-reject on the 32-bit output: unbiased, and a division is needed only on
  // the rare draws that land near a rejection boundary. u * sides < 2^53 keeps the product exact.
  next(sides: number): number {
    if (!isValidSides(sides)) throw invalidSides(sides);
    for (;;) {
      const m = (this.rng.next() >>> 0) * sides;
      const high = Math.floor(m * TWO_POW_MINUS_32);
      const low = m - high * TWO_POW_32;
      if (low >= sides || low >= TWO_POW_32 % sides) return high + 1;
    }
  }

  getState(): RngState {
    return { algorithm: 'xoroshiro128plus', state: [...this.rng.getState()] };
  }

  clone(): SeededSource {
    return new SeededDice(this.rng.clone());
  }
}

/** A reproducible source. Numbers and strings hash differently: seeded(42) and seeded('42') differ. */
export function seeded(seed: number | string): SeededSource {
  return new SeededDice(xoroshiro128plusFromState(seedToState(seed)));
}

/**
 * A family of sources: `seededIndexed(prefix, suffix)(i)` is `seeded(`${prefix}${i}${suffix}`)`, with
 * the prefix hashed once (a simulation seeds each fight from its index).
 */
export function seededIndexed(prefix: string, suffix = ''): (i: number) => SeededSource {
  const states = indexedSeedStates(prefix, suffix);
  return (i) => new SeededDice(xoroshiro128plusFromState(states(i)));
}

/** Resume exactly where `getState()` was taken. */
export function seededFromState(state: RngState): SeededSource {
  const words = state?.state;
  if (
    state?.algorithm !== 'xoroshiro128plus' ||
    !Array.isArray(words) ||
    words.length !== 4 ||
    !words.every((w) => Number.isInteger(w) && w >= -(2 ** 31) && w < 2 ** 32) ||
    words.every((w) => w === 0)
  ) {
    throw new DiceError('invalid', 'not a saved xoroshiro128plus state: expected { algorithm: "xoroshiro128plus", state: four 32-bit integers, not all zero }');
  }
  return new SeededDice(xoroshiro128plusFromState(words.map((w) => w | 0)));
}
