import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type FrayServer } from '@fray/server';
import { findRuleset } from '../src/rulesets';
import { tableSourceOfText } from '../src/commands/serve';
import { scenario } from './helpers';

/**
 * A table made from a campaign file keeps the file's planned fights (issue 14 A3): the GM reads the plan
 * and starts the next fight with its foes and map; the plan outlives a restart (real server, SQLite, HTTP).
 */
const dirs: string[] = [];
const servers: FrayServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const rulesets = { '13th-age': findRuleset('13th-age')!, a5e: findRuleset('a5e')! };
const start = (dataDir: string) =>
  createServer({ dataDir, host: '127.0.0.1', port: 0, adminToken: 'a-test-admin-token-of-some-length', rulesets, loadSetup: tableSourceOfText }).then((s) => (servers.push(s), s));

describe("a campaign file's planned fights at a live table", () => {
  it('the GM reads the plan, starts the next fight with its foes and map, then the one after; a seat may not; the plan survives a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-planned-'));
    dirs.push(dataDir);
    let server = await start(dataDir);
    const made = await server.createTable({ from: { scenario: fs.readFileSync(scenario('campaigns/13a-two-battles.yaml'), 'utf8') } });
    const gm = { authorization: `Bearer ${made.gm.token}`, 'content-type': 'application/json' };
    const seat = { authorization: `Bearer ${made.seats[0]!.token}`, 'content-type': 'application/json' };
    const api = (p: string) => `${server.url}/api/tables/${made.tableId}${p}`;
    const plan = async () => (await fetch(api('/fights/planned'), { headers: gm })).json() as Promise<{ next: string | null; fights: { id: string; status: string; foes: { id: string; name: string }[]; map: string | null }[] }>;
    const startFight = (fight: object, headers = gm) => fetch(api('/fights'), { method: 'POST', headers, body: JSON.stringify({ fight }) });

    expect(await plan()).toEqual({
      next: 'bridge',
      fights: [
        { id: 'bridge', status: 'planned', members: null, foes: [{ id: 'brute', name: 'Hill Brute' }], map: 'zones' },
        { id: 'ford', status: 'planned', members: null, foes: [{ id: 'grunt', name: 'Mire Grunt' }], map: null },
      ],
    });
    expect((await fetch(api('/fights/planned'), { headers: seat })).status).toBe(403);
    expect((await startFight({ planned: 'next' }, seat)).status).toBe(403);

    expect((await startFight({ planned: 'next' })).status).toBe(200);
    const table = server.tables.get(made.tableId)!;
    expect(table.fight!.state.id).toBe('bridge');
    expect(table.fight!.state.creatureIds).toEqual(['brute', 'brann', 'wren']);
    expect((table.fight!.state.space as { kind: string; engagements: Record<string, string[]> }).engagements['brann']).toEqual(['brute']);
    expect((await plan()).fights.map((f) => f.status)).toEqual(['under way', 'planned']);

    // a fight the plan does not hold, one already under way, or plan fields sent again: typed refusals
    const refused = async (fight: object) => {
      const r = await startFight(fight);
      return [r.status, ((await r.json()) as { error: { code: string; message: string } }).error];
    };
    await fetch(api('/fights/finish'), { method: 'POST', headers: gm, body: '{}' });
    expect(await refused({ planned: 'bridge' })).toEqual([409, { code: 'duplicate-fight', message: "the planned fight 'bridge' is already fought", path: ['fight', 'planned'] }]);
    expect(await refused({ planned: 'nope' })).toEqual([400, { code: 'no-plan', message: "no planned fight 'nope' (planned: bridge, ford)", path: ['fight', 'planned'] }]);
    expect(await refused({ planned: 'ford', foes: [] })).toEqual([400, { code: 'malformed', message: 'a planned fight takes its foes from the plan: send only planned, seed or diceMode', path: ['fight', 'foes'] }]);

    // a restart: the plan is read back with the table
    await server.close();
    servers.splice(servers.indexOf(server), 1);
    server = await start(dataDir);
    expect(await plan()).toMatchObject({ next: 'ford', fights: [{ id: 'bridge', status: 'done' }, { id: 'ford', status: 'planned' }] });
    expect((await startFight({ planned: 'next', seed: 7 })).status).toBe(200);
    expect(server.tables.get(made.tableId)!.fight!.state.creatureIds).toEqual(['grunt', 'brann', 'wren']);
    await fetch(api('/fights/finish'), { method: 'POST', headers: gm, body: '{}' });
    expect(await refused({ planned: 'next' })).toEqual([400, { code: 'no-plan', message: 'every planned fight has been fought (bridge, ford)', path: ['fight', 'planned'] }]);
  });

  it('a table without a plan says so', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-planned-'));
    dirs.push(dataDir);
    const server = await start(dataDir);
    const made = await server.createTable({ from: 'empty' });
    const r = await fetch(`${server.url}/api/tables/${made.tableId}/fights`, { method: 'POST', headers: { authorization: `Bearer ${made.gm.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ fight: { planned: 'next' } }) });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('no-plan');
    expect(await (await fetch(`${server.url}/api/tables/${made.tableId}/fights/planned`, { headers: { authorization: `Bearer ${made.gm.token}` } })).json()).toEqual({ next: null, fights: [] });
  });
});
