import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { clockAt } from '@fray/engine';
import { serveCommand, type Served } from '../src/commands/serve';
import { repoRoot } from '../src/paths';
import { capture } from './helpers';

const dirs: string[] = [];
const running: Served[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-serve-'));
  dirs.push(d);
  return d;
};
afterEach(async () => {
  for (const s of running.splice(0)) await s.server.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  delete process.env['FRAY_ADMIN_TOKEN'];
});

async function create(url: string, token: string | null): Promise<number> {
  const res = await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ from: 'empty' }) });
  return res.status;
}

describe('fray serve: the admin token', () => {
  it('without one, prints a fresh token once (and the new-table link that carries it); it creates tables, nothing else does', async () => {
    const s = await serveCommand({ port: 0, data: tmp() });
    running.push(s);
    const line = s.lines.find((l) => l.startsWith('Admin token'))!;
    const token = /: ([A-Za-z0-9_-]{43})$/.exec(line)![1]!;
    expect(s.lines).toContain(`New table (choose creatures from the content library): ${s.server.url}/#new&host=${token}`);
    expect(await create(s.server.url, token)).toBe(201);
    expect(await create(s.server.url, null)).toBe(401);
    expect(await create(s.server.url, `${token}x`)).toBe(401);
  });

  it('--admin-token (or FRAY_ADMIN_TOKEN) is used and never printed', async () => {
    const a = await serveCommand({ port: 0, data: tmp(), adminToken: 'operator-chosen-token-4780' });
    running.push(a);
    expect(a.lines.join('\n')).not.toContain('operator-chosen-token-4780');
    expect(a.lines.some((l) => l.startsWith('Admin token'))).toBe(false);
    expect(await create(a.server.url, 'operator-chosen-token-4780')).toBe(201);
    process.env['FRAY_ADMIN_TOKEN'] = 'token-from-the-environment-4780';
    const b = await serveCommand({ port: 0, data: tmp() });
    running.push(b);
    expect(b.lines.join('\n')).not.toContain('token-from-the-environment');
    expect(await create(b.server.url, 'token-from-the-environment-4780')).toBe(201);
  });

  it('a short admin token is refused at start, without repeating it', async () => {
    await expect(serveCommand({ port: 0, data: tmp(), adminToken: 'hunter2' })).rejects.toThrow(/^the admin token must be at least 20 characters long$/);
  });
});

describe('fray serve: tables from files', () => {
  const make = async (s: Served, file: string) => {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    const res = await fetch(`${s.server.url}/api/tables`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${s.server.adminToken}` }, body: JSON.stringify({ from: { scenario: text } }),
    });
    return { status: res.status, body: (await res.json()) as { tableId: string; seats: { seat: string }[]; error?: unknown } };
  };

  it('a campaign file makes a table at the start of its campaign: its creatures and seats, its clock, no fight yet (its steps are a script for fray run)', async () => {
    const s = await serveCommand({ port: 0, data: tmp() });
    running.push(s);
    const r = await make(s, 'scenarios/campaigns/a5e-day.yaml');
    expect(r.status).toBe(201);
    expect(r.body.seats.map((x) => x.seat)).toEqual(['seat-brannoc', 'seat-tamsin']);
    const live = s.server.tables.get(r.body.tableId)!;
    expect(live.ruleset.id).toBe('a5e');
    expect([...live.campaign.state.creatureIds]).toEqual(['brannoc', 'tamsin']);
    expect(live.campaign.state.creatures['brannoc']!.controller).toBe('seat-brannoc');
    expect(live.campaign.state.clockSeconds).toBe(clockAt(1, 9));
    expect(live.fight).toBeNull();
  });

  it('a scenario file makes a table with its fight under way; a file that is neither is invalid-setup and makes nothing', async () => {
    const s = await serveCommand({ port: 0, data: tmp() });
    running.push(s);
    const r = await make(s, 'scenarios/a5e/demo-forest.yaml');
    expect(r.status).toBe(201);
    expect(s.server.tables.get(r.body.tableId)!.fight!.state.phase).toBe('setup');
    const tables = s.server.tables.size;
    const bad = await fetch(`${s.server.url}/api/tables`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${s.server.adminToken}` }, body: JSON.stringify({ from: { scenario: 'ruleset: a5e\nseed: 1\n' } }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid-setup');
    expect(s.server.tables.size).toBe(tables);
  });
});

describe('fray serve: imports from the web table', () => {
  it('a stat block pasted on the new-table page with save lands in the data folder\'s library as `fray import` writes it, listed at once and after a restart', async () => {
    const data = tmp();
    const s = await serveCommand({ port: 0, data, adminToken: 'operator-chosen-token-4780' });
    running.push(s);
    const text = fs.readFileSync(path.join(repoRoot, 'packages', 'import', 'test', 'samples', '5e-block.txt'), 'utf8');
    const res = await fetch(`${s.server.url}/api/import`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer operator-chosen-token-4780' }, body: JSON.stringify({ text, save: true }) });
    expect(res.status).toBe(200);
    const file = path.join(data, 'content', 'a5e', 'monsters', 'rust-hound.yaml');
    const written = fs.readFileSync(file, 'utf8');
    expect(written).toMatch(/^# Rust Hound: imported by `fray import` from a stat block pasted on the web table/);
    expect(written).toContain('# fray-meta {"source":"text-5e","cr":"1","type":"monstrosity"}');
    const listed = async (url: string) => ((await (await fetch(`${url}/api/content/a5e`)).json()) as { entries: { ref: string; level: string }[] }).entries.find((e) => e.ref === 'a5e/monsters/rust-hound.yaml');
    expect(await listed(s.server.url)).toMatchObject({ level: 'CR 1' });
    await s.server.close();
    running.length = 0;
    const again = await serveCommand({ port: 0, data, adminToken: 'operator-chosen-token-4780' });
    running.push(again);
    expect(await listed(again.server.url)).toMatchObject({ level: 'CR 1' });
  });
});

describe('fray serve --durability', () => {
  it("'full' by default (SQLite's FULL: on disk before the ack), 'normal' on request; the start line says which", async () => {
    const full = await serveCommand({ port: 0, data: tmp() });
    running.push(full);
    expect(full.server.store.synchronousMode()).toBe(2);
    expect(full.lines[0]).toContain(', durability full: each command is on disk before it is acknowledged,');
    const normal = await serveCommand({ port: 0, data: tmp(), durability: 'normal' });
    running.push(normal);
    expect(normal.server.store.synchronousMode()).toBe(1);
    expect(normal.lines[0]).toContain(', durability normal: a command survives the server dying, a power cut may lose the last seconds,');
    // a command is still acknowledged only once the store has it
    expect(await create(normal.server.url, /: ([A-Za-z0-9_-]{43})$/.exec(normal.lines.find((l) => l.startsWith('Admin token'))!)![1]!)).toBe(201);
  });

  it('a value other than full or normal is a usage error naming both; with --database it is refused, PostgreSQL deciding its own', async () => {
    const bad = capture(['serve', '--durability', 'fast', '--port', '0']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("option '--durability <full|normal>' argument 'fast' is invalid. expected 'full' (an acknowledged command is on disk: it survives a power cut) or 'normal'");
    await expect(serveCommand({ port: 0, data: tmp(), database: 'postgres://x@127.0.0.1:1/none', durability: 'normal' })).rejects.toThrow(/^--durability is the SQLite file's setting; with --database, PostgreSQL's own synchronous_commit decides/);
  });

  it('fuzz: 300 other values (near misses among them; a leading dash would be read as the next option), are each a usage error that starts nothing', () => {
    const near = fc.constantFrom('FULL', 'Normal', ' full', 'full ', 'ful', 'normall', '', '0', '1', 'true', 'extra', 'off', 'full,normal');
    fc.assert(fc.property(fc.oneof(near, fc.string(), fc.string({ unit: 'binary', maxLength: 40 })).filter((v) => v !== 'full' && v !== 'normal' && !v.startsWith('-')), (v) => {
      const r = capture(['serve', '--durability', v, '--port', '0']);
      expect([r.code, r.out]).toEqual([2, '']);
      expect(r.err).toContain(`option '--durability <full|normal>' argument '${v}' is invalid.`);
    }), { numRuns: 300 });
  });
});
