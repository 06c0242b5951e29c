import type { Io } from '../program';
import { progressOnStderr } from '../progress-on-stderr';

/** Progress for a long simulation on stderr. */
export function progressReporter(io: Io, stream: { isTTY?: boolean; write(s: string): unknown } = process.stderr): { report: (done: number, n: number) => void; done: () => void } {
  return progressOnStderr(io, { command: 'simulate', unit: 'fights' }, stream);
}
