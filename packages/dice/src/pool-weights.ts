import type { Arith } from './arith';

/** Counts of outcomes per total: weights[i] is the number of ways to total min + i. */
export type Weights<T> = { min: number; weights: T[] };

/** Sum of `count` dice, adding one die at a time with a sliding window (O(range) per die). */
export function sumWeights<T>(A: Arith<T>, count: number, sides: number): Weights<T> {
  let w: T[] = [A.one];
  for (let d = 0; d < count; d++) {
    const next: T[] = new Array<T>(w.length + sides - 1);
    let window = A.zero;
    for (let t = 0; t < next.length; t++) {
      if (t < w.length) window = A.add(window, w[t] as T);
      if (t >= sides) window = A.sub(window, w[t - sides] as T);
      next[t] = window;
    }
    w = next;
  }
  return { min: count, weights: w };
}

function binomialRows<T>(A: Arith<T>, n: number): T[][] {
  const rows: T[][] = [[A.one]];
  for (let r = 1; r <= n; r++) {
    const prev = rows[r - 1] as T[];
    const row: T[] = [A.one];
    for (let c = 1; c < r; c++) row.push(A.add(prev[c - 1] as T, prev[c] as T));
    row.push(A.one);
    rows.push(row);
  }
  return rows;
}

/**
 * Sum of the `kept` highest of `count` dice, 1 ≤ kept < count, by dynamic programming over face
 * values from high to low. State after value v: j dice placed (all showing ≥ v) and the kept sum s
 * so far; placing c more dice at v multiplies by C(count − j, c), and those among the first `kept`
 * placed add v each. Once `kept` dice are placed the sum is settled, and the rest may show
 * anything below v, (v − 1)^(count − j) ways, so the state is folded into the result at once.
 * Work ~ sides² · kept² · count, never sides^count.
 */
export function keepHighestWeights<T>(A: Arith<T>, count: number, sides: number, kept: number): Weights<T> {
  const binomials = binomialRows(A, count);
  const maxSum = kept * sides;
  const result: T[] = new Array<T>(maxSum + 1).fill(A.zero);
  // rows[j][s]: ways with j dice placed so far (j < kept) and kept sum s. Two buffers swap each
  // step; only the window a row can occupy is cleared, so a step costs what it computes.
  const newRows = (): T[][] => Array.from({ length: kept }, () => new Array<T>(maxSum + 1).fill(A.zero));
  let rows = newRows();
  let next = newRows();
  (rows[0] as T[])[0] = A.one;

  for (let v = sides; v >= 1; v--) {
    const powers: T[] = [A.one];
    const below = A.fromInt(v - 1);
    for (let e = 1; e <= count - kept; e++) powers.push(A.mul(powers[e - 1] as T, below));
    for (let j = 0; j < kept; j++) (next[j] as T[]).fill(A.zero, j * v, j * sides + 1);

    for (let j = 0; j < kept; j++) {
      const row = rows[j] as T[];
      const choose = binomials[count - j] as T[];
      // Dice placed so far all show more than v, so s lies in [j·(v+1), j·sides].
      const sLo = j * (v + 1);
      const sHi = j * sides;
      if (sLo > sHi) continue;
      for (let c = 0; c <= count - j; c++) {
        const jj = j + c;
        const add = v * Math.min(c, kept - j);
        const ways = choose[c] as T;
        const target = jj < kept ? (next[jj] as T[]) : result;
        const factor = jj < kept ? ways : A.mul(ways, powers[count - jj] as T);
        if (factor === A.zero) continue;
        for (let s = sLo; s <= sHi; s++) {
          const w = row[s] as T;
          if (w !== A.zero) target[s + add] = A.add(target[s + add] as T, A.mul(factor, w));
        }
      }
    }
    [rows, next] = [next, rows];
  }
  return { min: kept, weights: result.slice(kept) };
}

/** Sum of the `kept` lowest: a face v behaves like sides + 1 − v kept highest, so mirror. */
export function keepLowestWeights<T>(A: Arith<T>, count: number, sides: number, kept: number): Weights<T> {
  const high = keepHighestWeights(A, count, sides, kept);
  return { min: kept, weights: high.weights.slice().reverse() };
}

export function convolve<T>(A: Arith<T>, a: Weights<T>, b: Weights<T>): Weights<T> {
  const out: T[] = new Array<T>(a.weights.length + b.weights.length - 1).fill(A.zero);
  for (let i = 0; i < a.weights.length; i++) {
    const wa = a.weights[i] as T;
    if (wa === A.zero) continue;
    for (let j = 0; j < b.weights.length; j++) out[i + j] = A.add(out[i + j] as T, A.mul(wa, b.weights[j] as T));
  }
  return { min: a.min + b.min, weights: out };
}

export function negate<T>(w: Weights<T>): Weights<T> {
  return { min: -(w.min + w.weights.length - 1), weights: w.weights.slice().reverse() };
}
