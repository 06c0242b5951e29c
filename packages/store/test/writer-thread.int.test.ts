import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrayEvent } from '@fray/engine';
import { EventStore, UnknownStream, VersionConflict, type StoreOptions, type StreamAppend } from '../src/index';

const ev = (seq: number, commandId: string): FrayEvent => ({ type: 'RoundStarted', round: seq, seq, commandId } as unknown as FrayEvent);
const create = { kind: 'encounter' as const, tableId: 't1', ruleset: { id: 'a5e', version: '1.0.0' }, schemaVersion: 1 };
const append = (stream: string, at: number, id: string, n = 1): StreamAppend => ({ stream, expectedVersion: at, events: Array.from({ length: n }, (_, i) => ev(at + i, id)) });

/** What an append came to: 'ok', or the typed error's code with what it names. */
async function outcome(p: Promise<void>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof VersionConflict) return `version-conflict ${e.stream} ${e.expected} ${e.actual}`;
    if (e instanceof UnknownStream) return `unknown-stream ${e.stream}`;
    throw e;
  }
}

describe('the SQLite writer thread', () => {
  let dir: string;
  const stores: EventStore[] = [];
  const open = async (o: StoreOptions = {}, fileName = 'fray.sqlite') => {
    // The thread writes only when asked for (the caller's thread is the default): every test here asks.
    const s = await EventStore.open({ dataDir: dir, fileName, writerThread: true, ...o });
    stores.push(s);
    await s.createTable({ id: 't1', name: 'T', ruleset: create.ruleset });
    return s;
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-writer-'));
  });
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes appends issued together in fewer transactions than appends (group commit, one sync under FULL), each answered as it alone would be', async () => {
    const store = await open({ synchronous: 'FULL' });
    const streams = Array.from({ length: 30 }, (_, i) => `s${i}`);
    await Promise.all(streams.map((s) => store.append([{ ...append(s, 0, 'c0'), create }])));
    const before = store.writerStats(true)!;
    const results = await Promise.all(streams.map((s, i) => outcome(store.append([append(s, 1, `a${i}`, 1 + (i % 3))]))));
    expect(results).toEqual(streams.map(() => 'ok'));
    const after = store.writerStats()!;
    const transactions = after.transactions - before.transactions;
    expect(after.appends - before.appends).toBe(30);
    expect(transactions).toBeLessThan(30);
    expect(Math.max(...after.samples.group)).toBeGreaterThan(1);
    expect(after.samples.group.reduce((a, b) => a + b, 0)).toBe(30);
    for (const [i, s] of streams.entries()) expect((await store.read(s)).map((e) => `${e.seq}:${e.commandId}`)).toEqual(['0:c0', ...Array.from({ length: 1 + (i % 3) }, (_, k) => `${1 + k}:a${i}`)]);
  });

  it('a conflicting append in a group fails alone with the version conflict naming the stream\'s version; an append to a stream that does not exist fails alone as unknown', async () => {
    const store = await open();
    await store.append([{ ...append('a', 0, 'c0'), create }]);
    await store.append([{ ...append('b', 0, 'c0'), create }]);
    const results = await Promise.all([
      outcome(store.append([append('a', 1, 'x1')])),
      outcome(store.append([append('a', 1, 'y1')])),
      outcome(store.append([append('nowhere', 0, 'n0')])),
      outcome(store.append([append('b', 3, 'gap')])),
      outcome(store.append([append('b', 1, 'b1')])),
      outcome(store.append([append('a', 2, 'x2'), append('b', 1, 'late')])),
      outcome(store.append([append('a', 2, 'x2')])),
    ]);
    // (As on the caller's thread: a gap names the version the append would have left, minus its events;
    // a failing part other than the first names the first part's stream as it stands.)
    expect(results).toEqual(['ok', 'version-conflict a 1 2', 'unknown-stream nowhere', 'version-conflict b 3 3', 'ok', 'version-conflict a 2 2', 'ok']);
    expect((await store.read('a')).map((e) => e.commandId)).toEqual(['c0', 'x1', 'x2']);
    expect((await store.read('b')).map((e) => e.commandId)).toEqual(['c0', 'b1']);
  });

  it("keeps each stream's order: 60 appends to one stream issued at once, each at the version the one before leaves, all land in order", async () => {
    const store = await open({ synchronous: 'NORMAL', writerThread: true });
    const all = [store.append([{ ...append('one', 0, 'c0'), create }]), ...Array.from({ length: 59 }, (_, i) => store.append([append('one', i + 1, `c${i + 1}`)]))];
    expect(await Promise.all(all.map(outcome))).toEqual(all.map(() => 'ok'));
    expect((await store.read('one')).map((e) => e.commandId)).toEqual(Array.from({ length: 60 }, (_, i) => `c${i}`));
  });

  it("close() answers every append handed to it before it stops the thread, and leaves no WAL", async () => {
    const store = await open({ synchronous: 'FULL' });
    stores.pop();
    const all = Array.from({ length: 40 }, (_, i) => store.append([{ ...append(`d${i}`, 0, `c${i}`), create }]));
    const closed = store.close();
    expect(await Promise.all(all.map(outcome))).toEqual(all.map(() => 'ok'));
    await closed;
    await expect(store.append([append('d0', 1, 'after')])).rejects.toThrow('the store is closed');
    expect(fs.existsSync(path.join(dir, 'fray.sqlite-wal'))).toBe(false);
    const again = await EventStore.open({ dataDir: dir });
    stores.push(again);
    for (let i = 0; i < 40; i++) expect(await again.version(`d${i}`)).toBe(1);
  });

  it("writes on the store's own connection (tables, seats, snapshots, a meta changed by a callback) wait for no lock while appends are in flight", async () => {
    const store = await open({ synchronous: 'FULL' });
    const streams = Array.from({ length: 10 }, (_, i) => `m${i}`);
    await Promise.all(streams.map((s) => store.append([{ ...append(s, 0, 'c0'), create }])));
    const work: Promise<unknown>[] = [];
    for (let round = 1; round <= 8; round++) {
      for (const s of streams) work.push(store.append([append(s, round, `r${round}`)]));
      work.push(store.addSeat({ tableId: 't1', seat: `seat${round}`, role: 'seat', name: `S${round}`, tokenHash: `h${round}` }));
      work.push(store.saveSnapshot('m0', round, { round }));
      work.push(store.changeTableMeta<{ n?: number }>('t1', (m) => ({ n: (m.n ?? 0) + 1 })));
      work.push(store.createTable({ id: `t${round + 1}`, name: 'T', ruleset: create.ruleset }, { atMost: 100 }));
      await Promise.all(work.splice(0, 5));
    }
    await Promise.all(work);
    for (const s of streams) expect(await store.version(s)).toBe(9);
    expect((await store.listSeats('t1')).length).toBe(8);
    expect((await store.getTable('t1'))!.meta).toEqual({ n: 8 });
    expect(await store.countTables()).toBe(9);
    expect((await store.latestSnapshot('m0'))!.seq).toBe(8);
  });

  it('by default the caller\'s thread writes, under FULL as under NORMAL (a round trip crosses no thread); writerThread: true chooses the thread under either', async () => {
    const plain = async (o: StoreOptions, fileName: string) => {
      const s = await EventStore.open({ dataDir: dir, fileName, ...o });
      stores.push(s);
      return s;
    };
    expect((await plain({}, 'default.sqlite')).writerStats()).toBeNull();
    expect((await plain({ synchronous: 'FULL' }, 'full.sqlite')).writerStats()).toBeNull();
    expect((await plain({ synchronous: 'NORMAL' }, 'normal.sqlite')).writerStats()).toBeNull();
    expect((await plain({ synchronous: 'FULL', writerThread: true }, 'full-thread.sqlite')).writerStats()).not.toBeNull();
    expect((await plain({ synchronous: 'NORMAL', writerThread: true }, 'normal-thread.sqlite')).writerStats()).not.toBeNull();
  });

  it('with writerThread: false the appends are written on the caller\'s thread (no writer; a thread only checkpoints), with the same answers', async () => {
    const store = await open({ writerThread: false });
    expect(store.writerStats()).toBeNull();
    expect(store.walCheckpoints()).toEqual({ runs: 0, last: null });
    await store.append([{ ...append('a', 0, 'c0'), create }]);
    expect(await Promise.all([outcome(store.append([append('a', 1, 'x')])), outcome(store.append([append('a', 1, 'y')]))])).toEqual(['ok', 'version-conflict a 1 2']);
  });

  it.each(['after-commit', 'before-commit'] as const)('a writer thread that stops %s, its group unanswered: each append is found in the store and answered as written, or written on the store\'s own thread; never twice', async (when) => {
    const store = await open({ synchronous: 'FULL' });
    const streams = Array.from({ length: 8 }, (_, i) => `w${i}`);
    await Promise.all(streams.map((s) => store.append([{ ...append(s, 0, 'c0'), create }])));
    await store.killWriterForTest(when);
    const results = await Promise.all([
      ...streams.map((s, i) => outcome(store.append([append(s, 1, `x${i}`, 2)]))),
      outcome(store.append([append('w0', 1, 'loser')])),
      outcome(store.saveSnapshot('w1', 3, { at: 3 })),
    ]);
    expect(results).toEqual([...streams.map(() => 'ok'), 'version-conflict w0 1 3', 'ok']);
    expect(await store.latestSnapshot('w1')).toEqual({ seq: 3, state: { at: 3 } });
    // (The thread's group is what it found queued when it woke: all nine, or the first few.)
    const f = store.writerFailure()!;
    expect({ ...f, readBack: 0, writtenHere: 0 }).toEqual({ reason: 'exit code 1', unanswered: 10, readBack: 0, writtenHere: 0, unknown: 0 });
    expect(f.readBack + f.writtenHere).toBe(10);
    if (when === 'after-commit') expect(f.readBack).toBeGreaterThan(0);
    else expect(f.readBack).toBe(0);
    for (const [i, s] of streams.entries()) expect((await store.read(s)).map((e) => `${e.seq}:${e.commandId}`)).toEqual(['0:c0', `1:x${i}`, `2:x${i}`]);
    // From now on the store writes on its own thread: SQLite checkpoints inside its commits again.
    expect(store.writerStats()).toBeNull();
    expect(await outcome(store.append([append('w1', 3, 'next')]))).toBe('ok');
  });

  it('a writer thread that stops mid-work loses nothing: every append answered as written is stored, every other one is written on the store\'s own thread, and appends go on', async () => {
    let unansweredAtKill = 0;
    for (const [k, killAfterMs] of [0, 2, 5, 15].entries()) {
      const store = await open({ synchronous: 'FULL' }, `kill-${k}.sqlite`);
      const streams = Array.from({ length: 12 }, (_, i) => `k${i}`);
      await Promise.all(streams.map((s) => store.append([{ ...append(s, 0, 'c0'), create }])));
      // Every stream gets 20 appends in a row, each issued once the one before is answered (as a table does).
      const chains = streams.map(async (s) => {
        const out: string[] = [];
        for (let v = 1; v <= 20; v++) out.push(await outcome(store.append([append(s, v, `v${v}`)])));
        return out;
      });
      await new Promise((r) => setTimeout(r, killAfterMs));
      await store.killWriterForTest();
      const results = await Promise.all(chains);
      expect(results).toEqual(streams.map(() => Array.from({ length: 20 }, () => 'ok')));
      for (const s of streams) expect((await store.read(s)).map((e) => `${e.seq}:${e.commandId}`)).toEqual(Array.from({ length: 21 }, (_, v) => `${v}:${v ? `v${v}` : 'c0'}`));
      expect(store.writerStats()).toBeNull();
      expect(store.walCheckpoints()).toBeNull();
      const f = store.writerFailure()!;
      expect(f.readBack + f.writtenHere).toBe(f.unanswered);
      unansweredAtKill += f.unanswered;
      // Conflicts are still typed, on the store's own thread.
      expect(await outcome(store.append([append('k0', 3, 'stale')]))).toBe('version-conflict k0 3 21');
    }
    // The kills came while the thread had work in its hands (not only between appends).
    expect(unansweredAtKill).toBeGreaterThan(0);
  });

  it("property: any interleaving of appends to several streams at random versions gets the same answers and leaves the same logs as the same appends made one at a time on the caller's thread", async () => {
    let run = 0;
    const streams = ['p0', 'p1', 'p2'];
    const appendArb = fc.record({
      stream: fc.constantFrom(...streams, 'nowhere'),
      at: fc.nat({ max: 6 }),
      n: fc.integer({ min: 1, max: 3 }),
      second: fc.option(fc.record({ stream: fc.constantFrom(...streams), at: fc.nat({ max: 6 }) }), { nil: undefined }),
    });
    // Batches: the appends of a batch are issued together (one group or a few), the next batch after they are answered.
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(appendArb, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }), async (batches) => {
        run++;
        const threaded = await open({ synchronous: 'NORMAL', writerThread: true }, `prop-${run}-thread.sqlite`);
        const plain = await open({ synchronous: 'NORMAL', writerThread: false }, `prop-${run}-plain.sqlite`);
        for (const s of [threaded, plain]) for (const st of streams) await s.append([{ ...append(st, 0, 'c0'), create }]);
        const toParts = (a: (typeof batches)[number][number], id: string): StreamAppend[] => [
          append(a.stream, a.at, id, a.n),
          ...(a.second && a.second.stream !== a.stream ? [append(a.second.stream, a.second.at, `${id}b`)] : []),
        ];
        const together: string[] = [];
        const oneByOne: string[] = [];
        for (const [b, batch] of batches.entries()) {
          together.push(...(await Promise.all(batch.map((a, i) => outcome(threaded.append(toParts(a, `b${b}i${i}`)))))));
          for (const [i, a] of batch.entries()) oneByOne.push(await outcome(plain.append(toParts(a, `b${b}i${i}`))));
        }
        expect(together).toEqual(oneByOne);
        for (const st of streams) expect(await threaded.read(st)).toEqual(await plain.read(st));
        for (const s of [threaded, plain]) {
          await s.close();
          stores.splice(stores.indexOf(s), 1);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('a process with nothing but the store and appends in flight exits 0 once they are answered, without closing the store (the thread keeps no process alive)', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const repo = path.resolve(here, '../../..');
    const script = path.join(repo, 'node_modules', '.cache', 'fray-writer', 'no-close-child.mjs');
    await build({
      stdin: {
        contents: `import { EventStore } from '../src/index';
const store = await EventStore.open({ dataDir: process.argv[2], synchronous: 'FULL', writerThread: true });
await store.createTable({ id: 't1', name: 'T', ruleset: { id: 'a5e', version: '1.0.0' } });
const create = { kind: 'encounter', tableId: 't1', ruleset: { id: 'a5e', version: '1.0.0' }, schemaVersion: 1 };
// Not awaited at the top level: only the appends in flight may keep the process alive until they are answered.
void Promise.all(Array.from({ length: 5 }, (_, i) => store.append([{ stream: 's' + i, expectedVersion: 0, create, events: [{ type: 'RoundStarted', round: 0, seq: 0, commandId: 'c' + i }] }])))
  .then(() => console.log('answered'));`,
        resolveDir: here, loader: 'ts',
      },
      outfile: script, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning', external: ['better-sqlite3', 'kysely', 'pg'],
    });
    const r = spawnSync(process.execPath, [script, dir], { cwd: repo, encoding: 'utf8', timeout: 60_000 });
    expect({ status: r.status, out: r.stdout.trim(), err: r.stderr.trim() }).toEqual({ status: 0, out: 'answered', err: '' });
    const store = await EventStore.open({ dataDir: dir });
    stores.push(store);
    for (let i = 0; i < 5; i++) expect(await store.version(`s${i}`)).toBe(1);
  });
});
