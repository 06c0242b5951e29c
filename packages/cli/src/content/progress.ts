import type { Io } from '../program';

/**
 * Progress for a large import on stderr: a bar redrawn in place on a terminal (at most every 100 ms),
 * otherwise one line at each quarter of a file of 1000 creatures or more.
 */
export function importProgress(io: Io, stream: { isTTY?: boolean; write(s: string): unknown } = process.stderr, clock: () => number = Date.now): { report: (done: number, n: number, what?: string) => void; done: () => void } {
  const tty = stream.isTTY === true;
  let lastQuarter = 0;
  let drawn = false;
  let lastDraw = 0;
  return {
    report(done, n, what = 'creatures') {
      if (n < 2) return;
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
        io.err(`import: ${25 * quarter} % (${done}/${n} creatures)`);
      }
    },
    done() {
      if (tty && drawn) stream.write('\r\x1b[K');
    },
  };
}
