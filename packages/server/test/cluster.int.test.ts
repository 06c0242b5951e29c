import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EventStore } from '@fray/store';
import { freshDatabase, haltCluster, removeCluster, startCluster, withDatabase } from '../../../test/postgres';
import { bundleServerChild, reached, seen, startServerProcess, stopProcess, type ServerProcess } from './cluster';
import { ADMIN, Client, getJson, postJson, type Msg } from './helpers';

// Three server processes on one real PostgreSQL database; clients of one table spread across them.
type Created = { tableId: string; gm: { token: string }; seats: { seat: string; token: string }[] };

const setCounter = (id: string, key: string, value: number, expectedVersion?: number) => ({
  id, command: { type: 'gm.setCounter', key, value }, ...(expectedVersion !== undefined ? { expectedVersion } : {}),
});

async function connect(p: ServerProcess, t: Created, token: string, since?: unknown): Promise<Client> {
  const c = await Client.open(p.url, t.tableId);
  const w = await c.hello(token, since);
  expect(w.type).toBe('welcome');
  return c;
}

describe('several server processes on one PostgreSQL database', () => {
  let db: { url: string; drop: () => Promise<void> };
  let procs: ServerProcess[] = [];
  let store: EventStore;
  const clients: Client[] = [];
  beforeAll(async () => {
    await bundleServerChild();
    db = await freshDatabase('fray_cluster');
    // one process migrates first; the others find the schema in place
    procs.push(await startServerProcess(db.url));
    procs.push(...await Promise.all([startServerProcess(db.url), startServerProcess(db.url)]));
    store = await EventStore.open({ postgres: { url: db.url } });
  }, 120_000);
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    for (const p of procs) await stopProcess(p.proc, 'SIGKILL');
    await store?.close();
    await db?.drop();
  });

  it('commands sent through all three at once: every client sees the same events in the same order, the log has every acknowledged command once, no update is lost', async () => {
    const t: Created = (await postJson(`${procs[1]!.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    // two GM connections and a seat on each process (the table was made on process 1: 0 and 2 load it on first use)
    const gms: Client[] = [];
    for (const p of procs) for (let k = 0; k < 2; k++) gms.push(await connect(p, t, t.gm.token));
    const seats = await Promise.all(procs.map((p, i) => connect(p, t, t.seats[i]!.token)));
    clients.push(...gms, ...seats);
    const start = (await store.version(`${t.tableId}/fight/road`))!;
    const PER = 12;
    const acks = await Promise.all(gms.map(async (gm, g) => {
      const out: Msg[] = [];
      for (let i = 0; i < PER; i++) out.push(await gm.command('fight', setCounter(`g${g}-${i}`, `k${g}`, i + 1)));
      return out;
    }));
    for (const list of acks) for (const a of list) expect(a, JSON.stringify(a)).toMatchObject({ type: 'ack' });
    const log = await store.read(`${t.tableId}/fight/road`);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i));
    const ids = log.slice(start).map((e) => e.commandId);
    expect([...ids].sort()).toEqual(gms.flatMap((_, g) => Array.from({ length: PER }, (_, i) => `g${g}-${i}`)).sort());
    // every GM connection, on whichever process, was pushed exactly the log, in its order
    const expected = log.slice(start).map((e) => `${e.seq}:${e.commandId}`);
    for (const gm of gms) {
      await reached(gm, 'fight', log.length);
      expect(seen(gm, 'fight')).toEqual(expected);
    }
    // and every process holds every GM's last value
    for (const p of procs) {
      const state = await getJson(`${p.url}/api/tables/${t.tableId}/state`, t.gm.token);
      expect(state.body.view.fight.view.counters).toMatchObject(Object.fromEntries(gms.map((_, g) => [`k${g}`, PER])));
    }
    // seats are pushed the same versions in the same order (their events are redacted: compare versions)
    for (const s of seats) {
      await reached(s, 'fight', log.length);
      const versions = s.messages.filter((m) => m.type === 'events' && m['stream'] === 'fight').map((m) => m['version'] as number);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      expect(versions.at(-1)).toBe(log.length);
    }
  });

  it('three commands decided against the same expectedVersion on three processes: one is acknowledged, two get version-conflict, none is written twice', async () => {
    const t: Created = (await postJson(`${procs[0]!.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const gms = await Promise.all(procs.map((p) => connect(p, t, t.gm.token)));
    clients.push(...gms);
    const v = (await store.version(`${t.tableId}/fight/road`))!;
    const results = await Promise.all(gms.map((gm, g) => gm.command('fight', setCounter(`x${g}`, 'k', g, v))));
    expect(results.filter((r) => r.type === 'ack')).toHaveLength(1);
    const refused = results.filter((r) => r.type === 'rejected');
    expect(refused.map((r) => (r['error'] as { code: string }).code)).toEqual(['version-conflict', 'version-conflict']);
    const log = await store.read(`${t.tableId}/fight/road`);
    expect(log.slice(v).map((e) => e.commandId)).toEqual([results.find((r) => r.type === 'ack')!['commandId']]);
  });

  it('SIGKILL of one process under load: its clients reconnect to another and find every acknowledged command; the others never stop serving', async () => {
    const t: Created = (await postJson(`${procs[0]!.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const victim = procs[2]!;
    const stream = `${t.tableId}/fight/road`;
    const acked = new Set<string>();
    // the survivors' GMs play on throughout
    const steady = await Promise.all([procs[0]!, procs[1]!].map((p) => connect(p, t, t.gm.token)));
    clients.push(...steady);
    let killed = false;
    const survivors = steady.map(async (gm, g) => {
      let i = 0;
      // on past the kill: at least 10 commands after it, each acknowledged
      for (let after = 0; after < 10; i++) {
        const r = await gm.command('fight', setCounter(`s${g}-${i}`, `s${g}`, i));
        expect(r).toMatchObject({ type: 'ack' });
        acked.add(`s${g}-${i}`);
        if (killed) after++;
      }
    });
    let gm = await connect(victim, t, t.gm.token);
    clients.push(gm);
    let n = 0;
    let pending: string | null = null;
    const seenBefore: string[] = [];
    while (!killed) {
      pending = `v-${n}`;
      const r = await gm.command('fight', setCounter(pending, 'v', n)).catch(() => null);
      if (r) {
        expect(r).toMatchObject({ type: 'ack' });
        acked.add(pending);
        pending = null;
        n++;
      }
      if (n === 8 && !killed) {
        // kill with a command in flight
        gm.send({ type: 'command', stream: 'fight', envelope: setCounter((pending = `v-${n}`), 'v', n) });
        await stopProcess(victim.proc, 'SIGKILL');
        killed = true;
      }
    }
    seenBefore.push(...seen(gm, 'fight'));
    const lastSeen = Number(seenBefore.at(-1)!.split(':')[0]) + 1;
    // reconnect to another process from the versions this client had seen; resend the unanswered command
    gm = await connect(procs[0]!, t, t.gm.token, { table: 0, fight: { id: 'road', version: lastSeen } });
    clients.push(gm);
    const again = await gm.command('fight', setCounter(pending!, 'v', n));
    expect(again).toMatchObject({ type: 'ack', commandId: pending });
    acked.add(pending!);
    await Promise.all(survivors);
    const log = await store.read(stream);
    const ids = new Set(log.map((e) => e.commandId));
    for (const id of acked) expect(ids.has(id), `acknowledged ${id} is in the log`).toBe(true);
    expect(log.filter((e) => e.commandId === pending)).toHaveLength(1);
    // what the client saw across both connections is the log from where it started, no gap, no duplicate
    await reached(gm, 'fight', log.length);
    const all = [...seenBefore, ...seen(gm, 'fight')];
    const first = Number(all[0]!.split(':')[0]);
    expect(all).toEqual(log.slice(first).map((e) => `${e.seq}:${e.commandId}`));
    procs = procs.filter((p) => p !== victim);
  });
});

describe('PostgreSQL restarted under load', () => {
  const dir = `/tmp/fray-pg-cluster-restart-${process.pid}`;
  let procs: ServerProcess[] = [];
  const clients: Client[] = [];
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const p of procs) await stopProcess(p.proc, 'SIGKILL');
    await removeCluster(dir);
  });

  it('the processes answer unavailable while it is down, then serve again without a restart; no acknowledged command is lost', async () => {
    await bundleServerChild();
    const url = withDatabase(await startCluster(dir), 'postgres');
    procs = [await startServerProcess(url)];
    procs.push(await startServerProcess(url));
    const pids = procs.map((p) => p.proc.pid);
    const t: Created = (await postJson(`${procs[0]!.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const gms = await Promise.all(procs.map((p) => connect(p, t, t.gm.token)));
    const watcher = await connect(procs[1]!, t, t.seats[0]!.token);
    clients.push(...gms, watcher);
    const acked = new Set<string>();
    const unavailable: string[][] = gms.map(() => []);
    let down = false;
    let back = false;
    let wake: () => void = () => undefined;
    const allSawIt = new Promise<void>((r) => (wake = r));
    const loads = gms.map(async (gm, g) => {
      // each GM sends until it has been told 'unavailable' and, once the server is back, 5 more are acknowledged
      let after = 0;
      for (let i = 0; after < 5; ) {
        const id = `p${g}-${i}`;
        const r = await gm.command('fight', setCounter(id, `p${g}`, i));
        if (r.type === 'ack') {
          acked.add(id);
          i++;
          if (back) after++;
          continue;
        }
        expect(r['error']).toMatchObject({ code: 'unavailable' });
        expect(down).toBe(true);
        unavailable[g]!.push(id);
        if (unavailable.every((u) => u.length > 0)) wake();
        if (!back) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    });
    // under load: the halt comes after both GMs had commands acknowledged
    while (acked.size < 6) await new Promise<void>((resolve) => setImmediate(resolve));
    down = true;
    await haltCluster(dir);
    await allSawIt;
    await startCluster(dir);
    back = true;
    await Promise.all(loads);
    expect(procs.map((p) => p.proc.pid)).toEqual(pids);
    expect(procs.every((p) => p.proc.exitCode === null)).toBe(true);
    const check = await EventStore.open({ postgres: { url } });
    try {
      const log = await check.read(`${t.tableId}/fight/road`);
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i));
      const ids = new Set(log.map((e) => e.commandId));
      for (const id of acked) expect(ids.has(id), `acknowledged ${id} is in the log`).toBe(true);
      // the other process's client hears of everything, the listener having connected again
      await reached(watcher, 'fight', log.length);
    } finally {
      await check.close();
    }
  });
});
