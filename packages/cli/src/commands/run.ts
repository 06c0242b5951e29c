import { encounterReport, summaryLines } from '../report';
import type { CommandResult } from '../result';
import { runScenarioFile } from '../scenario/run';

export interface RunOptions {
  json?: boolean;
  cwd?: string;
}

/**
 * `fray run <file> [--json]`: plays a scenario file. Exit 0 when it ran and every expectation held,
 * 1 when an expectation failed, 2 for invalid input, 3 when a command was rejected unexpectedly.
 * Text mode: narration and a summary on stdout, the failure on stderr. `--json`: one JSON document
 * on stdout (the final state, every event, and the result with its message).
 */
export function runCommand(file: string, opts: RunOptions = {}): CommandResult {
  const outcome = runScenarioFile(file, opts.cwd);
  const result = outcome.message === undefined ? { exitCode: outcome.exitCode } : { exitCode: outcome.exitCode, message: outcome.message };
  const enc = outcome.encounter;
  if (opts.json) {
    const doc = enc ? encounterReport(enc.state, enc.events, result) : { result };
    return { output: JSON.stringify(doc, null, 2), exitCode: outcome.exitCode };
  }
  const lines = [...outcome.lines];
  if (enc) {
    lines.push('', ...summaryLines(enc.state));
    const steps = `${outcome.stepsRun} step${outcome.stepsRun === 1 ? '' : 's'}`;
    lines.push(outcome.exitCode === 0 ? `OK: ${steps}, every expectation met` : `FAILED (exit ${outcome.exitCode}) after ${steps}`);
  }
  return {
    output: lines.join('\n'),
    exitCode: outcome.exitCode,
    ...(outcome.message !== undefined ? { errorOutput: `fray run: ${outcome.message}` } : {}),
  };
}
