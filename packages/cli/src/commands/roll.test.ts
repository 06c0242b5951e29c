import { describeRoll, rollDice, seeded } from '@fray/dice';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rollCommand } from './roll';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fray roll', () => {
  it('rolls with the given seed, kept as a string, and prints the breakdown and the seed', () => {
    const result = rollCommand('2d20kh1+5', { seed: 'abc' });
    expect(result).toEqual({ exitCode: 0, output: '2d20kh1 [~5~, 12] + 5 = 17\nseed: abc (reproduce with --seed abc)' });
    expect(result.output.split('\n')[0]).toBe(describeRoll(rollDice('2d20kh1 + 5', seeded('abc'))));
    expect(rollCommand('1d1000', { seed: '42' }).output).toBe(rollCommand('1d1000', { seed: '42' }).output);
    expect(rollCommand('1d1000', { seed: '42' }).output.split('\n')[0]).toBe(describeRoll(rollDice('1d1000', seeded('42'))));
  });

  it('without a seed, derives one from the clock and prints it so the roll can be reproduced', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const first = rollCommand('3d6 + 2');
    const seed = (1_700_000_000_000).toString(36);
    expect(first.output.split('\n')[1]).toBe(`seed: ${seed} (reproduce with --seed ${seed})`);
    expect(rollCommand('3d6 + 2', { seed }).output).toBe(first.output);

    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_001);
    expect(rollCommand('3d6 + 2').output.split('\n')[1]).not.toContain(seed);
  });

  it('shows labels in the breakdown', () => {
    const line = rollCommand('2d6 fire + 1d4 cold', { seed: 'x' }).output.split('\n')[0];
    expect(line).toBe(describeRoll(rollDice('2d6 fire + 1d4 cold', seeded('x'))));
    expect(line).toMatch(/^2d6 fire \[\d, \d\] \+ 1d4 cold \[\d\] = \d+ \(fire \d+, cold \d\)$/);
  });

  it('--exact prints the table, a 40-column histogram, mean and standard deviation', () => {
    const { output, exitCode } = rollCommand('3d6', { exact: true });
    expect(exitCode).toBe(0);
    const lines = output.split('\n');
    expect(lines[0]).toBe('3d6: 216 equally likely outcomes');
    expect(lines[1]).toBe('total  count  probability      P(≥)');
    expect(lines[2]).toBe(`    3      1       0.46 %  100.00 %  ${'█'.repeat(1)}`);
    expect(lines[9]).toBe(`   10     27      12.50 %   62.50 %  ${'█'.repeat(40)}`);
    expect(lines[10]).toBe(`   11     27      12.50 %   50.00 %  ${'█'.repeat(40)}`);
    expect(lines[17]).toBe(`   18      1       0.46 %    0.46 %  ${'█'.repeat(1)}`);
    expect(lines[18]).toBe('mean 10.5000 (exactly 21/2), standard deviation 2.9580');
    expect(lines).toHaveLength(19);
  });

  it('--exact scales bars to the most likely total and marks whole means as exact', () => {
    const lines = rollCommand('2d6 - 1', { exact: true }).output.split('\n');
    const bars = lines.slice(2, -1).map((l) => (l.match(/█/g) ?? []).length);
    expect(bars).toEqual([7, 13, 20, 27, 33, 40, 33, 27, 20, 13, 7]);
    expect(lines.at(-1)).toBe('mean 6 (exact), standard deviation 2.4152');
  });

  it('--exact shows enormous counts in scientific notation', () => {
    const first = rollCommand('200d6', { exact: true }).output.split('\n')[0];
    // 6^200 = 4.2682…e+155
    expect(first).toBe('200d6: 4.268e+155 equally likely outcomes');
  });

  it('a bad expression exits 2 with the position and a caret under it', () => {
    expect(rollCommand('1d+5')).toEqual({
      exitCode: 2,
      output: "fray roll: expected a number of sides after 'd' at position 2, found '+'\n  1d+5\n    ^",
    });
    expect(rollCommand('2d6kh3', { exact: true })).toEqual({
      exitCode: 2,
      output: 'fray roll: cannot keep or drop 3 dice out of 2 (at position 3)\n  2d6kh3\n     ^',
    });
  });

  it('an exact request that is too big exits 2 with the reason', () => {
    const result = rollCommand('1000d10000', { exact: true });
    expect(result.exitCode).toBe(2);
    expect(result.output).toBe('fray roll: an exact distribution of 1000d10000 would have 9999001 distinct totals; the limit is 1000000');
  });
});
