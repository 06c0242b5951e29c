import type { Io } from './program';

export interface ProgressLabel {
  /** the command, first on a plain progress line (`import: 50 % …`) */
  readonly command: string;
  /** what is counted (`creatures`, `fights`) */
  readonly unit: string;
  /** runs of fewer items report nothing */
  readonly minItems?: number;
}

/**
 * Progress of a long command on stderr: a bar redrawn in place on a terminal (at most every 100 ms),
 * otherwise a plain line at each quarter of a run of 1000 items or more (logs and pipes get a few
 * lines, not a stream of carriage returns).
 */
export function progressOnStderr(
  io: Io,
  label: ProgressLabel,
  stream: { isTTY?: boolean; write(s: string): unknown } = process.stderr,
  clock: () => number = Date.now,
): { report: (done: number, n: number, what?: string) => void; done: () => void } {
  const tty = stream.isTTY === true;
  let lastQuarter = 0;
  let drawn = false;
  let lastDraw = 0;
  return {
    report(done, n, what = label.unit) {
      if (n < (label.minItems ?? 0)) return;
      if (tty) {
        const t = clock();
        if (done < n && t - lastDraw < 100) return;
        lastDraw = t;
        const width = 30;
        const fill = Math.round((done / n) * width);
        stream.write(`\r[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${((100 * done) / n).toFixed(0).padStart(3)} % ${done}/${n} ${what}`);
        drawn = true;
        return;
      }
      const quarter = Math.floor((4 * done) / n);
      if (quarter > lastQuarter && n >= 1000) {
        lastQuarter = quarter;
        io.err(`${label.command}: ${25 * quarter} % (${done}/${n} ${label.unit})`);
      }
    },
    done() {
      if (tty && drawn) stream.write('\r\x1b[K');
    },
  };
}
