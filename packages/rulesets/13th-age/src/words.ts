import type { RulesetWords } from '@fray/engine';

/** How the table reads 13th Age's tallies and the escalation die (narration, screens). */
export const thirteenWords: RulesetWords = {
  tallies: {
    deathSaveFailures: { zero: '{name} has no failed death saves', one: '{name} has 1 failed death save', other: '{name} has {n} failed death saves' },
    rallies: { zero: '{name} has not rallied this battle', one: '{name} has rallied once this battle', other: '{name} has rallied {n} times this battle' },
    // recoveries spent with none left: -1 each to attacks and defenses until a full heal-up (13A-HEAL-4)
    phantomRecoveries: {
      zero: '{name} no longer takes a penalty for recoveries it did not have',
      other: '{name} takes -{n} to attacks and defenses for recoveries it did not have',
    },
  },
  counters: { escalation: { other: 'The escalation die is now {n}' } },
};
