import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { parse } from 'yaml';
import { ADMIN, Client, postJson, repoRoot, useServer } from './helpers';

describe('table server: limits answer with clear errors (a rate of 5 messages a second)', () => {
  const ctx = useServer({ limits: { maxMessagesPerSecond: 5 } });

  it('a connection sending faster than its rate is told to slow down, and is served again once it does', async () => {
    const { server } = ctx;
    const t = (await postJson(`${server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const gm = await Client.open(server.url, t.tableId);
    expect((await gm.hello(t.gm.token)).type).toBe('welcome');
    // The bucket holds twice the rate: the hello took one, nine more pings pass, the rest are refused.
    for (let i = 0; i < 15; i++) gm.send({ type: 'ping', id: `p${i}` });
    await gm.next((m) => m.type === 'pong' && m['id'] === 'p8');
    await new Promise((r) => setTimeout(r, 100));
    const pongs = gm.messages.filter((m) => m.type === 'pong').length;
    const refused = gm.messages.filter((m) => m.type === 'error' && (m['error'] as { code: string }).code === 'rate-limited');
    expect(pongs).toBeGreaterThanOrEqual(9);
    expect(pongs + refused.length).toBe(15);
    expect(refused.length).toBeGreaterThan(0);
    expect((refused[0]!['error'] as { message: string }).message).toBe('at most 5 messages per second: slow down');
    await new Promise((r) => setTimeout(r, 1100));
    gm.send({ type: 'ping', id: 'later' });
    await gm.next((m) => m.type === 'pong' && m['id'] === 'later');
    gm.close();
  });
});

describe('table server: limits answer with clear errors (8 creatures a table)', () => {
  const ctx = useServer({ limits: { maxCreaturesPerTable: 8 } });

  it('a table holds a limited number of creatures and says so', async () => {
    const { server } = ctx;
    const t = (await postJson(`${server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const r = await postJson(`${server.url}/api/tables/${t.tableId}/commands`, {
      stream: 'fight',
      envelope: { id: 'add-1', command: { type: 'addCreature', creature: { id: 'extra', side: 'bandits', sheet: parse(fs.readFileSync(path.join(repoRoot, 'scenarios/content/a5e/monsters/road-bandit.yaml'), 'utf8')) } } },
    }, t.gm.token);
    expect(r.status).toBe(429);
    expect(r.body.error).toEqual({ code: 'too-many-creatures', message: 'a table holds at most 8 creatures' });
  });
});
