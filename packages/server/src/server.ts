import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import {
  Campaign, ContentError, EVENT_SCHEMA_VERSION, Encounter, activeEncounter, campaignCommandTable, type EncounterSnapshot, type FrayEvent, type LoadedRuleset,
} from '@fray/engine';
import { EventStore, TooManyTables, type PostgresOptions, type Synchronous } from '@fray/store';
import { LibrarySetupError, registerContentRoutes, resolveLibraryFoes, sourceOfLibrary, type ContentLibrary } from './content-library';
import { movePreviewFor } from './move-preview';
import { planReport, plannedSpec, type PlanMeta, type PlannedTableSource } from './planned-fights';
import { removeSeat } from './seat-removal';
import { TokenCache, type Access } from './seat-tokens';
import { followAllSeats, followSeatChange } from './cluster/seat-changes';
import { withNextFightMap } from './next-fight-map';
import { AdminToken } from './admin-token';
import { TableOdds, oddsFailure, type OddsLimits } from './odds';
import { firstFightOfLibrary, nextFightOf } from './setup-odds';
import { ImportRefused, runImport, type SaveImports } from './web-import';
import { TableFollower } from './cluster/follow';
import { Drain, SHUTDOWN_TIMEOUT_MS } from './shutdown';
import { DEFAULT_LIMITS, RateLimiter, type ServerLimits } from './limits';
import { catchUp, viewFor, type Narrate } from './projection';
import {
  addSeatSchema, clientMessageSchema, createTableSchema, fightSpecSchema, importRequestSchema, oddsRequestSchema, postCommandSchema, setupOddsSchema, type ClientMessage, type CreatedTable,
  type EventsMessage, type ServerMessage, type WireError,
} from './protocol';
import { LiveTable, campaignStreamId, fightStreamId, type Outcome, type Subscriber, type TableMeta, type TableSource } from './table';
import { hashToken, newId, newToken } from './tokens';

export interface ServerOptions {
  /** folder of the SQLite file (default ./fray-data) */
  dataDir?: string;
  host?: string;
  /** 0 picks a free port */
  port?: number;
  /** rulesets by id */
  rulesets: Record<string, LoadedRuleset>;
  /** narration lines for events (the CLI passes its `narrate`) */
  narrate?: Narrate;
  /**
   * The host's token for creating tables and importing logs (Bearer). Left out: the server makes a
   * fresh one and hands it back once, as `FrayServer.adminToken`. Either way it keeps only its hash.
   */
  adminToken?: string;
  /** turns a scenario or campaign file's text into a table source (the CLI passes its loader) */
  loadSetup?: (text: string) => TableSource;
  /** stat blocks a new table may take its creatures from (`from: {library}`; `GET /api/content`) */
  content?: ContentLibrary;
  /** keeps what is imported on the web table with save (the CLI writes it into the data folder's library) */
  saveImports?: SaveImports;
  /** the demo table's source (`from: 'demo'`) */
  demo?: () => TableSource;
  /** the web client's built files (served at /, with index.html for /t/*) */
  webDir?: string;
  /** base of the links handed out (default http://host:port) */
  publicUrl?: string;
  limits?: Partial<ServerLimits>;
  synchronous?: Synchronous;
  /** SQLite: write on the server's own thread (the default: a command's round trip crosses no thread), or, with `true`, on the store's writer thread with group commit (ADR 0011) */
  writerThread?: boolean;
  /** SQLite's WAL checkpoints: the store's thread's (default) or, with false, SQLite's own inside commits (`EventStore.open`'s `checkpoint`) */
  checkpoint?: false;
  /** SQLite under FULL: the WAL's sync after the commit on libuv's pool (default), or inside COMMIT on the server's thread (`EventStore.open`'s `fullSync`) */
  fullSync?: 'commit' | 'pool';
  /** a PostgreSQL database instead of the SQLite file in dataDir (`fray serve --database postgres://…`) */
  database?: PostgresOptions;
  /** events between a stream's snapshots (default SNAPSHOT_EVERY) */
  snapshotEvery?: number;
  /** fastify's request log (tokens never appear in it: links carry them in the URL fragment) */
  log?: boolean;
  /** bounds of "odds from here" runs (default ODDS_LIMITS: 10,000 fights, 15 s) */
  odds?: Partial<OddsLimits>;
  /** how long `close` waits for the commands in flight before it closes anyway (default SHUTDOWN_TIMEOUT_MS) */
  shutdownTimeoutMs?: number;
}

export interface FrayServer {
  /** the admin token the server made at start (null when the options gave one): show it once, then drop it */
  adminToken: string | null;
  app: FastifyInstance;
  store: EventStore;
  url: string;
  tables: Map<string, LiveTable>;
  /** tables found in the store that this server cannot load, with why */
  unavailable: Map<string, string>;
  limits: ServerLimits;
  createTable(req: z.infer<typeof createTableSchema>): Promise<CreatedTable>;
  /** New links for a table's GM and every seat (the old tokens stay valid; tokens are never stored in clear) */
  issueTokens(tableId: string): Promise<CreatedTable>;
  /** A graceful shutdown (shutdown.ts): no new connections or messages, the ones in flight finished, clients told to connect again; then the store and the database listener close. */
  close(): Promise<void>;
}

/** A typed failure the HTTP layer turns into a status and `{type:'rejected'|'error', error}`. */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    readonly wire: WireError,
  ) {
    super(wire.message);
  }
}

const NOT_HOST: WireError = { code: 'unauthorized', message: "creating or importing a table takes the server's admin token (Authorization: Bearer …), printed by fray serve when it starts" };
const UNAUTHORIZED: WireError = { code: 'unauthorized', message: 'the token does not open this table (or there is no such table)' };

function statusOf(code: string): number {
  switch (code) {
    case 'unauthorized': return 401;
    case 'forbidden': return 403;
    case 'version-conflict': case 'duplicate-command': case 'fight-under-way': case 'duplicate-fight': return 409;
    case 'too-large': return 413;
    case 'rate-limited': case 'too-many-tables': case 'too-many-creatures': case 'too-many-connections': return 429;
    case 'unavailable': return 503;
    case 'internal': return 500;
    default: return 400;
  }
}

function zodWire(error: z.ZodError, prefix: (string | number)[] = []): WireError {
  const issue = error.issues[0];
  const p = [...prefix, ...(issue?.path ?? []).map((x) => (typeof x === 'symbol' ? String(x) : x))];
  const at = issue?.code === 'unrecognized_keys' && issue.keys[0] ? [...p, issue.keys[0]] : p;
  return { code: 'malformed', message: `${at.length ? at.join('.') + ': ' : ''}${issue?.message ?? 'invalid'}`, path: at };
}

export async function createServer(opts: ServerOptions): Promise<FrayServer> {
  // Before anything is opened: a token too short to guard the port stops the start.
  const { admin, generated: generatedAdminToken } = AdminToken.from(opts.adminToken);
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...(opts.limits ?? {}) };
  const store = await EventStore.open({
    dataDir: opts.dataDir ?? 'fray-data', ...(opts.synchronous ? { synchronous: opts.synchronous } : {}), ...(opts.database ? { postgres: opts.database } : {}),
    ...(opts.writerThread !== undefined ? { writerThread: opts.writerThread } : {}), ...(opts.checkpoint === false ? { checkpoint: false as const } : {}),
    ...(opts.fullSync ? { fullSync: opts.fullSync } : {}),
  });
  const tables = new Map<string, LiveTable>();
  const unavailable = new Map<string, string>();
  const tokens = new TokenCache(store);
  const projector = { narrate: opts.narrate };

  const rulesetFor = (id: string) => (Object.hasOwn(opts.rulesets, id) ? opts.rulesets[id]! : null);

  async function loadTable(id: string): Promise<void> {
    const rec = await store.getTable(id);
    if (!rec) return;
    const ruleset = rulesetFor(rec.ruleset.id);
    if (!ruleset) return void unavailable.set(id, `ruleset '${rec.ruleset.id}' is not on this server`);
    if (ruleset.version !== rec.ruleset.version) return void unavailable.set(id, `written with ${rec.ruleset.id} ${rec.ruleset.version}; this server has ${ruleset.version}`);
    const rt = { ruleset };
    try {
      const campaign = await loadStream(campaignStreamId(id), rt, true);
      const active = activeEncounter(campaign.state);
      const fight = active ? await loadStream(fightStreamId(id, active.id), rt, false) : null;
      const table = new LiveTable(id, rec.name, ruleset, rt, campaign, fight, rec.meta as TableMeta, store, limits, projector, EVENT_SCHEMA_VERSION);
      if (opts.snapshotEvery) table.snapshotEvery = opts.snapshotEvery;
      follower?.attach(table);
      tables.set(id, table);
    } catch (e) {
      unavailable.set(id, `its log cannot be read: ${(e as Error).message}`);
    }
  }

  async function loadStream(stream: string, rt: { ruleset: LoadedRuleset }, campaign: boolean): Promise<Encounter> {
    const o = campaign ? { commands: campaignCommandTable } : {};
    const snap = await store.latestSnapshot(stream);
    // One read of the whole log: reading is cheap next to folding, and the events before the snapshot
    // must be at hand (synchronously) for an undo or a retry that reaches behind it.
    const log = await store.read(stream);
    if (snap) {
      try {
        const earlier = log.slice(0, snap.seq);
        return Encounter.fromSnapshot(snap.state as EncounterSnapshot, log.slice(snap.seq), rt, { ...o, earlier: () => earlier });
      } catch {
        // The snapshot is unreadable (or the log disagrees with it): fold the whole log.
      }
    }
    return Encounter.fromEvents(log, rt, o);
  }

  // Several processes on one PostgreSQL database: follow the log before each step, and other processes'
  // appends as they are notified (listening before the tables load, so nothing falls in between).
  const follower = store.backend === 'postgres' ? new TableFollower(store, loadStream) : null;
  // Seat changes made by any process (this one included) reach every process's tables and token cache.
  const listener = follower?.listen(tables, {
    change: (tableId) => {
      const t = tables.get(tableId);
      if (t) void followSeatChange(t, store, tokens).catch(() => undefined);
      else tokens.forget((id) => id === tableId);
    },
    resync: () => void followAllSeats(tables.values(), store, tokens),
  }) ?? null;
  await listener?.ready;
  for (const t of await store.listTables()) await loadTable(t.id);
  const loading = new Map<string, Promise<void>>();
  /** A table this process has not loaded yet (another process made it since): loaded once, on first use. */
  async function tableById(id: string): Promise<LiveTable | undefined> {
    const have = tables.get(id);
    if (have || !follower || unavailable.has(id)) return have;
    let p = loading.get(id);
    if (!p) loading.set(id, (p = loadTable(id).finally(() => loading.delete(id))));
    await p;
    return tables.get(id);
  }

  const app = Fastify({ logger: opts.log ?? false, bodyLimit: limits.maxMessageBytes * 16 });
  await app.register(fastifyWebsocket, { options: { maxPayload: limits.maxMessageBytes * 4 } });
  const drain = new Drain();
  drain.hookInto(app);
  app.addContentTypeParser(['application/x-ndjson', 'text/plain'], { parseAs: 'string' }, (_req, body, done) => done(null, body));

  let baseUrl = '';
  const linkOf = (tableId: string, kind: 'gm' | 'seat', token: string) => `${baseUrl}/t/${encodeURIComponent(tableId)}#${kind}=${token}`;

  const access = (tableId: string, token: string | undefined): Promise<Access | null> => tokens.access(tableId, token);

  /** The table's row, within the limit on tables counted in the store (every process on one database together). */
  async function createTableRow(t: Parameters<EventStore['createTable']>[0]): Promise<void> {
    try {
      await store.createTable(t, { atMost: limits.maxTables });
    } catch (e) {
      if (e instanceof TooManyTables) throw new ServerError(429, { code: 'too-many-tables', message: `this server holds at most ${limits.maxTables} tables` });
      throw e;
    }
  }

  async function addSeatToken(tableId: string, seat: string, role: 'gm' | 'seat', name: string): Promise<string> {
    const token = newToken();
    await store.addSeat({ tableId, seat, role, name, tokenHash: hashToken(token) });
    return token;
  }

  async function createTable(req: z.infer<typeof createTableSchema>): Promise<CreatedTable> {
    if (tables.size + unavailable.size >= limits.maxTables) throw new ServerError(429, { code: 'too-many-tables', message: `this server holds at most ${limits.maxTables} tables` });
    const from = req.from ?? 'empty';
    let source: TableSource;
    if (from === 'empty') source = { ruleset: req.ruleset ?? 'a5e', campaign: { seed: newToken().slice(0, 12), creatures: [] } };
    else if (from === 'demo') {
      if (!opts.demo) throw new ServerError(400, { code: 'malformed', message: 'this server has no demo table', path: ['from'] });
      source = opts.demo();
    } else if ('library' in from) {
      if (!opts.content) throw new ServerError(400, { code: 'malformed', message: 'this server has no content library', path: ['from'] });
      try {
        source = sourceOfLibrary(opts.content, opts.rulesets, from.library, newToken().slice(0, 12));
      } catch (e) {
        if (e instanceof LibrarySetupError) throw new ServerError(400, e.wire);
        throw e;
      }
    } else {
      if (!opts.loadSetup) throw new ServerError(400, { code: 'malformed', message: 'this server cannot read scenario files', path: ['from'] });
      try {
        source = opts.loadSetup(from.scenario);
      } catch (e) {
        throw new ServerError(400, { code: 'invalid-setup', message: (e as Error).message, path: ['from', 'scenario'] });
      }
    }
    const ruleset = rulesetFor(source.ruleset);
    if (!ruleset) throw new ServerError(400, { code: 'malformed', message: `unknown ruleset '${source.ruleset}'; this server has ${Object.keys(opts.rulesets).join(', ')}`, path: ['ruleset'] });
    const creatureCount = source.campaign.creatures.length + (source.fight?.foes?.length ?? 0);
    if (creatureCount > limits.maxCreaturesPerTable) throw new ServerError(429, { code: 'too-many-creatures', message: `a table holds at most ${limits.maxCreaturesPerTable} creatures` });
    const id = newId('t');
    const rt = { ruleset };
    let campaign: Encounter;
    try {
      campaign = Campaign.create({ ...source.campaign, id }, rt).log;
    } catch (e) {
      if (e instanceof ContentError) throw new ServerError(400, { code: 'invalid-setup', message: `${e.path.join('.') || '(root)'}: ${e.reason}`, path: e.path });
      throw e;
    }
    const seatIds: string[] = [];
    const addSeatId = (s: string | null | undefined) => {
      if (s && !seatIds.includes(s)) seatIds.push(s);
    };
    for (const c of source.campaign.creatures) addSeatId(c.controller);
    for (const c of source.fight?.foes ?? []) addSeatId(c.controller);
    for (const s of req.seats ?? []) addSeatId(s.seat);
    // A seat is named by the request, else after the creatures it plays.
    const played = (seat: string) => [...source.campaign.creatures, ...(source.fight?.foes ?? [])].filter((c) => c.controller === seat)
      .map((c) => c.name ?? (typeof (c.sheet as Record<string, unknown> | null)?.['name'] === 'string' ? ((c.sheet as Record<string, unknown>)['name'] as string) : c.id));
    const nameOf = (seat: string) => req.seats?.find((s) => s.seat === seat)?.name ?? (played(seat).join(', ') || seat);
    const plan = (source as PlannedTableSource).plannedFights ?? [];
    const meta: TableMeta & PlanMeta = { seats: seatIds.map((seat) => ({ seat, name: nameOf(seat) })), ...(plan.length ? { plan } : {}) };
    const name = req.name ?? source.name ?? 'A table';
    await createTableRow({ id, name, ruleset: { id: ruleset.id, version: ruleset.version }, meta });
    await store.append([{ stream: campaignStreamId(id), expectedVersion: 0, events: campaign.events, create: { kind: 'campaign', tableId: id, ruleset: { id: ruleset.id, version: ruleset.version }, schemaVersion: EVENT_SCHEMA_VERSION } }]);
    const table = new LiveTable(id, name, ruleset, rt, campaign, null, meta, store, limits, projector, EVENT_SCHEMA_VERSION);
    if (opts.snapshotEvery) table.snapshotEvery = opts.snapshotEvery;
    follower?.attach(table);
    tables.set(id, table);
    const gmToken = await addSeatToken(id, 'gm', 'gm', 'GM');
    const seats: CreatedTable['seats'] = [];
    for (const s of meta.seats) {
      const token = await addSeatToken(id, s.seat, 'seat', s.name);
      seats.push({ seat: s.seat, name: s.name, token, link: linkOf(id, 'seat', token) });
    }
    if (source.fight) {
      const r = await table.startFight('setup-fight', { ...source.fight, ...(source.fight.foes ? { foes: source.fight.foes as unknown[] } : {}) } as never);
      if (!r.ok) throw new ServerError(400, { code: r.error.code, message: `the table's first fight: ${r.error.message}` });
    }
    return { tableId: id, gm: { token: gmToken, link: linkOf(id, 'gm', gmToken) }, seats };
  }

  /**
   * startFight, with foes named by library ref given their stat blocks first, and a chosen map built with
   * everyone on it; or a planned fight, from the table's plan.
   */
  async function startWithLibrary(t: LiveTable, requestId: string, fight: z.infer<typeof fightSpecSchema>, expectedVersion?: number): Promise<Outcome> {
    if (fight.planned !== undefined) {
      const { planned, ...rest } = fight;
      const p = plannedSpec(t, planned, rest);
      return p.ok ? t.startFight(requestId, p.spec, expectedVersion) : { ok: false, commandId: requestId, error: p.error };
    }
    const r = fight.foes?.length ? resolveLibraryFoes(opts.content, t.ruleset.id, t.campaign.state.creatureIds, fight.foes) : { ok: true as const, foes: fight.foes };
    if (!r.ok) return { ok: false, commandId: requestId, error: r.error };
    const m = withNextFightMap(t.ruleset, t.campaign.state, { ...fight, ...(r.foes ? { foes: r.foes } : {}) });
    if (!m.ok) return { ok: false, commandId: requestId, error: m.error };
    return t.startFight(requestId, m.spec, expectedVersion);
  }

  // ---- HTTP -------------------------------------------------------------------------------------

  const bearer = (req: FastifyRequest): string | undefined => {
    const h = req.headers.authorization;
    return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
  };

  async function authed(req: FastifyRequest<{ Params: { tableId: string } }>): Promise<{ table: LiveTable; a: Access }> {
    const a = await access(req.params.tableId, bearer(req));
    const table = a ? await tableById(a.tableId) : undefined;
    if (!a) throw new ServerError(401, UNAUTHORIZED);
    if (!table) throw new ServerError(503, { code: 'unavailable', message: `the table cannot be loaded: ${unavailable.get(a.tableId) ?? 'unknown'}` });
    return { table, a };
  }
  const gmOnly = (a: Access) => {
    if (a.principal.role !== 'gm') throw new ServerError(403, { code: 'forbidden', message: 'only the GM may do this' });
  };
  const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
    const r = schema.safeParse(body);
    if (!r.success) throw new ServerError(400, zodWire(r.error));
    return r.data;
  };
  const reply = (res: FastifyReply, o: Outcome) =>
    o.ok
      ? res.code(200).send({ type: 'ack', commandId: o.commandId, stream: o.stream, version: o.versions, ...(o.retried ? { retried: true } : {}) })
      : res.code(statusOf(o.error.code)).send({ type: 'rejected', ...(o.commandId ? { commandId: o.commandId } : {}), error: o.error });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, res) => {
    if (err instanceof ServerError) return res.code(err.status).send({ type: 'error', error: err.wire });
    if (err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return res.code(413).send({ type: 'error', error: { code: 'too-large', message: `bodies are limited to ${limits.maxMessageBytes * 16} bytes` } });
    if (err.statusCode && err.statusCode < 500) return res.code(err.statusCode).send({ type: 'error', error: { code: 'malformed', message: err.message } });
    return res.code(500).send({ type: 'error', error: { code: 'internal', message: 'the server failed on this request' } });
  });

  if (opts.content) registerContentRoutes(app, opts.content);

  app.get('/api/health', async () => ({ ok: true, tables: tables.size }));

  const odds = new TableOdds(opts.odds, (t, next) => nextFightOf(t, opts.content, next));
  app.post<{ Params: { tableId: string } }>('/api/tables/:tableId/odds', async (req, res) => {
    const { table, a } = await authed(req);
    gmOnly(a);
    const body = parse(oddsRequestSchema, { type: 'odds', requestId: newId('odds'), ...(req.body as object | null) });
    const started = odds.start(table, body, () => undefined);
    if ('error' in started) return res.code(409).send({ type: 'rejected', commandId: body.requestId, error: started.error });
    return started.then((r) => ({ type: 'odds', requestId: body.requestId, odds: r }), (e: unknown) => res.code(503).send({ type: 'rejected', commandId: body.requestId, error: oddsFailure(e) }));
  });

  // Checked before the body is read, so a missing and a wrong token get the very same answer.
  const adminOnly = async (req: FastifyRequest) => {
    if (!admin.matches(bearer(req))) throw new ServerError(401, NOT_HOST);
  };

  // A new table's first fight, before the table is made: the same request, nothing stored. One run at a time.
  app.post('/api/odds', { onRequest: adminOnly }, async (req, res) => {
    const body = parse(setupOddsSchema, req.body);
    if (!opts.content) throw new ServerError(400, { code: 'malformed', message: 'this server has no content library', path: ['library'] });
    const built = firstFightOfLibrary(opts.content, opts.rulesets, body.library);
    if ('error' in built) throw new ServerError(400, built.error);
    const requestId = newId('odds');
    const started = odds.startSetup('new-table', built.ruleset, built.state, { requestId, ...(body.fights ? { fights: body.fights } : {}), ...(body.seconds ? { seconds: body.seconds } : {}), ...(body.seed !== undefined ? { seed: body.seed } : {}) }, () => undefined);
    if ('error' in started) return res.code(409).send({ type: 'rejected', commandId: requestId, error: started.error });
    return started.then((r) => ({ type: 'odds', requestId, odds: r }), (e: unknown) => res.code(503).send({ type: 'rejected', commandId: requestId, error: oddsFailure(e) }));
  });

  // Stat blocks pasted on the web table, read by @fray/import: the host may save them into the library;
  // a table's GM reads them for that table's fights only (nothing stored).
  const importing = (body: z.infer<typeof importRequestSchema>, fixedRuleset?: string) => {
    try {
      return runImport(body, { ...(opts.content ? { library: opts.content } : {}), ...(opts.saveImports ? { save: opts.saveImports } : {}), ...(fixedRuleset ? { fixedRuleset } : {}) });
    } catch (e) {
      if (e instanceof ImportRefused) throw new ServerError(e.status, e.wire);
      throw e;
    }
  };
  app.post('/api/import', { onRequest: adminOnly }, async (req) => ({ type: 'import', report: importing(parse(importRequestSchema, req.body)) }));
  app.post<{ Params: { tableId: string } }>('/api/tables/:tableId/import', async (req) => {
    const { table, a } = await authed(req);
    gmOnly(a);
    const body = parse(importRequestSchema, req.body);
    if (body.save) throw new ServerError(403, { code: 'forbidden', message: "saving into the library takes the server's admin token; a table's GM imports for this table's fights", path: ['save'] });
    return { type: 'import', report: importing(body, table.ruleset.id) };
  });

  app.post('/api/tables', { onRequest: adminOnly }, async (req, res) => {
    const body = parse(createTableSchema, req.body);
    return res.code(201).send(await createTable(body));
  });

  app.get<{ Params: { tableId: string } }>('/api/tables/:tableId/state', async (req) => {
    const { table, a } = await authed(req);
    return { role: a.principal.role === 'gm' ? 'gm' : 'seat', ...(a.principal.role === 'player' ? { seat: a.principal.seat } : {}), view: viewFor(table, a.principal) };
  });

  app.post<{ Params: { tableId: string } }>('/api/tables/:tableId/commands', async (req, res) => {
    const { table, a } = await authed(req);
    const body = parse(postCommandSchema, req.body);
    return reply(res, await table.submit(a.principal, body.stream, body.envelope));
  });

  app.post<{ Params: { tableId: string } }>('/api/tables/:tableId/fights', async (req, res) => {
    const { table, a } = await authed(req);
    gmOnly(a);
    const body = req.body as { requestId?: unknown; fight?: unknown } | null;
    const fight = parse(fightSpecSchema, body?.fight ?? {});
    const requestId = typeof body?.requestId === 'string' && body.requestId ? body.requestId : newId('start');
    return reply(res, await startWithLibrary(table, requestId, fight));
  });

  app.get<{ Params: { tableId: string } }>('/api/tables/:tableId/fights/planned', async (req) => {
    const { table, a } = await authed(req);
    gmOnly(a);
    return planReport(table);
  });

  app.post<{ Params: { tableId: string } }>('/api/tables/:tableId/fights/finish', async (req, res) => {
    const { table, a } = await authed(req);
    gmOnly(a);
    const body = (req.body ?? {}) as { reason?: unknown };
    return reply(res, await table.finishFight(newId('finish'), typeof body.reason === 'string' ? body.reason.slice(0, 500) : undefined));
  });

  app.post<{ Params: { tableId: string } }>('/api/tables/:tableId/seats', async (req, res) => {
    const { table, a } = await authed(req);
    gmOnly(a);
    const body = parse(addSeatSchema, req.body);
    const name = body.name ?? body.seat;
    const token = await table.serial(async () => {
      // Changed in the store's copy of the list (another process may have changed it); the others hear of it.
      table.meta = await store.changeTableMeta<TableMeta>(table.id, (m) => (m.seats.some((s) => s.seat === body.seat) ? m : { ...m, seats: [...m.seats, { seat: body.seat, name }] }));
      table.refreshViews();
      return addSeatToken(table.id, body.seat, 'seat', name);
    });
    return res.code(201).send({ seat: body.seat, name, token, link: linkOf(table.id, 'seat', token) });
  });

  app.delete<{ Params: { tableId: string; seat: string } }>('/api/tables/:tableId/seats/:seat', async (req) => {
    const { table, a } = await authed(req);
    gmOnly(a);
    const r = await removeSeat(table, store, (match) => tokens.forget(match), req.params.seat);
    if (!r.ok) throw new ServerError(404, r.error);
    return { seat: r.seat, revoked: r.revoked };
  });

  app.get<{ Params: { tableId: string } }>('/api/tables/:tableId/export', async (req, res) => {
    const { table, a } = await authed(req);
    gmOnly(a);
    const lines = await table.serial(async () => {
      const out = [JSON.stringify({ fray: 'table-log', format: 1, table: { id: table.id, name: table.name, ruleset: { id: table.ruleset.id, version: table.ruleset.version } }, seats: table.meta.seats })];
      for (const s of await store.listStreams({ tableId: table.id })) {
        const kind = s.kind;
        const name = kind === 'campaign' ? 'campaign' : s.id.slice(`${table.id}/`.length);
        for (const e of await store.read(s.id)) out.push(JSON.stringify({ stream: name, event: e }));
      }
      return out;
    });
    return res.type('application/x-ndjson').send(lines.join('\n') + '\n');
  });

  app.post('/api/tables/import', { onRequest: adminOnly }, async (req, res) => {
    if (typeof req.body !== 'string') throw new ServerError(400, { code: 'malformed', message: 'send the exported log as text (Content-Type: application/x-ndjson)' });
    return res.code(201).send(await importLog(req.body));
  });

  async function importLog(text: string): Promise<CreatedTable> {
    if (tables.size + unavailable.size >= limits.maxTables) throw new ServerError(429, { code: 'too-many-tables', message: `this server holds at most ${limits.maxTables} tables` });
    const lines = text.split('\n').filter((l) => l.trim());
    const bad = (i: number, message: string) => new ServerError(400, { code: 'malformed', message: `line ${i + 1}: ${message}`, path: [i] });
    let head: { fray?: unknown; format?: unknown; table?: { name?: unknown; ruleset?: { id?: unknown; version?: unknown } }; seats?: unknown };
    try {
      head = JSON.parse(lines[0] ?? '');
    } catch {
      throw bad(0, 'not JSON');
    }
    if (head.fray !== 'table-log' || head.format !== 1) throw bad(0, "the first line must be the export's header {fray:'table-log', format:1, …}");
    const ruleset = typeof head.table?.ruleset?.id === 'string' ? rulesetFor(head.table.ruleset.id) : null;
    if (!ruleset) throw bad(0, 'unknown ruleset');
    if (ruleset.version !== head.table?.ruleset?.version) throw bad(0, `the log was written with ${ruleset.id} ${String(head.table?.ruleset?.version)}; this server has ${ruleset.version}`);
    const streams = new Map<string, FrayEvent[]>();
    for (let i = 1; i < lines.length; i++) {
      let row: { stream?: unknown; event?: unknown };
      try {
        row = JSON.parse(lines[i]!);
      } catch {
        throw bad(i, 'not JSON');
      }
      if (typeof row.stream !== 'string' || !/^(campaign|fight\/[^/]{1,200})$/.test(row.stream) || !row.event || typeof row.event !== 'object') throw bad(i, "each line is {stream:'campaign'|'fight/<id>', event}");
      const list = streams.get(row.stream) ?? [];
      const e = row.event as FrayEvent;
      if (e.seq !== list.length) throw bad(i, `event seq ${String(e.seq)} in ${row.stream}, expected ${list.length}`);
      list.push(e);
      streams.set(row.stream, list);
    }
    const campaignEvents = streams.get('campaign');
    if (!campaignEvents?.length) throw bad(0, 'the log has no campaign stream');
    const rt = { ruleset };
    const fights = new Map<string, Encounter>();
    try {
      Encounter.fromEvents(campaignEvents, rt, { commands: campaignCommandTable });
      for (const [name, evs] of streams) if (name !== 'campaign') fights.set(name.slice('fight/'.length), Encounter.fromEvents(evs, rt));
    } catch (e) {
      throw new ServerError(400, { code: 'malformed', message: `the log does not fold: ${(e as Error).message}` });
    }
    const id = newId('t');
    const seatsIn = Array.isArray(head.seats) ? head.seats : [];
    const meta: TableMeta = { seats: seatsIn.filter((s): s is { seat: string; name: string } => typeof s?.seat === 'string' && typeof s?.name === 'string').slice(0, 50) };
    const name = typeof head.table?.name === 'string' ? head.table.name.slice(0, 200) : 'Imported table';
    await createTableRow({ id, name, ruleset: { id: ruleset.id, version: ruleset.version }, meta });
    const create = (kind: 'campaign' | 'encounter') => ({ kind, tableId: id, ruleset: { id: ruleset.id, version: ruleset.version }, schemaVersion: EVENT_SCHEMA_VERSION });
    await store.append([
      { stream: campaignStreamId(id), expectedVersion: 0, events: campaignEvents, create: create('campaign') },
      ...[...fights.entries()].map(([fid, enc]) => ({ stream: fightStreamId(id, fid), expectedVersion: 0, events: enc.events, create: create('encounter') })),
    ]);
    await loadTable(id);
    const gmToken = await addSeatToken(id, 'gm', 'gm', 'GM');
    const seats: CreatedTable['seats'] = [];
    for (const s of meta.seats) {
      const token = await addSeatToken(id, s.seat, 'seat', s.name);
      seats.push({ seat: s.seat, name: s.name, token, link: linkOf(id, 'seat', token) });
    }
    return { tableId: id, gm: { token: gmToken, link: linkOf(id, 'gm', gmToken) }, seats };
  }

  // ---- WebSocket --------------------------------------------------------------------------------

  app.get<{ Params: { tableId: string } }>('/ws/tables/:tableId', { websocket: true }, (socket: WebSocket, req) => {
    if (!drain.accept(socket)) return;
    const tableId = req.params.tableId;
    const limiter = new RateLimiter(limits.maxMessagesPerSecond, limits.maxMessagesPerSecond * 2);
    let table: LiveTable | null = null;
    let sub: (Subscriber & { close: () => void; tokenHash: string }) | null = null;
    let chain: Promise<void> = Promise.resolve();
    const sendText = (text: string) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    };
    const send = (m: ServerMessage) => sendText(JSON.stringify(m));
    const fail = (code: string, message: string, p?: (string | number)[]) => send({ type: 'error', error: p ? { code, message, path: p } : { code, message } });
    const answer = (o: Outcome) =>
      send(o.ok
        ? { type: 'ack', commandId: o.commandId, stream: o.stream, version: o.versions, ...(o.retried ? { retried: true } : {}) }
        : { type: 'rejected', ...(o.commandId ? { commandId: o.commandId } : {}), error: o.error });

    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      // Shutting down: a message not yet taken is left for the server the client connects to next.
      if (drain.draining) return;
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
      if (size > limits.maxMessageBytes) return fail('too-large', `messages are limited to ${limits.maxMessageBytes} bytes (this one: ${size})`);
      if (!limiter.take()) return fail('rate-limited', `at most ${limits.maxMessagesPerSecond} messages per second: slow down`);
      if (isBinary) return fail('malformed', 'send JSON text, not binary');
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as Buffer).toString('utf8');
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        return fail('malformed', 'a message must be JSON');
      }
      const parsed = clientMessageSchema.safeParse(raw);
      if (!parsed.success) {
        const w = zodWire(parsed.error);
        const commandId = (raw as { envelope?: { id?: unknown } } | null)?.envelope?.id;
        if (typeof commandId === 'string' && commandId.length <= 200) return send({ type: 'rejected', commandId, error: w });
        return send({ type: 'error', error: w });
      }
      chain = drain.track(chain.then(() => handle(parsed.data)).catch(() => fail('internal', 'the server failed on this message; nothing was changed')));
    });
    socket.on('close', () => {
      if (table && sub) table.unsubscribe(sub);
    });
    socket.on('error', () => undefined);

    async function handle(m: ClientMessage): Promise<void> {
      if (m.type === 'ping') return send({ type: 'pong', ...(m.id !== undefined ? { id: m.id } : {}) });
      if (m.type === 'hello') {
        if (sub) return fail('malformed', 'hello was already said on this connection');
        const a = await access(tableId, m.token);
        if (!a) {
          fail(UNAUTHORIZED.code, UNAUTHORIZED.message);
          return void socket.close(4401, 'unauthorized');
        }
        const t = await tableById(a.tableId);
        if (!t) {
          fail('unavailable', `the table cannot be loaded: ${unavailable.get(a.tableId) ?? 'unknown'}`);
          return void socket.close(4503, 'unavailable');
        }
        if (t.subscribers.size >= limits.maxConnectionsPerTable) {
          fail('too-many-connections', `a table takes at most ${limits.maxConnectionsPerTable} connections`);
          return void socket.close(4429, 'too many connections');
        }
        // Queued on the table, so nothing is pushed between the welcome's view and the subscription.
        await t.serial(async () => {
          // Asked again in the table's queue: a seat change heard since the first answer is in force now.
          if (!(await access(tableId, m.token))) {
            fail(UNAUTHORIZED.code, UNAUTHORIZED.message);
            return void socket.close(4401, 'unauthorized');
          }
          const missed: EventsMessage[] = [];
          if (m.since) {
            const tbl = await catchUp(t, a.principal, 'table', m.since.table);
            if (tbl) missed.push(tbl);
            if (t.fight) {
              const from = m.since.fight?.id === t.fight.state.id ? m.since.fight.version : 0;
              const f = await catchUp(t, a.principal, 'fight', from);
              if (f) missed.push(f);
            }
          }
          table = t;
          sub = { principal: a.principal, tokenHash: a.tokenHash, send, sendText, close: () => socket.close(4401, 'revoked') };
          const { view, viewSeq } = t.subscribe(sub);
          send({
            type: 'welcome', role: a.principal.role === 'gm' ? 'gm' : 'seat', ...(a.principal.role === 'player' ? { seat: a.principal.seat } : {}),
            view, viewSeq, version: t.versions(), ...(m.since ? { catchUp: missed } : {}),
          });
        });
        return;
      }
      if (!sub || !table) return fail('not-authenticated', "say hello first: {type:'hello', token}");
      const t: LiveTable = table;
      const who = sub.principal;
      if (m.type === 'command') return answer(await t.submit(who, m.stream, m.envelope));
      if (m.type === 'previewMove') {
        const r = movePreviewFor(t, who, m.creatureId, m.to);
        return send(r.ok ? { type: 'movePreview', requestId: m.requestId, preview: r.preview } : { type: 'rejected', commandId: m.requestId, error: r.error });
      }
      if (who.role !== 'gm') return send({ type: 'rejected', commandId: m.requestId, error: { code: 'forbidden', message: `only the GM may ${m.type}` } });
      if (m.type === 'startFight') return answer(await startWithLibrary(t, m.requestId, m.fight, m.expectedVersion));
      if (m.type === 'finishFight') return answer(await t.finishFight(m.requestId, m.reason));
      if (m.type === 'odds') {
        // Not awaited: the connection goes on while the fights are played (on a worker thread).
        const started = odds.start(t, m, send);
        if ('error' in started) return send({ type: 'rejected', commandId: m.requestId, error: started.error });
        void started.then((r) => send({ type: 'odds', requestId: m.requestId, odds: r }), (e: unknown) => send({ type: 'rejected', commandId: m.requestId, error: oddsFailure(e) }));
      }
    }
  });

  // ---- the web client ---------------------------------------------------------------------------

  const webDir = opts.webDir;
  if (webDir && fs.existsSync(path.join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: path.resolve(webDir), prefix: '/', wildcard: true });
    app.get('/t/*', (_req, res) => res.sendFile('index.html'));
  }

  const address = await app.listen({ host: opts.host ?? '127.0.0.1', port: opts.port ?? 4780 });
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : opts.port ?? 4780;
  baseUrl = opts.publicUrl ?? `http://${opts.host ?? '127.0.0.1'}:${port}`;

  return {
    adminToken: generatedAdminToken,
    app,
    store,
    url: baseUrl || address,
    tables,
    unavailable,
    limits,
    createTable,
    async issueTokens(tableId: string) {
      const table = tables.get(tableId);
      if (!table) throw new ServerError(404, { code: 'unavailable', message: `no table '${tableId}' on this server` });
      const gmToken = await addSeatToken(tableId, 'gm', 'gm', 'GM');
      const seats: CreatedTable['seats'] = [];
      for (const s of table.meta.seats) {
        const token = await addSeatToken(tableId, s.seat, 'seat', s.name);
        seats.push({ seat: s.seat, name: s.name, token, link: linkOf(tableId, 'seat', token) });
      }
      return { tableId, gm: { token: gmToken, link: linkOf(tableId, 'gm', gmToken) }, seats };
    },
    async close() {
      const timeoutMs = opts.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS;
      const deadline = Date.now() + timeoutMs;
      await drain.drain(() => app.server.close(), timeoutMs, () => Promise.all([...tables.values()].map((t) => t.idle())));
      odds.stopAll();
      await app.close();
      await listener?.close();
      // A database that hangs (work left past the bound holds a pooled connection) must not hold the exit.
      await Promise.race([store.close(), new Promise((r) => setTimeout(r, Math.max(1000, deadline - Date.now())).unref())]);
    },
  };
}
