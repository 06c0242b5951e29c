import { describe, expect, it } from 'vitest';
import { DiceError, DiceLimitError, addTerms, expressionOf, parseDice, scaleDiceCounts } from '../src/index';

describe('scaleDiceCounts', () => {
  it('doubles dice for a critical hit, leaving constants alone', () => {
    expect(scaleDiceCounts(parseDice('2d6 fire + 1d8 + 3'), 2)).toEqual(parseDice('4d6 fire + 2d8 + 3'));
  });

  it('repeats a keep/drop pool instead of changing its meaning', () => {
    expect(scaleDiceCounts('4d6dl1 + 1', 2)).toEqual(parseDice('4d6dl1 + 4d6dl1 + 1'));
  });

  it('does not mutate its input', () => {
    const original = parseDice('1d6');
    scaleDiceCounts(original, 3);
    expect(original).toEqual(parseDice('1d6'));
  });

  it('refuses bad factors and results beyond the limits', () => {
    expect(() => scaleDiceCounts('1d6', 0)).toThrow(DiceError);
    expect(() => scaleDiceCounts('1d6', 1.5)).toThrow(/whole number/);
    expect(() => scaleDiceCounts('600d6', 2)).toThrow(DiceLimitError);
  });
});

describe('addTerms', () => {
  it('appends terms and rewrites the canonical text', () => {
    const bless = addTerms('1d20 + 5', { kind: 'dice', sign: 1, count: 1, sides: 4, label: 'bless' });
    expect(bless).toEqual(parseDice('1d20 + 5 + 1d4 bless'));
    expect(bless.text).toBe('1d20 + 5 + 1d4 bless');
  });

  it('checks what it is given', () => {
    expect(() => addTerms('1d20', { kind: 'dice', sign: 1, count: 1, sides: 0 })).toThrow(DiceLimitError);
    expect(() => expressionOf([])).toThrow(DiceError);
  });
});
