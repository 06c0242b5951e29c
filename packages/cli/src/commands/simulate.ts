import fs from 'node:fs';
import path from 'node:path';
import { simulate, type SimMode, type SimResult, type TargetStrategy } from '@fray/sim';
import { EXIT, type CommandResult } from '../result';
import { ScenarioError } from '../scenario/load';
import { loadSimFile, SimSetupError } from '../sim/load-sim-scenario';
import { creatureLines, outcomeLines, roundsChart, roundsSvg } from '../sim/render';
import { parseSeed } from './demo';

export interface SimulateCommandOptions {
  n?: number;
  seed?: string;
  workers?: number;
  json?: boolean;
  svg?: string;
  mode?: SimMode;
  target?: TargetStrategy;
  policy?: 'legal' | 'demo';
  maxRounds?: number;
  cwd?: string;
  /** progress reports: (fights done, n) */
  progress?: (done: number, n: number) => void;
  /** the clock, for the rate line (the CLI's own; tests may pin it) */
  now?: () => number;
}

export const SIMULATE_DEFAULT_N = 10_000;

/**
 * `fray simulate <scenario>`: plays the scenario n times with policies on every side and prints the
 * odds (a table, a rounds chart), or one JSON document with --json; --svg writes a histogram of rounds.
 * A scenario with steps is simulated from the state after them ("odds from here").
 */
export function simulateCommand(file: string, opts: SimulateCommandOptions = {}): CommandResult {
  const cwd = opts.cwd ?? process.cwd();
  const n = opts.n ?? SIMULATE_DEFAULT_N;
  const now = opts.now ?? (() => performance.now());
  let loaded;
  try {
    loaded = loadSimFile({ file, cwd, ...(opts.target ? { target: opts.target } : {}), ...(opts.policy ? { policy: opts.policy } : {}), ...(opts.maxRounds !== undefined ? { maxRounds: opts.maxRounds } : {}) });
  } catch (err) {
    if (err instanceof ScenarioError) return { output: '', exitCode: EXIT.invalidInput, errorOutput: `fray simulate: ${err.message}` };
    if (err instanceof SimSetupError) return { output: '', exitCode: err.exitCode, errorOutput: `fray simulate: ${err.message}` };
    throw err;
  }
  const { scenario } = loaded;
  const seed = opts.seed !== undefined ? parseSeed(opts.seed) : loaded.seed;
  const workers = opts.workers ?? 1;
  const mode = opts.mode ?? 'fast';
  const t0 = now();
  const result = simulate(scenario, { n, seed, workers, mode, ...(opts.progress ? { onProgress: opts.progress } : {}) });
  const seconds = (now() - t0) / 1000;

  if (opts.svg) {
    const target = path.resolve(cwd, opts.svg);
    fs.writeFileSync(target, roundsSvg(result, `${path.basename(file)}: rounds per fight`));
  }
  if (opts.json) return { output: JSON.stringify({ scenario: file, mode, ...result }, null, 2), exitCode: EXIT.ok };
  return { output: textReport(file, result, { mode, workers, seconds, svg: opts.svg }).join('\n'), exitCode: EXIT.ok };
}

function textReport(file: string, r: SimResult, run: { mode: SimMode; workers: number; seconds: number; svg: string | undefined }): string[] {
  const rate = run.seconds > 0 ? `, ${Math.round(r.n / run.seconds).toLocaleString('en-US')} fights/s` : '';
  const lines = [
    `fray simulate ${file}: ${r.n.toLocaleString('en-US')} fights, seed ${String(r.seed)} (${run.mode} path, ${run.workers} worker${run.workers === 1 ? '' : 's'}, ${run.seconds.toFixed(2)} s${rate})`,
    '',
    ...outcomeLines(r),
    '',
    ...roundsChart(r),
    '',
    ...creatureLines(r),
    '',
    `per fight: ${r.mean.attacks.toFixed(2)} attacks, ${r.mean.commands.toFixed(1)} commands, ${r.mean.events.toFixed(1)} events`,
  ];
  if (r.mean.attacks === 0) lines.push('! no attacks were made: the policies found no legal attack (out of reach, or every creature must move first; the policies do not move)');
  if (r.stalled) lines.push(`! ${r.stalled} fight${r.stalled === 1 ? '' : 's'} stalled (a policy had no command the rules accepted); counted as draws`);
  if (run.svg) lines.push(`rounds histogram written to ${run.svg}`);
  return lines;
}
