import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { EventStore } from '@fray/store';
import type { FrayServer } from '../src/index';
import { RESTART_CLOSE } from '../src/shutdown';
import { freshDatabase } from '../../../test/postgres';
import { bundleServerChild, reached, seen, startServerProcess, stopProcess, type ServerProcess } from './cluster';
import { holdNextAppend } from './held-append';
import { ADMIN, Client, getJson, postJson, startServer, tmpDir, type Msg } from './helpers';

type Created = { tableId: string; gm: { token: string }; seats: { seat: string; token: string }[] };

const setCounter = (id: string, key: string, value: number) => ({ id, command: { type: 'gm.setCounter', key, value } });

async function connect(url: string, t: Created, token: string, since?: unknown): Promise<Client> {
  const c = await Client.open(url, t.tableId);
  expect((await c.hello(token, since)).type).toBe('welcome');
  return c;
}

/** Messages a client should never have been sent during a shutdown: errors and refusals. */
const complaints = (c: Client) => c.messages.filter((m) => m.type === 'error' || m.type === 'rejected');

/** The fight version of a client's last ack, and the version its pushes (catch-up included) reached. */
const ackedUpTo = (c: Client) => ((c.messages.filter((m) => m.type === 'ack').at(-1)?.['version'] as { fight?: { version: number } } | undefined)?.fight?.version ?? 0);
const pushedUpTo = (c: Client) => Number(seen(c, 'fight').at(-1)?.split(':')[0] ?? -1) + 1;

const refused = (url: string) => fetch(`${url}/api/health`).then(() => false, (e: Error & { cause?: { code?: string } }) => e.cause?.code === 'ECONNREFUSED');

describe('graceful shutdown of one server', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const f of cleanup.splice(0).reverse()) await f();
  });

  it('close() with commands arriving: every command it took is acknowledged and stored, none it left is stored, and every client is told to connect again (1012)', async () => {
    const dir = tmpDir();
    cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const server = await startServer(dir);
    const t: Created = (await postJson(`${server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const gm = await connect(server.url, t, t.gm.token);
    const seat = await connect(server.url, t, t.seats[0]!.token);
    const ids = Array.from({ length: 40 }, (_, i) => `c${i}`);
    await gm.command('fight', setCounter('first', 'k', 0));
    for (const [i, id] of ids.entries()) gm.send({ type: 'command', stream: 'fight', envelope: setCounter(id, 'k', i + 1) });
    await gm.next((m) => m.type === 'ack' && m['commandId'] === 'c0');
    await server.close();
    for (const c of [gm, seat]) {
      expect(c.closeCode).toBe(RESTART_CLOSE.code);
      expect(c.closeReason).toBe(RESTART_CLOSE.reason);
      expect(complaints(c)).toEqual([]);
    }
    const acked = new Set(gm.messages.filter((m) => m.type === 'ack').map((m) => m['commandId'] as string));
    expect(acked.has('c0')).toBe(true);
    const store = await EventStore.open({ dataDir: dir });
    try {
      const stored = new Set((await store.read(`${t.tableId}/fight/road`)).map((e) => e.commandId));
      for (const id of ids) expect(stored.has(id), `${id}: stored exactly when acknowledged`).toBe(acked.has(id));
    } finally {
      await store.close();
    }
    expect(await refused(server.url)).toBe(true);
  });

  describe('on PostgreSQL', () => {
    let db: { url: string; drop: () => Promise<void> };
    beforeAll(async () => {
      db = await freshDatabase('fray_shutdown');
    });
    afterAll(() => db?.drop());

    const sessionsOf = async (name: string) => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        return (await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where application_name in ($1, $2)', [name, `${name}-listen`])).rows[0]!.n;
      } finally {
        await c.end();
      }
    };

    it('a command in flight (its append waiting in the database) when the shutdown starts is finished and acknowledged before the client is told to connect again; no new connection is taken meanwhile; the pool and the LISTEN connection are closed', async () => {
      const name = `fray-shutdown-${process.pid}`;
      const server: FrayServer = await startServer(tmpDir(), { database: { url: db.url, applicationName: name } });
      let open = true;
      cleanup.push(async () => open && server.close());
      const t: Created = (await postJson(`${server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
      const gm = await connect(server.url, t, t.gm.token);
      expect(await sessionsOf(name)).toBeGreaterThanOrEqual(2);
      const held = await holdNextAppend(db.url, `${t.tableId}/fight/road`);
      cleanup.push(() => held.release());
      const answer = gm.command('fight', setCounter('in-flight', 'k', 1));
      await held.waitFor();
      const closing = server.close().then(() => (open = false));
      // draining: the port takes no new connection, and the command is still waiting
      await new Promise((r) => setTimeout(r, 200));
      expect(await refused(server.url)).toBe(true);
      expect(gm.closed).toBe(false);
      await held.release();
      expect(await answer).toMatchObject({ type: 'ack', commandId: 'in-flight' });
      await closing;
      expect(gm.closeCode).toBe(RESTART_CLOSE.code);
      expect(complaints(gm)).toEqual([]);
      const check = await EventStore.open({ postgres: { url: db.url } });
      try {
        expect((await check.read(`${t.tableId}/fight/road`)).filter((e) => e.commandId === 'in-flight')).toHaveLength(1);
      } finally {
        await check.close();
      }
      expect(await sessionsOf(name)).toBe(0);
    });

    it('a database that never answers does not hold the shutdown past its bound: the command is left unanswered, and sent again elsewhere it is applied once', async () => {
      const server: FrayServer = await startServer(tmpDir(), { database: { url: db.url }, shutdownTimeoutMs: 1000 });
      let open = true;
      cleanup.push(async () => open && server.close());
      const t: Created = (await postJson(`${server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
      const gm = await connect(server.url, t, t.gm.token);
      const held = await holdNextAppend(db.url, `${t.tableId}/fight/road`);
      cleanup.push(() => held.release());
      const answer = gm.command('fight', setCounter('stuck', 'k', 1)).catch((e: Error) => e.message);
      await held.waitFor();
      const t0 = Date.now();
      await server.close();
      open = false;
      // the bound, then at most a second for the close handshakes and one for the store
      expect(Date.now() - t0).toBeLessThan(4000);
      expect(await answer).toBe('socket closed');
      expect(gm.closeCode).toBe(RESTART_CLOSE.code);
      await held.release();
      const next = await startServer(tmpDir(), { database: { url: db.url } });
      cleanup.push(() => next.close());
      const again = await connect(next.url, t, t.gm.token);
      expect(await again.command('fight', setCounter('stuck', 'k', 1))).toMatchObject({ type: 'ack', commandId: 'stuck' });
      const log = await next.store.read(`${t.tableId}/fight/road`);
      expect(log.filter((e) => e.commandId === 'stuck')).toHaveLength(1);
    });
  });
});

describe('SIGTERM to one of three server processes under load', () => {
  let db: { url: string; drop: () => Promise<void> };
  let procs: ServerProcess[] = [];
  const clients: Client[] = [];
  beforeAll(async () => {
    await bundleServerChild();
    db = await freshDatabase('fray_sigterm');
    procs.push(await startServerProcess(db.url));
    procs.push(...await Promise.all([startServerProcess(db.url), startServerProcess(db.url)]));
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const p of procs) await stopProcess(p.proc, 'SIGKILL');
    await db?.drop();
  });

  it('it finishes its commands in flight, its clients are told to connect again and do so elsewhere, it exits 0; no acknowledged command is lost, no client sees an error, the others serve throughout', async () => {
    const [a, b, victim] = procs as [ServerProcess, ServerProcess, ServerProcess];
    const busy: Created = (await postJson(`${a.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const quiet: Created = (await postJson(`${b.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const acked = new Set<string>();
    let signalled = false;
    let exited = false;
    const exitCode = new Promise<number | null>((r) => victim.proc.once('exit', (code) => ((exited = true), r(code))));

    // Two GMs per process play the busy table: one command after another, each acknowledged. A client
    // whose connection is closed must have been told 1012; it connects to a survivor from the versions
    // it saw and sends its unanswered command again (same id). Each plays on until 8 acks after the exit.
    const survivors = [a, b];
    const player = async (name: string, at: ServerProcess) => {
      let c = await connect(at.url, busy, busy.gm.token);
      clients.push(c);
      const trail: string[] = [];
      let i = 0;
      let afterExit = 0;
      while (afterExit < 8) {
        const id = `${name}-${i}`;
        const r = await c.command('fight', setCounter(id, name, i)).catch(() => null);
        if (!r) {
          expect(c.closeCode, `${name}: the only close is the restart`).toBe(RESTART_CLOSE.code);
          expect(at).toBe(victim);
          expect(complaints(c)).toEqual([]);
          // before the close it was pushed everything up to its last acknowledged command
          expect(pushedUpTo(c), name).toBeGreaterThanOrEqual(ackedUpTo(c));
          trail.push(...seen(c, 'fight'));
          const from = Number(trail.at(-1)!.split(':')[0]) + 1;
          at = survivors[name.endsWith('0') ? 0 : 1]!;
          c = await connect(at.url, busy, busy.gm.token, { table: 0, fight: { id: 'road', version: from } });
          clients.push(c);
          continue;
        }
        expect(r, `${name} ${id}`).toMatchObject({ type: 'ack', commandId: id });
        acked.add(id);
        i++;
        if (exited) afterExit++;
      }
      expect(complaints(c)).toEqual([]);
      return { name, trail, last: c };
    };
    const players = procs.flatMap((p, n) => [player(`p${n}g0`, p), player(`p${n}g1`, p)]);

    // The victim also has a command in flight on the quiet table, held in the database when the signal comes.
    const held = await holdNextAppend(db.url, `${quiet.tableId}/fight/road`);
    const quietGm = await connect(victim.url, quiet, quiet.gm.token);
    clients.push(quietGm);
    while (acked.size < 30) await new Promise((r) => setTimeout(r, 10));
    const inFlight = quietGm.command('fight', setCounter('held', 'k', 1));
    await held.waitFor();
    const t0 = Date.now();
    victim.proc.kill('SIGTERM');
    signalled = true;
    // while it drains, it takes no new connection
    await new Promise((r) => setTimeout(r, 300));
    expect(await refused(victim.url)).toBe(true);
    expect(exited).toBe(false);
    await held.release();
    expect(await inFlight).toMatchObject({ type: 'ack', commandId: 'held' });
    expect(await exitCode).toBe(0);
    // (well inside the 10 s bound: nothing was left to wait for)
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(quietGm.closeCode).toBe(RESTART_CLOSE.code);
    expect(pushedUpTo(quietGm)).toBe(ackedUpTo(quietGm));
    expect(complaints(quietGm)).toEqual([]);
    expect(signalled).toBe(true);

    const results = await Promise.all(players);
    const check = await EventStore.open({ postgres: { url: db.url } });
    try {
      const log = await check.read(`${busy.tableId}/fight/road`);
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i));
      const counts = new Map<string, number>();
      for (const e of log) counts.set(e.commandId, (counts.get(e.commandId) ?? 0) + 1);
      for (const id of acked) expect(counts.get(id), `acknowledged ${id} is in the log once`).toBe(1);
      expect((await check.read(`${quiet.tableId}/fight/road`)).filter((e) => e.commandId === 'held')).toHaveLength(1);
      // every client of the victim saw, across its two connections, the log from where it began: no gap, no duplicate
      for (const r of results.filter((x) => x.name.startsWith('p2'))) {
        await reached(r.last, 'fight', log.length);
        const all = [...r.trail, ...seen(r.last, 'fight')];
        const first = Number(all[0]!.split(':')[0]);
        expect(all, r.name).toEqual(log.slice(first).map((e) => `${e.seq}:${e.commandId}`));
      }
    } finally {
      await check.close();
    }
    // the survivors still serve, and hold every command
    for (const p of [a, b]) {
      const state = await getJson(`${p.url}/api/tables/${busy.tableId}/state`, busy.gm.token);
      expect(state.status).toBe(200);
    }
    expect(victim.stderr()).toContain('SIGTERM: finishing the commands in flight');
    procs = procs.filter((p) => p !== victim);
  });
});

export type { Msg };
