import { describe, expect, it } from 'vitest';
import { ADMIN, Client, postJson, useServer } from './helpers';
import { campaignStreamId, fightStreamId } from '../src/index';

describe('races: commands decided against the same version', () => {
  const ctx = useServer();

  it('over WebSocket: of three clients at one version exactly one wins, the others get version-conflict, no acknowledged update is lost, the log is gap-free', async () => {
    const t = (await postJson(`${ctx.server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const clients = [await Client.open(ctx.server.url, t.tableId), await Client.open(ctx.server.url, t.tableId), await Client.open(ctx.server.url, t.tableId)];
    for (const c of clients) await c.hello(t.gm.token);
    const live = ctx.server.tables.get(t.tableId)!;
    const won: number[] = [];
    for (let round = 0; round < 40; round++) {
      const v = live.fight!.events.length;
      const results = await Promise.all(clients.map((c, i) => c.command('fight', { id: `r${round}-c${i}`, expectedVersion: v, command: { type: 'gm.setCounter', key: 'race', value: round * 10 + i } })));
      const acks = results.filter((r) => r.type === 'ack');
      expect(acks).toHaveLength(1);
      for (const r of results.filter((x) => x.type !== 'ack')) expect(r).toMatchObject({ type: 'rejected', error: { code: 'version-conflict' } });
      won.push(Number(String(acks[0]!['commandId']).split('-c')[1]) + round * 10);
    }
    const log = await ctx.server.store.read(fightStreamId(t.tableId, 'road'));
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i));
    const counters = log.filter((e) => e.type === 'CounterSet' || (e as { key?: string }).key === 'race').map((e) => (e as unknown as { value: number }).value);
    expect(counters).toEqual(won);
    expect(live.fight!.state.counters['race']).toBe(won.at(-1));
    for (const c of clients) c.close();
  });

  it('over HTTP: concurrent posts at one version, one 200 ack and the rest 409 version-conflict', async () => {
    const t = (await postJson(`${ctx.server.url}/api/tables`, { from: 'empty', ruleset: 'a5e' }, ADMIN)).body;
    const live = ctx.server.tables.get(t.tableId)!;
    for (let round = 0; round < 10; round++) {
      const v = live.campaign.events.length;
      const results = await Promise.all([0, 1, 2, 3].map((i) => postJson(`${ctx.server.url}/api/tables/${t.tableId}/commands`, {
        stream: 'table', envelope: { id: `h${round}-${i}`, expectedVersion: v, command: { type: 'gm.setCounter', key: 'race', value: i } },
      }, t.gm.token)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 409, body: { type: 'rejected', error: { code: 'version-conflict' } } });
    }
    const log = await ctx.server.store.read(campaignStreamId(t.tableId));
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i));
  });
});
