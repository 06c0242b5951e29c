import type { Io } from '../program';
import { progressOnStderr } from '../progress-on-stderr';

/** Progress for a large import on stderr (a file of one creature reports nothing). */
export function importProgress(io: Io, stream: { isTTY?: boolean; write(s: string): unknown } = process.stderr, clock: () => number = Date.now): { report: (done: number, n: number, what?: string) => void; done: () => void } {
  return progressOnStderr(io, { command: 'import', unit: 'creatures', minItems: 2 }, stream, clock);
}
