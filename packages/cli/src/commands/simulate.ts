import fs from 'node:fs';
import path from 'node:path';
import { compileScenario, shapeOf, simulate, type SimMode, type SimResult, type SimScenario, type TargetStrategy } from '@fray/sim';
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
  /** play every fight on the engine, even where the ruleset compiles the fight */
  engine?: boolean;
  /** write every fight's record (JSON lines) to this file; implies the recorded mode */
  record?: string;
  /** a campaign file's fight to simulate (default: its first) */
  fight?: string;
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
    loaded = loadSimFile({ file, cwd, ...(opts.target ? { target: opts.target } : {}), ...(opts.policy ? { policy: opts.policy } : {}), ...(opts.maxRounds !== undefined ? { maxRounds: opts.maxRounds } : {}), ...(opts.fight !== undefined ? { fight: opts.fight } : {}) });
  } catch (err) {
    if (err instanceof ScenarioError) return { output: '', exitCode: EXIT.invalidInput, errorOutput: `fray simulate: ${err.message}` };
    if (err instanceof SimSetupError) return { output: '', exitCode: err.exitCode, errorOutput: `fray simulate: ${err.message}` };
    throw err;
  }
  const { scenario } = loaded;
  const seed = opts.seed !== undefined ? parseSeed(opts.seed) : loaded.seed;
  const workers = opts.workers ?? 1;
  const mode = opts.record !== undefined ? 'recorded' : (opts.mode ?? 'fast');
  if (opts.record !== undefined && workers > 1) return { output: '', exitCode: EXIT.invalidInput, errorOutput: 'fray simulate: --record keeps every fight on one thread: leave out --workers' };
  const records = opts.record !== undefined ? fs.openSync(path.resolve(cwd, opts.record), 'w') : null;
  const t0 = now();
  let result: SimResult;
  try {
    result = simulate(scenario, {
      n, seed, workers, mode, engine: opts.engine === true,
      ...(records !== null ? { onRecord: (r: Parameters<NonNullable<Parameters<typeof simulate>[1]['onRecord']>>[0]) => fs.writeSync(records, `${JSON.stringify(r)}\n`) } : {}),
      ...(opts.progress ? { onProgress: opts.progress } : {}),
    });
  } finally {
    if (records !== null) fs.closeSync(records);
  }
  const seconds = (now() - t0) / 1000;
  const compiled = opts.engine ? 'not asked for (--engine)' : compiledStatus(scenario);

  if (opts.svg) {
    const target = path.resolve(cwd, opts.svg);
    fs.writeFileSync(target, roundsSvg(result, `${path.basename(file)}: rounds per fight`));
  }
  if (opts.json) return { output: JSON.stringify({ scenario: file, ...(loaded.fight !== undefined ? { fight: loaded.fight } : {}), mode, compiledFight: compiled, ...result }, null, 2), exitCode: EXIT.ok };
  const shown = loaded.fight !== undefined ? `${file} (fight ${loaded.fight})` : file;
  return { output: textReport(shown, result, { mode, workers, seconds, svg: opts.svg, record: opts.record, compiled }).join('\n'), exitCode: EXIT.ok };
}

/** 'yes', or why the ruleset's compiled fight does not take this scenario. */
function compiledStatus(scenario: SimScenario): string {
  const c = compileScenario(scenario, shapeOf(scenario.start));
  return 'unsupported' in c ? c.unsupported : 'yes';
}

function textReport(file: string, r: SimResult, run: { mode: SimMode; workers: number; seconds: number; svg: string | undefined; record: string | undefined; compiled: string }): string[] {
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
    `per fight: ${r.mean.attacks.toFixed(2)} attacks, ${r.mean.commands.toFixed(1)} commands${r.paths.engine ? `, ${r.mean.events.toFixed(1)} events (fights on the engine)` : ''}`,
    pathLine(r, run.compiled),
  ];
  if (r.mean.attacks === 0) lines.push('! no attacks were made: the policies found no legal attack (out of reach, or every creature must move first; the policies do not move)');
  if (r.stalled) lines.push(`! ${r.stalled} fight${r.stalled === 1 ? '' : 's'} stalled (a policy had no command the rules accepted); counted as draws`);
  if (run.svg) lines.push(`rounds histogram written to ${run.svg}`);
  if (run.record) lines.push(`fight records (JSON lines, one fight each) written to ${run.record}`);
  return lines;
}

/** How the fights were played: compiled, on the engine, and why not compiled. */
function pathLine(r: SimResult, compiled: string): string {
  const { paths } = r;
  if (compiled !== 'yes') return `played on the engine: no compiled fight (${compiled})`;
  const back = paths.fallbacks ? `; ${paths.fallbacks.toLocaleString('en-US')} left the compiled rules and replayed on the engine` : '';
  return `played by the compiled fight: ${paths.compiled.toLocaleString('en-US')} of ${r.n.toLocaleString('en-US')}${back}`;
}
