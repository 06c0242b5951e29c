import { DiceError } from './errors';
import type { DiceExpression, DiceTerm } from './expression';
import { formatTerms } from './format-dice';
import { toExpression } from './to-expression';
import { validateExpression } from './validate-expression';

function copyTerm(term: DiceTerm): DiceTerm {
  const copy = { ...term };
  if (copy.kind === 'dice' && copy.keep) copy.keep = { ...copy.keep };
  return copy;
}

/** Builds a checked expression (with canonical `text`) from terms. */
export function expressionOf(terms: DiceTerm[]): DiceExpression {
  const copied = terms.map(copyTerm);
  const expr = { terms: copied, text: formatTerms(copied) };
  validateExpression(expr);
  return expr;
}

/**
 * Multiplies the dice rolled, e.g. a critical hit: "2d6 fire + 3" → "4d6 fire + 3".
 * A keep/drop pool cannot be scaled by its count without changing its meaning (8d6dl2 is not two
 * 4d6dl1 rolls), so such a term is repeated `factor` times instead: "4d6dl1" ×2 → "4d6dl1 + 4d6dl1".
 */
export function scaleDiceCounts(expr: DiceExpression | string, factor: number): DiceExpression {
  if (!Number.isInteger(factor) || factor < 1) {
    throw new DiceError('invalid', `scale factor must be a whole number ≥ 1, got ${String(factor)}`);
  }
  const terms: DiceTerm[] = [];
  for (const term of toExpression(expr).terms) {
    if (term.kind === 'constant') terms.push(copyTerm(term));
    else if (term.keep === undefined) terms.push({ ...term, count: term.count * factor });
    else for (let i = 0; i < factor; i++) terms.push(copyTerm(term));
  }
  return expressionOf(terms);
}

/** Appends terms, e.g. a bonus die: addTerms(attack, { kind: 'dice', sign: 1, count: 1, sides: 4, label: 'bless' }). */
export function addTerms(expr: DiceExpression | string, ...terms: DiceTerm[]): DiceExpression {
  return expressionOf([...toExpression(expr).terms, ...terms]);
}
