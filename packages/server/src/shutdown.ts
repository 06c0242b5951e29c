import process from 'node:process';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * How a shutting-down server tells its connections to go elsewhere: 1012 is the WebSocket code for
 * "service restart"; clients treat any close they did not ask for as a reason to connect again (with
 * `since`, to this server's successor or another process on the same database).
 */
export const RESTART_CLOSE = { code: 1012, reason: 'server restarting: connect again' } as const;

/** The answer to an HTTP request that arrives while the server drains (load balancers retry a 503 elsewhere). */
const DRAINING_BODY = { type: 'error', error: { code: 'unavailable', message: 'this server is shutting down: send the request again (to another server)' } };

/** Time for a shutdown to finish the work in flight, by default. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

export interface DrainReport {
  /** messages and requests still unfinished when the bound ran out (0 when everything finished) */
  unfinished: number;
  /** WebSockets told to connect again */
  closed: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)).unref());

/**
 * A graceful shutdown. Once `drain` starts the server accepts no new connections (the listening
 * socket closes), no new message on an open WebSocket and no new HTTP request (503); what was already
 * received runs to its end, so a command the server took is decided, committed and acknowledged.
 * Then every WebSocket is closed with RESTART_CLOSE. All of it within a bound: work that outlasts it
 * (a database that hangs) is left unanswered, which a client treats as a lost ack (it sends the
 * command again elsewhere, with the same id).
 */
export class Drain {
  private started = false;
  private readonly work = new Set<Promise<unknown>>();
  private readonly sockets = new Set<WebSocket>();

  /** True once the drain has begun: take no new work. */
  get draining(): boolean {
    return this.started;
  }

  /** Counts `p` as work in flight until it settles. */
  track<T>(p: Promise<T>): Promise<T> {
    this.work.add(p);
    const forget = () => void this.work.delete(p);
    p.then(forget, forget);
    return p;
  }

  /** A new WebSocket: remembered to be closed at the end, or closed at once when the drain has begun. Says whether to serve it. */
  accept(socket: WebSocket): boolean {
    if (this.started) {
      socket.close(RESTART_CLOSE.code, RESTART_CLOSE.reason);
      return false;
    }
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    return true;
  }

  /** HTTP requests count as work until their response is sent (or the client goes); during the drain they get 503. */
  hookInto(app: FastifyInstance): void {
    app.addHook('onRequest', async (req, res) => {
      if (this.started) {
        return res.code(503).header('connection', 'close').send(DRAINING_BODY);
      }
      // A WebSocket's upgrade request is no request in flight: the socket's messages are tracked one by one.
      if ((req as { ws?: boolean }).ws) return;
      this.track(new Promise<void>((resolve) => res.raw.once('close', () => resolve())));
    });
  }

  /**
   * Stops taking work (`stopListening` closes the listening socket), waits for the work in flight
   * and then for `settled` (the tables' queues) until `timeoutMs`, then closes every WebSocket with RESTART_CLOSE and waits (within the same
   * bound, at least a second) for their close handshakes; sockets that do not answer are dropped.
   */
  async drain(stopListening: () => void, timeoutMs = SHUTDOWN_TIMEOUT_MS, settled: () => Promise<unknown> = async () => undefined): Promise<DrainReport> {
    const deadline = Date.now() + timeoutMs;
    this.started = true;
    stopListening();
    // Work may finish into more work (a message's step queued behind another's): wait until none is left.
    while (this.work.size && Date.now() < deadline) await Promise.race([Promise.allSettled([...this.work]), sleep(deadline - Date.now())]);
    const unfinished = this.work.size;
    // The pushes of the last steps go out after their acks (table.ts): they too reach the clients first.
    await Promise.race([settled(), sleep(deadline - Date.now())]);
    const open = [...this.sockets];
    const closed = Promise.all(open.map((s) => new Promise<void>((resolve) => {
      if (s.readyState === s.CLOSED) return resolve();
      s.once('close', () => resolve());
      s.close(RESTART_CLOSE.code, RESTART_CLOSE.reason);
    })));
    await Promise.race([closed, sleep(Math.max(1000, deadline - Date.now()))]);
    for (const s of open) if (s.readyState !== s.CLOSED) s.terminate();
    return { unfinished, closed: open.length };
  }
}

/**
 * `fray serve`'s (and the test servers') signal handling: the first SIGTERM or SIGINT closes the server
 * gracefully (`close` drains, then closes the store and the database listener) and exits 0; a second
 * one, or a close that hangs past `hardLimitMs`, exits 1 at once.
 */
export function closeOnSignals(server: { close(): Promise<unknown> }, o: { hardLimitMs?: number; log?: (line: string) => void } = {}): void {
  const log = o.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) {
      log(`fray serve: ${signal} again: exiting without finishing`);
      process.exit(1);
    }
    closing = true;
    log(`fray serve: ${signal}: finishing the commands in flight, then closing`);
    setTimeout(() => {
      log('fray serve: the shutdown did not finish in time: exiting');
      process.exit(1);
    }, o.hardLimitMs ?? SHUTDOWN_TIMEOUT_MS + 5000).unref();
    server.close().then(() => process.exit(0), (e: unknown) => {
      log(`fray serve: closing failed: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
