// `npm run bench -- server`: the table server on loopback. 50 tables × 6 connected clients (a GM and
// five seats each); the GM's commands are decided, written to SQLite (WAL, synchronous FULL unless
// FRAY_BENCH_SYNC=NORMAL) and pushed to all six; each seat sends commands the rules refuse (decided,
// nothing written). Round trip = send → ack/rejected on the same socket. Baselines from the same run:
// the engine's decide alone for the same command, and folding the same log from memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { Campaign, Encounter, encounterSetupFromCampaign, legalCommands, sampleAnswers, type Command, type FrayEvent } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { EventStore } from '@fray/store';
import { a5eDemoPromptPolicy } from '@fray/sim';
import { Client, demoSource, postJson, startServer } from '../packages/server/test/helpers';
import { duration, median, perSecond, printTable, type Row } from './harness';

const TABLES = 50;
const SEATS = 5;
const ROUNDS = 40;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

/** The engine alone: deciding and applying the GM's command in memory (what the server adds on top: wire, store, projections). */
function decideAloneMs(): number {
  const src = demoSource();
  const campaign = Campaign.create({ ...src.campaign, id: 'bench' }, { ruleset: a5eRuleset });
  const enc = Encounter.create(encounterSetupFromCampaign(campaign.state, { id: 'road', seed: 1, foes: src.fight!.foes! }), { ruleset: a5eRuleset });
  const n = 3000;
  for (let i = 0; i < 300; i++) enc.dispatch({ id: `w${i}`, issuedBy: { role: 'gm' }, command: { type: 'gm.setCounter', key: 'bench', value: i } });
  const t0 = performance.now();
  for (let i = 0; i < n; i++) enc.dispatch({ id: `d${i}`, issuedBy: { role: 'gm' }, command: { type: 'gm.setCounter', key: 'bench', value: i } });
  return (performance.now() - t0) / n;
}

/** A 10,000-event fight log: the demo fight played out by the GM, then GM overrides up to 10,000. */
function bigLog(): FrayEvent[] {
  const src = demoSource();
  const campaign = Campaign.create({ ...src.campaign, id: 'big' }, { ruleset: a5eRuleset });
  const enc = Encounter.create(encounterSetupFromCampaign(campaign.state, { id: 'road', seed: 3, foes: src.fight!.foes! }), { ruleset: a5eRuleset });
  let k = 0;
  while (enc.events.length < 10_000) {
    const s = enc.state;
    const tries: Command[] = [];
    if (s.pending) {
      const p = s.pending.open[0]!;
      for (const answer of [a5eDemoPromptPolicy(p, s), p.default, ...sampleAnswers(p)]) if (answer !== undefined) tries.push({ type: 'answerPrompt', promptId: p.id, answer });
    } else if (s.phase !== 'ended' && s.round < 30) tries.push(...legalCommands(s, { role: 'gm' }, a5eRuleset).filter((c) => c.type === 'takeAction').slice(0, 1), { type: 'endTurn' });
    // Whatever the rules refuse, the GM can always set a counter: the log always grows.
    tries.push({ type: 'gm.setCounter', key: 'filler', value: k });
    for (const cmd of tries) if (enc.dispatch({ id: `b${k++}`, issuedBy: { role: 'gm' }, command: cmd }).ok) break;
  }
  return enc.events.slice(0, 10_000);
}

async function rebuildRows(dir: string): Promise<Row[]> {
  const events = bigLog();
  const store = await EventStore.open({ dataDir: dir, fileName: 'big.sqlite' });
  await store.createTable({ id: 'big', name: 'big', ruleset: { id: 'a5e', version: a5eRuleset.version } });
  await store.append([{ stream: 'big/fight', expectedVersion: 0, events, create: { kind: 'encounter', tableId: 'big', ruleset: { id: 'a5e', version: a5eRuleset.version }, schemaVersion: 1 } }]);
  const fromStore: number[] = [];
  const fromMemory: number[] = [];
  const copy = JSON.parse(JSON.stringify(events)) as FrayEvent[];
  for (let i = 0; i < 9; i++) {
    let t0 = performance.now();
    const read = await store.read('big/fight');
    const a = Encounter.fromEvents(read, { ruleset: a5eRuleset });
    if (i >= 2) fromStore.push(performance.now() - t0);
    t0 = performance.now();
    const b = Encounter.fromEvents(copy, { ruleset: a5eRuleset });
    if (i >= 2) fromMemory.push(performance.now() - t0);
    if (a.state.version !== b.state.version) throw new Error('rebuilds differ');
  }
  await store.close();
  const ms = median(fromStore);
  const base = median(fromMemory);
  console.log(`rebuild a 10,000-event fight from SQLite: ${duration(ms)} (goal < 50 ms; read + fold; folding the same log from memory: ${duration(base)})`);
  return [{ name: 'rebuild 10k-event fight: store vs memory fold', measured: duration(ms), baseline: duration(base), ratio: base / ms, goal: 0.2 }];
}

interface LoadSpec {
  url: string;
  tables: { tableId: string; gm: string; seats: string[] }[];
}
interface LoadResult {
  gmTimes: number[];
  seatTimes: number[];
  solo: number[];
  commands: number;
  wall: number;
}

/**
 * The clients, in a worker thread of their own: parsing what the server pushes is the browsers' work
 * at a real table, so it is kept off the server's thread.
 */
async function clients(spec: LoadSpec): Promise<LoadResult> {
  const tables: { gm: Client; seats: Client[] }[] = [];
  for (const t of spec.tables) {
    const gm = await Client.open(spec.url, t.tableId);
    await gm.hello(t.gm);
    const seats: Client[] = [];
    for (const token of t.seats) {
      const c = await Client.open(spec.url, t.tableId);
      await c.hello(token);
      seats.push(c);
    }
    tables.push({ gm, seats });
  }
  const gmTimes: number[] = [];
  const seatTimes: number[] = [];
  let commands = 0;
  const t0 = performance.now();
  // Every table plays at once: per table, the GM and then one of the seats, ROUNDS times.
  await Promise.all(tables.map(async ({ gm, seats }, ti) => {
    for (let r = 0; r < ROUNDS; r++) {
      let s = performance.now();
      const a = await gm.command('fight', { id: `g${ti}-${r}`, command: { type: 'gm.setCounter', key: 'bench', value: r } });
      if (a.type !== 'ack') throw new Error(`bench: ${JSON.stringify(a)}`);
      gmTimes.push(performance.now() - s);
      commands++;
      const seat = seats[r % seats.length]!;
      s = performance.now();
      const b = await seat.command('fight', { id: `s${ti}-${r}`, command: { type: 'answerPrompt', promptId: 'none', answer: 1 } });
      if (b.type !== 'rejected') throw new Error(`bench: ${JSON.stringify(b)}`);
      seatTimes.push(performance.now() - s);
      commands++;
    }
  }));
  const wall = performance.now() - t0;
  // One GM alone, no other load: the round trip without queueing behind 299 other clients.
  const solo: number[] = [];
  for (let i = 0; i < 300; i++) {
    const s = performance.now();
    await tables[0]!.gm.command('fight', { id: `solo-${i}`, command: { type: 'gm.setCounter', key: 'solo', value: i } });
    solo.push(performance.now() - s);
  }
  for (const { gm, seats } of tables) for (const c of [gm, ...seats]) c.close();
  return { gmTimes, seatTimes, solo, commands, wall };
}

if (!isMainThread && (workerData as { fray?: string } | null)?.fray === 'server-bench-clients') {
  void clients((workerData as { spec: LoadSpec }).spec).then((r) => parentPort!.postMessage(r));
}

export default async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-bench-server-'));
  const sync = process.env['FRAY_BENCH_SYNC'] === 'NORMAL' ? 'NORMAL' : 'FULL';
  const server = await startServer(dir, { limits: { maxMessagesPerSecond: 100_000, maxTables: 1000 }, synchronous: sync });
  try {
    const decideMs = decideAloneMs();
    const spec: LoadSpec = { url: server.url, tables: [] };
    for (let i = 0; i < TABLES; i++) {
      const t = (await postJson(`${server.url}/api/tables`, { from: 'demo', seats: [{ seat: 'seat-extra' }] })).body as { tableId: string; gm: { token: string }; seats: { token: string }[] };
      spec.tables.push({ tableId: t.tableId, gm: t.gm.token, seats: t.seats.slice(0, SEATS).map((s) => s.token) });
    }
    const worker = new Worker(new URL(import.meta.url), { workerData: { fray: 'server-bench-clients', spec } });
    const { gmTimes, seatTimes, solo, commands, wall } = await new Promise<LoadResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    const p50 = percentile(gmTimes, 50);
    const p99 = percentile(gmTimes, 99);
    console.log(`${TABLES} tables × ${1 + SEATS} clients on loopback (clients in a worker thread), SQLite synchronous=${sync}, ${commands} commands in ${duration(wall)}: ${perSecond(commands, wall)} sustained`);
    console.log(`  GM command (decided, written, pushed to 6): p50 ${duration(p50)}, p99 ${duration(p99)} (goal p99 < 5 ms)`);
    console.log(`  seat command refused by the rules (decided, nothing written): p50 ${duration(percentile(seatTimes, 50))}, p99 ${duration(percentile(seatTimes, 99))}`);
    console.log(`  one GM alone: p50 ${duration(percentile(solo, 50))}, p99 ${duration(percentile(solo, 99))}; the engine's decide alone: ${duration(decideMs)}`);
    const rows: Row[] = [
      { name: 'GM round trip under load (p50) vs decide alone', measured: duration(p50), baseline: duration(decideMs), ratio: decideMs / p50, goal: 0.01 },
      { name: 'GM round trip alone (p50) vs decide alone', measured: duration(percentile(solo, 50)), baseline: duration(decideMs), ratio: decideMs / percentile(solo, 50), goal: 0.01 },
      ...(await rebuildRows(dir)),
    ];
    printTable(rows);
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
