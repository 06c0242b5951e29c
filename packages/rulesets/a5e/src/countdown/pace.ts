/**
 * Countdown paces (A5E-COUNT-6): the lowest d6 face that removes a die. Seed 003's text removes 6s;
 * its table headings name the faster paces "5–6" and "4–6".
 */
export const paces = { slow: 6, medium: 5, fast: 4 } as const;
export type Pace = keyof typeof paces;

/** The chance one die leaves the pool on one roll. */
export function removalChance(pace: Pace): number {
  return (7 - paces[pace]) / 6;
}

/** One roll of the pool: how many dice stay, given the faces rolled (A5E-COUNT-3). */
export function diceLeft(faces: readonly number[], pace: Pace): number {
  return faces.filter((f) => f < paces[pace]).length;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * Exact expected number of rolls (rounds) before a pool of `dice` runs out, and its second moment, by
 * dynamic programming over the pool size: from n dice one roll keeps n − k with binomial chance, and
 * the k = 0 case (nothing removed) is solved for rather than recursed into.
 */
export function rollMoments(dice: number, pace: Pace): { mean: number; meanSquare: number } {
  const p = removalChance(pace);
  const q = 1 - p;
  const mean = [0];
  const square = [0];
  for (let n = 1; n <= dice; n++) {
    const stay = q ** n;
    let a = 1;
    for (let k = 1; k <= n; k++) a += binomial(n, k) * p ** k * q ** (n - k) * mean[n - k]!;
    mean[n] = a / (1 - stay);
    // E[T²] = E[(1 + T')²] = 1 + 2E[T'] + E[T'²], T' the time left after the first roll.
    let b = 1 + 2 * stay * mean[n]!;
    for (let k = 1; k <= n; k++) {
      const w = binomial(n, k) * p ** k * q ** (n - k);
      b += w * (2 * mean[n - k]! + square[n - k]!);
    }
    square[n] = b / (1 - stay);
  }
  return { mean: mean[dice]!, meanSquare: square[dice]! };
}

export function expectedRolls(dice: number, pace: Pace): number {
  return rollMoments(dice, pace).mean;
}

/** The estimate a Narrator sees (A5E-COUNT-7): the expected number of rolls, rounded. */
export function approximateRolls(dice: number, pace: Pace): number {
  return Math.round(expectedRolls(dice, pace));
}
