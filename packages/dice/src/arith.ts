// The distribution kernels are written once against this interface and run with plain numbers
// whenever every intermediate count provably stays below 2^53 (exact and about 50× faster), and
// with BigInt otherwise.
export interface Arith<T> {
  readonly zero: T;
  readonly one: T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  fromInt(n: number): T;
  toBigInt(a: T): bigint;
}

export const numberArith: Arith<number> = {
  zero: 0,
  one: 1,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  fromInt: (n) => n,
  toBigInt: (a) => BigInt(a),
};

export const bigintArith: Arith<bigint> = {
  zero: 0n,
  one: 1n,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  fromInt: (n) => BigInt(n),
  toBigInt: (a) => a,
};
