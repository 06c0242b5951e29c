import type { RulesetWords } from '@fray/engine';

/** How the table reads Five Torches Deep's tallies, its own tests and conditions (narration, screens). */
export const ftdWords: RulesetWords = {
  tallies: { xp: { other: '{name} has {n} XP' } },
  // a morale roll and a chase roll are checks (FTD-MORALE-5, FTD-CHASE-2)
  tests: { morale: '{name} makes a morale check', chase: '{name} makes a chase check' },
  // a side that breaks may surrender (FTD-MORALE-1): "Tusk Brute surrenders", not "is now surrendered"
  conditions: { surrendered: { added: '{name} surrenders', removed: '{name} takes up the fight again' } },
};
