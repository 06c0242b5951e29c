import type { Arith } from './arith';
import { bigintArith, numberArith } from './arith';
import { ratioToNumber, reduce } from './bigint-math';
import type { Fraction } from './bigint-math';
import type { DiceExpression, DicePoolTerm } from './expression';
import { keepRule } from './keep-rule';
import { mergePlainPools, planDistribution } from './distribution-plan';
import { convolve, keepHighestWeights, keepLowestWeights, negate, sumWeights } from './pool-weights';
import type { Weights } from './pool-weights';
import { toExpression } from './to-expression';

export interface Distribution {
  min: number;
  max: number;
  /** weights[i] = number of equally likely outcomes with total min + i. */
  weights: bigint[];
  /** Sum of weights = product of sides^count over every die rolled (dropped dice included). */
  outcomes: bigint;
  probability(total: number): number;
  /** P(total ≥ n). */
  atLeast(n: number): number;
  atLeastExact(n: number): Fraction;
  meanExact(): Fraction;
  mean(): number;
  stdDev(): number;
}

function poolWeights<T>(A: Arith<T>, term: DicePoolTerm): Weights<T> {
  const { count, sides } = term;
  const { kept, highest } = keepRule(term);
  let w: Weights<T>;
  if (kept === count) w = sumWeights(A, count, sides);
  else if (kept > 0) w = highest ? keepHighestWeights(A, count, sides, kept) : keepLowestWeights(A, count, sides, kept);
  else {
    // Every die still lands, so all sides^count outcomes pile onto the total 0.
    let all = A.one;
    for (let i = 0; i < count; i++) all = A.mul(all, A.fromInt(sides));
    w = { min: 0, weights: [all] };
  }
  return term.sign < 0 ? negate(w) : w;
}

function expressionWeights<T>(A: Arith<T>, expr: DiceExpression): Weights<T> {
  let constant = 0;
  const pools: DicePoolTerm[] = [];
  for (const term of expr.terms) {
    if (term.kind === 'constant') constant += term.sign * term.value;
    else pools.push(term);
  }
  let total: Weights<T> = { min: constant, weights: [A.one] };
  for (const pool of mergePlainPools(pools)) total = convolve(A, total, poolWeights(A, pool));
  return total;
}

class ExactDistribution implements Distribution {
  readonly max: number;
  private tail: bigint[] | undefined;

  constructor(
    readonly min: number,
    readonly weights: bigint[],
    readonly outcomes: bigint,
  ) {
    this.max = min + weights.length - 1;
  }

  probability(total: number): number {
    const w = Number.isInteger(total) ? this.weights[total - this.min] : undefined;
    return w === undefined ? 0 : ratioToNumber(w, this.outcomes);
  }

  atLeast(n: number): number {
    const { num, den } = this.atLeastExact(n);
    return ratioToNumber(num, den);
  }

  atLeastExact(n: number): Fraction {
    const from = Math.ceil(n) - this.min;
    if (from <= 0) return { num: 1n, den: 1n };
    if (from >= this.weights.length) return { num: 0n, den: 1n };
    return reduce(this.tailSums()[from] ?? 0n, this.outcomes);
  }

  meanExact(): Fraction {
    let sum = 0n;
    this.weights.forEach((w, i) => (sum += BigInt(this.min + i) * w));
    return reduce(sum, this.outcomes);
  }

  mean(): number {
    const { num, den } = this.meanExact();
    return ratioToNumber(num, den);
  }

  stdDev(): number {
    let s1 = 0n;
    let s2 = 0n;
    this.weights.forEach((w, i) => {
      const x = BigInt(this.min + i);
      s1 += x * w;
      s2 += x * x * w;
    });
    // Var = (N·Σx²w − (Σxw)²) / N², computed exactly before the one rounding.
    return Math.sqrt(ratioToNumber(this.outcomes * s2 - s1 * s1, this.outcomes * this.outcomes));
  }

  private tailSums(): bigint[] {
    if (this.tail === undefined) {
      const tail = new Array<bigint>(this.weights.length);
      let acc = 0n;
      for (let i = this.weights.length - 1; i >= 0; i--) tail[i] = acc += this.weights[i] ?? 0n;
      this.tail = tail;
    }
    return this.tail;
  }
}

/**
 * The exact probability of every total: convolution across terms, an order-statistics DP for
 * keep/drop pools, never enumeration of outcomes. Throws DiceLimitError when the request is too
 * big to answer quickly (see LIMITS.maxDistributionWork and maxDistributionRange).
 */
export function distribution(expr: DiceExpression | string): Distribution {
  const checked = toExpression(expr);
  const plan = planDistribution(checked);
  let outcomes = 1n;
  for (const t of checked.terms) if (t.kind === 'dice') outcomes *= BigInt(t.sides) ** BigInt(t.count);
  if (plan.exactInNumbers) {
    const w = expressionWeights(numberArith, checked);
    return new ExactDistribution(w.min, w.weights.map((x) => BigInt(x)), outcomes);
  }
  const w = expressionWeights(bigintArith, checked);
  return new ExactDistribution(w.min, w.weights, outcomes);
}
