import pg from 'pg';

/** The channel every PostgreSQL append notifies on, in the append's own transaction (so only once it commits). */
export const APPENDS_CHANNEL = 'fray_appends';

/** The channel a change to a table's seats (a token revoked, the seat list or meta changed) notifies on, in its own transaction. */
export const SEATS_CHANNEL = 'fray_seats';

/** What a seats notification says: which table; a listener reads the table's seats and meta from the store. */
export interface SeatsNotice {
  table: string;
}

export function parseSeatsNotice(payload: string | undefined): SeatsNotice | null {
  try {
    const o = JSON.parse(payload ?? '') as { table?: unknown };
    return typeof o.table === 'string' ? { table: o.table } : null;
  } catch {
    return null;
  }
}

/** What a notification says: a stream reached a version. Readers take the events from the store, never from here. */
export interface AppendNotice {
  stream: string;
  version: number;
}

export interface AppendListener {
  /** settles once LISTEN is in force the first time */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function parseNotice(payload: string | undefined): AppendNotice | null {
  try {
    const o = JSON.parse(payload ?? '') as { stream?: unknown; version?: unknown };
    return typeof o.stream === 'string' && typeof o.version === 'number' ? { stream: o.stream, version: o.version } : null;
  } catch {
    return null;
  }
}

/**
 * LISTENs for appends (and, given `onSeats`, seat changes) on a connection of its own (outside the pool: LISTEN belongs to a session).
 * When that connection is lost it connects again, with a growing pause, and calls `onResync`:
 * notifications sent while it was away are gone, so whoever follows the log reads it again.
 */
export function listenForAppends(url: string, onAppend: (n: AppendNotice) => void, onResync: () => void, applicationName = 'fray-listen', onSeats?: (n: SeatsNotice) => void): AppendListener {
  let closed = false;
  let client: pg.Client | null = null;
  let pause = 100;
  let timer: NodeJS.Timeout | null = null;
  let first = true;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, application_name: applicationName, keepAlive: true, connectionTimeoutMillis: 5000 });
    client = c;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      void c.end().catch(() => undefined);
      if (!closed) timer = setTimeout(() => void connect(), pause);
      pause = Math.min(pause * 2, 2000);
    };
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', (m) => {
      if (m.channel === SEATS_CHANNEL) {
        const n = parseSeatsNotice(m.payload);
        if (n && onSeats) onSeats(n);
        return;
      }
      const n = parseNotice(m.payload);
      if (n) onAppend(n);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${APPENDS_CHANNEL}`);
      if (onSeats) await c.query(`LISTEN ${SEATS_CHANNEL}`);
    } catch {
      onLost();
      return;
    }
    if (closed) return void c.end().catch(() => undefined);
    pause = 100;
    if (first) {
      first = false;
      markReady();
    } else {
      onResync();
    }
  };
  void connect();
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      markReady();
      if (c) await c.end().catch(() => undefined);
    },
  };
}
