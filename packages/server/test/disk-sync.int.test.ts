import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN, Client, postJson, useServer } from './helpers';

describe('a disk that refuses to sync (FULL, the default: the sync after the commit)', () => {
  const ctx = useServer();

  it("a command whose sync fails is answered 'unavailable', so is every later one; the server stays up, and after a restart play goes on", async () => {
    const t = (await postJson(`${ctx.server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const gm = await Client.open(ctx.server.url, t.tableId);
    await gm.hello(t.gm.token);
    const live = () => ctx.server.tables.get(t.tableId)!;
    const set = (id: string, value: number) => gm.command('fight', { id, expectedVersion: live().fight!.events.length, command: { type: 'gm.setCounter', key: 'x', value } });
    expect(await set('ok-1', 1)).toMatchObject({ type: 'ack' });
    const before = live().fight!.events.length;

    // The WAL's file gone from its folder: the next sync cannot open it, as a disk that fails would answer.
    fs.rmSync(path.join(ctx.dir, 'fray.sqlite-wal'));
    expect(await set('lost-2', 2)).toMatchObject({ type: 'rejected', error: { code: 'unavailable', message: expect.stringContaining('could not save the command') } });
    expect(await set('lost-3', 3)).toMatchObject({ type: 'rejected', error: { code: 'unavailable' } });
    expect(live().fight!.events.length).toBe(before);
    expect(live().fight!.state.counters['x']).toBe(1);
    // Still serving: a new connection gets its welcome.
    const again = await Client.open(ctx.server.url, t.tableId);
    expect(await again.hello(t.gm.token)).toMatchObject({ type: 'welcome' });
    gm.close();
    again.close();

    const server = await ctx.restart();
    const table = server.tables.get(t.tableId) ?? null;
    const gm2 = await Client.open(server.url, t.tableId);
    await gm2.hello(t.gm.token);
    const fight = (table ?? server.tables.get(t.tableId)!).fight!;
    // The rejected command may or may not have reached the file (it was committed, its sync failed); the third never was.
    expect([before, before + 1]).toContain(fight.events.length);
    expect(fight.events.some((e) => e.commandId === 'lost-3')).toBe(false);
    const r = await gm2.command('fight', { id: 'ok-4', expectedVersion: fight.events.length, command: { type: 'gm.setCounter', key: 'x', value: 4 } });
    expect(r).toMatchObject({ type: 'ack' });
    expect(server.tables.get(t.tableId)!.fight!.state.counters['x']).toBe(4);
    gm2.close();
  });
});
