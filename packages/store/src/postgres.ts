import pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * The store cannot reach its database (refused, dropped, shutting down, too many connections) or a
 * statement ran past its timeout. Nothing was written by the failing call; the same call may succeed
 * once the database is back, so servers answer `unavailable` and keep running.
 */
export class DatabaseUnavailable extends Error {
  readonly code = 'database-unavailable';
  constructor(
    /** 'unreachable' (connecting or the connection failed) or 'timeout' (statement_timeout or the pool's wait) */
    readonly reason: 'unreachable' | 'timeout',
    detail: string,
  ) {
    super(`the database is unavailable (${reason}): ${detail}`);
    this.name = 'DatabaseUnavailable';
  }
}

export interface PostgresOptions {
  /** postgres://user:password@host:port/database (as libpq and DATABASE_URL spell it) */
  url: string;
  /** connections this process keeps at most (default 10) */
  poolSize?: number;
  /** PostgreSQL's statement_timeout for every statement, in ms (default 10,000) */
  statementTimeoutMs?: number;
  /** how long to wait for a connection (opening one, or a free one from a full pool), in ms (default 5,000) */
  connectTimeoutMs?: number;
  /** how the connections show in pg_stat_activity (default 'fray') */
  applicationName?: string;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// SQLSTATEs that mean "not now" rather than "wrong": admin/crash shutdown, cannot connect now, too many connections.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53400']);
const DROPPED = /Connection terminated|connection error and is not queryable|Client was closed|timeout exceeded when trying to connect|Query read timeout|Connection terminated due to connection timeout/i;

/** The typed error for a pg failure that means the database cannot be used now, or null for any other. */
export function unavailableOf(e: unknown): DatabaseUnavailable | null {
  if (e instanceof DatabaseUnavailable) return e;
  const code = (e as { code?: unknown } | null)?.code;
  const message = e instanceof Error ? e.message : String(e);
  if (code === '57014') return new DatabaseUnavailable('timeout', message);
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) return new DatabaseUnavailable('unreachable', `${code}: ${message}`);
  if (/timeout exceeded when trying to connect/i.test(message)) return new DatabaseUnavailable('timeout', message);
  if (DROPPED.test(message)) return new DatabaseUnavailable('unreachable', message);
  return null;
}

const mapped = (e: unknown) => unavailableOf(e) ?? e;

/** Where the store is, for messages: the URL without its password. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.toString();
  } catch {
    return 'postgres (unparsable URL)';
  }
}

export function isPostgresUrl(s: string | undefined): boolean {
  return typeof s === 'string' && /^postgres(ql)?:\/\//i.test(s);
}

/**
 * pg's pool, as Kysely's PostgresDialect takes it, with failures of the connection turned into
 * DatabaseUnavailable (SQL errors such as a unique violation pass through untouched).
 */
export function postgresPool(o: PostgresOptions): { pool: pg.Pool; dialectPool: PostgresPool } {
  const pool = new pg.Pool({
    connectionString: o.url,
    max: o.poolSize ?? 10,
    statement_timeout: o.statementTimeoutMs ?? 10_000,
    connectionTimeoutMillis: o.connectTimeoutMs ?? 5_000,
    // A transaction left open by a dead caller must not hold row locks for ever.
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
    application_name: o.applicationName ?? 'fray',
  });
  // An idle connection that dies (the server restarted) is dropped by the pool; without a listener
  // its 'error' event would end the process.
  pool.on('error', () => undefined);
  pool.on('connect', (c) => c.on('error', () => undefined));
  const dialectPool: PostgresPool = {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        throw mapped(e);
      }
      const wrapped = {
        query: (text: string, params: readonly unknown[]) => client.query(text, params as unknown[]).catch((e: unknown) => { throw mapped(e); }),
        release: (destroy?: boolean) => client.release(destroy),
      };
      return wrapped as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
  return { pool, dialectPool };
}
