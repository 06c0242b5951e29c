import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportError, importCreatures } from '@fray/import';
import { sample } from '../../packages/import/test/samples';
import { FUZZ_SCALE, FUZZ_SEED, RESERVED } from './inputs';
import { prototypeProblem } from './tables';

// Files people download or paste meet the importers: every input is an import whose every stat block
// the ruleset accepted, or an ImportError naming what is wrong; nothing else escapes, and no input
// reaches Object.prototype.

/** Either a valid import (every creature named and with a stat block) or a typed ImportError; never another throw. */
function importOrTypedError(input: string, ruleset?: string): void {
  try {
    const r = importCreatures(input, ruleset ? { ruleset } : {});
    for (const c of r.creatures) {
      expect(typeof c.name).toBe('string');
      expect(c.statBlock).toBeTypeOf('object');
    }
  } catch (err) {
    if (!(err instanceof ImportError)) throw new Error(`${JSON.stringify(input.slice(0, 300))}: ${(err as Error).stack}`);
  }
  expect(prototypeProblem()).toBeNull();
}

const jsonSamples = ['open5e-v2-a5e-page.json', 'open5e-v1-page.json', '5etools-bestiary.json'].map(sample);
const textSamples = ['5e-block.txt', '13a-block.txt', 'ftd-block.txt'].map(sample);

/** Replaces the value at a random path of a JSON document with another JSON value. */
function mutate(doc: unknown, path: number[], value: unknown): unknown {
  if (path.length === 0) return value;
  if (Array.isArray(doc) && doc.length) {
    const i = path[0]! % doc.length;
    const copy = [...doc];
    copy[i] = mutate(doc[i], path.slice(1), value);
    return copy;
  }
  if (doc && typeof doc === 'object') {
    const keys = Object.keys(doc);
    if (!keys.length) return value;
    const k = keys[path[0]! % keys.length]!;
    return { ...(doc as Record<string, unknown>), [k]: mutate((doc as Record<string, unknown>)[k], path.slice(1), value) };
  }
  return value;
}

describe('fuzz: the stat block importers (issue 15)', () => {
  it('a sample JSON file with one value replaced by any JSON value: a valid import or a typed error', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: jsonSamples.length - 1 }), fc.array(fc.nat(), { maxLength: 7 }), fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...RESERVED), fc.dictionary(fc.constantFrom(...RESERVED), fc.jsonValue({ maxDepth: 1 }))), fc.constantFrom(undefined, 'a5e', 'five-torches-deep'),
      (which, path, value, ruleset) => importOrTypedError(JSON.stringify(mutate(JSON.parse(jsonSamples[which]!), path, value)), ruleset),
    ), { numRuns: 400 * FUZZ_SCALE, seed: FUZZ_SEED });
  });

  it('any JSON value at all', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => importOrTypedError(JSON.stringify(v))), { numRuns: 300 * FUZZ_SCALE, seed: FUZZ_SEED });
  });

  it('a pasted block with characters inserted, deleted or lines swapped', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: textSamples.length - 1 }), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.string({ maxLength: 12 })), { maxLength: 6 }),
      (which, edits) => {
        let t = textSamples[which]!;
        for (const [at, del, ins] of edits) {
          const i = at % (t.length + 1);
          t = t.slice(0, i) + ins + t.slice(i + del);
        }
        importOrTypedError(t);
      },
    ), { numRuns: 400 * FUZZ_SCALE, seed: FUZZ_SEED });
  });

  it('random text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (t) => importOrTypedError(t)), { numRuns: 300 * FUZZ_SCALE, seed: FUZZ_SEED });
  });
});
