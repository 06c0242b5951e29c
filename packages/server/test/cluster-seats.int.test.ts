import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { EventStore } from '@fray/store';
import { freshDatabase, testPostgresUrl } from '../../../test/postgres';
import { bundleServerChild, startServerProcess, stopProcess, type ServerProcess } from './cluster';
import { ADMIN, Client, getJson, postJson, startServer, tmpDir, type Msg } from './helpers';

// Seats, tokens and the table limit with three real server processes on one real PostgreSQL database.
type Created = { tableId: string; gm: { token: string }; seats: { seat: string; token: string }[] };

async function del(url: string, token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const seatIds = (c: Client) => (c.view.table.seats as { seat: string }[]).map((s) => s.seat);

/** Waits until a client's (patched) view lists exactly `seats`. */
async function seatsBecome(c: Client, seats: string[]): Promise<void> {
  const end = Date.now() + 30_000;
  while (JSON.stringify(seatIds(c)) !== JSON.stringify(seats)) {
    if (Date.now() > end) throw new Error(`seats ${JSON.stringify(seatIds(c))}, expected ${JSON.stringify(seats)}`);
    await c.next((m) => m.type === 'view' || m.type === 'events', 30_000).catch(() => undefined);
  }
}

const closedWith = (c: Client) => new Promise<{ code: number; reason: string }>((resolve) => {
  if (c.closed) return resolve({ code: c.closeCode!, reason: c.closeReason });
  c.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
});

describe('seats and tokens across server processes on one PostgreSQL database', () => {
  let db: { url: string; drop: () => Promise<void> };
  const procs: ServerProcess[] = [];
  const clients: Client[] = [];
  beforeAll(async () => {
    await bundleServerChild();
    db = await freshDatabase('fray_seats');
    procs.push(await startServerProcess(db.url, { maxTables: 8 }));
    procs.push(...await Promise.all([startServerProcess(db.url, { maxTables: 8 }), startServerProcess(db.url, { maxTables: 8 })]));
  }, 120_000);
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    for (const p of procs) await stopProcess(p.proc, 'SIGKILL');
    await db?.drop();
  });

  const open = async (p: ServerProcess, t: Created, token: string): Promise<Client> => {
    const c = await Client.open(p.url, t.tableId);
    clients.push(c);
    expect((await c.hello(token)).type).toBe('welcome');
    return c;
  };
  const tokenOf = (t: Created, seat: string) => t.seats.find((s) => s.seat === seat)!.token;

  it('a seat removed through one process: its connections on the others are told and closed, its token opens nothing on any process (WebSocket or HTTP), every screen loses the seat; the other seats play on', async () => {
    const [p0, p1, p2] = procs as [ServerProcess, ServerProcess, ServerProcess];
    const t: Created = (await postJson(`${p0.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const all = ['seat-brannoc', 'seat-tamsin', 'seat-ilse', 'seat-perrin'];
    // Brannoc on the two processes the GM does not use; each has the token in its cache now
    const brannoc = [await open(p1, t, tokenOf(t, 'seat-brannoc')), await open(p2, t, tokenOf(t, 'seat-brannoc'))];
    const tamsin = await open(p2, t, tokenOf(t, 'seat-tamsin'));
    const gms = [await open(p1, t, t.gm.token), await open(p2, t, t.gm.token)];
    for (const c of [...gms, tamsin]) expect(seatIds(c)).toEqual(all);
    expect((await getJson(`${p2.url}/api/tables/${t.tableId}/state`, tokenOf(t, 'seat-brannoc'))).status).toBe(200);
    const closes = brannoc.map(closedWith);

    expect(await del(`${p0.url}/api/tables/${t.tableId}/seats/seat-brannoc`, t.gm.token)).toEqual({ status: 200, body: { seat: 'seat-brannoc', revoked: 1 } });

    for (const [i, c] of brannoc.entries()) {
      expect((await c.next((m) => m.type === 'error', 30_000))['error']).toMatchObject({ code: 'seat-removed' });
      expect(await closes[i]).toEqual({ code: 4401, reason: 'revoked' });
    }
    const rest = all.filter((s) => s !== 'seat-brannoc');
    for (const c of [...gms, tamsin]) {
      await seatsBecome(c, rest);
      expect(c.patchErrors).toEqual([]);
    }
    for (const p of procs) {
      const again = await Client.open(p.url, t.tableId);
      clients.push(again);
      expect(await again.hello(tokenOf(t, 'seat-brannoc'))).toMatchObject({ type: 'error', error: { code: 'unauthorized' } });
      expect((await getJson(`${p.url}/api/tables/${t.tableId}/state`, tokenOf(t, 'seat-brannoc'))).status).toBe(401);
      // and every process lists the seats without it
      expect((await getJson(`${p.url}/api/tables/${t.tableId}/state`, t.gm.token)).body.view.table.seats.map((s: { seat: string }) => s.seat)).toEqual(rest);
    }
    expect(tamsin.closed).toBe(false);
    expect((await gms[1]!.command('fight', { id: 'after', command: { type: 'gm.setCounter', key: 'n', value: 1 } })).type).toBe('ack');
    // the seat that stays opens the table on any process (open() expects the welcome)
    await open(p1, t, tokenOf(t, 'seat-tamsin'));
  });

  it('seats added on three processes at once are all kept (no lost update of the seat list), each shows on every process, and each new token opens the table anywhere', async () => {
    const [p0, p1, p2] = procs as [ServerProcess, ServerProcess, ServerProcess];
    const t: Created = (await postJson(`${p0.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const watchers = await Promise.all(procs.map((p) => open(p, t, t.gm.token)));
    const before = seatIds(watchers[0]!);
    const added = await Promise.all([p0, p1, p2].flatMap((p, i) => [0, 1].map((k) => postJson(`${p.url}/api/tables/${t.tableId}/seats`, { seat: `guest-${i}-${k}`, name: `Guest ${i}.${k}` }, t.gm.token))));
    for (const r of added) expect(r.status).toBe(201);
    const expected = new Set([...before, ...added.map((r) => r.body.seat as string)]);
    for (const w of watchers) {
      const end = Date.now() + 30_000;
      while (seatIds(w).length < expected.size && Date.now() < end) await w.next((m) => m.type === 'view', 30_000).catch(() => undefined);
      expect(new Set(seatIds(w))).toEqual(expected);
      expect(w.patchErrors).toEqual([]);
    }
    for (const [i, r] of added.entries()) {
      const at = procs[(i + 1) % procs.length]!;
      const c = await open(at, t, r.body.token as string);
      expect(c.messages.find((m: Msg) => m.type === 'welcome')).toMatchObject({ role: 'seat', seat: r.body.seat });
    }
  });

  it('the limit on tables holds for the database, not each process: tables made on three processes at once stop at the limit together', async () => {
    // (the two tests before made 2 of the 8)
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => postJson(`${procs[i % 3]!.url}/api/tables`, { from: 'empty' }, ADMIN)));
    const ok = made.filter((r) => r.status === 201);
    const refused = made.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(6);
    for (const r of refused) expect(r).toEqual({ status: 429, body: { type: 'error', error: { code: 'too-many-tables', message: 'this server holds at most 8 tables' } } });
  });
});

describe('a seat change made while a process could not hear of it', () => {
  it('is taken in when its listening connection is back: the revoked seat is dismissed there and its token refused', async () => {
    const db = await freshDatabase('fray_seats_resync');
    const name = `fray-resync-${process.pid}`;
    const server = await startServer(tmpDir(), { database: { url: db.url, applicationName: name } });
    const other = await EventStore.open({ postgres: { url: db.url, poolSize: 1 } });
    const admin = new pg.Client({ connectionString: await testPostgresUrl() });
    await admin.connect();
    const dbName = new URL(db.url).pathname.slice(1);
    const clients: Client[] = [];
    try {
      const t: Created = (await postJson(`${server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
      const seat = await Client.open(server.url, t.tableId);
      clients.push(seat);
      expect((await seat.hello(t.seats[0]!.token)).type).toBe('welcome');
      await other.listTables(); // (its one connection open before the door shuts)
      // No new connection to the database, then the server's LISTEN connection goes: it cannot come back yet.
      await admin.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [`${name}-listen`]);
      while ((await admin.query('select 1 from pg_stat_activity where application_name = $1', [`${name}-listen`])).rowCount) await new Promise((r) => setTimeout(r, 20));
      // The seat is revoked from elsewhere: its notice reaches nobody on the server.
      expect(await other.revokeSeat(t.tableId, t.seats[0]!.seat)).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(seat.closed).toBe(false);
      await admin.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`);
      // once listening again, the server reads every table's seats
      expect((await seat.next((m) => m.type === 'error', 30_000))['error']).toMatchObject({ code: 'seat-removed' });
      const again = await Client.open(server.url, t.tableId);
      clients.push(again);
      expect(await again.hello(t.seats[0]!.token)).toMatchObject({ type: 'error', error: { code: 'unauthorized' } });
    } finally {
      for (const c of clients) c.close();
      await admin.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
      await other.close();
      await server.close();
      await db.drop();
    }
  });
});
