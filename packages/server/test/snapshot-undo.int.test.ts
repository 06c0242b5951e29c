import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, getJson, postJson, startServer, tmpDir } from './helpers';
import type { FrayServer } from '../src/index';

/**
 * A table reloaded from a snapshot must still undo (and recognise retries) behind it: the events before
 * the snapshot are read with the tail, so the engine can fold the state again without them in memory.
 */
describe('table server: a table loaded from a snapshot', () => {
  let server: FrayServer | null = null;
  let dir = '';
  afterEach(async () => {
    await server?.close();
    server = null;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('undoes commands from before its newest snapshot after a restart', async () => {
    dir = tmpDir();
    server = await startServer(dir, { snapshotEvery: 3 });
    const t = (await postJson(`${server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const post = (envelope: object) => postJson(`${server!.url}/api/tables/${t.tableId}/commands`, { stream: 'fight', envelope }, t.gm.token);
    for (let i = 1; i <= 8; i++) {
      const r = await post({ id: `count-${i}`, command: { type: 'gm.setCounter', key: 'tally', value: i } });
      expect(r.status).toBe(200);
    }
    const counter = async () => (await getJson(`${server!.url}/api/tables/${t.tableId}/state`, t.gm.token)).body.view.fight.view.counters['tally'];
    expect(await counter()).toBe(8);
    await server.close();

    server = await startServer(dir, { snapshotEvery: 3 });
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
