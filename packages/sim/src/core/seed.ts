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
  return {
    dice,
    policy: (i) => {
      let source: ReturnType<typeof seeded> | null = null;
      return { int: (n) => (source ??= policyDice(i)).next(n) - 1 };
    },
  };
}
