import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrayEvent } from '@fray/engine';
import { BACKSTOP_PAGES, EventStore } from '../src/index';

const ev = (seq: number): FrayEvent => ({ type: 'RoundStarted', round: seq, seq, commandId: `c${seq}` } as unknown as FrayEvent);
const create = { kind: 'encounter' as const, tableId: 't1', ruleset: { id: 'a5e', version: '1.0.0' }, schemaVersion: 1 };

/**
 * The events the database file holds by itself, without its WAL: what the checkpoints have copied
 * into it (read from a copy of the file alone, so SQLite cannot read the WAL's frames).
 */
function eventsInDatabaseFile(dir: string): number {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-ckpt-copy-'));
  try {
    fs.copyFileSync(path.join(dir, 'fray.sqlite'), path.join(copy, 'fray.sqlite'));
    const db = new Database(path.join(copy, 'fray.sqlite'), { readonly: true });
    try {
      const has = db.prepare(`select count(*) as n from sqlite_master where name = 'fray_events'`).get() as { n: number };
      return has.n ? (db.prepare('select count(*) as n from fray_events').get() as { n: number }).n : 0;
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('WAL checkpoints run by a thread of the store\'s at quiet moments, not inside commits (SQLite)', () => {
  let dir: string;
  let store: EventStore | null = null;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-ckpt-'));
  });
  afterEach(async () => {
    await store?.close();
    store = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function appendMany(s: EventStore, from: number, n: number): Promise<void> {
    for (let i = from; i < from + n; i++) await s.append([{ stream: 't1/f', expectedVersion: i, events: [ev(i)], ...(i === 0 ? { create } : {}) }]);
  }

  // Two threads checkpoint: the writer thread when it writes the appends, the poller when they are
  // written on the caller's thread (checkpoint-poller.ts); each waits for a quiet moment or the bound.
  for (const mode of [{ name: 'writer thread', writerThread: true }, { name: 'appends on the caller\'s thread, checkpoint poller', writerThread: false }]) {
    it(`${mode.name}: no checkpoint inside commits: 400 commits (past SQLite's 1,000 pages) stay in the WAL while the thread waits for a quiet moment`, async () => {
      store = await EventStore.open({ dataDir: dir, synchronous: 'NORMAL', writerThread: mode.writerThread, checkpoint: { quietMs: 60_000, maxDelayMs: 60_000 } });
      const raw = new Database(path.join(dir, 'fray.sqlite'));
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      raw.close();
      await store.createTable({ id: 't1', name: 'T', ruleset: create.ruleset });
      await appendMany(store, 0, 400);
      expect(fs.statSync(path.join(dir, 'fray.sqlite-wal')).size).toBeGreaterThan(1000 * 4096);
      expect(eventsInDatabaseFile(dir)).toBe(0);
      expect(store.walCheckpoints()).toEqual({ runs: 0, last: null });
    });

    it(`${mode.name}: once the store is quiet, the thread checkpoints: the database file alone holds every commit`, async () => {
      store = await EventStore.open({ dataDir: dir, synchronous: 'NORMAL', writerThread: mode.writerThread, checkpoint: { quietMs: 50, maxDelayMs: 60_000 } });
      await store.createTable({ id: 't1', name: 'T', ruleset: create.ruleset });
      await appendMany(store, 0, 30);
      const s = store;
      await until('a checkpoint', () => (s.walCheckpoints()?.runs ?? 0) >= 1 && s.walCheckpoints()!.last!.checkpointed === s.walCheckpoints()!.last!.log);
      expect(eventsInDatabaseFile(dir)).toBe(30);
      // The next commits start the WAL from its beginning again, and are checkpointed in turn.
      const runs = s.walCheckpoints()!.runs;
      await appendMany(s, 30, 5);
      await until('a second checkpoint', () => s.walCheckpoints()!.runs > runs);
      expect(eventsInDatabaseFile(dir)).toBe(35);
      expect(await s.version('t1/f')).toBe(35);
    });

    it(`${mode.name}: commits that never stop are checkpointed at the latest maxDelayMs after the oldest one`, async () => {
      store = await EventStore.open({ dataDir: dir, synchronous: 'NORMAL', writerThread: mode.writerThread, checkpoint: { quietMs: 60_000, maxDelayMs: 150 } });
      await store.createTable({ id: 't1', name: 'T', ruleset: create.ruleset });
      let n = 0;
      // A commit every 5 ms, never quiet for 60 s: only the bound can make the thread checkpoint. Two
      // checkpoints come while the commits go on (within seconds: the thread's start is slow on a busy machine).
      const t0 = Date.now();
      while ((store.walCheckpoints()?.runs ?? 0) < 2) {
        if (Date.now() - t0 > 15_000) throw new Error('no checkpoint while the commits went on');
        await appendMany(store, n, 1);
        n++;
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(store.walCheckpoints()!.last!.checkpointed).toBeGreaterThan(0);
      expect(await store.version('t1/f')).toBe(n);
    });
  }

  it('the connections keep a backstop (it checkpoints by itself past BACKSTOP_PAGES); with checkpoint: false SQLite checkpoints inside commits as by default', async () => {
    store = await EventStore.open({ dataDir: dir, synchronous: 'NORMAL', writerThread: true });
    const own = (store as unknown as { raw: Database.Database }).raw;
    expect(own.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_PAGES);
    await store.close();
    store = await EventStore.open({ dataDir: dir, synchronous: 'NORMAL', writerThread: true, checkpoint: false });
    expect((store as unknown as { raw: Database.Database }).raw.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(store.walCheckpoints()).toBeNull();
    await store.createTable({ id: 't1', name: 'T', ruleset: create.ruleset });
    await appendMany(store, 0, 400);
    // SQLite's own checkpoint ran inside one of these commits.
    expect(eventsInDatabaseFile(dir)).toBeGreaterThan(0);
  });

  it('closing the store stops the thread and checkpoints the rest: the WAL is gone and the file holds everything', async () => {
    store = await EventStore.open({ dataDir: dir, synchronous: 'FULL', checkpoint: { quietMs: 60_000, maxDelayMs: 60_000 } });
    await store.createTable({ id: 't1', name: 'T', ruleset: create.ruleset });
    await appendMany(store, 0, 12);
    await store.close();
    store = null;
    expect(fs.existsSync(path.join(dir, 'fray.sqlite-wal'))).toBe(false);
    expect(eventsInDatabaseFile(dir)).toBe(12);
  });

  it('a process with nothing but the store runs on until the close has stopped the thread (the thread does not keep it alive, nor let it end early)', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const repo = path.resolve(here, '../../..');
    const script = path.join(repo, 'node_modules', '.cache', 'fray-ckpt', 'close-child.mjs');
    await build({
      stdin: {
        contents: `import { EventStore } from '../src/index';
const store = await EventStore.open({ dataDir: process.argv[2], synchronous: 'NORMAL', writerThread: true });
await store.createTable({ id: 't1', name: 'T', ruleset: { id: 'a5e', version: '1.0.0' } });
for (let i = 0; i < 3; i++) await store.append([{ stream: 't1/f', expectedVersion: i, events: [{ type: 'RoundStarted', round: i, seq: i, commandId: 'c' + i }], ...(i === 0 ? { create: { kind: 'encounter', tableId: 't1', ruleset: { id: 'a5e', version: '1.0.0' }, schemaVersion: 1 } } : {}) }]);
await store.close();
console.log('closed');`,
        resolveDir: here, loader: 'ts',
      },
      outfile: script, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning', external: ['better-sqlite3', 'kysely', 'pg'],
    });
    const r = spawnSync(process.execPath, [script, dir], { cwd: repo, encoding: 'utf8', timeout: 60_000 });
    expect({ status: r.status, out: r.stdout.trim() }).toEqual({ status: 0, out: 'closed' });
    expect(eventsInDatabaseFile(dir)).toBe(3);
  });
});
