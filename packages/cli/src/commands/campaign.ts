import { encounterHistory, formatClock } from '@fray/engine';
import { encounterReport, summaryLines } from '../report';
import type { CommandResult } from '../result';
import { runCampaignFile } from '../scenario/campaign';

/**
 * `fray campaign <file> [--json]`: plays a campaign file — the party, campaign steps (rests, time,
 * travel) and fights started from the party and written back. Exit codes as for `fray run`.
 */
export function campaignCommand(file: string, opts: { json?: boolean; cwd?: string } = {}): CommandResult {
  const outcome = runCampaignFile(file, opts.cwd);
  const result = outcome.message === undefined ? { exitCode: outcome.exitCode } : { exitCode: outcome.exitCode, message: outcome.message };
  const c = outcome.campaign;
  if (opts.json) {
    const doc = c ? { ...encounterReport(c.state, c.events, result), clockSeconds: c.state.clockSeconds, encounters: encounterHistory(c.state) } : { result };
    return { output: JSON.stringify(doc, null, 2), exitCode: outcome.exitCode };
  }
  const lines = [...outcome.lines];
  if (c) {
    lines.push('', `Time: ${formatClock(c.state.clockSeconds)}; fights: ${encounterHistory(c.state).map((r) => `${r.id} (${r.rounds ?? 0} round${r.rounds === 1 ? '' : 's'})`).join(', ') || 'none'}`);
    lines.push(...summaryLines(c.state).slice(1));
    const steps = `${outcome.stepsRun} step${outcome.stepsRun === 1 ? '' : 's'}`;
    lines.push(outcome.exitCode === 0 ? `OK: ${steps}, every expectation met` : `FAILED (exit ${outcome.exitCode}) after ${steps}`);
  }
  return { output: lines.join('\n'), exitCode: outcome.exitCode, ...(outcome.message !== undefined ? { errorOutput: `fray campaign: ${outcome.message}` } : {}) };
}
