import type { DiceExpression, DiceTerm } from './expression';

export function formatTerm(term: DiceTerm): string {
  const body = term.kind === 'dice' ? `${term.count}d${term.sides}${term.keep ? `${term.keep.mode}${term.keep.n}` : ''}` : `${term.value}`;
  return term.label === undefined ? body : `${body} ${term.label}`;
}

export function formatTerms(terms: readonly DiceTerm[]): string {
  let text = '';
  terms.forEach((term, i) => {
    if (i === 0) text = term.sign < 0 ? '-' : '';
    else text += term.sign < 0 ? ' - ' : ' + ';
    text += formatTerm(term);
  });
  return text;
}

/**
 * Canonical notation: explicit counts ("1d20"), d% as "1d100", keep counts spelled out ("2d20kh1"),
 * one space around operators and before labels. Ignores `expr.text` and rebuilds it from the terms.
 */
export function formatDice(expr: DiceExpression): string {
  return formatTerms(expr.terms);
}
