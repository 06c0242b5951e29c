import type { CommandResult } from '../result';
import { playFile } from './run';

/**
 * `fray campaign <file> [--json]`: plays a campaign file — the table's creatures, campaign steps
 * (rests, time, travel) and fights started from them and written back. Exit codes as for `fray run`
 * (which plays campaign files too, and scenario files).
 */
export function campaignCommand(file: string, opts: { json?: boolean; cwd?: string } = {}): CommandResult {
  return playFile(file, opts, 'campaign', 'campaign');
}
