export type Fraction = { num: bigint; den: bigint };

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

export function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Lowest terms with a positive denominator. */
export function reduce(num: bigint, den: bigint): Fraction {
  if (den < 0n) [num, den] = [-num, -den];
  if (num === 0n) return { num: 0n, den: 1n };
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/**
 * num/den as the nearest-ish double, even when both are far beyond Number.MAX_VALUE (6^1000 outcomes
 * is not unusual): divide with ~64 bits of quotient, then scale by a power of two.
 */
export function ratioToNumber(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const negative = num < 0n !== den < 0n;
  num = abs(num);
  den = abs(den);
  const shift = bitLength(den) - bitLength(num) + 64;
  const q = shift >= 0 ? (num << BigInt(shift)) / den : num / (den << BigInt(-shift));
  const value = Number(q) * 2 ** -64 * 2 ** (64 - shift);
  return negative ? -value : value;
}
