import { describe, expect, it } from 'vitest';
import { ADMIN, Client, postJson, useServer } from './helpers';

describe('table server: first contact', () => {
  const ctx = useServer();

  it('creates the demo table over HTTP and welcomes the GM and a seat over WebSocket', async () => {
    const { server } = ctx;
    const created = await postJson(`${server.url}/api/tables`, { from: 'demo' }, ADMIN);
    expect(created.status).toBe(201);
    const t = created.body;
    expect(t.seats.map((s: { seat: string }) => s.seat)).toEqual(['seat-brannoc', 'seat-tamsin', 'seat-ilse', 'seat-perrin']);
    expect(t.gm.link).toBe(`${server.url}/t/${t.tableId}#gm=${t.gm.token}`);
    const gm = await Client.open(server.url, t.tableId);
    const w = await gm.hello(t.gm.token);
    expect(w).toMatchObject({ type: 'welcome', role: 'gm', version: { table: expect.any(Number), fight: { id: 'road', version: expect.any(Number) } } });
    const seat = await Client.open(server.url, t.tableId);
    const ws = await seat.hello(t.seats[0].token);
    expect(ws).toMatchObject({ type: 'welcome', role: 'seat', seat: 'seat-brannoc' });
    gm.close();
    seat.close();
  });
});
