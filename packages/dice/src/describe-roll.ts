import { formatTerm } from './format-dice';
import type { RollRecord, TermRecord } from './roll-record';

// Dropped faces are wrapped in tildes ("~3~"): plain ASCII, and Markdown renders it struck through.
function describeTerm(term: TermRecord): string {
  if (term.kind === 'constant') return formatTerm(term);
  const faces = term.faces.map((f) => (f.kept ? `${f.value}` : `~${f.value}~`)).join(', ');
  return `${formatTerm(term)} [${faces}]`;
}

/**
 * One line showing every face: "2d20kh1 [14, ~3~] + 6 = 20". Dropped faces are "~n~". When any
 * term is labelled, subtotals per label follow: "… = 13 (fire 11, cold 2)"; unlabelled terms
 * appear as "unlabelled".
 */
export function describeRoll(r: RollRecord): string {
  let text = '';
  r.terms.forEach((term, i) => {
    if (i === 0) text = term.sign < 0 ? '-' : '';
    else text += term.sign < 0 ? ' - ' : ' + ';
    text += describeTerm(term);
  });
  text += ` = ${r.total}`;
  if (r.terms.some((t) => t.label !== undefined)) {
    const parts = Object.entries(r.byLabel).map(([label, subtotal]) => `${label === '' ? 'unlabelled' : label} ${subtotal}`);
    text += ` (${parts.join(', ')})`;
  }
  return text;
}
