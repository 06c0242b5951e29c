import { describe, expect, it } from 'vitest';
import { describeRoll, rollDice, scripted } from '../src/index';

describe('describeRoll', () => {
  it('shows every face, dropped ones as ~n~', () => {
    expect(describeRoll(rollDice('2d20kh1 + 6', scripted('d20:14 d20:3')))).toBe('2d20kh1 [14, ~3~] + 6 = 20');
    expect(describeRoll(rollDice('4d6dl1', scripted('d6:3 d6:1 d6:5 d6:1')))).toBe('4d6dl1 [3, 1, 5, ~1~] = 9');
  });

  it('shows signs and a negative total', () => {
    expect(describeRoll(rollDice('-1d4 - 2', scripted('d4:3')))).toBe('-1d4 [3] - 2 = -5');
  });

  it('shows labels and the subtotal per label', () => {
    expect(describeRoll(rollDice('2d6 fire + 1d4 cold + 3', scripted('d6:2 d6:5 d4:2')))).toBe(
      '2d6 fire [2, 5] + 1d4 cold [2] + 3 = 12 (fire 7, cold 2, unlabelled 3)',
    );
  });
});
