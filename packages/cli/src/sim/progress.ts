import type { Io } from '../program';

/**
 * Progress for a long simulation on stderr: a bar redrawn in place on a terminal, otherwise a plain
 * line at each quarter (logs and pipes get a few lines, not a stream of carriage returns).
 */
export function progressReporter(io: Io, stream: { isTTY?: boolean; write(s: string): unknown } = process.stderr): { report: (done: number, n: number) => void; done: () => void } {
  const tty = stream.isTTY === true;
  let lastQuarter = 0;
  let drawn = false;
  let lastDraw = 0;
  return {
    report(done, n) {
      if (tty) {
        const t = Date.now();
        if (done < n && t - lastDraw < 100) return;
        lastDraw = t;
        const width = 30;
        const fill = Math.round((done / n) * width);
        stream.write(`\r[${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${((100 * done) / n).toFixed(0).padStart(3)} % ${done}/${n} fights`);
        drawn = true;
        return;
      }
      const quarter = Math.floor((4 * done) / n);
      if (quarter > lastQuarter && n >= 1000) {
        lastQuarter = quarter;
        io.err(`simulate: ${25 * quarter} % (${done}/${n} fights)`);
      }
    },
    done() {
      if (tty && drawn) stream.write('\r\x1b[K');
    },
  };
}
