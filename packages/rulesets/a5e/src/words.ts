import type { RulesetWords } from '@fray/engine';
import { PENDING_FATIGUE } from './conditions/tracks';
import { FAILURES, SUCCESSES } from './dying/state';
import { SUPPLY } from './rest/common';
import { HIT_DICE_SPENT } from './rest/hit-dice';

/** How the table reads A5E's tallies (narration, screens). */
export const a5eWords: RulesetWords = {
  tallies: {
    [HIT_DICE_SPENT]: { zero: '{name} has no Hit Dice spent', one: '{name} has 1 Hit Die spent', other: '{name} has {n} Hit Dice spent' },
    [SUPPLY]: { zero: '{name} has no Supply left', other: '{name} has {n} Supply left' },
    // fatigue gained in a fight waits for its end (A5E-FATIGUE-9)
    [PENDING_FATIGUE]: { zero: '{name} has no fatigue waiting for the end of the fight', other: '{name} has {n} fatigue waiting for the end of the fight' },
    [SUCCESSES]: { zero: '{name} has no death save successes', one: '{name} has 1 death save success', other: '{name} has {n} death save successes' },
    [FAILURES]: { zero: '{name} has no death save failures', one: '{name} has 1 death save failure', other: '{name} has {n} death save failures' },
    exertion: { other: '{name} has {n} exertion' },
  },
};
