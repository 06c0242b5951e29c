import { DiceError, DiceLimitError, DiceSyntaxError, describeRoll, distribution, parseDice, rollDice, seeded } from '@fray/dice';
import type { DiceExpression, Distribution } from '@fray/dice';

export type RollOptions = { seed?: string; exact?: boolean };
export type CommandResult = { output: string; exitCode: number };

const BAR_WIDTH = 40;
const EXIT_BAD_EXPRESSION = 2;

/**
 * `fray roll <expr> [--seed s] [--exact]`. Returns the text instead of printing it so commander
 * wiring stays trivial and the command is testable.
 */
export function rollCommand(expr: string, opts: RollOptions = {}): CommandResult {
  let parsed: DiceExpression;
  try {
    parsed = parseDice(expr);
    return { output: opts.exact ? exactTable(parsed) : rollOnce(parsed, opts.seed), exitCode: 0 };
  } catch (error) {
    if (error instanceof DiceError) return { output: explain(expr, error), exitCode: EXIT_BAD_EXPRESSION };
    throw error;
  }
}

// A real roll must not repeat from one run to the next, so without --seed the seed comes from the
// clock; it is printed so the roll can be reproduced. Seeds stay strings: "--seed 42" is seeded("42").
function rollOnce(expr: DiceExpression, seed: string | undefined): string {
  const used = seed ?? Date.now().toString(36);
  const record = rollDice(expr, seeded(used));
  return `${describeRoll(record)}\nseed: ${used} (reproduce with --seed ${used})`;
}

function explain(text: string, error: DiceError): string {
  const position = error instanceof DiceSyntaxError || error instanceof DiceLimitError ? error.position : undefined;
  const lines = [`fray roll: ${error.message}`];
  if (position !== undefined) lines.push(`  ${text}`, `  ${' '.repeat(position)}^`);
  return lines.join('\n');
}

function percent(p: number): string {
  if (p === 0) return '0.00 %';
  if (p < 0.00005) return '<0.01 %';
  return `${(p * 100).toFixed(2)} %`;
}

/** Counts can have hundreds of digits (1000d6); past 15 they are shown in scientific notation. */
function count(w: bigint): string {
  const digits = w.toString();
  if (digits.length <= 15) return digits;
  let exponent = digits.length - 1;
  let mantissa = Math.round(Number(digits.slice(0, 5)) / 10) / 1000;
  if (mantissa >= 10) {
    mantissa /= 10;
    exponent += 1;
  }
  return `${mantissa.toFixed(3)}e+${exponent}`;
}

function exactTable(expr: DiceExpression): string {
  const d = distribution(expr);
  const peak = d.weights.reduce((a, b) => (b > a ? b : a), 0n);
  const rows = d.weights.map((w, i) => {
    const total = d.min + i;
    const bar = peak === 0n ? 0 : Number((w * BigInt(BAR_WIDTH) * 2n + peak) / (2n * peak));
    return [String(total), count(w), percent(d.probability(total)), percent(d.atLeast(total)), '█'.repeat(bar)];
  });
  const header = ['total', 'count', 'probability', 'P(≥)', ''];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, c) => (c === cells.length - 1 ? cell : cell.padStart(widths[c] ?? 0)))
      .join('  ')
      .trimEnd();
  return [
    `${expr.text}: ${count(d.outcomes)} equally likely outcomes`,
    line(header),
    ...rows.map(line),
    `mean ${formatMean(d)}, standard deviation ${d.stdDev().toFixed(4)}`,
  ].join('\n');
}

function formatMean(d: Distribution): string {
  const { num, den } = d.meanExact();
  const mean = d.mean().toFixed(4);
  if (den === 1n) return `${num} (exact)`;
  const fraction = `${num}/${den}`;
  return fraction.length <= 40 ? `${mean} (exactly ${fraction})` : mean;
}
