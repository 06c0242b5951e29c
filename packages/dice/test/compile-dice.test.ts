import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceError, DiceLimitError, compileDice, rollDice, scripted, seeded, seededIndexed } from '../src/index';
import type { RollRecord, ScriptedFace } from '../src/index';
import { expression } from './arbitraries';

describe('rollDice', () => {
  it('records every face, the kept ones, the total and the natural d20', () => {
    const record = rollDice('2d20kh1 + 6', scripted('d20:14 d20:3'));
    expect(record).toEqual<RollRecord>({
      expression: '2d20kh1 + 6',
      terms: [
        {
          kind: 'dice',
          sign: 1,
          count: 2,
          sides: 20,
          keep: { mode: 'kh', n: 1 },
          faces: [
            { value: 14, kept: true },
            { value: 3, kept: false },
          ],
          subtotal: 14,
        },
        { kind: 'constant', sign: 1, value: 6, subtotal: 6 },
      ],
      total: 20,
      natural: 14,
      byLabel: { '': 20 },
    });
  });

  it('sets natural for d20, 2d20kl1 and 3d20dl2, not for 2d20 or when other dice are rolled', () => {
    expect(rollDice('1d20 + 3', scripted('d20:1')).natural).toBe(1);
    expect(rollDice('2d20kl1', scripted('d20:19 d20:4')).natural).toBe(4);
    expect(rollDice('3d20dl2', scripted('d20:5 d20:19 d20:4')).natural).toBe(19);
    expect(rollDice('2d20', scripted('d20:5 d20:6')).natural).toBeUndefined();
    expect(rollDice('1d20 + 1d4', scripted('d20:5 d4:2')).natural).toBeUndefined();
    expect(rollDice('-1d20', scripted('d20:5')).natural).toBeUndefined();
    expect(rollDice('1d12', scripted('d12:5')).natural).toBeUndefined();
  });

  it('sums subtotals by label, signed, with "" for unlabelled terms', () => {
    const record = rollDice('2d6 fire + 1d4 cold + 3 fire - 1d4 cold + 2', scripted('d6:3 d6:4 d4:2 d4:1'));
    expect(record.byLabel).toEqual({ fire: 10, cold: 1, '': 2 });
    expect(record.terms.map((t) => t.subtotal)).toEqual([7, 2, 3, -1, 2]);
    expect(record.total).toBe(13);
  });

  it('does not confuse a label with an Object.prototype property', () => {
    expect(rollDice('1 constructor + 2 constructor', scripted('')).byLabel).toEqual({ constructor: 3 });
  });

  it('keeps and drops by value, keeping the earlier die among equal faces', () => {
    const kept = (text: string, script: string): boolean[] => {
      const term = rollDice(text, scripted(script)).terms[0];
      return term?.kind === 'dice' ? term.faces.map((f) => f.kept) : [];
    };
    expect(kept('4d6dl1', 'd6:3 d6:1 d6:5 d6:1')).toEqual([true, true, true, false]);
    expect(kept('4d6dh1', 'd6:6 d6:1 d6:6 d6:2')).toEqual([true, true, false, true]);
    expect(kept('4d6kh2', 'd6:4 d6:4 d6:4 d6:1')).toEqual([true, true, false, false]);
    expect(kept('4d6kl2', 'd6:4 d6:4 d6:4 d6:1')).toEqual([true, false, false, true]);
    expect(kept('3d6kh0', 'd6:4 d6:4 d6:4')).toEqual([false, false, false]);
    expect(rollDice('3d6kh0 + 1', scripted('d6:4 d6:4 d6:4')).total).toBe(1);
  });

  it('rolls from data expressions and refuses bad data', () => {
    const term = { kind: 'dice' as const, sign: 1 as const, count: 2, sides: 4 };
    expect(rollDice({ terms: [term], text: 'stale' }, scripted('d4:1 d4:4')).expression).toBe('2d4');
    expect(() => rollDice({ terms: [], text: '' }, seeded(1))).toThrow(new DiceError('invalid', 'a dice expression needs at least one term'));
    expect(() => rollDice({ terms: [{ ...term, count: 2.5 }], text: '' }, seeded(1))).toThrow('term 1: count and sides must be whole numbers');
    expect(() => rollDice({ terms: [{ ...term, sides: 0 }], text: '' }, seeded(1))).toThrow(DiceLimitError);
    expect(() => rollDice({ terms: [{ ...term, label: 'Fire' }], text: '' }, seeded(1))).toThrow(/term 1: label must be/);
    expect(() => rollDice({ terms: [{ ...term, keep: { mode: 'kx' as 'kh', n: 1 } }], text: '' }, seeded(1))).toThrow(/term 1: keep must be/);
    expect(() => rollDice({ terms: [{ kind: 'constant', sign: 1, value: -3 }], text: '' }, seeded(1))).toThrow(/use sign for negatives/);
    expect(() => rollDice({ terms: [{ ...term, sign: 2 as 1 }], text: '' }, seeded(1))).toThrow(/sign must be 1 or -1/);
  });
});

describe('compileDice', () => {
  it('knows its range', () => {
    expect([compileDice('1d20 + 5').min, compileDice('1d20 + 5').max]).toEqual([6, 25]);
    expect([compileDice('4d6dl1').min, compileDice('4d6dl1').max]).toEqual([3, 18]);
    expect([compileDice('2d8 - 1d6 - 2').min, compileDice('2d8 - 1d6 - 2').max]).toEqual([-6, 13]);
    expect([compileDice('5d10kh0 + 1').min, compileDice('5d10kh0 + 1').max]).toEqual([1, 1]);
  });

  it('is not affected by later changes to the expression it was given', () => {
    const expr = { terms: [{ kind: 'dice' as const, sign: 1 as const, count: 1, sides: 6 }], text: '1d6' };
    const compiled = compileDice(expr);
    expr.terms[0]!.sides = 20;
    expect(compiled.max).toBe(6);
    expect(compiled.rollTotal(scripted('d6:6'))).toBe(6);
  });

  it('rollTotal draws the same dice as roll and agrees with it', () => {
    fc.assert(
      fc.property(expression, fc.integer(), (e, seed) => {
        const compiled = compileDice(e);
        const a = seeded(seed);
        const b = a.clone();
        expect(compiled.rollTotal(a)).toBe(compiled.roll(b).total);
        expect(a.getState()).toEqual(b.getState());
      }),
      { numRuns: 300 },
    );
  });

  it('every roll total lies within [min, max]', () => {
    fc.assert(
      fc.property(expression, fc.integer(), (e, seed) => {
        const compiled = compileDice(e);
        const source = seeded(seed);
        for (let i = 0; i < 20; i++) {
          const total = compiled.rollTotal(source);
          expect(total).toBeGreaterThanOrEqual(compiled.min);
          expect(total).toBeLessThanOrEqual(compiled.max);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the kept faces of a seeded roll, signed, plus constants, add up to the total and the label subtotals', () => {
    fc.assert(
      fc.property(expression, fc.integer(), (e, seed) => {
        const record = compileDice(e).roll(seeded(seed));
        let total = 0;
        const byLabel: Record<string, number> = {};
        for (const term of record.terms) {
          const value = term.kind === 'constant' ? term.value : term.faces.filter((f) => f.kept).reduce((s, f) => s + f.value, 0);
          if (term.kind === 'dice') {
            expect(term.faces).toHaveLength(term.count);
            expect(term.faces.every((f) => f.value >= 1 && f.value <= term.sides)).toBe(true);
          }
          expect(term.subtotal).toBe(term.sign * value);
          total += term.sign * value;
          const key = term.label ?? '';
          byLabel[key] = (byLabel[key] ?? 0) + term.sign * value;
        }
        expect(record.total).toBe(total);
        expect(record.byLabel).toEqual(byLabel);
      }),
      { numRuns: 300 },
    );
  });
});

describe('roll records keep one JSON form', () => {
  // The records the engine's logs have always held (recorded before records were built by per-term
  // literals): the same keys in the same order, so stored logs and replays compare byte for byte.
  const cases: [string, ScriptedFace[], string][] = [
    ['1d8 + 3 piercing', [{ sides: 8, value: 7 }],
      '{"expression":"1d8 + 3 piercing","terms":[{"kind":"dice","sign":1,"count":1,"sides":8,"faces":[{"value":7,"kept":true}],"subtotal":7},{"kind":"constant","sign":1,"value":3,"label":"piercing","subtotal":3}],"total":10,"byLabel":{"":7,"piercing":3}}'],
    ['1d20', [{ sides: 20, value: 12 }],
      '{"expression":"1d20","terms":[{"kind":"dice","sign":1,"count":1,"sides":20,"faces":[{"value":12,"kept":true}],"subtotal":12}],"total":12,"byLabel":{"":12},"natural":12}'],
    ['2d6 fire - 1 + 1d4', [{ sides: 6, value: 2 }, { sides: 6, value: 5 }, { sides: 4, value: 3 }],
      '{"expression":"2d6 fire - 1 + 1d4","terms":[{"kind":"dice","sign":1,"count":2,"sides":6,"label":"fire","faces":[{"value":2,"kept":true},{"value":5,"kept":true}],"subtotal":7},{"kind":"constant","sign":-1,"value":1,"subtotal":-1},{"kind":"dice","sign":1,"count":1,"sides":4,"faces":[{"value":3,"kept":true}],"subtotal":3}],"total":9,"byLabel":{"fire":7,"":2}}'],
    ['2d20kh1 + 5', [{ sides: 20, value: 4 }, { sides: 20, value: 17 }],
      '{"expression":"2d20kh1 + 5","terms":[{"kind":"dice","sign":1,"count":2,"sides":20,"keep":{"mode":"kh","n":1},"faces":[{"value":4,"kept":false},{"value":17,"kept":true}],"subtotal":17},{"kind":"constant","sign":1,"value":5,"subtotal":5}],"total":22,"byLabel":{"":22},"natural":17}'],
  ];
  for (const [text, faces, json] of cases) {
    it(`${text}: the same JSON, key for key`, () => {
      expect(JSON.stringify(compileDice(text).roll(scripted(faces)))).toBe(json);
      expect(JSON.stringify(rollDice(text, scripted(faces)))).toBe(json);
    });
  }
});

describe('seededIndexed', () => {
  it('gives the same stream as seeded(prefix + i + suffix)', () => {
    // Whole numbers (their digits hashed without text), huge and negative ones, and fractions (as text).
    const index = fc.oneof(fc.nat(1_000_000), fc.maxSafeNat(), fc.integer(), fc.double({ noNaN: true }));
    fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), index, (prefix, suffix, i) => {
      const a = seededIndexed(prefix, suffix)(i);
      const b = seeded(`${prefix}${i}${suffix}`);
      expect(a.getState()).toEqual(b.getState());
      expect([a.next(20), a.next(6), a.next(100)]).toEqual([b.next(20), b.next(6), b.next(100)]);
    }));
  });
});
