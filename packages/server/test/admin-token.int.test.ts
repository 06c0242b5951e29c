import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADMIN, getJson, postJson, startServer, tmpDir, useServer } from './helpers';

const REFUSED = {
  type: 'error',
  error: { code: 'unauthorized', message: "creating or importing a table takes the server's admin token (Authorization: Bearer …), printed by fray serve when it starts" },
};

async function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('creating and importing tables take the admin token', () => {
  const ctx = useServer();

  it('no token, a wrong one, a table\'s GM token: the same 401 answer, read before the body; nothing stored', async () => {
    const made = await postJson(`${ctx.server.url}/api/tables`, { from: 'demo' }, ADMIN);
    expect(made.status).toBe(201);
    const before = await ctx.server.store.countTables();
    const url = `${ctx.server.url}/api/tables`;
    const json = { 'content-type': 'application/json' };
    for (const headers of [json, { ...json, authorization: `Bearer ${ADMIN}x` }, { ...json, authorization: `Bearer ${made.body.gm.token}` }, { ...json, authorization: ADMIN }]) {
      expect(await post(url, JSON.stringify({ from: 'demo' }), headers)).toEqual({ status: 401, body: REFUSED });
      // A body that is not even JSON gets the same answer: the token is checked first.
      expect(await post(url, '{not json', headers)).toEqual({ status: 401, body: REFUSED });
    }
    expect(await ctx.server.store.countTables()).toBe(before);
    // The ctx.server keeps no token in clear, and a refusal never repeats the one it was sent.
    expect(ctx.server.adminToken).toBeNull();
    expect(JSON.stringify(await post(url, '{}', { ...json, authorization: 'Bearer not-the-admin-token-at-all' }))).not.toContain('not-the-admin');
  });

  it('import: refused without the admin token, and with it the exported log becomes a new table with the same log', async () => {
    const made = (await postJson(`${ctx.server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const exported = (await getJson(`${ctx.server.url}/api/tables/${made.tableId}/export`, made.gm.token)).body as string;
    const ndjson = { 'content-type': 'application/x-ndjson' };
    const before = await ctx.server.store.countTables();
    expect(await post(`${ctx.server.url}/api/tables/import`, exported, ndjson)).toEqual({ status: 401, body: REFUSED });
    expect(await post(`${ctx.server.url}/api/tables/import`, exported, { ...ndjson, authorization: `Bearer ${made.gm.token}` })).toEqual({ status: 401, body: REFUSED });
    expect(await ctx.server.store.countTables()).toBe(before);
    const imported = await post(`${ctx.server.url}/api/tables/import`, exported, { ...ndjson, authorization: `Bearer ${ADMIN}` });
    expect(imported.status).toBe(201);
    const id = (imported.body as { tableId: string }).tableId;
    const again = (await getJson(`${ctx.server.url}/api/tables/${id}/export`, (imported.body as { gm: { token: string } }).gm.token)).body as string;
    // The same events (the header names the new table).
    expect(again.split('\n').slice(1)).toEqual(exported.split('\n').slice(1));
  });

  it('fuzz: 400 requests with random or near-miss credentials and random bodies all get the same 401; no table is made', async () => {
    const before = await ctx.server.store.countTables();
    const nearMiss = fc.oneof(
      fc.constant(''),
      fc.string({ maxLength: 60 }),
      fc.nat({ max: ADMIN.length - 1 }).map((i) => ADMIN.slice(0, i) + String.fromCharCode(ADMIN.charCodeAt(i) ^ 1) + ADMIN.slice(i + 1)),
      fc.nat({ max: ADMIN.length - 1 }).map((i) => ADMIN.slice(0, i)),
      fc.string({ minLength: 1, maxLength: 3 }).map((x) => ADMIN + x),
      fc.constant(ADMIN.toUpperCase()),
    );
    const scheme = fc.constantFrom('Bearer ', 'bearer ', 'Basic ', '', 'Bearer  ');
    const body = fc.oneof(fc.json(), fc.string({ maxLength: 200 }), fc.constant(JSON.stringify({ from: 'demo' })));
    await fc.assert(
      fc.asyncProperty(scheme, nearMiss, body, fc.boolean(), fc.constantFrom('/api/tables', '/api/tables/import'), async (s, token, text, withAuth, route) => {
        fc.pre(!(s === 'Bearer ' || s === 'Bearer  ') || token.trim() !== ADMIN);
        const headers: Record<string, string> = { 'content-type': route.endsWith('import') ? 'application/x-ndjson' : 'application/json' };
        if (withAuth) headers['authorization'] = `${s}${token}`;
        const r = await post(`${ctx.server.url}${route}`, text, headers);
        expect(r).toEqual({ status: 401, body: REFUSED });
      }),
      { numRuns: 400 },
    );
    expect(await ctx.server.store.countTables()).toBe(before);
  });

  it('a server started without one makes a fresh 256-bit token and hands it back once; a short one is refused at start', async () => {
    const d = tmpDir();
    const own = await startServer(d, { adminToken: undefined });
    try {
      expect(own.adminToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await postJson(`${own.url}/api/tables`, { from: 'demo' }, own.adminToken!)).status).toBe(201);
      expect((await postJson(`${own.url}/api/tables`, { from: 'demo' }, ADMIN)).status).toBe(401);
    } finally {
      await own.close();
    }
    await expect(startServer(tmpDir(), { adminToken: 'short' })).rejects.toThrow('the admin token must be at least 20 characters long');
    fs.rmSync(d, { recursive: true, force: true });
  });
});
