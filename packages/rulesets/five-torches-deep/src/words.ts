import type { RulesetWords } from '@fray/engine';

/** How the table reads Five Torches Deep's tallies (narration, screens). */
export const ftdWords: RulesetWords = {
  tallies: { xp: { other: '{name} has {n} XP' } },
};
