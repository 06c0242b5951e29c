import { DiceLimitError } from './errors';
import { LIMITS } from './limits';

// Shared by the parser (which knows positions) and the validator for expressions built as data.

export function checkCount(count: number, position?: number): void {
  if (count < 1) throw new DiceLimitError('a dice term needs at least 1 die', position);
  if (count > LIMITS.maxDicePerTerm) {
    throw new DiceLimitError(`at most ${LIMITS.maxDicePerTerm} dice in one term, got ${count}`, position);
  }
}

export function checkSides(sides: number, position?: number): void {
  if (sides < 1) throw new DiceLimitError('a die needs at least 1 side', position);
  if (sides > LIMITS.maxSides) throw new DiceLimitError(`a die has at most ${LIMITS.maxSides} sides, got d${sides}`, position);
}

export function checkKeep(n: number, count: number, position?: number): void {
  if (n > count) throw new DiceLimitError(`cannot keep or drop ${n} dice out of ${count}`, position);
}

export function checkConstant(value: number, position?: number): void {
  if (value > LIMITS.maxConstant) {
    throw new DiceLimitError(`constants are limited to ±${LIMITS.maxConstant}, got ${value}`, position);
  }
}

export function checkTermCount(terms: number, position?: number): void {
  if (terms > LIMITS.maxTerms) throw new DiceLimitError(`at most ${LIMITS.maxTerms} terms in an expression`, position);
}

export function checkTotalDice(dice: number, position?: number): void {
  if (dice > LIMITS.maxDicePerExpression) {
    throw new DiceLimitError(`at most ${LIMITS.maxDicePerExpression} dice in one expression, got ${dice}`, position);
  }
}
