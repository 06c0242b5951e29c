import { describe, expect, it } from 'vitest';
import { ADMIN, getJson, postJson, useServer } from './helpers';

/**
 * A table reloaded from a snapshot must still undo (and recognise retries) behind it: the events before
 * the snapshot are read with the tail, so the engine can fold the state again without them in memory.
 */
describe('table server: a table loaded from a snapshot', () => {
  const ctx = useServer({ snapshotEvery: 3 });

  it('undoes commands from before its newest snapshot after a restart', async () => {
    const t = (await postJson(`${ctx.server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const post = (envelope: object) => postJson(`${ctx.server.url}/api/tables/${t.tableId}/commands`, { stream: 'fight', envelope }, t.gm.token);
    for (let i = 1; i <= 8; i++) {
      const r = await post({ id: `count-${i}`, command: { type: 'gm.setCounter', key: 'tally', value: i } });
      expect(r.status).toBe(200);
    }
    const counter = async () => (await getJson(`${ctx.server.url}/api/tables/${t.tableId}/state`, t.gm.token)).body.view.fight.view.counters['tally'];
    expect(await counter()).toBe(8);

    const server = await ctx.restart();
    const snap = await server.store.latestSnapshot(`${t.tableId}/fight/road`);
    expect(snap?.seq).toBeGreaterThan(0);
    // A retry of a command from before the snapshot is answered with its original events.
    const retried = await post({ id: 'count-1', command: { type: 'gm.setCounter', key: 'tally', value: 1 } });
    expect(retried.status).toBe(200);
    expect(retried.body.retried).toBe(true);
    for (let i = 8; i >= 2; i--) {
      const r = await post({ id: `undo-${i}`, command: { type: 'undo' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await counter()).toBe(i - 1);
    }
  });
});
