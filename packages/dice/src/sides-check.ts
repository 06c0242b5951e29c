import { DiceError } from './errors';

// The seeded draw multiplies a 32-bit integer by `sides` in double precision, which is exact only
// while the product stays below 2^53, so sources refuse anything that could break that.
export const MAX_SOURCE_SIDES = 2 ** 21;

export function isValidSides(sides: number): boolean {
  return (sides | 0) === sides && sides >= 1 && sides <= MAX_SOURCE_SIDES;
}

export function invalidSides(sides: number): DiceError {
  return new DiceError('invalid', `a die needs a whole number of sides from 1 to ${MAX_SOURCE_SIDES}, got ${String(sides)}`);
}
