import { describe, expect, it } from 'vitest';
import { ADMIN, Client, getJson, postJson, useServer } from './helpers';

async function del(url: string, token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('removing a seat', () => {
  const ctx = useServer();

  it('the GM removes a seat: its open connection is told why and closed, its token is refused over a new WebSocket and over HTTP, the seat leaves every view; the other seat plays on', async () => {
    const t = (await postJson(`${ctx.server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const token = (seat: string) => t.seats.find((s: { seat: string }) => s.seat === seat).token as string;
    const gm = await Client.open(ctx.server.url, t.tableId);
    expect((await gm.hello(t.gm.token)).type).toBe('welcome');
    const tamsin = await Client.open(ctx.server.url, t.tableId);
    expect((await tamsin.hello(token('seat-tamsin'))).type).toBe('welcome');
    const brannoc = await Client.open(ctx.server.url, t.tableId);
    expect((await brannoc.hello(token('seat-brannoc'))).type).toBe('welcome');
    expect(gm.view.table.seats.map((s: { seat: string }) => s.seat)).toEqual(['seat-brannoc', 'seat-tamsin', 'seat-ilse', 'seat-perrin']);
    const closed = new Promise<{ code: number; reason: string }>((resolve) => brannoc.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

    // A seat may not remove anyone, itself included.
    expect((await del(`${ctx.server.url}/api/tables/${t.tableId}/seats/seat-tamsin`, token('seat-brannoc'))).status).toBe(403);
    const r = await del(`${ctx.server.url}/api/tables/${t.tableId}/seats/seat-brannoc`, t.gm.token);
    expect(r).toEqual({ status: 200, body: { seat: 'seat-brannoc', revoked: 1 } });

    const told = await brannoc.next((m) => m.type === 'error');
    expect(told['error']).toEqual({ code: 'seat-removed', message: 'The GM removed this seat from the table: this link no longer works. Ask the GM for a new one if you should still be playing.' });
    expect(await closed).toEqual({ code: 4401, reason: 'revoked' });

    // The seat is gone from the GM's and the other seat's views (pushed as patches, no reload).
    await gm.next((m) => m.type === 'view');
    await tamsin.next((m) => m.type === 'view');
    expect(gm.view.table.seats.map((s: { seat: string }) => s.seat)).toEqual(['seat-tamsin', 'seat-ilse', 'seat-perrin']);
    expect(tamsin.view.table.seats.map((s: { seat: string }) => s.seat)).toEqual(['seat-tamsin', 'seat-ilse', 'seat-perrin']);
    expect(gm.patchErrors).toEqual([]);
    expect(tamsin.patchErrors).toEqual([]);

    // The revoked token opens nothing any more.
    const again = await Client.open(ctx.server.url, t.tableId);
    const refused = await again.hello(token('seat-brannoc'));
    expect(refused).toEqual({ type: 'error', error: { code: 'unauthorized', message: 'the token does not open this table (or there is no such table)' } });
    expect((await getJson(`${ctx.server.url}/api/tables/${t.tableId}/state`, token('seat-brannoc'))).status).toBe(401);

    // Removing it again, or a seat that never was (the GM's own key included), names what is wrong.
    for (const seat of ['seat-brannoc', 'gm']) {
      const r2 = await del(`${ctx.server.url}/api/tables/${t.tableId}/seats/${seat}`, t.gm.token);
      expect(r2.status).toBe(404);
      expect(r2.body).toEqual({ type: 'error', error: { code: 'no-seat', message: `this table has no seat '${seat}' (seats: seat-tamsin, seat-ilse, seat-perrin)`, path: ['seat'] } });
    }
    expect((await gm.command('fight', { id: 'after-removal', command: { type: 'gm.setCounter', key: 'n', value: 1 } })).type).toBe('ack');
    const tamsinAgain = await Client.open(ctx.server.url, t.tableId);
    expect((await tamsinAgain.hello(token('seat-tamsin'))).type).toBe('welcome');
    for (const c of [gm, tamsin, again, tamsinAgain]) c.close();
  });
});
