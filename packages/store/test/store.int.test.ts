import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FrayEvent } from '@fray/engine';
import { EventStore, UnknownStream, VersionConflict } from '../src/index';

const ev = (seq: number, commandId: string, round = seq): FrayEvent => ({ type: 'RoundStarted', round, seq, commandId } as unknown as FrayEvent);
const create = { kind: 'encounter' as const, tableId: 't1', ruleset: { id: 'a5e', version: '1.0.0' }, schemaVersion: 1 };

describe('EventStore on a real SQLite file', () => {
  let dir: string;
  let store: EventStore;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-store-'));
    store = await EventStore.open({ dataDir: dir });
    await store.createTable({ id: 't1', name: 'Table one', ruleset: { id: 'a5e', version: '1.0.0' }, meta: { note: 'x' } });
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the file in the data folder in WAL mode with synchronous FULL, and migrates once', async () => {
    expect(fs.existsSync(path.join(dir, 'fray.sqlite'))).toBe(true);
    expect(store.synchronousMode()).toBe(2);
    await store.close();
    store = await EventStore.open({ dataDir: dir, synchronous: 'NORMAL' });
    expect(store.synchronousMode()).toBe(1);
    expect((await store.listTables()).map((t) => t.id)).toEqual(['t1']);
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
    const other = await EventStore.open({ dataDir: dir });
    try {
      await other.append([{ stream: 's1', expectedVersion: 1, events: [ev(1, 'a'), ev(2, 'a')] }]);
      await expect(store.append([{ stream: 's1', expectedVersion: 1, events: [ev(1, 'b')] }])).rejects.toBeInstanceOf(VersionConflict);
      // a writer ahead of the stream (it would leave a gap) is refused too
      await expect(store.append([{ stream: 's1', expectedVersion: 5, events: [ev(5, 'c')] }])).rejects.toBeInstanceOf(VersionConflict);
      expect((await store.read('s1')).map((e) => `${e.seq}:${e.commandId}`)).toEqual(['0:c0', '1:a', '2:a']);
    } finally {
      await other.close();
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
});

describe('EventStore group commit', () => {
  it('appends that arrive together are written in one transaction, each behind its own savepoint: a conflict fails only its own', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-store-'));
    const store = await EventStore.open({ dataDir: dir });
    try {
      await store.createTable({ id: 't1', name: 'T', ruleset: { id: 'a5e', version: '1.0.0' } });
      const streams = Array.from({ length: 20 }, (_, i) => `g${i}`);
      await Promise.all(streams.map((s) => store.append([{ stream: s, expectedVersion: 0, create, events: [ev(0, 'c0')] }])));
      const results = await Promise.allSettled(streams.flatMap((s, i) => [
        store.append([{ stream: s, expectedVersion: 1, events: [ev(1, `a${i}`), ev(2, `a${i}`)] }]),
        // every third stream also gets a stale writer in the same group
        ...(i % 3 === 0 ? [store.append([{ stream: s, expectedVersion: 1, events: [ev(1, `b${i}`)] }])] : []),
      ]));
      expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual(
        streams.filter((_, i) => i % 3 === 0).map(() => expect.any(VersionConflict)),
      );
      for (const [i, s] of streams.entries()) expect((await store.read(s)).map((e) => e.commandId)).toEqual(['c0', `a${i}`, `a${i}`]);
    } finally {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
