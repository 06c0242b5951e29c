// Table servers in processes of their own on one PostgreSQL database, for the cluster tests and bench.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { FrayEvent } from '@fray/engine';
import { repoRoot, tmpDir, type Client, type Msg } from './helpers';

// (from repoRoot, not this file's URL: the bench bundles this module elsewhere)
const source = path.join(repoRoot, 'packages', 'server', 'test', 'crash-child.ts');
// Bundled once: loading the engine and rulesets from source through tsx takes seconds per process.
const child = path.join(repoRoot, 'node_modules', '.cache', 'fray-cluster', 'server-child.mjs');
let bundled: Promise<unknown> | null = null;

export function bundleServerChild(): Promise<unknown> {
  bundled ??= build({
    entryPoints: [source], outfile: child, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning',
    external: ['better-sqlite3', 'fastify', '@fastify/*', 'ws', 'kysely', 'pg', 'zod', 'yaml'],
  });
  return bundled;
}

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  stderr: () => string;
}

/**
 * A server process on the database at `databaseUrl` (else on a SQLite file in a fresh folder); settles
 * once it listens. `limits` are the server's own (crash-child.ts reads them from FRAY_TEST_LIMITS).
 */
export async function startServerProcess(databaseUrl?: string, limits?: Record<string, number>): Promise<ServerProcess> {
  await bundleServerChild();
  // (with a database URL its SQLite folder stays empty)
  const dir = tmpDir();
  const proc = spawn(process.execPath, [child, dir, ...(databaseUrl ? [databaseUrl] : [])], {
    cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...(limits ? { FRAY_TEST_LIMITS: JSON.stringify(limits) } : {}) },
  });
  proc.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    proc.on('exit', (code) => reject(new Error(`server exited (${code}) before it was ready: ${err}`)));
  });
  return { proc, url, stderr: () => err };
}

export const stopProcess = (p: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => new Promise<void>((resolve) => {
  if (p.exitCode !== null || p.signalCode !== null) return resolve();
  p.once('exit', () => resolve());
  p.kill(signal);
});

/** `seq:commandId` of every event of a stream a client was pushed (its welcome's catch-up included), in order. */
export function seen(c: Client, stream: 'table' | 'fight'): string[] {
  const out: string[] = [];
  const take = (m: Msg) => {
    if (m.type === 'events' && m['stream'] === stream) for (const e of m['events'] as FrayEvent[]) out.push(`${e.seq}:${e.commandId}`);
  };
  for (const m of c.messages) {
    if (m.type === 'welcome') for (const x of (m['catchUp'] as Msg[] | undefined) ?? []) take(x);
    else take(m);
  }
  return out;
}

/** Waits until a client has been pushed a stream's events up to `version`. */
export function reached(c: Client, stream: 'table' | 'fight', version: number): Promise<Msg> {
  const at = (m: Msg) => m.type === 'events' && m['stream'] === stream && (m['version'] as number) >= version;
  const found = c.messages.find(at);
  return found ? Promise.resolve(found) : c.next(at, 60_000);
}
