import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceLimitError, compileDice, distribution, expressionOf, parseDice } from '../src/index';
import type { DiceTerm, Distribution } from '../src/index';
import { bigintArith, numberArith } from '../src/arith';
import { keepHighestWeights, keepLowestWeights, sumWeights } from '../src/pool-weights';
import { bruteForce } from './brute-force';
import { constantTerm, diceTerm, expression } from './arbitraries';

function asMap(d: Distribution): Map<number, bigint> {
  const map = new Map<number, bigint>();
  d.weights.forEach((w, i) => {
    if (w !== 0n) map.set(d.min + i, w);
  });
  return map;
}

describe('distribution: known exact answers', () => {
  it('3d6 has the classic weights', () => {
    const d = distribution('3d6');
    expect([d.min, d.max]).toEqual([3, 18]);
    expect(d.weights).toEqual([1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1].map(BigInt));
    expect(d.outcomes).toBe(216n);
  });

  it('the mean of 4d6dl1 is exactly 15869/1296', () => {
    expect(distribution('4d6dl1').meanExact()).toEqual({ num: 15869n, den: 1296n });
    expect(distribution('4d6dl1').mean()).toBe(15869 / 1296);
  });

  it('P(2d20kh1 ≥ 11) is exactly 3/4', () => {
    const d = distribution('2d20kh1');
    expect(d.atLeastExact(11)).toEqual({ num: 3n, den: 4n });
    expect(d.atLeast(11)).toBe(0.75);
  });

  it('the 20d6 weights sum to 6^20 exactly', () => {
    const d = distribution('20d6');
    expect(d.weights.reduce((a, b) => a + b, 0n)).toBe(6n ** 20n);
    expect(d.outcomes).toBe(6n ** 20n);
    expect(d.meanExact()).toEqual({ num: 70n, den: 1n });
  });

  it('answers probability, atLeast, mean and standard deviation for 1d20 + 5', () => {
    const d = distribution('1d20 + 5');
    expect([d.min, d.max]).toEqual([6, 25]);
    expect(d.probability(6)).toBe(0.05);
    expect(d.probability(5)).toBe(0);
    expect(d.probability(10.5)).toBe(0);
    expect(d.atLeastExact(15)).toEqual({ num: 11n, den: 20n });
    expect(d.atLeastExact(-100)).toEqual({ num: 1n, den: 1n });
    expect(d.atLeastExact(26)).toEqual({ num: 0n, den: 1n });
    expect(d.atLeastExact(14.2)).toEqual({ num: 11n, den: 20n });
    expect(d.meanExact()).toEqual({ num: 31n, den: 2n });
    expect(d.stdDev()).toBe(Math.sqrt(399 / 12));
  });

  it('handles negative terms, constants only, d1 and pools keeping nothing', () => {
    const d = distribution('1d4 - 1d4');
    expect([d.min, d.max]).toEqual([-3, 3]);
    expect(d.weights).toEqual([1n, 2n, 3n, 4n, 3n, 2n, 1n]);
    expect(distribution('7').weights).toEqual([1n]);
    expect(distribution('7').min).toBe(7);
    expect(distribution('3d1 + 2').weights).toEqual([1n]);
    expect(distribution('3d1 + 2').min).toBe(5);
    const none = distribution('2d6kh0 + 1');
    expect([none.min, none.weights, none.outcomes]).toEqual([1, [36n], 36n]);
  });

  it('stays exact with counts far beyond doubles: 1000d6 is symmetric around 3500', () => {
    const d = distribution('1000d6');
    expect(d.outcomes).toBe(6n ** 1000n);
    expect(d.meanExact()).toEqual({ num: 3500n, den: 1n });
    expect(d.atLeast(3500)).toBeCloseTo((1 + d.probability(3500)) / 2, 14);
    expect(d.probability(1000)).toBe(0); // 6^-1000 is below the smallest double
    expect(d.stdDev()).toBeCloseTo(Math.sqrt((1000 * 35) / 12), 9);
  });
});

describe('distribution: keep/drop pools agree with brute force', () => {
  const pools: string[] = [];
  for (const [count, sides] of [
    [1, 6],
    [2, 6],
    [3, 6],
    [4, 6],
    [1, 8],
    [2, 8],
    [3, 8],
    [5, 3],
    [4, 1],
  ] as const) {
    for (const mode of ['kh', 'kl', 'dh', 'dl']) for (let n = 0; n <= count; n++) pools.push(`${count}d${sides}${mode}${n}`);
  }
  it.each(pools)('%s', (text) => {
    const d = distribution(text);
    expect(asMap(d)).toEqual(bruteForce(parseDice(text)));
    expect(d.weights.reduce((a, b) => a + b, 0n)).toBe(d.outcomes);
  });

  it('the BigInt and plain-number kernels agree', () => {
    for (const [n, m, k] of [
      [6, 6, 3],
      [5, 10, 1],
      [7, 4, 6],
    ] as const) {
      expect(keepHighestWeights(numberArith, n, m, k).weights.map(BigInt)).toEqual(keepHighestWeights(bigintArith, n, m, k).weights);
      expect(keepLowestWeights(numberArith, n, m, k).weights.map(BigInt)).toEqual(keepLowestWeights(bigintArith, n, m, k).weights);
      expect(sumWeights(numberArith, n, m).weights.map(BigInt)).toEqual(sumWeights(bigintArith, n, m).weights);
    }
  });

  it('a pool too big for doubles (12d20kh6, BigInt path) counts every outcome once', () => {
    const d = distribution('12d20kh6');
    expect(d.weights.reduce((a, b) => a + b, 0n)).toBe(20n ** 12n);
    expect(asMap(distribution('12d20kh12'))).toEqual(asMap(distribution('12d20')));
    expect(asMap(distribution('12d20dl6'))).toEqual(asMap(d));
  });
});

describe('distribution: properties', () => {
  const tiny = fc
    .array(fc.oneof(diceTerm, constantTerm), { minLength: 1, maxLength: 3 })
    .filter((terms: DiceTerm[]) => terms.reduce((p, t) => p * (t.kind === 'dice' ? t.sides ** t.count : 1), 1) <= 20_000)
    .map(expressionOf);

  it('matches brute-force enumeration on small random expressions', () => {
    fc.assert(
      fc.property(tiny, (e) => {
        expect(asMap(distribution(e))).toEqual(bruteForce(e));
      }),
      { numRuns: 150 },
    );
  });

  it('weights sum to outcomes, and min/max match the compiled expression', () => {
    fc.assert(
      fc.property(expression, (e) => {
        const d = distribution(e);
        const compiled = compileDice(e);
        expect(d.weights.reduce((a, b) => a + b, 0n)).toBe(d.outcomes);
        expect([d.min, d.max]).toEqual([compiled.min, compiled.max]);
        expect(d.weights[0]).not.toBe(0n);
        expect(d.weights[d.weights.length - 1]).not.toBe(0n);
      }),
      { numRuns: 200 },
    );
  });
});

describe('distribution: limits', () => {
  it.each(['1000d10000', '1000d6kh500', '1000d6 + 1000d6 + 1000d6', '100d20kh50'])('refuses %s quickly', (text) => {
    const started = performance.now();
    expect(() => distribution(text)).toThrow(DiceLimitError);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('names the expression and the limit', () => {
    expect(() => distribution('1000d10000')).toThrow('an exact distribution of 1000d10000 would have 9999001 distinct totals; the limit is 1000000');
  });
});
