import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceError, distribution, parseDice, rollDice, seeded } from '@fray/dice';
import { FUZZ_SCALE, FUZZ_SEED } from './inputs';
import { prototypeProblem } from './tables';

// The dice parser, rolls and exact distributions meet text typed by people (and by hostile clients):
// every input is either understood or refused with a DiceError; nothing else escapes.

const token = fc.oneof(
  fc.constantFrom('d', 'D', '+', '-', '*', '/', 'kh', 'kl', 'dh', 'dl', 'k', '!', '(', ')', ' ', '%', 'F', 'e', '.', ','),
  fc.integer({ min: 0, max: 20 }).map(String),
  fc.constantFrom('1000', '1001', '10000', '10001', '1000000', '99999999999', '0', '00'),
);
const diceLike = fc.array(token, { maxLength: 14 }).map((t) => t.join(''));
const wellFormed = fc
  .array(fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 12 }), fc.constantFrom(2, 3, 4, 6, 8, 10, 12, 20, 100), fc.option(fc.constantFrom('kh1', 'kl1', 'dl1', 'kh2'), { nil: undefined })), { minLength: 1, maxLength: 4 })
  .map((terms) => terms.map(([sign, n, sides, keep], i) => `${i === 0 && sign === '+' ? '' : sign}${n}d${sides}${keep ?? ''}`).join(' '));
const anyText = fc.oneof(diceLike, wellFormed, fc.string({ maxLength: 40 }), fc.constantFrom('500d4 + 500d6 + d10', '1000d10000', '10000d2', '1000d1000kh500', '200d6 + 200d8'));

function expectUnderstoodOrDiceError(f: () => unknown, input: string): 'ok' | 'refused' {
  try {
    f();
    return 'ok';
  } catch (err) {
    if (err instanceof DiceError) return 'refused';
    throw new Error(`'${input}': ${(err as Error).stack}`);
  }
}

describe('fuzz: dice text (issue 19)', () => {
  it(`parses and rolls ${9000 * FUZZ_SCALE} texts: a roll or a DiceError, never another exception`, () => {
    const seen = { ok: 0, refused: 0 };
    fc.assert(fc.property(anyText, fc.nat(), (text, seed) => {
      seen[expectUnderstoodOrDiceError(() => rollDice(parseDice(text), seeded(seed)), text)]++;
      expect(prototypeProblem()).toBeNull();
    }), { numRuns: 9000 * FUZZ_SCALE, seed: FUZZ_SEED });
    expect(seen.ok).toBeGreaterThan(300);
    expect(seen.refused).toBeGreaterThan(300);
    console.log(`fuzz dice text: ${seen.ok + seen.refused} inputs (${seen.ok} rolled, ${seen.refused} refused)`);
  });

  it(`exact distributions of ${300 * FUZZ_SCALE} expressions: an answer or a DiceLimitError, never another exception`, () => {
    const seen = { ok: 0, refused: 0 };
    fc.assert(fc.property(fc.oneof(wellFormed, anyText), (text) => {
      seen[expectUnderstoodOrDiceError(() => distribution(text), text)]++;
    }), { numRuns: 300 * FUZZ_SCALE, seed: FUZZ_SEED + 1 });
    expect(seen.ok).toBeGreaterThan(50);
    console.log(`fuzz distributions: ${seen.ok + seen.refused} inputs (${seen.ok} computed, ${seen.refused} refused)`);
  });
});
