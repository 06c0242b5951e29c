import type { DiceExpression } from './expression';
import { parseDice } from './parse-dice';
import { validateExpression } from './validate-expression';

/** Accepts notation or data; either way the result is checked against the limits. */
export function toExpression(expr: DiceExpression | string): DiceExpression {
  if (typeof expr === 'string') return parseDice(expr);
  validateExpression(expr);
  return expr;
}
