import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrayEvent } from '@fray/engine';
import { DiskSyncFailed, EventStore, TooManyTables, UnknownStream, UnknownTable, VersionConflict, type StoreOptions } from '../src/index';
import { freshDatabase } from '../../../test/postgres';

const ev = (seq: number, commandId: string, round = seq): FrayEvent => ({ type: 'RoundStarted', round, seq, commandId } as unknown as FrayEvent);
const create = { kind: 'encounter' as const, tableId: 't1', ruleset: { id: 'a5e', version: '1.0.0' }, schemaVersion: 1 };

/** Where a test's store lives: a SQLite file in a fresh folder, or a fresh database on the tests' PostgreSQL. */
interface StoreTarget {
  options: StoreOptions;
  dispose(): Promise<void>;
}

const backends: { name: string; target: () => Promise<StoreTarget> }[] = [
  {
    // FULL on the store's own thread (the default): appends written at once (DirectAppender), the WAL synced after on libuv's pool (WalSync).
    name: 'SQLite',
    target: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-store-'));
      return { options: { dataDir: dir }, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    // FULL (the default) on the writer thread, with group commit: the same answers as on the store's own thread.
    name: 'SQLite writer thread',
    target: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-store-'));
      return { options: { dataDir: dir, writerThread: true }, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    // FULL on the store's own thread with the WAL's sync inside SQLite's COMMIT (before session 11's default).
    name: 'SQLite sync in commit',
    target: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-store-'));
      return { options: { dataDir: dir, fullSync: 'commit' }, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    // NORMAL on the store's own thread: appends written at once (DirectAppender), the statements the writer thread runs.
    name: 'SQLite NORMAL',
    target: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-store-'));
      return { options: { dataDir: dir, synchronous: 'NORMAL', writerThread: false }, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    target: async () => {
      const db = await freshDatabase('fray_store');
      return { options: { postgres: { url: db.url } }, dispose: db.drop };
    },
  },
];

describe.each(backends)('EventStore on $name', ({ name, target }) => {
  let where: StoreTarget;
  let store: EventStore;
  beforeEach(async () => {
    where = await target();
    store = await EventStore.open(where.options);
    await store.createTable({ id: 't1', name: 'Table one', ruleset: { id: 'a5e', version: '1.0.0' }, meta: { note: 'x' } });
  });
  afterEach(async () => {
    await store.close();
    await where.dispose();
  });

  it.runIf(name === 'SQLite')('creates the file in the data folder in WAL mode with synchronous FULL, and migrates once', async () => {
    const dir = where.options.dataDir!;
    expect(fs.existsSync(path.join(dir, 'fray.sqlite'))).toBe(true);
    expect(store.backend).toBe('sqlite');
    expect(store.synchronousMode()).toBe(2);
    await store.close();
    store = await EventStore.open({ dataDir: dir, synchronous: 'NORMAL' });
    expect(store.synchronousMode()).toBe(1);
    expect(store.walSyncStats()).toBeNull();
    expect((await store.listTables()).map((t) => t.id)).toEqual(['t1']);
  });

  it.runIf(name === 'SQLite')('an append is answered after a sync of the WAL begun after its commit; appends committed during a sync share the next; other writes keep FULL', async () => {
    expect(store.walSyncStats()).toEqual({ syncs: 0, commits: 0 });
    await store.append([{ stream: 't1/a', expectedVersion: 0, events: [ev(0, 'c1')], create }]);
    expect(store.walSyncStats()).toEqual({ syncs: 1, commits: 1 });
    // The first starts a sync at once; the next two commit while it runs and wait for the one after.
    await Promise.all(['b', 'c', 'd'].map((s, i) => store.append([{ stream: `t1/${s}`, expectedVersion: 0, events: [ev(0, `c${i + 2}`)], create }])));
    expect(store.walSyncStats()).toEqual({ syncs: 3, commits: 4 });
    expect(store.synchronousMode()).toBe(2);
    expect((await store.read('t1/d')).map((e) => e.commandId)).toEqual(['c4']);
  });

  it.runIf(name === 'SQLite')('close waits for the syncs under way: appends handed over before it are answered ok, synced, and in the file after', async () => {
    const answered: string[] = [];
    const appends = ['a', 'b', 'c'].map((s) => store.append([{ stream: `t1/${s}`, expectedVersion: 0, events: [ev(0, `k-${s}`)], create }]).then(() => void answered.push(s)));
    await store.close();
    expect(answered.sort()).toEqual(['a', 'b', 'c']);
    await Promise.all(appends);
    expect(store.walSyncStats()).toEqual({ syncs: 2, commits: 3 });
    store = await EventStore.open(where.options);
    expect((await store.read('t1/c')).map((e) => e.commandId)).toEqual(['k-c']);
  });

  it.runIf(name === 'SQLite')('a WAL that cannot be synced fails the append with DiskSyncFailed, and every append after it', async () => {
    await store.append([{ stream: 't1/a', expectedVersion: 0, events: [ev(0, 'c1')], create }]);
    fs.rmSync(path.join(where.options.dataDir!, 'fray.sqlite-wal'));
    const first = store.append([{ stream: 't1/a', expectedVersion: 1, events: [ev(1, 'c2')] }]);
    await expect(first).rejects.toBeInstanceOf(DiskSyncFailed);
    await expect(first).rejects.toMatchObject({ code: 'disk-sync-failed', message: expect.stringContaining('ENOENT') });
    await expect(store.append([{ stream: 't1/b', expectedVersion: 0, events: [ev(0, 'c3')], create }])).rejects.toBeInstanceOf(DiskSyncFailed);
    expect(store.walSyncStats()).toEqual({ syncs: 1, commits: 1 });
  });

  it.runIf(name === 'PostgreSQL')('migrates once: reopening the database keeps its tables and runs no migration again', async () => {
    expect(store.backend).toBe('postgres');
    expect(store.synchronousMode()).toBeNull();
    expect(store.file).not.toContain(new URL(where.options.postgres!.url).password);
    await store.close();
    store = await EventStore.open(where.options);
    expect((await store.listTables()).map((t) => t.id)).toEqual(['t1']);
    const ran = await store.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(ran).toEqual([{ name: '0001-initial' }]);
  });

  it('appends atomically and reads a stream back from a version', async () => {
    await store.append([{ stream: 's1', expectedVersion: 0, create, events: [ev(0, 'c0'), ev(1, 'c0')] }]);
    await store.append([{ stream: 's1', expectedVersion: 2, events: [ev(2, 'c1')] }]);
    expect(await store.version('s1')).toBe(3);
    expect(await store.read('s1')).toEqual([ev(0, 'c0'), ev(1, 'c0'), ev(2, 'c1')]);
    expect(await store.read('s1', 2)).toEqual([ev(2, 'c1')]);
    expect(await store.eventsOfCommand('s1', 'c0')).toEqual([ev(0, 'c0'), ev(1, 'c0')]);
    expect(await store.listStreams({ tableId: 't1' })).toMatchObject([{ id: 's1', kind: 'encounter', ruleset: { id: 'a5e', version: '1.0.0' }, schemaVersion: 1 }]);
    expect(await store.version('nope')).toBeNull();
  });

  it('refuses a stale writer with a VersionConflict and leaves the stream as it was', async () => {
    await store.append([{ stream: 's1', expectedVersion: 0, create, events: [ev(0, 'c0')] }]);
    await store.append([{ stream: 's1', expectedVersion: 1, events: [ev(1, 'a')] }]);
    const stale = store.append([{ stream: 's1', expectedVersion: 1, events: [ev(1, 'b')] }]);
    await expect(stale).rejects.toBeInstanceOf(VersionConflict);
    await expect(stale).rejects.toMatchObject({ code: 'version-conflict', expected: 1, actual: 2 });
    expect((await store.read('s1')).map((e) => e.commandId)).toEqual(['c0', 'a']);
  });

  it('a failing part rolls back the whole append (two streams, one conflict)', async () => {
    await store.append([{ stream: 's1', expectedVersion: 0, create, events: [ev(0, 'c0')] }]);
    await expect(store.append([
      { stream: 's2', expectedVersion: 0, create, events: [ev(0, 'x')] },
      { stream: 's1', expectedVersion: 0, events: [ev(0, 'y')] },
    ])).rejects.toBeInstanceOf(VersionConflict);
    expect(await store.version('s2')).toBeNull();
    expect(await store.read('s1')).toEqual([ev(0, 'c0')]);
    await expect(store.append([{ stream: 'ghost', expectedVersion: 0, events: [ev(0, 'g')] }])).rejects.toBeInstanceOf(UnknownStream);
  });

  it('two writers on two connections decided against the same version: the unique stream+seq key fails the second', async () => {
    await store.append([{ stream: 's1', expectedVersion: 0, create, events: [ev(0, 'c0')] }]);
    const other = await EventStore.open(where.options);
    try {
      await other.append([{ stream: 's1', expectedVersion: 1, events: [ev(1, 'a'), ev(2, 'a')] }]);
      await expect(store.append([{ stream: 's1', expectedVersion: 1, events: [ev(1, 'b')] }])).rejects.toBeInstanceOf(VersionConflict);
      // a writer ahead of the stream (it would leave a gap) is refused too
      await expect(store.append([{ stream: 's1', expectedVersion: 5, events: [ev(5, 'c')] }])).rejects.toBeInstanceOf(VersionConflict);
      expect((await store.read('s1')).map((e) => `${e.seq}:${e.commandId}`)).toEqual(['0:c0', '1:a', '2:a']);
    } finally {
      if (other !== store) await other.close();
    }
  });

  it('keeps snapshots and hands back the newest at or before a version', async () => {
    await store.append([{ stream: 's1', expectedVersion: 0, create, events: [ev(0, 'c0')] }]);
    await store.saveSnapshot('s1', 10, { v: 10 });
    await store.saveSnapshot('s1', 20, { v: 20 });
    expect(await store.latestSnapshot('s1')).toEqual({ seq: 20, state: { v: 20 } });
    expect(await store.latestSnapshot('s1', 15)).toEqual({ seq: 10, state: { v: 10 } });
    expect(await store.latestSnapshot('s1', 5)).toBeNull();
  });

  it('holds seat token hashes, finds live ones and revokes them', async () => {
    await store.addSeat({ tableId: 't1', seat: 'gm', role: 'gm', name: 'GM', tokenHash: 'h-gm' });
    await store.addSeat({ tableId: 't1', seat: 'seat-ana', role: 'seat', name: 'Ana', tokenHash: 'h-ana' });
    expect(await store.seatByTokenHash('h-ana')).toMatchObject({ tableId: 't1', seat: 'seat-ana', role: 'seat', revokedAt: null });
    expect(await store.revokeSeat('t1', 'seat-ana')).toBe(1);
    expect(await store.seatByTokenHash('h-ana')).toBeNull();
    expect(await store.seatByTokenHash('h-gm')).toMatchObject({ role: 'gm' });
    expect((await store.listSeats('t1')).map((s) => s.seat)).toEqual(['gm', 'seat-ana']);
  });

  // (SQLite: one store, whose connection runs one transaction at a time; two stores on one file in one
  // thread would block each other's event loop. PostgreSQL: two stores, as two processes would be.)
  const second = async () => (name === 'PostgreSQL' ? EventStore.open(where.options) : store);

  it("changes a table's meta from the stored copy (changes from two stores at once both count), and refuses a table it does not hold", async () => {
    const other = await second();
    try {
      type Meta = { note: string; seats?: string[] };
      const add = (who: EventStore, seat: string) => who.changeTableMeta<Meta>('t1', (m) => ({ ...m, seats: [...(m.seats ?? []), seat] }));
      await Promise.all(['a', 'b', 'c', 'd'].map((seat, i) => add(i % 2 ? other : store, seat)));
      const meta = (await store.getTable('t1'))!.meta as Meta;
      expect(meta.note).toBe('x');
      expect([...meta.seats!].sort()).toEqual(['a', 'b', 'c', 'd']);
      expect(await add(store, 'e')).toEqual({ note: 'x', seats: [...meta.seats!, 'e'] });
      await expect(store.changeTableMeta('nope', (m) => m)).rejects.toBeInstanceOf(UnknownTable);
    } finally {
      if (other !== store) await other.close();
    }
  });

  it('adds a table only below a bound on the tables it holds (counted with the insert), and says so', async () => {
    const other = await second();
    try {
      const made = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => (i % 2 ? other : store).createTable({ id: `b${i}`, name: 'B', ruleset: { id: 'a5e', version: '1.0.0' } }, { atMost: 4 })));
      expect(made.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of made.filter((x) => x.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toEqual(new TooManyTables(4));
      expect(await store.countTables()).toBe(4);
    } finally {
      if (other !== store) await other.close();
    }
  });
});

describe.each(backends)('EventStore concurrent appends on $name', ({ name, target }) => {
  it('appends that arrive together each succeed or fail alone (SQLite: one transaction, a savepoint each): a conflict fails only its own', async () => {
    const where = await target();
    const store = await EventStore.open(where.options);
    try {
      await store.createTable({ id: 't1', name: 'T', ruleset: { id: 'a5e', version: '1.0.0' } });
      const streams = Array.from({ length: 20 }, (_, i) => `g${i}`);
      await Promise.all(streams.map((s) => store.append([{ stream: s, expectedVersion: 0, create, events: [ev(0, 'c0')] }])));
      // every third stream also gets a second writer decided against the same version, in the same group
      const writers = streams.flatMap((s, i) => [
        { s, id: `a${i}`, events: [ev(1, `a${i}`), ev(2, `a${i}`)] },
        ...(i % 3 === 0 ? [{ s, id: `b${i}`, events: [ev(1, `b${i}`)] }] : []),
      ]);
      const results = await Promise.allSettled(writers.map((w) => store.append([{ stream: w.s, expectedVersion: 1, events: w.events }])));
      const rejected = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
      expect(rejected).toEqual(streams.filter((_, i) => i % 3 === 0).map(() => expect.objectContaining({ code: 'version-conflict', expected: 1 })));
      for (const s of streams) {
        const won = writers.filter((w, k) => w.s === s && results[k]!.status === 'fulfilled');
        expect(won).toHaveLength(1);
        expect((await store.read(s)).map((e) => e.commandId)).toEqual(['c0', ...won[0]!.events.map((e) => e.commandId)]);
      }
      // SQLite's group commit writes in arrival order, so there the first writer is the one that wins.
      if (name.startsWith('SQLite')) for (const [i, s] of streams.entries()) expect((await store.read(s)).map((e) => e.commandId)).toEqual(['c0', `a${i}`, `a${i}`]);
    } finally {
      await store.close();
      await where.dispose();
    }
  });
});
