import { describe, expect, it } from 'vitest';
import { rollDice, seeded } from '../src/index';

describe('rollDice compiles each text once and shares nothing mutable with its records', () => {
  it('a record changed by its caller does not change the next roll of the same text', () => {
    const a = rollDice('2d6kh1+3', seeded(7));
    const dice = a.terms[0]!;
    if (dice.kind !== 'dice') throw new Error('expected a dice term');
    dice.faces[0]!.value = 99;
    dice.keep!.n = 5;
    a.terms.push({ kind: 'constant', sign: 1, value: 100, subtotal: 100 });
    const b = rollDice('2d6kh1+3', seeded(7));
    expect(b).toEqual({
      expression: '2d6kh1 + 3',
      terms: [
        { kind: 'dice', sign: 1, count: 2, sides: 6, keep: { mode: 'kh', n: 1 }, faces: [{ value: 6, kept: true }, { value: 3, kept: false }], subtotal: 6 },
        { kind: 'constant', sign: 1, value: 3, subtotal: 3 },
      ],
      total: 9,
      byLabel: { '': 9 },
    });
  });

  it('the same text and seed roll the same record, cached or not', () => {
    const first = rollDice('1d20+5', seeded('x'));
    expect(first).toMatchObject({ expression: '1d20 + 5', natural: 6, total: 11 });
    expect(rollDice('1d20+5', seeded('x'))).toEqual(first);
  });

  it('a bad expression still throws each time', () => {
    const message = "expected a number of sides after 'd' at position 2, found the end of the expression";
    expect(() => rollDice('2d', seeded(1))).toThrow(message);
    expect(() => rollDice('2d', seeded(1))).toThrow(message);
  });
});
