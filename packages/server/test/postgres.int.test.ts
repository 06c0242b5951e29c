import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrayServer } from '../src/index';
import { freshDatabase } from '../../../test/postgres';
import { ADMIN, Client, getJson, postJson, startServer, tmpDir } from './helpers';

describe('table server on PostgreSQL', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const f of cleanup.splice(0).reverse()) await f();
  });

  it('keeps tables in the database: a command acknowledged by one server is in the log, and a server started later loads the table at the same versions', async () => {
    const db = await freshDatabase('fray_server');
    cleanup.push(db.drop);
    // the SQLite folder stays empty: the store is PostgreSQL's
    const dir = tmpDir();
    cleanup.push(async () => {
      expect(fs.readdirSync(dir)).toEqual([]);
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const first: FrayServer = await startServer(dir, { database: { url: db.url } });
    let firstOpen = true;
    cleanup.push(async () => {
      if (firstOpen) await first.close();
    });
    expect(first.store.backend).toBe('postgres');
    const t = (await postJson(`${first.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const gm = await Client.open(first.url, t.tableId);
    const welcome = await gm.hello(t.gm.token);
    const before = (welcome['version'] as { table: number; fight: { id: string; version: number } });
    const ack = await gm.command('fight', { id: 'pg-1', command: { type: 'gm.setCounter', key: 'torches', value: 3 } });
    expect(ack).toMatchObject({ type: 'ack', commandId: 'pg-1', version: { table: before.table, fight: { id: 'road', version: before.fight.version + 1 } } });
    expect((await first.store.read(`${t.tableId}/fight/road`)).at(-1)).toMatchObject({ commandId: 'pg-1', seq: before.fight.version });
    gm.close();
    await first.close();
    firstOpen = false;

    const second = await startServer(dir, { database: { url: db.url } });
    cleanup.push(() => second.close());
    expect([...second.tables.keys()]).toEqual([t.tableId]);
    const state = await getJson(`${second.url}/api/tables/${t.tableId}/state`, t.gm.token);
    expect(state.body.view.versions).toEqual({ table: before.table, fight: { id: 'road', version: before.fight.version + 1 } });
  });
});
