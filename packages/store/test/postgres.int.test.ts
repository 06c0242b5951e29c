import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FrayEvent } from '@fray/engine';
import { DatabaseUnavailable, EventStore, VersionConflict, type AppendNotice, type SeatsNotice } from '../src/index';
import { freshDatabase, haltCluster, removeCluster, startCluster, withDatabase } from '../../../test/postgres';

const ev = (seq: number, commandId: string): FrayEvent => ({ type: 'RoundStarted', round: seq, seq, commandId } as unknown as FrayEvent);
const create = { kind: 'encounter' as const, tableId: 't1', ruleset: { id: 'a5e', version: '1.0.0' }, schemaVersion: 1 };
const table = { id: 't1', name: 'T', ruleset: { id: 'a5e', version: '1.0.0' } };

describe('EventStore on PostgreSQL: many writers at once', () => {
  let db: { url: string; drop: () => Promise<void> };
  let stores: EventStore[];
  beforeAll(async () => {
    db = await freshDatabase('fray_conc');
    // Six stores, six pools: as six server processes would be.
    stores = [];
    for (let i = 0; i < 6; i++) stores.push(await EventStore.open({ postgres: { url: db.url, poolSize: 4 } }));
    await stores[0]!.createTable(table);
    await stores[0]!.append([{ stream: 's', expectedVersion: 0, create, events: [ev(0, 'start')] }]);
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
    await db.drop();
  });

  it('24 appenders decided against the same version: exactly one wins, every other gets a VersionConflict naming the new version', async () => {
    for (let round = 1; round <= 5; round++) {
      const results = await Promise.allSettled(Array.from({ length: 24 }, (_, k) =>
        stores[k % stores.length]!.append([{ stream: 's', expectedVersion: round, events: [ev(round, `r${round}-w${k}`)] }])));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
      expect(losers).toHaveLength(23);
      for (const l of losers) {
        expect(l).toBeInstanceOf(VersionConflict);
        expect(l).toMatchObject({ stream: 's', expected: round, actual: round + 1 });
      }
    }
    const log = await stores[3]!.read('s');
    expect(log.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('appenders that read, decide and retry on conflict: a gap-free log, each accepted append exactly once', async () => {
    await stores[0]!.append([{ stream: 'race', expectedVersion: 0, create, events: [ev(0, 'start')] }]);
    const PER_WRITER = 8;
    await Promise.all(stores.map(async (store, w) => {
      let written = 0;
      while (written < PER_WRITER) {
        const v = (await store.version('race'))!;
        // two events per append: a half-written append would show as a lone event in the log
        try {
          await store.append([{ stream: 'race', expectedVersion: v, events: [ev(v, `w${w}-${written}`), ev(v + 1, `w${w}-${written}`)] }]);
          written++;
        } catch (e) {
          expect(e).toBeInstanceOf(VersionConflict);
        }
      }
    }));
    const log = await stores[0]!.read('race');
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: 1 + 2 * PER_WRITER * stores.length }, (_, i) => i));
    const ids = log.slice(1).map((e) => e.commandId);
    for (let i = 0; i < ids.length; i += 2) expect(ids[i + 1]).toBe(ids[i]);
    const appends = ids.filter((_, i) => i % 2 === 0);
    expect(new Set(appends).size).toBe(PER_WRITER * stores.length);
    expect([...appends].sort()).toEqual(stores.flatMap((_, w) => Array.from({ length: PER_WRITER }, (_, k) => `w${w}-${k}`)).sort());
  });

  it('a pool never holds more connections than its size, however many appends wait', async () => {
    const small = await EventStore.open({ postgres: { url: db.url, poolSize: 3, applicationName: 'fray-pool-test' } });
    try {
      await Promise.all(Array.from({ length: 30 }, (_, i) => small.append([{ stream: `p${i}`, expectedVersion: 0, create, events: [ev(0, 'c')] }])));
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      try {
        const r = await admin.query<{ n: string }>("select count(*) as n from pg_stat_activity where application_name = 'fray-pool-test'");
        expect(Number(r.rows[0]!.n)).toBe(3);
      } finally {
        await admin.end();
      }
    } finally {
      await small.close();
    }
  });
});

describe('EventStore on PostgreSQL: append notices', () => {
  it('another store hears of every committed append (stream and new version) in commit order, and of no refused one', async () => {
    const db = await freshDatabase('fray_notify');
    const writer = await EventStore.open({ postgres: { url: db.url } });
    const reader = await EventStore.open({ postgres: { url: db.url } });
    const heard: AppendNotice[] = [];
    let wake: (() => void) | null = null;
    const listener = reader.listenAppends((n) => {
      heard.push(n);
      wake?.();
    }, () => undefined)!;
    try {
      await listener.ready;
      await writer.createTable(table);
      await writer.append([{ stream: 's', expectedVersion: 0, create, events: [ev(0, 'a'), ev(1, 'a')] }]);
      await expect(writer.append([{ stream: 's', expectedVersion: 1, events: [ev(1, 'stale')] }])).rejects.toBeInstanceOf(VersionConflict);
      await writer.append([
        { stream: 's', expectedVersion: 2, events: [ev(2, 'b')] },
        { stream: 'f', expectedVersion: 0, create, events: [ev(0, 'b')] },
      ]);
      // a marker append: once its notice is in, every earlier commit's is too (notices come in commit order)
      await writer.append([{ stream: 's', expectedVersion: 3, events: [ev(3, 'end')] }]);
      while (!heard.some((n) => n.stream === 's' && n.version === 4)) await new Promise<void>((r) => (wake = r));
      expect(heard).toEqual([{ stream: 's', version: 2 }, { stream: 's', version: 3 }, { stream: 'f', version: 1 }, { stream: 's', version: 4 }]);
    } finally {
      await listener.close();
      await writer.close();
      await reader.close();
      await db.drop();
    }
  });
});

describe('EventStore on PostgreSQL: seat notices', () => {
  it('another store hears which table a revocation or a meta change touched, once it commits, on the seats channel (not as an append)', async () => {
    const db = await freshDatabase('fray_seatnotice');
    const writer = await EventStore.open({ postgres: { url: db.url } });
    const reader = await EventStore.open({ postgres: { url: db.url } });
    const seats: SeatsNotice[] = [];
    const appends: AppendNotice[] = [];
    let wake: (() => void) | null = null;
    const listener = reader.listenAppends((n) => appends.push(n), () => undefined, (n) => {
      seats.push(n);
      wake?.();
    })!;
    try {
      await listener.ready;
      await writer.createTable(table);
      await writer.createTable({ ...table, id: 't2' });
      await writer.addSeat({ tableId: 't1', seat: 'seat-a', role: 'seat', name: 'A', tokenHash: 'h-a' });
      expect(await writer.revokeSeat('t1', 'seat-a')).toBe(1);
      await writer.changeTableMeta<Record<string, unknown>>('t2', (m) => ({ ...m, seats: [] }));
      await writer.updateTableMeta('t1', { seats: [] });
      while (seats.length < 3) await new Promise<void>((r) => (wake = r));
      expect(seats).toEqual([{ table: 't1' }, { table: 't2' }, { table: 't1' }]);
      expect(appends).toEqual([]);
    } finally {
      await listener.close();
      await writer.close();
      await reader.close();
      await db.drop();
    }
  });
});

describe('EventStore on PostgreSQL: when the database is not there', () => {
  it('opening a database nobody listens for fails with DatabaseUnavailable (unreachable), naming no password', async () => {
    const probe = await freshDatabase('fray_probe');
    const url = new URL(probe.url);
    await probe.drop();
    // a port that was free a moment ago: the cluster's own port plus one is as good as any, but ask the OS
    const { createServer } = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    url.port = String(port);
    const err = await EventStore.open({ postgres: { url: url.toString(), connectTimeoutMs: 2000 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnavailable);
    expect(err).toMatchObject({ code: 'database-unavailable', reason: 'unreachable' });
    expect((err as Error).message).not.toContain(url.password);
  });

  it('a statement past statement_timeout fails with DatabaseUnavailable (timeout) and writes nothing', async () => {
    const db = await freshDatabase('fray_timeout');
    const store = await EventStore.open({ postgres: { url: db.url, statementTimeoutMs: 300 } });
    const blocker = new pg.Client({ connectionString: db.url });
    await blocker.connect();
    try {
      await store.createTable(table);
      await store.append([{ stream: 's', expectedVersion: 0, create, events: [ev(0, 'a')] }]);
      // Another session holds seq 1 in an open transaction: the append waits on the unique key until its timeout.
      await blocker.query('BEGIN');
      await blocker.query("insert into fray_events (stream, seq, command_id, type, body, at) values ('s', 1, 'held', 'RoundStarted', '{}', 'now')");
      const err = await store.append([{ stream: 's', expectedVersion: 1, events: [ev(1, 'b'), ev(2, 'b')] }]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DatabaseUnavailable);
      expect(err).toMatchObject({ reason: 'timeout' });
      await blocker.query('ROLLBACK');
      expect((await store.read('s')).map((e) => e.commandId)).toEqual(['a']);
      await store.append([{ stream: 's', expectedVersion: 1, events: [ev(1, 'c')] }]);
      expect((await store.read('s')).map((e) => e.commandId)).toEqual(['a', 'c']);
    } finally {
      await blocker.end();
      await store.close();
      await db.drop();
    }
  });

  it('a store whose server stops answers DatabaseUnavailable, then works again once the server is back, with every written event', async () => {
    const dir = `/tmp/fray-pg-restart-${process.pid}`;
    const admin = await startCluster(dir);
    try {
      const store = await EventStore.open({ postgres: { url: withDatabase(admin, 'postgres'), connectTimeoutMs: 2000 } });
      let resynced: () => void = () => undefined;
      const resync = new Promise<void>((r) => (resynced = r));
      const listener = store.listenAppends(() => undefined, () => resynced())!;
      await listener.ready;
      try {
        await store.createTable(table);
        await store.append([{ stream: 's', expectedVersion: 0, create, events: [ev(0, 'a'), ev(1, 'a')] }]);
        await haltCluster(dir);
        const write = await store.append([{ stream: 's', expectedVersion: 2, events: [ev(2, 'lost')] }]).catch((e: unknown) => e);
        expect(write).toBeInstanceOf(DatabaseUnavailable);
        const read = await store.read('s').catch((e: unknown) => e);
        expect(read).toBeInstanceOf(DatabaseUnavailable);
        await startCluster(dir);
        // the same store object: its pool drops the dead connections and opens new ones
        expect((await store.read('s')).map((e) => `${e.seq}:${e.commandId}`)).toEqual(['0:a', '1:a']);
        await store.append([{ stream: 's', expectedVersion: 2, events: [ev(2, 'b')] }]);
        expect(await store.version('s')).toBe(3);
        // the listening connection was lost with the server, and found again: its owner is told to read again
        await resync;
      } finally {
        await listener.close();
        await store.close();
      }
    } finally {
      await removeCluster(dir);
    }
  });
});
