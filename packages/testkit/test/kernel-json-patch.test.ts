import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, diffJson, type Json } from '@fray/engine';

const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
};

// Keys that objects treat specially: prototype names and integer-like keys.
const arbKey = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('__proto__', 'constructor', 'toString', '10', '2'));
const arbJson: fc.Arbitrary<Json> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' },
    fc.constant(null), fc.boolean(), fc.integer({ min: -5, max: 5 }), fc.string({ maxLength: 3 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(arbKey, tie('value'), { maxKeys: 4 })),
})).value as fc.Arbitrary<Json>;

/** A value as text, objects as sorted [key, value] lists, so a key named __proto__ is text like any other. */
const entries = (v: unknown): unknown => {
  if (Array.isArray(v)) return ['array', v.map(entries)];
  if (v && typeof v === 'object') return ['object', Object.keys(v).sort().map((k) => [k, entries((v as Record<string, unknown>)[k])])];
  return v;
};
const text = (v: unknown) => JSON.stringify(entries(v));

describe('the map\'s change records (diffJson / applyJsonPatch)', () => {
  it('applying the diff from a to b gives b, and leaves a untouched', () => {
    fc.assert(fc.property(arbJson, arbJson, (a, b) => {
      const frozen = deepFreeze(a);
      const before = text(frozen);
      const patch = diffJson(frozen, b);
      expect(text(applyJsonPatch(frozen, patch))).toBe(text(b));
      expect(text(frozen)).toBe(before);
      expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('0');
    }), { numRuns: 500 });
  });

  it('a small change to a big value is a small patch; the same value is no patch', () => {
    const big = { kind: 'grid', creatures: { a: { x: 1, y: 1 }, b: { x: 2, y: 2 } }, terrain: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`${i},0`, { difficult: true }])) } as Json;
    const moved = { ...(big as Record<string, Json>), creatures: { ...((big as Record<string, Json>)['creatures'] as Record<string, Json>), a: { x: 3, y: 1 } } };
    expect(diffJson(big, moved)).toEqual([{ path: ['creatures', 'a', 'x'], value: 3 }]);
    expect(diffJson(big, big)).toEqual([]);
  });
});
