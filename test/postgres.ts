// A real PostgreSQL for tests: FRAY_TEST_DATABASE_URL when it is set, else the throwaway cluster that
// scripts/ensure-postgres.sh starts (once per vitest run, on first use; test/postgres-global-setup.ts
// names its folder and stops it at the end). Each test takes a database of its own.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
export const ensurePostgresScript = path.join(repoRoot, 'scripts', 'ensure-postgres.sh');

let adminUrl: Promise<string> | null = null;

/**
 * Starts a cluster in `dir` (or finds it running) and returns its URL (database `postgres`). It stops
 * itself once `owner` (default: this process) has died, should the test's own teardown never run.
 */
export async function startCluster(dir: string, owner = process.pid): Promise<string> {
  const { stdout } = await run('sh', [ensurePostgresScript, 'start', dir, String(owner)], { timeout: 300_000 });
  const line = stdout.split('\n').find((l) => l.startsWith('DATABASE_URL='));
  if (!line) throw new Error(`ensure-postgres.sh printed no DATABASE_URL: ${stdout}`);
  return line.slice('DATABASE_URL='.length);
}

/** Stops the cluster in `dir`, keeping its data (start it again with startCluster: same port, same data). */
export async function haltCluster(dir: string): Promise<void> {
  await run('sh', [ensurePostgresScript, 'halt', dir]);
}

export async function removeCluster(dir: string): Promise<void> {
  await run('sh', [ensurePostgresScript, 'stop', dir]);
}

/** The tests' PostgreSQL server (an administrator's URL). */
export function testPostgresUrl(): Promise<string> {
  const given = process.env['FRAY_TEST_DATABASE_URL'];
  if (given) return Promise.resolve(given);
  // The run's cluster belongs to vitest's main process (global setup), which outlives every worker.
  adminUrl ??= startCluster(process.env['FRAY_TEST_PG_DIR'] ?? `/tmp/fray-pg-test-${process.ppid}`, Number(process.env['FRAY_TEST_PG_OWNER'] ?? process.ppid));
  return adminUrl;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A new empty database on the tests' server; returns its URL and a way to drop it. */
export async function freshDatabase(prefix = 'fray'): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = await testPostgresUrl();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(admin, name),
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}
