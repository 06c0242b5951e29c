// Holds a stream's next append in PostgreSQL: a transaction of the test's own writes the row the next
// append will write (stream, next seq) and stays open, so a server's append of that stream waits on the
// unique key, in flight, for as long as the test likes. Released by rolling back: the append goes on.
import pg from 'pg';

export interface HeldAppend {
  /** how many database sessions wait on the held row now */
  waiters(): Promise<number>;
  /** resolves once at least `n` sessions wait on it */
  waitFor(n?: number): Promise<void>;
  /** rolls back: the waiting appends go ahead */
  release(): Promise<void>;
}

export async function holdNextAppend(url: string, stream: string): Promise<HeldAppend> {
  const holder = new pg.Client({ connectionString: url });
  const watcher = new pg.Client({ connectionString: url });
  await holder.connect();
  await watcher.connect();
  await holder.query('begin');
  const { rows } = await holder.query<{ v: number }>('select coalesce(max(seq) + 1, 0)::int as v from fray_events where stream = $1', [stream]);
  await holder.query(`insert into fray_events (stream, seq, command_id, type, body, at) values ($1, $2, 'held', 'held', '{}', 'held')`, [stream, rows[0]!.v]);
  const me = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  // (pg_stat_activity is read outside any transaction: inside one it would be a snapshot)
  const waiters = async () => (await watcher.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [me])).rows[0]!.n;
  let released = false;
  return {
    waiters,
    async waitFor(n = 1) {
      const end = Date.now() + 60_000;
      while ((await waiters()) < n) {
        if (Date.now() > end) throw new Error(`no append waited on ${stream} within 60 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async release() {
      if (released) return;
      released = true;
      await holder.query('rollback');
      await holder.end();
      await watcher.end();
    },
  };
}
