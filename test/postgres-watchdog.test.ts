// A test run killed before its teardown must not leave its throwaway PostgreSQL cluster running: the
// cluster's watchdog (scripts/ensure-postgres.sh) stops it once the process that owns it has died.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { removeCluster, startCluster } from './postgres';

const alive = (pid: number) => {
  try {
    // a zombie (dead, not yet reaped) counts as gone
    return !/^\d+ \(.*\) [ZX]/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the throwaway PostgreSQL cluster', () => {
  it('stops itself, and its folder goes, once the process that owns it is killed (SIGKILL: no teardown runs)', async () => {
    const dir = `/tmp/fray-pg-watchdog-${process.pid}`;
    const owner = spawn('sleep', ['600'], { stdio: 'ignore' });
    const gone = new Promise((r) => owner.once('exit', r));
    try {
      const url = await startCluster(dir, owner.pid!);
      const postmaster = Number(fs.readFileSync(`${dir}/data/postmaster.pid`, 'utf8').split('\n')[0]);
      expect(alive(postmaster)).toBe(true);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      expect((await c.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await c.end();
      // a second start (another worker asking for the same cluster) keeps the one watchdog
      const watchdog = fs.readFileSync(`${dir}/watchdog.pid`, 'utf8').trim();
      await startCluster(dir, owner.pid!);
      expect(fs.readFileSync(`${dir}/watchdog.pid`, 'utf8').trim()).toBe(watchdog);
      owner.kill('SIGKILL');
      await gone;
      await until('the postmaster stops', () => !alive(postmaster));
      await until('the folder is removed', () => !fs.existsSync(dir));
      expect(alive(Number(watchdog))).toBe(false);
    } finally {
      owner.kill('SIGKILL');
      await removeCluster(dir);
    }
  });

  it('keeps running while its owner lives, and a stop by the owner ends the watchdog too', async () => {
    const dir = `/tmp/fray-pg-watchdog-live-${process.pid}`;
    try {
      await startCluster(dir);
      const postmaster = Number(fs.readFileSync(`${dir}/data/postmaster.pid`, 'utf8').split('\n')[0]);
      const watchdog = Number(fs.readFileSync(`${dir}/watchdog.pid`, 'utf8').trim());
      // several of the watchdog's polls go by: the cluster stays up
      await new Promise((r) => setTimeout(r, 2500));
      expect(alive(postmaster)).toBe(true);
      expect(alive(watchdog)).toBe(true);
      await removeCluster(dir);
      expect(alive(postmaster)).toBe(false);
      await until('the watchdog ends', () => !alive(watchdog), 10_000);
    } finally {
      await removeCluster(dir);
    }
  });
});
