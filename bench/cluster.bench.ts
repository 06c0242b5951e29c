// `npm run bench -- cluster`: the table server's load (50 tables × 6 clients: a GM whose command is
// decided, written and pushed to six, and a seat whose command the rules refuse) against server
// processes, in one run: one process on SQLite (synchronous FULL), then one and three processes on one
// PostgreSQL database (a throwaway cluster from scripts/ensure-postgres.sh, with fsync and
// synchronous_commit turned back on so both stores pay for durability). With several processes each
// table's six clients are spread over them, so every command is also pushed across processes
// (LISTEN/NOTIFY, then a read of the log); a last run puts each table's clients on one process. Clients
// run in a worker thread. Each run prints the CPU time per command of the servers, PostgreSQL and the
// clients, and the load average: on a machine with few cores, that CPU bounds the commands per second.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { ADMIN, Client, postJson, repoRoot } from '../packages/server/test/helpers';
import { startServerProcess, stopProcess, type ServerProcess } from '../packages/server/test/cluster';
import { duration, perSecond, printTable, type Row } from './harness';

const TABLES = 50;
const SEATS = 5;
const ROUNDS = 30;
/** rounds played first, unmeasured: each process compiles its hot code (the JIT) before the clock starts */
const WARMUP = 5;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

interface LoadSpec {
  urls: string[];
  /** each table's clients spread over every process (every command then followed by all), or all on one */
  spread: boolean;
  tables: { tableId: string; gm: string; seats: string[] }[];
}
interface LoadResult {
  gmTimes: number[];
  commands: number;
  wall: number;
  /** CPU time spent during the commands, in ms: the server processes, PostgreSQL's processes, this process (the clients' thread) */
  cpu?: { servers: number; postgres: number; clients: number };
}

/** CPU time (user + system, ms) a process has used, from /proc (0 once it is gone). */
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
function cpuOf(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
/** A cluster's processes: the postmaster and its children (the backends, one per pooled connection). */
function postgresPids(dir: string | null): number[] {
  if (!dir) return [];
  const master = Number(fs.readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const kids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
    try {
      return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]) === master;
    } catch {
      return false;
    }
  });
  return [master, ...kids];
}
interface CpuSample { servers: number; postgres: Map<number, number>; clients: number }
function cpuSample(servers: number[], pgDir: string | null): CpuSample {
  return { servers: servers.reduce((n, p) => n + cpuOf(p), 0), postgres: new Map(postgresPids(pgDir).map((p) => [p, cpuOf(p)])), clients: cpuOf(process.pid) };
}
function cpuBetween(a: CpuSample, b: CpuSample): NonNullable<LoadResult['cpu']> {
  // a backend that came after the first sample counts from nothing; one gone by the second is not counted
  let postgres = 0;
  for (const [pid, t] of b.postgres) postgres += t - (a.postgres.get(pid) ?? 0);
  return { servers: b.servers - a.servers, postgres, clients: b.clients - a.clients };
}

async function clients(spec: LoadSpec): Promise<LoadResult> {
  const tables: { gm: Client; seats: Client[] }[] = [];
  // client k of table i connects to process (i + k) mod n: each table's clients spread over every process
  for (const [i, t] of spec.tables.entries()) {
    const at = (k: number) => spec.urls[(i + (spec.spread ? k : 0)) % spec.urls.length]!;
    const gm = await Client.open(at(0), t.tableId);
    await gm.hello(t.gm);
    const seats: Client[] = [];
    for (const [k, token] of t.seats.entries()) {
      const c = await Client.open(at(k + 1), t.tableId);
      await c.hello(token);
      seats.push(c);
    }
    tables.push({ gm, seats });
  }
  const gmTimes: number[] = [];
  let commands = 0;
  const round = async (gm: Client, seats: Client[], r: number, id: string) => {
    const a = await gm.command('fight', { id: `g${id}`, command: { type: 'gm.setCounter', key: 'bench', value: r } });
    if (a.type !== 'ack') throw new Error(`bench: ${JSON.stringify(a)}`);
    const b = await seats[r % seats.length]!.command('fight', { id: `s${id}`, command: { type: 'answerPrompt', promptId: 'none', answer: 1 } });
    if (b.type !== 'rejected') throw new Error(`bench: ${JSON.stringify(b)}`);
  };
  await Promise.all(tables.map(async ({ gm, seats }, ti) => {
    for (let r = 0; r < WARMUP; r++) await round(gm, seats, r, `w${ti}-${r}`);
  }));
  // connected and warm: the main thread samples the CPU counters, then says go
  await new Promise<void>((resolve) => {
    parentPort!.once('message', () => resolve());
    parentPort!.postMessage({ ready: true });
  });
  const t0 = performance.now();
  await Promise.all(tables.map(async ({ gm, seats }, ti) => {
    for (let r = 0; r < ROUNDS; r++) {
      const s = performance.now();
      const a = await gm.command('fight', { id: `g${ti}-${r}`, command: { type: 'gm.setCounter', key: 'bench', value: r } });
      if (a.type !== 'ack') throw new Error(`bench: ${JSON.stringify(a)}`);
      gmTimes.push(performance.now() - s);
      commands++;
      const b = await seats[r % seats.length]!.command('fight', { id: `s${ti}-${r}`, command: { type: 'answerPrompt', promptId: 'none', answer: 1 } });
      if (b.type !== 'rejected') throw new Error(`bench: ${JSON.stringify(b)}`);
      commands++;
    }
  }));
  const wall = performance.now() - t0;
  for (const { gm, seats } of tables) for (const c of [gm, ...seats]) c.close();
  return { gmTimes, commands, wall };
}

if (!isMainThread && (workerData as { fray?: string } | null)?.fray === 'cluster-bench-clients') {
  void clients((workerData as { spec: LoadSpec }).spec).then((r) => parentPort!.postMessage(r));
}

async function load(procs: ServerProcess[], pgDir: string | null, spread = true): Promise<LoadResult> {
  const spec: LoadSpec = { urls: procs.map((p) => p.url), spread, tables: [] };
  for (let i = 0; i < TABLES; i++) {
    const t = (await postJson(`${procs[i % procs.length]!.url}/api/tables`, { from: 'demo', seats: [{ seat: 'seat-extra' }] }, ADMIN)).body as { tableId: string; gm: { token: string }; seats: { token: string }[] };
    spec.tables.push({ tableId: t.tableId, gm: t.gm.token, seats: t.seats.slice(0, SEATS).map((s) => s.token) });
  }
  const worker = new Worker(new URL(import.meta.url), { workerData: { fray: 'cluster-bench-clients', spec } });
  try {
    const serverPids = procs.map((p) => p.proc.pid!);
    let before: CpuSample | null = null;
    const r = await new Promise<LoadResult>((resolve, reject) => {
      worker.on('message', (m: LoadResult | { ready: true }) => {
        if ('ready' in m) {
          before = cpuSample(serverPids, pgDir);
          worker.postMessage('go');
        } else resolve(m);
      });
      worker.once('error', reject);
    });
    const after = cpuSample(serverPids, pgDir);
    if (before) r.cpu = cpuBetween(before, after);
    return r;
  } finally {
    await worker.terminate();
  }
}

async function sql(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export default async function run(): Promise<void> {
  const script = path.join(repoRoot, 'scripts', 'ensure-postgres.sh');
  const dir = `/tmp/fray-pg-bench-${process.pid}`;
  const results: { name: string; r: LoadResult }[] = [];
  const measure = async (name: string, start: () => Promise<ServerProcess[]>, pgDir: string | null, spread = true) => {
    const procs = await start();
    try {
      const r = await load(procs, pgDir, spread);
      results.push({ name, r });
      console.log(`${name}: ${r.commands} commands in ${duration(r.wall)}: ${perSecond(r.commands, r.wall)}; GM round trip p50 ${duration(percentile(r.gmTimes, 50))}, p99 ${duration(percentile(r.gmTimes, 99))}; load average ${os.loadavg()[0]!.toFixed(1)}`);
      if (r.cpu) {
        const per = (ms: number) => `${(ms / r.commands).toFixed(2)} ms`;
        const total = r.cpu.servers + r.cpu.postgres + r.cpu.clients;
        // With every part on this machine's cores, their CPU per command bounds the commands per second.
        console.log(`  CPU per command: servers ${per(r.cpu.servers)}, PostgreSQL ${per(r.cpu.postgres)}, clients ${per(r.cpu.clients)}; total ${per(total)}: ${os.cpus().length} cores give at most ${Math.round((os.cpus().length * 1000 * r.commands) / total)} cmd/s`);
      }
    } finally {
      for (const p of procs) await stopProcess(p.proc);
    }
  };
  try {
    console.log(`load average at the start: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')}`);
    await measure('1 process, SQLite (FULL)', async () => [await startServerProcess()], null);
    const admin = execFileSync('sh', [script, 'start', dir, String(process.pid)], { encoding: 'utf8' }).trim().split('\n').find((l) => l.startsWith('DATABASE_URL='))!.slice('DATABASE_URL='.length);
    // The test cluster runs without fsync; a bench of durable stores turns it back on.
    await sql(admin, 'ALTER SYSTEM SET fsync = on');
    await sql(admin, 'ALTER SYSTEM SET synchronous_commit = on');
    await sql(admin, 'ALTER SYSTEM SET full_page_writes = on');
    await sql(admin, 'SELECT pg_reload_conf()');
    // Last, the same three processes with each table's clients all on one of them (as a load balancer
    // that routes by table would put them): no process then follows another's commands.
    for (const [n, db, spread] of [[1, 'bench1', true], [3, 'bench3', true], [3, 'bench3sticky', false]] as const) {
      await sql(admin, `CREATE DATABASE ${db}`);
      const url = admin.replace(/\/postgres$/, `/${db}`);
      await measure(`${n} process${n > 1 ? 'es' : ''}, PostgreSQL${n > 1 ? (spread ? ', clients of a table on all' : ', clients of a table on one') : ''}`, async () => {
        const first = await startServerProcess(url);
        return [first, ...await Promise.all(Array.from({ length: n - 1 }, () => startServerProcess(url)))];
      }, dir, spread);
    }
  } finally {
    execFileSync('sh', [script, 'stop', dir]);
  }
  const base = results[0]!;
  const rate = (r: LoadResult) => r.commands / r.wall;
  const rows: Row[] = results.slice(1).map(({ name, r }) => ({
    name: `${name}: commands/s vs 1 process on SQLite`, measured: perSecond(r.commands, r.wall), baseline: perSecond(base.r.commands, base.r.wall), ratio: rate(r) / rate(base.r), goal: 1,
  }));
  const one = results.find((x) => x.name.startsWith('1 process, PostgreSQL'))?.r;
  for (const x of results.filter((r) => r.name.startsWith('3 processes'))) {
    if (one) rows.push({ name: `${x.name.replace('PostgreSQL, ', '')} vs 1: commands/s`, measured: perSecond(x.r.commands, x.r.wall), baseline: perSecond(one.commands, one.wall), ratio: rate(x.r) / rate(one), goal: 1 });
  }
  printTable(rows);
  console.log(`(${TABLES} tables × ${1 + SEATS} clients, ${ROUNDS} rounds after ${WARMUP} unmeasured; this machine has ${os.cpus().length} cores for the server processes, PostgreSQL and the clients together; load average at the end: ${os.loadavg().map((x) => x.toFixed(2)).join(', ')})`);
}
