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
    expect(b.terms).toHaveLength(2);
    const fresh = b.terms[0]!;
    expect(fresh.kind === 'dice' && fresh.keep?.n).toBe(1);
    expect(fresh.kind === 'dice' && fresh.faces.every((f) => f.value >= 1 && f.value <= 6)).toBe(true);
    expect(b.total).toBeLessThanOrEqual(9);
  });

  it('the same text and seed roll the same record, cached or not', () => {
    expect(rollDice('1d20+5', seeded('x'))).toEqual(rollDice('1d20+5', seeded('x')));
  });

  it('a bad expression still throws each time', () => {
    expect(() => rollDice('2d', seeded(1))).toThrow();
    expect(() => rollDice('2d', seeded(1))).toThrow();
  });
});
