import fc from 'fast-check';
import { legalCommands, type Command, type EncounterState, type LoadedRuleset } from '@fray/engine';

/**
 * A random legal play is a list of choices: at each step, the n-th legal command (modulo how many
 * there are), or undo when `undo` is drawn. Shrinking works on the numbers, so counterexamples stay legal.
 */
export type Step = { pick: number } | { undo: true };

export const arbStep: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: fc.nat({ max: 1000 }).map((pick) => ({ pick })) },
  { weight: 1, arbitrary: fc.constant({ undo: true as const }) },
);

export const arbPlay = (maxSteps = 40): fc.Arbitrary<Step[]> => fc.array(arbStep, { maxLength: maxSteps });

/** The command a step picks, as the GM (who may act for everyone); null when nothing is legal. */
export function commandFor(state: EncounterState, ruleset: LoadedRuleset, step: { pick: number }): Command | null {
  const options = legalCommands(state, { role: 'gm' }, ruleset);
  if (!options.length) return null;
  return options[step.pick % options.length]!;
}

export const arbSeed = fc.integer({ min: 0, max: 2 ** 31 - 1 });
