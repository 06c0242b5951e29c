import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Encounter, canonicalJson, legalCommands, type Command, type EncounterState, type FrayEvent, type Json } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { ADMIN, Client, getJson, postJson, repoRoot, tmpDir } from './helpers';

const source = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
// Bundled once (the engine and rulesets from source take seconds to load through tsx; a bundle loads
// in a fraction of that, so 20+ restarts stay quick). Inside the repo so external packages resolve.
const child = path.join(repoRoot, 'node_modules', '.cache', 'fray-crash', 'crash-child.mjs');

async function bundleChild(): Promise<void> {
  await build({
    entryPoints: [source], outfile: child, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning',
    external: ['better-sqlite3', 'fastify', '@fastify/*', 'ws', 'kysely', 'pg', 'zod', 'yaml'],
  });
}

function start(dataDir: string): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, [child, dataDir], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) resolve({ proc, url: m[1]! });
    });
    proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('exit', (code) => reject(new Error(`server exited (${code}) before it was ready: ${err}`)));
  });
}

const killed = (p: ChildProcess) => new Promise<void>((resolve) => {
  if (p.exitCode !== null || p.signalCode !== null) return resolve();
  p.once('exit', () => resolve());
  p.kill('SIGKILL');
});

/** Parses `GET /export` (JSON lines) into the fight's events. */
function fightLog(ndjson: string, fightId: string): FrayEvent[] {
  return ndjson.split('\n').filter(Boolean).slice(1).map((l) => JSON.parse(l) as { stream: string; event: FrayEvent })
    .filter((r) => r.stream === `fight/${fightId}`).map((r) => r.event);
}

describe('crash: SIGKILL under load', () => {
  const procs: ChildProcess[] = [];
  const dir = tmpDir();
  beforeAll(bundleChild);
  afterAll(async () => {
    for (const p of procs) await killed(p);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('after each of 20+ kills at random moments every acknowledged command is in the store, the rebuilt state is the fold of the log, and play goes on', async () => {
    let { proc, url } = await start(dir);
    procs.push(proc);
    const t = (await postJson(`${url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const acked = new Set<string>();
    let inFlight: { id: string; command: Command } | null = null;
    let n = 0;
    let rng = 4780;
    const random = () => ((rng = (rng * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let total = 0;
    let kills = 0;
    for (let life = 0; life < 22; life++) {
      const gm = await Client.open(url, t.tableId);
      const welcome = await gm.hello(t.gm.token);
      expect(welcome.type).toBe('welcome');
      let state = (welcome['view'] as { fight: { view: EncounterState } }).fight.view;
      // The state the restarted server holds is the fold of what it has stored.
      const log = fightLog((await getJson(`${url}/api/tables/${t.tableId}/export`, t.gm.token)).body as string, 'road');
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i));
      // (the GM's view leaves out the paused command's replay base and adds the ruleset's public state: compare without them)
      const withoutBase = (x: EncounterState) => {
        const { publicState: _public, ...held } = x as EncounterState & { publicState?: unknown };
        return canonicalJson({ ...held, pending: x.pending ? { ...x.pending, base: null } : null });
      };
      expect(withoutBase(Encounter.fromEvents(log, { ruleset: a5eRuleset }).state) === withoutBase(state)).toBe(true);
      const ids = new Set(log.map((e) => e.commandId));
      for (const id of acked) expect(ids.has(id), `acknowledged ${id} is in the store`).toBe(true);

      // Load: the GM plays on (a command lost in flight is sent again with its id); the kill comes at a
      // random moment after this life's first acknowledgement, so it always lands under load.
      let killer: Promise<void> | null = null;
      let alive = true;
      while (alive) {
        if (!inFlight) {
          const legal = state.phase === 'ended' ? [] : legalCommands(state, { role: 'gm' }, a5eRuleset);
          const command = legal.find((c) => c.type === 'takeAction') ?? legal.find((c) => c.type === 'answerPrompt') ?? legal[0] ?? ({ type: 'gm.setCounter', key: 'after', value: n } as Command);
          inFlight = { id: `k-${n++}`, command };
        }
        const r = await gm.command('fight', { id: inFlight.id, command: inFlight.command as Record<string, Json> }).catch(() => null);
        if (!r) break;
        if (r.type === 'ack') {
          acked.add(inFlight.id);
          total++;
        } else expect.fail(`rejected ${JSON.stringify(r)}`);
        inFlight = null;
        state = (gm.view as { fight: { view: EncounterState } }).fight.view;
        killer ??= new Promise<void>((resolve) => setTimeout(() => void killed(proc).then(() => {
          alive = false;
          resolve();
        }), random() * 150));
      }
      await killer;
      kills++;
      gm.close();
      ({ proc, url } = await start(dir));
      procs.push(proc);
    }
    expect(kills).toBeGreaterThanOrEqual(20);
    expect(total).toBeGreaterThanOrEqual(kills);
    await killed(proc);
  }, 600_000);
});
