import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { DiceError, seeded, seededFromState } from '../src/index';
import type { DiceSource } from '../src/index';

const draw = (source: DiceSource, sides: number, n: number): number[] => Array.from({ length: n }, () => source.next(sides));

describe('seeded source', () => {
  it('repeats the same faces for the same seed, number or string', () => {
    expect(draw(seeded(42), 20, 50)).toEqual(draw(seeded(42), 20, 50));
    expect(draw(seeded('goblin ambush'), 20, 50)).toEqual(draw(seeded('goblin ambush'), 20, 50));
    expect(seeded(1).kind).toBe('seeded');
  });

  it('gives different sequences for neighbouring seeds and for 42 versus "42"', () => {
    const runs = [draw(seeded(1), 1000, 20), draw(seeded(2), 1000, 20), draw(seeded('42'), 1000, 20), draw(seeded(42), 1000, 20)];
    const distinct = new Set(runs.map((r) => r.join(',')));
    expect(distinct.size).toBe(4);
  });

  it('pins the sequence for a fixed seed, so saved games replay across versions', () => {
    expect(draw(seeded('fray'), 20, 10)).toEqual(FRAY_D20S);
  });

  it('resumes exactly from a saved state, which survives JSON', () => {
    const source = seeded('save me');
    draw(source, 6, 37);
    const saved = JSON.parse(JSON.stringify(source.getState())) as ReturnType<typeof source.getState>;
    expect(saved.algorithm).toBe('xoroshiro128plus');
    const resumed = seededFromState(saved);
    expect(draw(resumed, 12, 100)).toEqual(draw(source, 12, 100));
  });

  it('clones independently', () => {
    const source = seeded(7);
    draw(source, 8, 5);
    const copy = source.clone();
    const expected = draw(source, 8, 30);
    expect(draw(copy, 8, 30)).toEqual(expected);
    draw(copy, 8, 3);
    expect(copy.getState()).not.toEqual(source.getState());
  });

  it('always returns a whole face in 1..sides, and d1 is always 1', () => {
    const source = seeded(3);
    for (const sides of [1, 2, 3, 6, 7, 20, 100, 10_000, 2 ** 21]) {
      for (const face of draw(source, sides, 500)) {
        expect(Number.isInteger(face) && face >= 1 && face <= sides).toBe(true);
      }
    }
    expect(new Set(draw(source, 1, 50))).toEqual(new Set([1]));
  });

  it('refuses sides it cannot draw exactly', () => {
    const source = seeded(3);
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 21 + 1]) expect(() => source.next(bad)).toThrow(DiceError);
  });

  it('refuses seeds and states it cannot use', () => {
    expect(() => seeded(1.5)).toThrow(/safe integer/);
    expect(() => seeded(Number.POSITIVE_INFINITY)).toThrow(DiceError);
    expect(() => seededFromState({ algorithm: 'xoroshiro128plus', state: [0, 0, 0, 0] })).toThrow(/not a saved/);
    expect(() => seededFromState({ algorithm: 'xoroshiro128plus', state: [1, 2, 3] })).toThrow(/not a saved/);
    expect(() => seededFromState({ algorithm: 'mersenne' as 'xoroshiro128plus', state: [1, 2, 3, 4] })).toThrow(/not a saved/);
  });
});

describe('seeded draws are unbiased', () => {
  // The generator's first output is the sum of state words 1 and 3, so a chosen state fixes the
  // first 32-bit draw and shows exactly what the mapping does with it.
  const withFirstDraw = (u: number): number[] => [0x1234, u | 0, 0x5678, 0];

  it('maps a 32-bit draw u to floor(u·sides / 2^32) + 1', () => {
    expect(seededFromState({ algorithm: 'xoroshiro128plus', state: withFirstDraw(2 ** 31) }).next(6)).toBe(4);
    expect(seededFromState({ algorithm: 'xoroshiro128plus', state: withFirstDraw(2 ** 32 - 1) }).next(6)).toBe(6);
    expect(seededFromState({ algorithm: 'xoroshiro128plus', state: withFirstDraw(715827884) }).next(6)).toBe(2);
  });

  it('rejects a draw in the biased zone and uses the next one', () => {
    // 2^32 mod 6 = 4: u = 0 gives a low part 0 < 4, so it must be redrawn.
    const state = withFirstDraw(0);
    const reference = xoroshiro128plusFromState(state);
    expect(reference.next()).toBe(0);
    const second = reference.next() >>> 0;
    expect(seededFromState({ algorithm: 'xoroshiro128plus', state }).next(6)).toBe(Math.floor((second * 6) / 2 ** 32) + 1);
    // The same u = 0 is fine for a d8: 2^32 is a multiple of 8, nothing is ever rejected.
    expect(seededFromState({ algorithm: 'xoroshiro128plus', state }).next(8)).toBe(1);
  });

  function chiSquare(counts: number[], expected: number): number {
    return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
  }

  it('passes a chi-square test on 60 000 d6 at a fixed seed (below the 0.999 critical value 20.515, df 5)', () => {
    const source = seeded('chi-square d6');
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[source.next(6) - 1]! += 1;
    expect(chiSquare(counts, 10_000)).toBeLessThan(20.515);
  });

  it('passes a chi-square test on 60 000 d20 at a fixed seed (below the 0.999 critical value 43.820, df 19)', () => {
    const source = seeded(20);
    const counts = new Array<number>(20).fill(0);
    for (let i = 0; i < 60_000; i++) counts[source.next(20) - 1]! += 1;
    expect(chiSquare(counts, 3_000)).toBeLessThan(43.82);
  });

  it('would notice a bias: the same statistic on a d6 that favours 6 one time in 50 fails', () => {
    const source = seeded('chi-square d6');
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[i % 50 === 0 ? 5 : source.next(6) - 1]! += 1;
    expect(chiSquare(counts, 10_000)).toBeGreaterThan(20.515);
  });
});

const FRAY_D20S = [18, 10, 18, 8, 15, 12, 7, 7, 5, 10];
