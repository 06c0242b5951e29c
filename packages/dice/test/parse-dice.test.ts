import { describe, expect, it } from 'vitest';
import { DiceLimitError, DiceSyntaxError, parseDice } from '../src/index';
import type { DiceTerm } from '../src/index';

const d = (count: number, sides: number, extra: Partial<Extract<DiceTerm, { kind: 'dice' }>> = {}): DiceTerm => ({
  kind: 'dice',
  sign: 1,
  count,
  sides,
  ...extra,
});
const k = (value: number, extra: Partial<Extract<DiceTerm, { kind: 'constant' }>> = {}): DiceTerm => ({ kind: 'constant', sign: 1, value, ...extra });

describe('parseDice: accepted notation', () => {
  const cases: [string, DiceTerm[], string][] = [
    ['1d20+5', [d(1, 20), k(5)], '1d20 + 5'],
    ['d20', [d(1, 20)], '1d20'],
    ['D20', [d(1, 20)], '1d20'],
    ['d%', [d(1, 100)], '1d100'],
    ['2d%+1', [d(2, 100), k(1)], '2d100 + 1'],
    ['  1 d 20 +  5  ', [d(1, 20), k(5)], '1d20 + 5'],
    ['3 d6', [d(3, 6)], '3d6'],
    ['4d6dl1', [d(4, 6, { keep: { mode: 'dl', n: 1 } })], '4d6dl1'],
    ['4d6dl', [d(4, 6, { keep: { mode: 'dl', n: 1 } })], '4d6dl1'],
    ['4d6 DL 1', [d(4, 6, { keep: { mode: 'dl', n: 1 } })], '4d6dl1'],
    ['2d20kh1', [d(2, 20, { keep: { mode: 'kh', n: 1 } })], '2d20kh1'],
    ['2d20kl', [d(2, 20, { keep: { mode: 'kl', n: 1 } })], '2d20kl1'],
    ['5d10dh2', [d(5, 10, { keep: { mode: 'dh', n: 2 } })], '5d10dh2'],
    ['3d6kh0', [d(3, 6, { keep: { mode: 'kh', n: 0 } })], '3d6kh0'],
    ['3d6kh3', [d(3, 6, { keep: { mode: 'kh', n: 3 } })], '3d6kh3'],
    ['-1d4', [d(1, 4, { sign: -1 })], '-1d4'],
    ['+1d4', [d(1, 4)], '1d4'],
    ['1d20 − 2', [d(1, 20), k(2, { sign: -1 })], '1d20 - 2'],
    ['7', [k(7)], '7'],
    ['0', [k(0)], '0'],
    ['1d1', [d(1, 1)], '1d1'],
    [
      '2d6 fire + 1d4 cold + 3 fire',
      [d(2, 6, { label: 'fire' }), d(1, 4, { label: 'cold' }), k(3, { label: 'fire' })],
      '2d6 fire + 1d4 cold + 3 fire',
    ],
    ['1d4 expertise', [d(1, 4, { label: 'expertise' })], '1d4 expertise'],
    ['2d6fire', [d(2, 6, { label: 'fire' })], '2d6 fire'],
    ['4d6dl1 stat', [d(4, 6, { keep: { mode: 'dl', n: 1 }, label: 'stat' })], '4d6dl1 stat'],
    ['2d6 khaos', [d(2, 6, { label: 'khaos' })], '2d6 khaos'],
    ['2d6 kh fire', [d(2, 6, { keep: { mode: 'kh', n: 1 }, label: 'fire' })], '2d6kh1 fire'],
    ['3 dark', [k(3, { label: 'dark' })], '3 dark'],
    ['1d8 cold-iron', [d(1, 8, { label: 'cold-iron' })], '1d8 cold-iron'],
    ['2d6 fire-3', [d(2, 6, { label: 'fire' }), k(3, { sign: -1 })], '2d6 fire - 3'],
    ['1d6 a_1-b', [d(1, 6, { label: 'a_1-b' })], '1d6 a_1-b'],
    ['1d4-1d4', [d(1, 4), d(1, 4, { sign: -1 })], '1d4 - 1d4'],
  ];
  it.each(cases)('%s', (text, terms, canonical) => {
    expect(parseDice(text)).toEqual({ terms, text: canonical });
  });

  it('leaves keep and label absent rather than undefined', () => {
    const [term] = parseDice('2d6').terms;
    expect(Object.keys(term ?? {}).sort()).toEqual(['count', 'kind', 'sides', 'sign']);
  });
});

describe('parseDice: syntax errors name the 0-based position and what was expected', () => {
  const cases: [string, number, string, string][] = [
    ['', 0, 'a dice term or a number', 'the end of the expression'],
    ['   ', 3, 'a dice term or a number', 'the end of the expression'],
    ['1d+5', 2, "a number of sides after 'd'", "'+'"],
    ['12d+4', 3, "a number of sides after 'd'", "'+'"],
    ['1d20 +', 6, 'a dice term or a number', 'the end of the expression'],
    ['1d20 + + 2', 7, 'a dice term or a number', "'+'"],
    ['1d20 3', 5, "'+', '-' or the end of the expression", "'3'"],
    ['1d20 * 2', 5, "'+', '-' or the end of the expression", "'*'"],
    ['1.5', 1, "'+', '-' or the end of the expression", "'.'"],
    ['fire', 0, 'a dice term or a number', "'f'"],
    ['3dark', 2, "a number of sides after 'd'", "'a'"],
    ['2d6 Fire', 4, 'a lowercase label', "'F'"],
    ['2d6kh1 kh', 7, 'a label that cannot be read as notation (not like kh1, dl or d6)', "'k'"],
    ['2d6 fire cold', 9, "'+', '-' or the end of the expression", "'c'"],
    ['d', 1, "a number of sides after 'd'", 'the end of the expression'],
  ];
  it.each(cases)('%j', (text, position, expected, found) => {
    let error: unknown;
    try {
      parseDice(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DiceSyntaxError);
    const e = error as DiceSyntaxError;
    expect({ code: e.code, position: e.position, expected: e.expected, found: e.found }).toEqual({ code: 'syntax', position, expected, found });
    expect(e.message).toBe(`expected ${expected} at position ${position}, found ${found}`);
  });
});

describe('parseDice: limits', () => {
  function limitError(text: string): DiceLimitError {
    try {
      parseDice(text);
    } catch (e) {
      expect(e).toBeInstanceOf(DiceLimitError);
      return e as DiceLimitError;
    }
    throw new Error(`no error for ${text}`);
  }

  it('refuses a million dice at once, naming the limit', () => {
    const started = performance.now();
    const e = limitError('1000000d6');
    expect(performance.now() - started).toBeLessThan(50);
    expect(e.message).toBe('at most 1000 dice in one term, got 1000000 (at position 0)');
    expect(e.code).toBe('limit');
  });

  it('refuses a number too long to represent without hanging', () => {
    expect(limitError(`${'9'.repeat(400)}d6`).message).toMatch(/^at most 1000 dice in one term/);
  });

  it('refuses d0 but allows d1', () => {
    expect(limitError('1d0').message).toBe('a die needs at least 1 side (at position 2)');
    expect(parseDice('1d1').terms).toHaveLength(1);
  });

  it('refuses 0 dice', () => {
    expect(limitError('0d6').message).toBe('a dice term needs at least 1 die (at position 0)');
  });

  it('allows 1000 dice and 10 000 sides, but not more', () => {
    expect(parseDice('1000d10000').terms).toHaveLength(1);
    expect(limitError('1001d6').message).toBe('at most 1000 dice in one term, got 1001 (at position 0)');
    expect(limitError('1d10001').message).toBe('a die has at most 10000 sides, got d10001 (at position 2)');
  });

  it('caps the dice across the whole expression at 10 000', () => {
    const ten = Array.from({ length: 10 }, () => '1000d6').join('+');
    expect(parseDice(ten).terms).toHaveLength(10);
    const e = limitError(`${ten}+1d6`);
    expect(e.message).toBe(`at most 10000 dice in one expression, got 10001 (at position ${ten.length + 1})`);
  });

  it('caps terms at 100', () => {
    const hundred = Array.from({ length: 100 }, () => '1').join('+');
    expect(parseDice(hundred).terms).toHaveLength(100);
    expect(limitError(`${hundred}+1`).message).toBe(`at most 100 terms in an expression (at position ${hundred.length + 1})`);
  });

  it('caps constants at ±1e9', () => {
    expect(parseDice('1000000000').terms).toEqual([k(1e9)]);
    expect(limitError('1d4 - 1000000001').message).toBe('constants are limited to ±1000000000, got 1000000001 (at position 6)');
  });

  it('requires keep/drop counts no larger than the pool', () => {
    expect(limitError('2d20kh3').message).toBe('cannot keep or drop 3 dice out of 2 (at position 4)');
    expect(limitError('4d6 dl 5').message).toBe('cannot keep or drop 5 dice out of 4 (at position 4)');
  });

  it('refuses input over 1000 characters before reading it, quickly', () => {
    const started = performance.now();
    expect(limitError(`1d6${' '.repeat(997)}+`).message).toBe('dice notation is limited to 1000 characters, got 1001');
    expect(performance.now() - started).toBeLessThan(50);
    expect(parseDice(`1d6${' '.repeat(997)}`).text).toBe('1d6');
  });
});
