import { DiceLimitError } from './errors';
import type { DiceExpression, DicePoolTerm } from './expression';
import { formatTerms } from './format-dice';
import { keepRule } from './keep-rule';
import { LIMITS } from './limits';

/** What computing an exact distribution will cost, decided before any work starts. */
export type DistributionPlan = { work: number; range: number; exactInNumbers: boolean };

/** Plain pools of the same die and sign are one pool as far as the total is concerned: 2d6 + 3d6 = 5d6. */
export function mergePlainPools(pools: readonly DicePoolTerm[]): DicePoolTerm[] {
  const merged = new Map<string, DicePoolTerm>();
  const rest: DicePoolTerm[] = [];
  for (const pool of pools) {
    if (keepRule(pool).kept !== pool.count) {
      rest.push(pool);
      continue;
    }
    const key = `${pool.sign}d${pool.sides}`;
    const seen = merged.get(key);
    merged.set(key, { kind: 'dice', sign: pool.sign, sides: pool.sides, count: (seen?.count ?? 0) + pool.count });
  }
  return [...merged.values(), ...rest];
}

// Mirrors the loops in pool-weights.ts closely enough to refuse a hopeless request up front.
function poolWork(pool: DicePoolTerm): number {
  const { count: n, sides: m } = pool;
  const { kept: k } = keepRule(pool);
  if (k === n) return (n * n * (m - 1)) / 2 + n * m;
  if (k === 0) return n;
  let work = (n * n) / 2 + m * (n - k) + 2 * k * k * m;
  for (let j = 0; j < k; j++) work += (n - j + 1) * ((j * m * m) / 2 + m);
  return work;
}

/**
 * Intermediate counts never exceed the product over pools of (sides + 1)^count (a keep/drop pool
 * counts partial placements, hence +1), so below 2^53 plain doubles are exact.
 */
function countBits(pools: readonly DicePoolTerm[]): number {
  let bits = 0;
  for (const t of pools) bits += t.count * Math.log2(t.sides + 1);
  return bits;
}

export function planDistribution(expr: DiceExpression): DistributionPlan {
  const pools = mergePlainPools(expr.terms.filter((t): t is DicePoolTerm => t.kind === 'dice'));
  let work = 0;
  let convolution = 0;
  let range = 1;
  for (const pool of pools) {
    const poolRange = keepRule(pool).kept * (pool.sides - 1) + 1;
    work += poolWork(pool);
    convolution += range * poolRange;
    range += poolRange - 1;
  }
  const bits = countBits(pools);
  const exactInNumbers = bits < 52;
  if (!exactInNumbers) {
    // BigInt steps slow down as the counts grow; a 1000-bit count costs about twice a small one.
    work *= 1 + bits / 1000;
    // Convolving two wide pools multiplies the full-size counts of both, one machine word at a time:
    // 500d4 + 500d6 is ~4 million products of ~2,500-bit numbers (seconds), not 4 million steps.
    convolution *= 1 + bits / 64;
  }
  work += convolution;
  const text = formatTerms(expr.terms);
  if (range > LIMITS.maxDistributionRange) {
    throw new DiceLimitError(`an exact distribution of ${text} would have ${range} distinct totals; the limit is ${LIMITS.maxDistributionRange}`);
  }
  if (work > LIMITS.maxDistributionWork) {
    throw new DiceLimitError(
      `an exact distribution of ${text} would take about ${work.toExponential(1)} steps; the limit is ${LIMITS.maxDistributionWork.toExponential(1)} (sample it with rollTotal instead)`,
    );
  }
  return { work, range, exactInNumbers };
}
