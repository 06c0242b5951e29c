import { encounterHistory, formatClock } from '@fray/engine';
import { encounterReport, summaryLines } from '../report';
import type { CommandResult } from '../result';
import { loadCampaignFile, runCampaign } from '../scenario/campaign';
import { ScenarioError } from '../scenario/load';
import { runScenario } from '../scenario/run';
import { loadTableFile, type TableFile } from '../scenario/table-file';
import { EXIT } from '../result';

export interface RunOptions {
  json?: boolean;
  cwd?: string;
}

/**
 * `fray run <file> [--json]`: plays a scenario file (one fight) or a campaign file (campaign steps and
 * fights in order). Exit 0 when it ran and every expectation held, 1 when an expectation failed, 2 for
 * invalid input, 3 when a command was rejected unexpectedly. Text mode: narration and a summary on
 * stdout, the failure on stderr. `--json`: one JSON document on stdout (the final state, every event,
 * every refusal, and the result with its message).
 */
export function runCommand(file: string, opts: RunOptions = {}): CommandResult {
  return playFile(file, opts, 'run', null);
}

/** Plays a file as `fray <name>`; `only` refuses the other format (fray campaign reads campaign files). */
export function playFile(file: string, opts: RunOptions, name: string, only: TableFile['kind'] | null): CommandResult {
  let t: TableFile;
  try {
    t = only === 'campaign' ? { kind: 'campaign', loaded: loadCampaignFile(file, opts.cwd) } : loadTableFile(file, opts.cwd);
  } catch (err) {
    if (!(err instanceof ScenarioError)) throw err;
    const result = { exitCode: EXIT.invalidInput, message: err.message };
    return opts.json ? { output: JSON.stringify({ result }, null, 2), exitCode: result.exitCode } : { output: '', exitCode: result.exitCode, errorOutput: `fray ${name}: ${err.message}` };
  }
  return t.kind === 'scenario' ? playScenario(t, opts, name) : playCampaign(t, opts, name);
}

function playScenario(t: Extract<TableFile, { kind: 'scenario' }>, opts: RunOptions, name: string): CommandResult {
  const outcome = runScenario(t.loaded);
  const result = outcome.message === undefined ? { exitCode: outcome.exitCode } : { exitCode: outcome.exitCode, message: outcome.message };
  const enc = outcome.encounter;
  if (opts.json) {
    const doc = enc ? encounterReport(enc.state, enc.events, result, { ruleset: t.loaded.ruleset, rejections: outcome.rejections }) : { result };
    return { output: JSON.stringify(doc, null, 2), exitCode: outcome.exitCode };
  }
  const lines = [...outcome.lines];
  if (enc) {
    lines.push('', ...summaryLines(enc.state));
    const steps = `${outcome.stepsRun} step${outcome.stepsRun === 1 ? '' : 's'}`;
    lines.push(outcome.exitCode === 0 ? `OK: ${steps}, every expectation met` : `FAILED (exit ${outcome.exitCode}) after ${steps}`);
  }
  return { output: lines.join('\n'), exitCode: outcome.exitCode, ...(outcome.message !== undefined ? { errorOutput: `fray ${name}: ${outcome.message}` } : {}) };
}

function playCampaign(t: Extract<TableFile, { kind: 'campaign' }>, opts: RunOptions, name: string): CommandResult {
  const outcome = runCampaign(t.loaded);
  const result = outcome.message === undefined ? { exitCode: outcome.exitCode } : { exitCode: outcome.exitCode, message: outcome.message };
  const c = outcome.campaign;
  if (opts.json) {
    const doc = c ? { ...encounterReport(c.state, c.events, result, { ruleset: t.loaded.ruleset, rejections: outcome.rejections }), encounters: encounterHistory(c.state) } : { result };
    return { output: JSON.stringify(doc, null, 2), exitCode: outcome.exitCode };
  }
  const lines = [...outcome.lines];
  if (c) {
    lines.push('', `Time: ${formatClock(c.state.clockSeconds)}; fights: ${encounterHistory(c.state).map((r) => `${r.id} (${r.rounds ?? 0} round${r.rounds === 1 ? '' : 's'})`).join(', ') || 'none'}`);
    lines.push(...summaryLines(c.state).slice(1));
    const steps = `${outcome.stepsRun} step${outcome.stepsRun === 1 ? '' : 's'}`;
    lines.push(outcome.exitCode === 0 ? `OK: ${steps}, every expectation met` : `FAILED (exit ${outcome.exitCode}) after ${steps}`);
  }
  return { output: lines.join('\n'), exitCode: outcome.exitCode, ...(outcome.message !== undefined ? { errorOutput: `fray ${name}: ${outcome.message}` } : {}) };
}
