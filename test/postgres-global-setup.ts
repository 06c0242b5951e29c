// vitest globalSetup: names the folder of this run's throwaway PostgreSQL cluster (test/postgres.ts
// starts it the first time a test asks for it, so runs without PostgreSQL tests never pay for it) and
// stops it when the run ends.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { ensurePostgresScript } from './postgres';

export default function setup(): () => void {
  const dir = `/tmp/fray-pg-test-${process.pid}`;
  process.env['FRAY_TEST_PG_DIR'] = dir;
  return () => {
    if (fs.existsSync(dir)) execFileSync('sh', [ensurePostgresScript, 'stop', dir], { stdio: 'inherit' });
  };
}
