// vitest globalSetup: names the folder of this run's throwaway PostgreSQL cluster (test/postgres.ts
// starts it the first time a test asks for it, so runs without PostgreSQL tests never pay for it) and
// stops it when the run ends. Should the run be killed before that, the cluster's watchdog (see
// scripts/ensure-postgres.sh) stops it once this process has gone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { ensurePostgresScript } from './postgres';

export default function setup(): () => void {
  const dir = `/tmp/fray-pg-test-${process.pid}`;
  process.env['FRAY_TEST_PG_DIR'] = dir;
  process.env['FRAY_TEST_PG_OWNER'] = String(process.pid);
  return () => {
    if (fs.existsSync(dir)) execFileSync('sh', [ensurePostgresScript, 'stop', dir], { stdio: 'inherit' });
  };
}
