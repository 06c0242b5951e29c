import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDice, parseDice } from '../src/index';
import { expression } from './arbitraries';

describe('formatDice', () => {
  it('writes canonical notation', () => {
    const text = formatDice({
      text: 'ignored',
      terms: [
        { kind: 'dice', sign: -1, count: 1, sides: 20, keep: { mode: 'kh', n: 1 } },
        { kind: 'dice', sign: 1, count: 2, sides: 6, label: 'fire' },
        { kind: 'constant', sign: -1, value: 3, label: 'cold' },
      ],
    });
    expect(text).toBe('-1d20kh1 + 2d6 fire - 3 cold');
  });

  it('parse(format(e)) deep-equals e', () => {
    fc.assert(
      fc.property(expression, (e) => {
        expect(parseDice(formatDice(e))).toEqual(e);
      }),
      { numRuns: 500 },
    );
  });

  it('format(parse(t)) is a fixed point for messy input', () => {
    fc.assert(
      fc.property(expression, fc.constantFrom(' ', '  ', '\t', ''), (e, space) => {
        const messy = formatDice(e).replace(/ /g, space).replace(/-/g, '−').replace(/d100/g, 'd%');
        // Label hyphens must stay ASCII, and spaces before labels cannot vanish next to a keep suffix.
        if (e.terms.some((t) => t.label?.includes('-')) || (space === '' && e.terms.some((t) => t.label !== undefined))) return;
        expect(formatDice(parseDice(messy))).toBe(formatDice(e));
      }),
      { numRuns: 300 },
    );
  });
});
