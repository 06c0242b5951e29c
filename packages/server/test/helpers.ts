import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import { parse } from 'yaml';
import type { CreatureSetup, Json } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { createServer, type FrayServer, type ServerOptions, type TableSource } from '../src/index';
import { applyViewPatch, type ViewPatch } from '../src/view-patch';
import type { Versions } from '../src/protocol';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A scenario file as a table source, for tests (the CLI has the real loader; the server may not depend
 * on it): creatures with a controller are the campaign's party, the rest are the first fight's foes.
 */
export function sourceFromScenario(file: string, overrides: { hidden?: string[]; notes?: Record<string, string>; diceMode?: 'seeded' | 'entered'; extraFoes?: { id: string; name: string; ref: string; hidden?: boolean; notes?: string }[] } = {}): TableSource {
  const sc = parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as {
    ruleset: string; seed: number | string; options?: Record<string, Json>;
    creatures: { id: string; side: string; controller?: string; name?: string; ref: string }[];
  };
  const setups: CreatureSetup[] = sc.creatures.map((c) => {
    const sheet = parse(fs.readFileSync(path.join(repoRoot, 'scenarios', 'content', c.ref), 'utf8')) as Json;
    const s: CreatureSetup = { id: c.id, side: c.side, sheet };
    if (c.name) s.name = c.name;
    if (c.controller) s.controller = c.controller;
    if (overrides.hidden?.includes(c.id)) s.hidden = true;
    if (overrides.notes?.[c.id]) s.notes = overrides.notes[c.id]!;
    return s;
  });
  return {
    ruleset: sc.ruleset,
    name: path.basename(file),
    campaign: { seed: sc.seed, creatures: setups.filter((c) => c.controller), ...(sc.options ? { options: sc.options } : {}) },
    fight: { id: 'road', seed: sc.seed, foes: [...setups.filter((c) => !c.controller), ...(overrides.extraFoes ?? []).map((f) => ({
      id: f.id, name: f.name, side: 'bandits', sheet: parse(fs.readFileSync(path.join(repoRoot, 'scenarios', 'content', f.ref), 'utf8')) as Json,
      ...(f.hidden ? { hidden: true } : {}), ...(f.notes ? { notes: f.notes } : {}),
    }))], ...(overrides.diceMode ? { diceMode: overrides.diceMode } : {}) },
  };
}

export const demoSource = (o: Parameters<typeof sourceFromScenario>[1] = {}) => sourceFromScenario('scenarios/a5e/demo-forest.yaml', o);

/** The admin token of the test servers (creating a table takes it). */
export const ADMIN = 'test-admin-token-4780-0123456789';

export function tmpDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'fray-server-'));
}

/**
 * A server for tests. Scripted clients send as fast as the machine allows, so the per-connection rate
 * limit is lifted unless a test sets it (limits.int.test.ts tests the limit itself).
 */
export async function startServer(dataDir: string, more: Partial<ServerOptions> = {}): Promise<FrayServer> {
  const limits = { maxMessagesPerSecond: 1e6, ...more.limits };
  return createServer({ dataDir, host: '127.0.0.1', port: 0, rulesets: { a5e: a5eRuleset }, demo: () => demoSource(), adminToken: ADMIN, ...more, limits });
}

/**
 * One server (the demo source, SQLite in a temp folder) for a whole test file (or describe block): started
 * before, closed and removed after. `restart()` closes it and starts another on the same folder and options.
 */
export function useServer(more: Partial<ServerOptions> = {}): { readonly server: FrayServer; readonly dir: string; restart(): Promise<FrayServer> } {
  let server: FrayServer | null = null;
  let dir: string | null = null;
  beforeAll(async () => {
    dir = tmpDir();
    server = await startServer(dir, more);
  });
  afterAll(async () => {
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get server() {
      if (!server) throw new Error('the server is started in beforeAll');
      return server;
    },
    get dir() {
      if (!dir) throw new Error('the folder is made in beforeAll');
      return dir;
    },
    async restart() {
      if (!server || !dir) throw new Error('the server is started in beforeAll');
      await server.close();
      server = null;
      server = await startServer(dir, more);
      return server;
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are read loosely
type Any = any;

export type Msg = Record<string, unknown> & { type: string };

/**
 * A `ws` client that keeps every raw frame it received and lets a test wait for a message. It keeps
 * its view as a screen would: the welcome's, patched by every `events` and `view` message, with the
 * menus of the `actions` message that matches its versions (dropped at every `events`).
 */
export class Client {
  readonly frames: string[] = [];
  readonly messages: Msg[] = [];
  view: Any = null;
  viewSeq = -1;
  /** patches that did not apply to this client's serial (a test expects none) */
  readonly patchErrors: string[] = [];
  private conditions: { cond: () => boolean; resolve: () => void; reject: (e: Error) => void }[] = [];
  private waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void; reject: (e: Error) => void; from: number }[] = [];
  private cursor = 0;
  closed = false;
  /** the close frame's code and reason, once closed */
  closeCode: number | null = null;
  closeReason = '';

  /** frames and bytes received in all (kept or not) */
  received = { frames: 0, bytes: 0, pushes: 0, pushedBytes: 0 };

  private constructor(readonly ws: WebSocket, private readonly keep: boolean) {
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      this.received.frames++;
      this.received.bytes += text.length;
      if (text.startsWith('{"type":"events"')) {
        this.received.pushes++;
        this.received.pushedBytes += text.length;
      }
      if (this.keep) this.frames.push(text);
      const m = JSON.parse(text) as Msg;
      this.track(m);
      this.messages.push(m);
      for (const w of [...this.conditions]) {
        if (w.cond()) {
          this.conditions.splice(this.conditions.indexOf(w), 1);
          w.resolve();
        }
      }
      for (const w of [...this.waiters]) {
        if (w.pred(m)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    });
    ws.on('close', (code: number, reason: Buffer) => {
      this.closed = true;
      this.closeCode = code;
      this.closeReason = reason.toString('utf8');
      for (const w of this.waiters) w.reject(new Error('socket closed'));
      this.waiters = [];
      for (const w of this.conditions) w.reject(new Error('socket closed'));
      this.conditions = [];
    });
  }

  private track(m: Msg): void {
    if (m.type === 'welcome') {
      this.view = m['view'];
      this.viewSeq = m['viewSeq'] as number;
    } else if ((m.type === 'events' || m.type === 'view') && m['patch']) {
      const p = m['patch'] as ViewPatch;
      if (p.base !== this.viewSeq) this.patchErrors.push(`patch from ${p.base} on view ${this.viewSeq}`);
      this.view = applyViewPatch(this.view, p);
      this.viewSeq = p.seq;
      if (m.type === 'events' && this.view) {
        const { actions: _actions, ...rest } = this.view;
        this.view = rest;
      }
    } else if (m.type === 'actions' && this.view && JSON.stringify(m['versions']) === JSON.stringify(this.view.versions)) {
      this.view = { ...this.view, actions: m['actions'] };
    }
  }

  /**
   * `keep: false` (the bench's 300 screens): no raw frames are kept, and messages only until a waiter
   * has looked past them, as a browser keeps what it shows and not every frame it was sent.
   */
  static async open(url: string, tableId: string, options: { keep?: boolean } = {}): Promise<Client> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws/tables/${tableId}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new Client(ws, options.keep ?? true);
  }

  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The next message (after the ones already taken by `next`) that matches. */
  next(pred: (m: Msg) => boolean = () => true, timeoutMs = 10_000): Promise<Msg> {
    for (let i = this.cursor; i < this.messages.length; i++) {
      if (pred(this.messages[i]!)) {
        this.cursor = i + 1;
        const m = this.messages[i]!;
        if (!this.keep) {
          this.messages.splice(0, this.cursor);
          this.cursor = 0;
        }
        return Promise.resolve(m);
      }
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message in ${timeoutMs} ms; last: ${this.frames.slice(-3).join('\n')}`)), timeoutMs);
      this.waiters.push({
        pred,
        from: this.cursor,
        resolve: (m) => {
          clearTimeout(timer);
          this.cursor = this.messages.length;
          if (!this.keep) {
            this.messages.length = 0;
            this.cursor = 0;
          }
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  }

  async hello(token: string, since?: unknown): Promise<Msg> {
    this.send({ type: 'hello', token, ...(since ? { since } : {}) });
    return this.next((m) => m.type === 'welcome' || m.type === 'error');
  }

  /**
   * Sends a command and waits for its ack or rejection, and after an ack for this client's view to reach
   * the acknowledged versions (the server acks first and pushes after), so a test reads the view the
   * command made. `acked` waits for the ack alone.
   */
  async command(stream: 'table' | 'fight', envelope: Record<string, unknown>, timeoutMs?: number): Promise<Msg> {
    const m = await this.acked(stream, envelope, timeoutMs);
    if (m.type === 'ack' && this.view) await this.reached(m['version'] as Versions, timeoutMs);
    return m;
  }

  /** Sends a command and waits for its ack or rejection only (the round trip the bench times). */
  acked(stream: 'table' | 'fight', envelope: Record<string, unknown>, timeoutMs?: number): Promise<Msg> {
    this.send({ type: 'command', stream, envelope });
    return this.next((m) => (m.type === 'ack' || m.type === 'rejected') && m['commandId'] === envelope['id'], timeoutMs);
  }

  /** Waits until this client's view is at `v` or later (a later fight, or a later version of the same one). */
  reached(v: Versions, timeoutMs = 10_000): Promise<void> {
    return this.until(() => versionsReached(this.view?.versions, v), timeoutMs, () => `the view did not reach ${JSON.stringify(v)}; it is at ${JSON.stringify(this.view?.versions)}`);
  }

  /** Waits until `cond` holds (checked now, then after each message this client takes in). */
  until(cond: () => boolean, timeoutMs = 10_000, why: () => string = () => 'the condition never held'): Promise<void> {
    if (cond()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${why()} (waited ${timeoutMs} ms)`)), timeoutMs);
      this.conditions.push({
        cond,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** Whether versions `have` are at `want` or past it (the table's version; the same fight's version, or the table moved on). */
export function versionsReached(have: Versions | undefined, want: Versions): boolean {
  if (!have || have.table < want.table) return false;
  if (!want.fight || have.table > want.table) return true;
  return have.fight?.id === want.fight.id && have.fight.version >= want.fight.version;
}

export async function postJson(url: string, body: unknown, token?: string): Promise<{ status: number; body: Any }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function getJson(url: string, token?: string): Promise<{ status: number; body: Any }> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') && !res.headers.get('content-type')?.includes('ndjson') ? JSON.parse(text) : text };
}
