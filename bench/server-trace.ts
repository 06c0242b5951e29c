// `npm run bench -- server` (on by default; FRAY_BENCH_TRACE=0 leaves it out): where the slowest GM round trips of a paced step spent
// their time. A p99 is a handful of commands, and a percentile cannot say whether they waited on the
// wire, behind another table's step, on the writer thread's sync, or in a collection on either side;
// this follows each GM command through both processes on one clock (CLOCK_MONOTONIC, which every
// process on the machine shares) and lines the slowest up against the collections that overlapped them.
import process from 'node:process';
import { PerformanceObserver } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import type { LiveTable as Table } from '../packages/server/src/table';

/** Milliseconds on the machine's monotonic clock, the same in every process. */
export const mono = (): number => Number(process.hrtime.bigint()) / 1e6;
/** performance.now()-based times (GC entries) to the monotonic clock. */
const perfToMono = mono() - performance.now();

export interface Span { start: number; end: number }

/** Collections of this thread, on the monotonic clock. */
export class GcLog {
  readonly spans: Span[] = [];
  private readonly observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) this.spans.push({ start: e.startTime + perfToMono, end: e.startTime + e.duration + perfToMono });
  });
  start(): void { this.observer.observe({ entryTypes: ['gc'] }); }
  stop(): void { this.observer.disconnect(); }
}

/** What the server saw of one command. */
export interface ServerMarks {
  /** `submit` called: the message has been read, parsed and checked */
  received: number;
  /** the table's serial step began (after the steps and pushes queued before it) */
  stepStart?: number;
  /** the append was handed to the store */
  writeStart?: number;
  /** FULL with the sync on libuv's pool: committed under NORMAL, the wait for the WAL's sync begins */
  committed?: number;
  /** the store's append settled (committed, and under FULL synced) */
  writeEnd?: number;
  /** `submit` settled: the ack is sent on the microtask queue */
  answered?: number;
  /** the ack handed to its socket */
  ackSent?: number;
}

/** The marks the acks handed to sockets now go to (the last run traced). */
let ackMarks: Map<string, ServerMarks> | null = null;

/** Marks each ack as it is handed to its socket (the server's sockets are `ws`'s, as the clients' are); patched once per process. */
function watchAcks(marks: Map<string, ServerMarks>): void {
  if (!ackMarks) {
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (this: WebSocket, data: unknown, ...rest: unknown[]) {
      if (typeof data === 'string' && data.startsWith('{"type":"ack"')) {
        const id = /"commandId":"([^"]+)"/.exec(data)?.[1];
        const m = id ? ackMarks?.get(id) : undefined;
        if (m) m.ackSent = mono();
      }
      return (send as (...a: unknown[]) => void).call(this, data, ...rest);
    } as typeof send;
  }
  ackMarks = marks;
}

/**
 * Marks each command's passage through its table, by command id. Patches the instances only (the bench's
 * own server), through the table's private steps: a trace for a bench, not an API.
 */
export function traceTables(tables: Iterable<Table>, store?: unknown): Map<string, ServerMarks> {
  const marks = new Map<string, ServerMarks>();
  watchAcks(marks);
  // The store asks for the WAL's sync in the same synchronous call that commits (appendHere), so the
  // command being written when `synced` is called is the one that committed.
  let writing: ServerMarks | null = null;
  const walSync = (store as { walSync?: { synced: () => Promise<void> } | null } | undefined)?.walSync;
  if (walSync) {
    const synced = walSync.synced.bind(walSync);
    walSync.synced = () => {
      if (writing) writing.committed = mono();
      return synced();
    };
  }
  for (const table of tables) {
    const t = table as unknown as {
      submit: Table['submit'];
      serial: <T>(fn: () => Promise<T>) => Promise<T>;
      write: (...a: unknown[]) => Promise<unknown>;
    };
    let arriving: ServerMarks | null = null;
    let running: ServerMarks | null = null;
    const submit = t.submit.bind(table);
    const serial = t.serial.bind(table);
    const write = t.write.bind(table);
    t.submit = async (who, stream, env) => {
      const m: ServerMarks = { received: mono() };
      marks.set(env.id, m);
      arriving = m;
      const p = submit(who, stream, env);
      arriving = null;
      const out = await p;
      m.answered = mono();
      return out;
    };
    t.serial = <T>(fn: () => Promise<T>) => {
      const m = arriving;
      return serial(() => {
        if (m) m.stepStart = mono();
        running = m;
        return fn();
      });
    };
    t.write = async (...a: unknown[]) => {
      const m = running;
      if (m) m.writeStart = mono();
      writing = m;
      const p = write(...a);
      writing = null;
      const out = await p;
      if (m) m.writeEnd = mono();
      return out;
    };
  }
  return marks;
}

export interface ClientMark { id: string; sent: number; acked: number; /** the ack's frame at the socket, before parsing */ frame: number }

const overlap = (spans: Span[], a: number, b: number) => spans.reduce((n, s) => n + Math.max(0, Math.min(b, s.end) - Math.max(a, s.start)), 0);
const f = (x: number | undefined) => (x === undefined ? '   ?' : x.toFixed(2).padStart(5));

/**
 * Each command's round trip less its wait for the disk's sync after the commit (FULL on the pool; under
 * NORMAL or FULL in the commit nothing is taken out), and that wait. What is left is not the server's
 * alone: on this machine's virtual disk a flush in flight also delays both processes' wake-ups (a bare
 * `fdatasync` every 40 ms in another process raised NORMAL's paced p99 by about 1 ms; ADR 0012).
 */
export function withoutSyncWait(clientMarks: ClientMark[], server: Map<string, ServerMarks>): { share: number[]; syncWait: number[] } {
  const share: number[] = [];
  const syncWait: number[] = [];
  for (const c of clientMarks) {
    const s = server.get(c.id);
    const wait = s?.committed !== undefined && s.writeEnd !== undefined ? s.writeEnd - s.committed : 0;
    syncWait.push(wait);
    share.push(c.acked - c.sent - wait);
  }
  return { share, syncWait };
}

/** The slowest commands (by client round trip), each split into its parts, with the collections that overlapped it. */
export function traceReport(clientMarks: ClientMark[], server: Map<string, ServerMarks>, serverGc: Span[], clientGc: Span[], slowest: number): string[] {
  const rows = clientMarks.map((c) => ({ c, s: server.get(c.id), total: c.acked - c.sent })).sort((a, b) => b.total - a.total);
  const t0 = Math.min(...clientMarks.map((c) => c.sent));
  const t1 = Math.max(...clientMarks.map((c) => c.acked));
  const within = (spans: Span[]) => spans.filter((s) => s.end > t0 && s.start < t1);
  const gcLine = (spans: Span[]) => `${within(spans).length} collections, ${within(spans).reduce((n, s) => n + s.end - s.start, 0).toFixed(1)} ms`;
  const lines = [`  trace over ${(t1 - t0).toFixed(0)} ms: server ${gcLine(serverGc)}; clients ${gcLine(clientGc)}`, `  the ${slowest} slowest GM round trips (ms): total = wire in + queue (behind other steps) + decide + append (writer round trip) + after + wire out + taken (the client's parse, to its await); GC = collections overlapping it, server / clients`];
  const part = (r: (typeof rows)[number]) => {
    const s = r.s;
    return {
      wireIn: s ? s.received - r.c.sent : undefined,
      queue: s?.stepStart !== undefined ? s.stepStart - s.received : undefined,
      decide: s?.writeStart !== undefined && s.stepStart !== undefined ? s.writeStart - s.stepStart : undefined,
      append: s?.writeEnd !== undefined && s.writeStart !== undefined ? s.writeEnd - s.writeStart : undefined,
      after: s?.ackSent !== undefined && s.writeEnd !== undefined ? s.ackSent - s.writeEnd : undefined,
      wireOut: s?.ackSent !== undefined ? r.c.frame - s.ackSent : undefined,
      taken: r.c.acked - r.c.frame,
    };
  };
  const parts = rows.map(part);
  for (const [i, r] of rows.slice(0, slowest).entries()) {
    const p = parts[i]!;
    const wait = r.s?.committed !== undefined && r.s.writeEnd !== undefined ? r.s.writeEnd - r.s.committed : undefined;
    lines.push(`    ${f(r.total)} = ${f(p.wireIn)} + ${f(p.queue)} + ${f(p.decide)} + ${f(p.append)} + ${f(p.after)} + ${f(p.wireOut)} + ${f(p.taken)}   GC ${f(overlap(serverGc, r.c.sent, r.c.acked))} / ${f(overlap(clientGc, r.c.sent, r.c.acked))}${wait === undefined ? '' : `   of the append, the sync's wait ${f(wait)}`}`);
  }
  const med = (xs: (number | undefined)[]) => {
    const s = xs.filter((x): x is number => x !== undefined).sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)];
  };
  // How much of the tail is the disk's: a command cannot be acknowledged under FULL before its commit's sync.
  const appends = parts.map((p) => p.append).filter((x): x is number => x !== undefined).sort((a, b) => a - b);
  const over = rows.slice(0, Math.ceil(rows.length * 0.01));
  const diskBound = parts.slice(0, over.length).filter((p) => (p.append ?? 0) > 4).length;
  lines.push(`    the appends (commit, sync included): p50 ${f(appends[Math.floor(appends.length / 2)])}, p99 ${f(appends[Math.floor(appends.length * 0.99)])}, max ${f(appends[appends.length - 1])}; of the ${over.length} round trips at or over the p99, ${diskBound} waited more than 4 ms for their own append`);
  lines.push(`    medians: ${f(med(rows.map((r) => r.total)))} = ${f(med(parts.map((p) => p.wireIn)))} + ${f(med(parts.map((p) => p.queue)))} + ${f(med(parts.map((p) => p.decide)))} + ${f(med(parts.map((p) => p.append)))} + ${f(med(parts.map((p) => p.after)))} + ${f(med(parts.map((p) => p.wireOut)))} + ${f(med(parts.map((p) => p.taken)))}`);
  return lines;
}
