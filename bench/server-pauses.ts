// What stalls the server's thread while a bench phase runs: its garbage collections (from the
// performance timeline's 'gc' entries) and the event loop's delay (perf_hooks' histogram, sampled
// every millisecond). A round trip's tail is made of such stalls far more than of a command's
// average cost, so the bench prints them beside the percentiles, with the machine's load.
import os from 'node:os';
import process from 'node:process';
import { PerformanceObserver, constants, monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { idleCollector } from '../packages/server/src/idle-gc';

export interface PauseSummary {
  scavenges: number;
  /** of them, the server's own at idle moments (idle-gc.ts), between commands */
  idle: number;
  /** mark-compact (full) collections, incremental marking steps included in their pause */
  fullGcs: number;
  gcMs: number;
  gcMaxMs: number;
  /** the event loop's delay (ms): how late a timer due now would run */
  loopP99: number;
  loopMax: number;
  /** the 1-minute load average when the phase ended (the machine's other work) */
  load: number;
  /** CPU time of the whole process (every thread: the writer's, V8's helpers') over the phase, in % of one core */
  cpu: number;
}

/** Watches the current thread from `begin()` to `end()`; one phase at a time. */
export class PauseWatch {
  private gcs: { kind: number; ms: number }[] = [];
  private readonly observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) this.gcs.push({ kind: (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0, ms: e.duration });
  });
  private loop: IntervalHistogram | null = null;
  private idleAtBegin = 0;
  private cpuAtBegin = process.cpuUsage();
  private wallAtBegin = 0;

  begin(): void {
    this.gcs = [];
    this.cpuAtBegin = process.cpuUsage();
    this.wallAtBegin = performance.now();
    this.idleAtBegin = idleCollector.runs;
    this.observer.observe({ entryTypes: ['gc'] });
    this.loop = monitorEventLoopDelay({ resolution: 1 });
    this.loop.enable();
  }

  /** Ends the phase; GC entries are delivered late, so this waits a moment for the last ones. */
  async end(): Promise<PauseSummary> {
    const loop = this.loop!;
    loop.disable();
    const used = process.cpuUsage(this.cpuAtBegin);
    const cpu = ((used.user + used.system) / 1000 / (performance.now() - this.wallAtBegin)) * 100;
    await new Promise((r) => setTimeout(r, 20));
    this.observer.disconnect();
    const ms = this.gcs.map((g) => g.ms);
    return {
      scavenges: this.gcs.filter((g) => g.kind === constants.NODE_PERFORMANCE_GC_MINOR).length,
      idle: idleCollector.runs - this.idleAtBegin,
      fullGcs: this.gcs.filter((g) => g.kind === constants.NODE_PERFORMANCE_GC_MAJOR).length,
      gcMs: ms.reduce((a, b) => a + b, 0),
      gcMaxMs: ms.length ? Math.max(...ms) : 0,
      loopP99: loop.count ? loop.percentile(99) / 1e6 : 0,
      loopMax: loop.count ? loop.max / 1e6 : 0,
      load: os.loadavg()[0]!,
      cpu,
    };
  }
}

export function pauseLine(p: PauseSummary, commands?: number): string {
  const per = commands ? `, ${((p.scavenges * 1000) / commands).toFixed(0)} scavenges per 1000 commands` : '';
  return `server thread: ${p.scavenges} scavenges (${p.idle} of them at idle moments) + ${p.fullGcs} full GCs, ${p.gcMs.toFixed(1)} ms in all (longest ${p.gcMaxMs.toFixed(1)} ms)${per}; event loop delay p99 ${p.loopP99.toFixed(1)} ms, max ${p.loopMax.toFixed(1)} ms; process CPU ${p.cpu.toFixed(0)}% of a core; load average ${p.load.toFixed(1)}`;
}
