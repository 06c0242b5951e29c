// The properties of the event log that every ruleset keeps over random legal play, written once for the
// rulesets' property tests (each brings its own fight, prompt policy and run counts).
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { canonicalJson, type Encounter, type LoadedRuleset } from '@fray/engine';
import { arbSeed, assertFoldMatches, assertUndoRestores, type Step } from '@fray/testkit';

export interface RandomPlay<V> {
  readonly ruleset: LoadedRuleset;
  /** Plays the steps from a fresh encounter; `variant` (when the determinism test draws one) picks its set-up. */
  readonly play: (seed: number, steps: Step[], variant?: V) => Encounter;
  readonly arbPlay: (min?: number, max?: number) => fc.Arbitrary<Step[]>;
  /** Set-up variants the determinism test draws from (A5E plays on a grid and without one). */
  readonly variant?: fc.Arbitrary<V>;
  readonly numRuns: { readonly same: number; readonly fold: number; readonly undo: number };
}

/** Registers three tests: same seed and commands give the same bytes; folding the log gives the live state; undo restores. */
export function itKeepsTheLog<V = undefined>({ ruleset, play, arbPlay, variant, numRuns }: RandomPlay<V>): void {
  it('every legal command is accepted, and the same seed and commands give byte-identical events', () => {
    fc.assert(fc.property(arbSeed, arbPlay(), variant ?? fc.constant(undefined), (seed, steps, v) => {
      expect(canonicalJson(play(seed, steps, v).events)).toBe(canonicalJson(play(seed, steps, v).events));
    }), { numRuns: numRuns.same });
  });

  it('folding the log (replay) reproduces the live state', () => {
    fc.assert(fc.property(arbSeed, arbPlay(), (seed, steps) => {
      assertFoldMatches(play(seed, steps));
    }), { numRuns: numRuns.fold });
  });

  it('a legal command then undo equals the state before it, dice generator included', () => {
    fc.assert(fc.property(arbSeed, arbPlay(10, 40), fc.nat(), (seed, steps, pick) => {
      assertUndoRestores(play(seed, steps.filter((s) => !('undo' in s))), ruleset, pick);
    }), { numRuns: numRuns.undo });
  });
}

/** A payload (a player's view and redacted log, as JSON) carries none of the secrets planted in the fight. */
export function expectNoSecrets(payload: string, secrets: readonly string[]): void {
  for (const s of secrets) expect(payload).not.toContain(s);
}
