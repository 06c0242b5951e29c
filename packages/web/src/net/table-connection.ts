import type { Json } from '@fray/engine';
import { applyViewPatch } from '@fray/server/view-patch';
import type { ClientEnvelope, ClientMessage, EventsMessage, MovePreviewWire, OddsReport, Role, ServerMessage, Since, StreamName, TableView, Versions, WireError } from './protocol';

/** The part of the browser's WebSocket this client uses (Node tests pass the `ws` package's). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'refused';

/** One batch of events as the log shows it: what happened, in words, and the events themselves. */
export interface LogBatch {
  key: string;
  stream: StreamName;
  fightId: string | null;
  /** the stream's version after this batch */
  version: number;
  events: unknown[];
  narration: string[];
}

export interface ConnectionState {
  status: ConnectionStatus;
  role: Role | null;
  seat: string | null;
  view: TableView | null;
  /** the view's serial: each patch from the server names the serial it applies to */
  viewSeq: number;
  versions: Versions | null;
  log: LogBatch[];
  /** the last thing the server refused, in its own words, for the screen to show */
  notice: { kind: 'rejected' | 'error'; error: WireError; at: number } | null;
  /** commands sent whose result this screen does not show yet (not acknowledged, or acknowledged and not yet pushed) */
  inFlight: number;
  /** how many times the connection has come back after dropping */
  reconnects: number;
}

export interface MovePreviewResult {
  ok: boolean;
  preview?: MovePreviewWire;
  error?: WireError;
}

export interface OddsResult {
  ok: boolean;
  odds?: OddsReport;
  error?: WireError;
}

export interface CommandResult {
  ok: boolean;
  error?: WireError;
}

interface Waiting {
  message: ClientMessage;
  resolve: (r: CommandResult) => void;
}

export interface TableConnectionOptions {
  url: string;
  token: string;
  open: (url: string) => SocketLike;
  /** timers are injected so the module stays testable and leaves no handles behind in Node */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  newId?: () => string;
  /** ms between pings; a connection that does not answer within another interval is dropped and redialled */
  pingEveryMs?: number;
}

const OPEN = 1;
const MAX_LOG = 2000;
/** Backoff after a dropped connection: quick first (a blip), then slower, never more than a few seconds. */
const BACKOFF_MS = [150, 400, 1000, 2000, 3000];

function randomId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
}

/**
 * A live connection to one table: says hello with the versions it has seen, so after a drop the server
 * sends only what was missed; redials by itself; resends commands that were never acknowledged (the
 * server answers a retried id with the original result, so nothing happens twice).
 */
export class TableConnection {
  private socket: SocketLike | null = null;
  private listeners = new Set<(s: ConnectionState) => void>();
  private waiting = new Map<string, Waiting>();
  /**
   * Commands acknowledged whose events have not reached this screen yet: the server acks right after the
   * commit and pushes after, so a command settles once the view is at the versions its ack named.
   */
  private acked = new Map<string, { versions: Versions; resolve: (r: CommandResult) => void }>();
  /** move previews asked for and not yet answered (never resent: a new drag asks again) */
  private previews = new Map<string, (r: MovePreviewResult) => void>();
  /** "odds from here" asked for (GM): progress and the answer by request id */
  private oddsAsked = new Map<string, { progress: (done: number, total: number) => void; done: (r: OddsResult) => void }>();
  private attempt = 0;
  private closedByUs = false;
  private retryTimer: unknown = null;
  private pingTimer: unknown = null;
  private lastPong = 0;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly newId: () => string;
  state: ConnectionState = { status: 'connecting', role: null, seat: null, view: null, viewSeq: -1, versions: null, log: [], notice: null, inFlight: 0, reconnects: 0 };

  constructor(private readonly opts: TableConnectionOptions) {
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.newId = opts.newId ?? randomId;
  }

  subscribe(fn: (s: ConnectionState) => void): () => void {
    this.listeners.add(fn);
    fn(this.state);
    return () => this.listeners.delete(fn);
  }

  start(): void {
    this.closedByUs = false;
    this.dial();
  }

  close(): void {
    this.closedByUs = true;
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    if (this.pingTimer !== null) this.clearTimer(this.pingTimer);
    this.retryTimer = this.pingTimer = null;
    this.socket?.close(1000, 'bye');
    this.socket = null;
  }

  /** Drops the socket as a network failure would (the e2e tests and the "reconnect now" button use it). */
  dropForTest(): void {
    this.socket?.close(4000, 'dropped');
  }

  /** Sends a command on a stream; resolves when the server acknowledges or refuses it. */
  command(stream: StreamName, command: ClientEnvelope['command'], extra: { preAnswers?: Record<string, Json>; checkVersion?: boolean } = {}): Promise<CommandResult> {
    const envelope: ClientEnvelope = { id: this.newId(), command };
    if (extra.preAnswers) envelope.preAnswers = extra.preAnswers;
    // Commands decided on what the screen showed carry its version, so a stale click is refused, not misapplied.
    if (extra.checkVersion !== false) {
      const v = stream === 'table' ? this.state.versions?.table : this.state.versions?.fight?.version;
      if (v !== undefined) envelope.expectedVersion = v;
    }
    return this.request(envelope.id, { type: 'command', stream, envelope });
  }

  startFight(fight: Record<string, Json>): Promise<CommandResult> {
    const requestId = this.newId();
    return this.request(requestId, { type: 'startFight', requestId, fight });
  }

  finishFight(reason?: string): Promise<CommandResult> {
    const requestId = this.newId();
    return this.request(requestId, reason ? { type: 'finishFight', requestId, reason } : { type: 'finishFight', requestId });
  }

  /** Where a dragged token would go, as the rules see it now (the server's `previewMove`; nothing changes). */
  previewMove(creatureId: string, to: Json): Promise<MovePreviewResult> {
    const requestId = this.newId();
    if (this.socket?.readyState !== OPEN || this.state.status !== 'open') return Promise.resolve({ ok: false, error: { code: 'offline', message: 'not connected' } });
    return new Promise((resolve) => {
      this.previews.set(requestId, resolve);
      this.socket!.send(JSON.stringify({ type: 'previewMove', requestId, creatureId, to } satisfies ClientMessage));
    });
  }

  /**
   * GM: "odds from here" (the server plays the fight on from now on a worker thread); `progress` as
   * fights are played. With `next`, between fights: the odds of that next fight before it starts.
   */
  odds(opts: { fights?: number; seconds?: number; next?: NonNullable<Extract<ClientMessage, { type: 'odds' }>['next']> }, progress: (done: number, total: number) => void): Promise<OddsResult> {
    const requestId = this.newId();
    if (this.socket?.readyState !== OPEN || this.state.status !== 'open') return Promise.resolve({ ok: false, error: { code: 'offline', message: 'not connected' } });
    return new Promise((resolve) => {
      this.oddsAsked.set(requestId, { progress, done: resolve });
      this.socket!.send(JSON.stringify({ type: 'odds', requestId, ...opts } satisfies ClientMessage));
    });
  }

  dismissNotice(): void {
    this.update({ notice: null });
  }

  private request(key: string, message: ClientMessage): Promise<CommandResult> {
    return new Promise((resolve) => {
      this.waiting.set(key, { message, resolve });
      this.update({ inFlight: this.waiting.size + this.acked.size });
      if (this.socket?.readyState === OPEN && this.state.status === 'open') this.socket.send(JSON.stringify(message));
      // otherwise it goes out after the next welcome
    });
  }

  private dial(): void {
    if (this.closedByUs) return;
    let socket: SocketLike;
    try {
      socket = this.opts.open(this.opts.url);
    } catch {
      this.scheduleRedial();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const hello: ClientMessage = { type: 'hello', token: this.opts.token };
      hello.since = this.since();
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (ev) => {
      if (socket !== this.socket) return;
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(ev.data)) as ServerMessage;
      } catch {
        return;
      }
      this.receive(msg);
    };
    socket.onerror = () => {
      /* onclose follows and redials */
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.socket = null;
      for (const p of this.previews.values()) p({ ok: false, error: { code: 'offline', message: 'the connection dropped' } });
      this.previews.clear();
      for (const o of this.oddsAsked.values()) o.done({ ok: false, error: { code: 'offline', message: 'the connection dropped before the odds came back: ask again' } });
      this.oddsAsked.clear();
      if (this.pingTimer !== null) this.clearTimer(this.pingTimer);
      this.pingTimer = null;
      if (this.closedByUs || this.state.status === 'refused') return;
      this.scheduleRedial();
    };
  }

  private scheduleRedial(): void {
    const wait = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)]!;
    this.attempt++;
    this.update({ status: 'reconnecting' });
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = null;
      this.dial();
    }, wait);
  }

  private since(): Since {
    const v = this.state.versions;
    // A first hello asks for the whole history, so the log starts at the beginning of the table.
    if (!v) return { table: 0 };
    return v.fight ? { table: v.table, fight: { id: v.fight.id, version: v.fight.version } } : { table: v.table };
  }

  private receive(msg: ServerMessage): void {
    switch (msg.type) {
      case 'welcome': {
        const wasOpen = this.state.versions !== null;
        this.attempt = 0;
        const log = wasOpen ? this.state.log : [];
        let next = log;
        for (const batch of msg.catchUp ?? []) next = appendBatch(next, batch);
        this.update({ status: 'open', role: msg.role, seat: msg.seat ?? null, view: msg.view, viewSeq: msg.viewSeq, versions: msg.version, log: next, reconnects: this.state.reconnects + (wasOpen ? 1 : 0) });
        this.settleShown();
        for (const w of this.waiting.values()) this.socket?.send(JSON.stringify(w.message));
        this.startPinging();
        return;
      }
      case 'events':
      case 'view': {
        // The server sends only what changed in this screen's view since the last message; the menus of
        // the old view go (the next `actions` message brings the new view's).
        const patch = msg.patch;
        const log = msg.type === 'events' ? appendBatch(this.state.log, msg) : this.state.log;
        if (!patch || !this.state.view) return this.update({ log });
        if (patch.base !== this.state.viewSeq) {
          // A patch for another view than this one: start again from a whole view (hello with `since`).
          this.update({ log });
          this.socket?.close(4002, 'resync');
          return;
        }
        let view = applyViewPatch(this.state.view, patch);
        if (msg.type === 'events' && view.actions) {
          const { actions: _actions, ...rest } = view;
          view = rest;
        }
        this.update({ view, viewSeq: patch.seq, versions: view.versions, log });
        this.settleShown();
        return;
      }
      case 'actions': {
        const view = this.state.view;
        if (view && sameVersions(view.versions, msg.versions)) this.update({ view: { ...view, actions: msg.actions } });
        return;
      }
      case 'ack': {
        // Versions move with the events message (sent to every screen, after the ack), never with the ack,
        // so a catch-up after a drop starts from what this screen has really shown. The command settles
        // when its events have reached the screen, so whoever awaits it reads the view it made.
        const w = this.waiting.get(msg.commandId);
        if (!w) return;
        this.waiting.delete(msg.commandId);
        this.acked.set(msg.commandId, { versions: msg.version, resolve: w.resolve });
        this.settleShown();
        return;
      }
      case 'movePreview': {
        const p = this.previews.get(msg.requestId);
        this.previews.delete(msg.requestId);
        p?.({ ok: true, preview: msg.preview });
        return;
      }
      case 'oddsProgress':
        this.oddsAsked.get(msg.requestId)?.progress(msg.done, msg.total);
        return;
      case 'odds': {
        const o = this.oddsAsked.get(msg.requestId);
        this.oddsAsked.delete(msg.requestId);
        o?.done({ ok: true, odds: msg.odds });
        return;
      }
      case 'rejected': {
        const odds = msg.commandId !== undefined ? this.oddsAsked.get(msg.commandId) : undefined;
        if (odds) {
          // The odds panel says why (another run going, no fight).
          this.oddsAsked.delete(msg.commandId!);
          odds.done({ ok: false, error: msg.error });
          return;
        }
        const asked = msg.commandId !== undefined ? this.previews.get(msg.commandId) : undefined;
        if (asked) {
          // A refused preview is the map's to show, not a notice for the whole screen.
          this.previews.delete(msg.commandId!);
          asked({ ok: false, error: msg.error });
          return;
        }
        const key = msg.commandId; // a startFight or finishFight is answered under its requestId
        if (key !== undefined) this.settle(key, { ok: false, error: msg.error });
        this.update({ notice: { kind: 'rejected', error: msg.error, at: Date.now() } });
        return;
      }
      case 'error':
        // A link that no longer opens the table (or a seat the GM just removed): no redialling.
        if (msg.error.code === 'unauthorized' || msg.error.code === 'seat-removed') {
          this.update({ status: 'refused', notice: { kind: 'error', error: msg.error, at: Date.now() } });
          this.socket?.close(1000, 'refused');
          return;
        }
        this.update({ notice: { kind: 'error', error: msg.error, at: Date.now() } });
        return;
      case 'pong':
        this.lastPong = Date.now();
        return;
    }
  }

  private settle(key: string, r: CommandResult): void {
    const w = this.waiting.get(key);
    if (!w) return;
    this.waiting.delete(key);
    this.update({ inFlight: this.waiting.size + this.acked.size });
    w.resolve(r);
  }

  /** Settles the acknowledged commands whose versions the view has reached. */
  private settleShown(): void {
    if (!this.acked.size) return;
    const done: ((r: CommandResult) => void)[] = [];
    for (const [id, a] of this.acked) {
      if (!versionsReached(this.state.versions, a.versions)) continue;
      this.acked.delete(id);
      done.push(a.resolve);
    }
    this.update({ inFlight: this.waiting.size + this.acked.size });
    for (const resolve of done) resolve({ ok: true });
  }

  private startPinging(): void {
    const every = this.opts.pingEveryMs ?? 15_000;
    if (this.pingTimer !== null) this.clearTimer(this.pingTimer);
    this.lastPong = Date.now();
    const tick = () => {
      this.pingTimer = null;
      const socket = this.socket;
      if (!socket || socket.readyState !== OPEN) return;
      if (Date.now() - this.lastPong > every * 2) {
        // The link is silently dead (a phone left the Wi-Fi): drop it and dial again.
        socket.close(4001, 'no pong');
        return;
      }
      socket.send(JSON.stringify({ type: 'ping' } satisfies ClientMessage));
      this.pingTimer = this.setTimer(tick, every);
    };
    this.pingTimer = this.setTimer(tick, every);
  }

  private update(patch: Partial<ConnectionState>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn(this.state);
  }
}

/** Whether the screen's versions are at `want` or past it (the table moved on, or the same fight is as far). */
export function versionsReached(have: Versions | null, want: Versions): boolean {
  if (!have || have.table < want.table) return false;
  if (!want.fight || have.table > want.table) return true;
  return have.fight?.id === want.fight.id && have.fight.version >= want.fight.version;
}

function sameVersions(a: Versions, b: Versions): boolean {
  return a.table === b.table && (a.fight === null ? b.fight === null : b.fight !== null && a.fight.id === b.fight.id && a.fight.version === b.fight.version);
}

/** Adds a batch once: a catch-up after a reconnect may repeat what the screen already has. */
export function appendBatch(log: LogBatch[], m: EventsMessage): LogBatch[] {
  const key = `${m.stream}:${m.fightId ?? ''}:${m.version}`;
  if (log.some((b) => b.key === key)) return log;
  const next = [...log, { key, stream: m.stream, fightId: m.fightId ?? null, version: m.version, events: m.events, narration: m.narration }];
  return next.length > MAX_LOG ? next.slice(next.length - MAX_LOG) : next;
}
