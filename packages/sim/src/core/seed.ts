import { seeded, seededIndexed, type RngState } from '@fray/dice';
import type { PolicyRng } from '../policy/types';

/**
 * Every fight has its own streams, derived from (seed, fight index) alone, so fight i rolls the same
 * dice whichever worker plays it and however many workers there are.
 */
export function fightDiceState(seed: string | number, i: number): RngState {
  return fightDice(seed, i).getState();
}

/** Fight i's dice source itself (what the engine resumes from `fightDiceState`). */
export function fightDice(seed: string | number, i: number): ReturnType<typeof seeded> {
  return seeded(`${String(seed)}#${i}`);
}

/** The fight's policy stream (random targets), apart from the dice so policies never shift a roll. */
export function fightPolicyRng(seed: string | number, i: number): PolicyRng {
  let source: ReturnType<typeof seeded> | null = null;
  // Seeded on first use: most policies never draw.
  return { int: (n) => (source ??= seeded(`${String(seed)}#${i}#policy`)).next(n) - 1 };
}

/**
 * `fightDice` and `fightPolicyRng` for many fights of one seed, hashing the seed's text once: the
 * same streams, cheaper per fight.
 */
export function fightStreams(seed: string | number): { dice: (i: number) => ReturnType<typeof seeded>; policy: (i: number) => PolicyRng } {
  const dice = seededIndexed(`${String(seed)}#`);
  const policyDice = seededIndexed(`${String(seed)}#`, '#policy');
  return { dice, policy: (i) => new IndexedPolicyRng(policyDice, i) };
}

/** Fight i's policy stream from a family of sources, seeded on first use (most policies never draw); one class, so every fight's `int` is the same function. */
class IndexedPolicyRng implements PolicyRng {
  private source: ReturnType<typeof seeded> | null = null;
  constructor(private readonly family: (i: number) => ReturnType<typeof seeded>, private readonly i: number) {}
  int(n: number): number {
    return (this.source ??= this.family(this.i)).next(n) - 1;
  }
}
