import { DiceError } from './errors';
import { isValidLabel } from './expression';
import type { DiceExpression, DiceTerm } from './expression';
import { checkConstant, checkCount, checkKeep, checkSides, checkTermCount, checkTotalDice } from './term-limits';

const KEEP_MODES = new Set(['kh', 'kl', 'dh', 'dl']);

function invalid(index: number, message: string): DiceError {
  return new DiceError('invalid', `term ${index + 1}: ${message}`);
}

function isWhole(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n);
}

function validateTerm(term: DiceTerm, index: number): void {
  if (term === null || typeof term !== 'object') throw invalid(index, 'not a dice term');
  if (term.sign !== 1 && term.sign !== -1) throw invalid(index, 'sign must be 1 or -1');
  if (term.label !== undefined && (typeof term.label !== 'string' || !isValidLabel(term.label))) {
    throw invalid(index, `label must be a lowercase word ([a-z][a-z0-9_-]*, not like kh1, d6 or x-1), got ${JSON.stringify(term.label)}`);
  }
  if (term.kind === 'constant') {
    if (!isWhole(term.value) || term.value < 0) throw invalid(index, 'a constant is a whole number ≥ 0 (use sign for negatives)');
    checkConstant(term.value);
    return;
  }
  if (term.kind !== 'dice') throw invalid(index, "kind must be 'dice' or 'constant'");
  if (!isWhole(term.count) || !isWhole(term.sides)) throw invalid(index, 'count and sides must be whole numbers');
  checkCount(term.count);
  checkSides(term.sides);
  if (term.keep !== undefined) {
    if (!KEEP_MODES.has(term.keep?.mode) || !isWhole(term.keep.n) || term.keep.n < 0) {
      throw invalid(index, "keep must be { mode: 'kh' | 'kl' | 'dh' | 'dl', n: a whole number ≥ 0 }");
    }
    checkKeep(term.keep.n, term.count);
  }
}

/**
 * Expressions arrive as data from the engine as well as from the parser, so everything that rolls
 * or measures one checks it first: same limits as the notation, plus the shape.
 */
export function validateExpression(expr: DiceExpression): void {
  if (expr === null || typeof expr !== 'object' || !Array.isArray(expr.terms)) {
    throw new DiceError('invalid', 'not a dice expression: expected { terms: DiceTerm[], text }');
  }
  if (expr.terms.length === 0) throw new DiceError('invalid', 'a dice expression needs at least one term');
  checkTermCount(expr.terms.length);
  let dice = 0;
  expr.terms.forEach((term, i) => {
    validateTerm(term, i);
    if (term.kind === 'dice') dice += term.count;
  });
  checkTotalDice(dice);
}
