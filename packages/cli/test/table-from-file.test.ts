import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type FrayServer } from '@fray/server';
import { findRuleset } from '../src/rulesets';
import { tableSourceOfText } from '../src/commands/serve';
import { scenario } from './helpers';

const dirs: string[] = [];
const servers: FrayServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('a live table from a file (the server with the CLI loader, real SQLite)', () => {
  it('a campaign file makes the table: its creatures, seats and clock, no fight started; a scenario file starts its fight on its map', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-table-file-'));
    dirs.push(dataDir);
    const server = await createServer({
      dataDir, host: '127.0.0.1', port: 0, adminToken: 'a-test-admin-token-of-some-length',
      rulesets: { '13th-age': findRuleset('13th-age')!, a5e: findRuleset('a5e')! }, loadSetup: tableSourceOfText,
    });
    servers.push(server);
    const made = await server.createTable({ from: { scenario: fs.readFileSync(scenario('campaigns/13a-two-battles.yaml'), 'utf8') } });
    const table = server.tables.get(made.tableId)!;
    expect(made.seats.map((s) => s.seat)).toEqual(['seat-brann', 'seat-wren']);
    expect(table.campaign.state.clockSeconds).toBe(14 * 3600);
    expect(table.campaign.state.creatureIds).toEqual(['brann', 'wren']);
    expect(table.fight).toBeNull();

    const fight = await server.createTable({ from: { scenario: fs.readFileSync(scenario('a5e/ditch-jump.yaml'), 'utf8') } });
    const live = server.tables.get(fight.tableId)!;
    expect(live.fight?.state.creatureIds).toEqual(['wolf', 'brannoc']);
    expect((live.fight?.state.space as { creatures: Record<string, { x: number; y: number }> }).creatures['wolf']).toMatchObject({ x: 0, y: 1 });

    await expect(server.createTable({ from: { scenario: 'ruleset: a5e\nclock: { day: 1 }\ncreatures: []\n' } })).rejects.toMatchObject({ status: 400, wire: { code: 'invalid-setup', message: 'scenario.yaml:3: creatures: Too small: expected array to have >=1 items', path: ['from', 'scenario'] } });
  });
});
