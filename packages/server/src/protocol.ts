import { z } from 'zod';
import { importFormats, importRulesets } from '@fray/import';
import type { ViewPatch } from './view-patch';

export type { ViewPatch, ViewPath } from './view-patch';

/**
 * The table server's wire protocol: every message a client may send is parsed here at the edge (one zod
 * schema per message), and every message the server sends has its shape written here, so the web
 * client and any tool build against one file. `docs/protocol.schema.json` is generated from it.
 *
 * Streams: a table is a campaign stream ('table': roster, clock, rests, travel) and its fights; at most
 * one fight ('fight') is under way at a time. Versions are stream lengths (the engine's `state.version`).
 */

/** Hard edge limits (the server may configure lower ones; see ServerLimits). */
export const PROTOCOL_LIMITS = {
  /** bytes of one WebSocket message or HTTP body */
  maxMessageBytes: 64 * 1024,
} as const;

const id = z.string().min(1).max(200);
const token = z.string().min(1).max(200);
const json: z.ZodType<unknown> = z.lazy(() => z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(json), z.record(z.string(), json)]));

export const streamSchema = z.enum(['table', 'fight']).describe("'table' is the campaign stream, 'fight' the fight under way");
export type StreamName = z.infer<typeof streamSchema>;

/**
 * A command envelope as a client sends it. `issuedBy` may be left out: the server fills it from the
 * connection's token (a GM token is `{role:'gm'}`, a seat token `{role:'player', seat}`); if given it
 * must match. `expectedVersion` is the version of the addressed stream the client saw.
 */
export const clientEnvelopeSchema = z.object({
  id: id.describe('unique per stream; a retry with the same id and the same command gets the original ack'),
  issuedBy: z.union([z.object({ role: z.literal('gm') }).strict(), z.object({ role: z.literal('player'), seat: id }).strict()]).optional(),
  expectedVersion: z.number().int().min(0).optional(),
  command: z.object({ type: z.string().min(1).max(200) }).passthrough(),
  preAnswers: z.record(z.string(), json).optional(),
}).strict();
export type ClientEnvelope = z.infer<typeof clientEnvelopeSchema>;

/** Where a reconnecting client was: the versions it has seen. */
export const sinceSchema = z.object({
  table: z.number().int().min(0),
  fight: z.object({ id, version: z.number().int().min(0) }).strict().optional(),
}).strict();
export type Since = z.infer<typeof sinceSchema>;

/** A fight to start from the campaign (GM only): who takes part, who they meet, where. */
export const fightSpecSchema = z.object({
  id: id.optional().describe('the fight id (default: fight-<n>)'),
  seed: z.union([z.string().max(200), z.number().int()]).optional().describe('dice seed (default: random)'),
  members: z.array(id).max(500).optional().describe('campaign creatures taking part (default: all)'),
  foes: z.array(json).max(500).optional().describe('creature setups met only in this fight (the engine checks them)'),
  options: z.record(z.string(), json).optional(),
  space: json.optional(),
  map: z.union([
    z.object({ grid: z.object({ width: z.number().int().min(1).max(100), height: z.number().int().min(1).max(100) }).strict() }).strict(),
    z.object({ zones: z.object({}).strict() }).strict(),
  ]).optional().describe("between fights: a grid of that many squares or the ruleset's zones, everyone placed (the party from the west, foes from the east; the GM moves them with gm.place)"),
  modules: z.array(id).max(50).optional(),
  diceMode: z.enum(['seeded', 'entered']).optional(),
  planned: id.optional().describe("a fight the table's campaign file planned, by id, or 'next' (the first not yet fought): its foes, members, map and options come from the plan (GET /api/tables/:id/fights/planned)"),
}).strict();
export type FightSpec = z.infer<typeof fightSpecSchema>;

/** "Odds from here" (GM only): how many fights at most, and for how long at most (the server clamps both). */
export const oddsRequestSchema = z.object({
  type: z.literal('odds'),
  requestId: id,
  fights: z.number().int().min(1).max(100_000).optional().describe('fights to play at most (default 2,000; the server caps it at 10,000)'),
  seconds: z.number().min(0.1).max(600).optional().describe('time budget in seconds (default 4; capped at 15): no new fights start after it'),
  seed: z.union([z.string().min(1).max(200), z.number().int()]).optional().describe('simulation seed (default: the fight id and version, so the same state gives the same answer)'),
  next: z.object({
    members: z.array(id).max(500).optional().describe('campaign creatures taking part (default: all)'),
    foes: z.array(json).max(500).optional().describe("the foes, as startFight's: library refs ({ref, hidden?}) or creature setups"),
    map: fightSpecSchema.shape.map,
  }).strict().optional().describe('between fights: the odds of this next fight before it starts, instead of the fight under way'),
}).strict();
export type OddsRequest = z.infer<typeof oddsRequestSchema>;

export const clientMessageSchemas = {
  hello: z.object({ type: z.literal('hello'), token, since: sinceSchema.optional() }).strict(),
  command: z.object({ type: z.literal('command'), stream: streamSchema, envelope: clientEnvelopeSchema }).strict(),
  /** GM: start a fight from the campaign (its creatures carried as they are). Answered with ack (requestId) or rejected. */
  startFight: z.object({ type: z.literal('startFight'), requestId: id, expectedVersion: z.number().int().min(0).optional(), fight: fightSpecSchema }).strict(),
  /** GM: end the fight under way (if not ended) and write it back into the campaign. */
  finishFight: z.object({ type: z.literal('finishFight'), requestId: id, reason: z.string().max(500).optional() }).strict(),
  ping: z.object({ type: z.literal('ping'), id: z.string().max(200).optional() }).strict(),
  /**
   * Where a dragged token would go: the engine's `previewMove` on the fight under way (path, cost, the
   * opportunity attacks it provokes, and whether the rules take it). Changes nothing; answered with
   * `movePreview` (requestId) or rejected.
   */
  previewMove: z.object({ type: z.literal('previewMove'), requestId: id, creatureId: id, to: json }).strict(),
  /**
   * GM: "odds from here": the simulator plays the fight on from its current state (hidden creatures
   * and exact hit points included) on a worker thread. Answered with `oddsProgress` messages, then
   * `odds` (requestId), or rejected (no fight, a run already going for this table). Seats are refused.
   */
  odds: oddsRequestSchema,
} as const;

export const clientMessageSchema = z.discriminatedUnion('type', [
  clientMessageSchemas.hello,
  clientMessageSchemas.command,
  clientMessageSchemas.startFight,
  clientMessageSchemas.finishFight,
  clientMessageSchemas.ping,
  clientMessageSchemas.previewMove,
  clientMessageSchemas.odds,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

// ---------------------------------------------------------------------------------------------------
// Server → client. These are TypeScript shapes (the server builds them); the JSON Schema documents them.

export type Role = 'gm' | 'seat';

/** A typed error: `code` is kebab-case and stable, `message` says what to do, `path` names the field. */
export interface WireError {
  code: string;
  message: string;
  path?: (string | number)[];
  ruleId?: string;
}

export interface SeatInfo {
  seat: string;
  name: string;
  /** creatures this seat controls (in the campaign, and in the fight if one is under way) */
  creatures: string[];
  revoked?: boolean;
}

export interface TableInfo {
  id: string;
  name: string;
  ruleset: { id: string; version: string };
  seats: SeatInfo[];
}

/**
 * What a screen needs, projected for the connection: GM → the full states (`gmView`), seat → the
 * engine's player views (nothing the seat may not see). `prompts` are the open prompts addressed to
 * this connection (a seat: its own; the GM: all open prompts of the fight and the campaign).
 */
export interface TableView {
  table: TableInfo;
  /** GM: the campaign's EncounterState; seat: `campaignPlayerView` */
  campaign: unknown;
  /** the fight under way, or null */
  fight: { id: string; version: number; view: unknown } | null;
  prompts: unknown[];
  /**
   * Action menus (the engine's `actionMenu`) for the creature whose turn it is, when no prompt is open:
   * to the GM and to the seat that controls it. Keyed by creature id; absent otherwise. In the welcome
   * and the HTTP state; after that they come in `actions` messages (a screen drops its menus at every
   * `events` message and takes the next `actions` whose versions are its view's).
   */
  actions?: Record<string, unknown>;
  versions: Versions;
}

export interface Versions {
  table: number;
  fight: { id: string; version: number } | null;
}

export type ServerMessage =
  | {
    type: 'welcome'; role: Role; seat?: string; view: TableView;
    /** the view's serial: the first `events`/`view` patch applies to it */
    viewSeq: number;
    version: Versions; catchUp?: EventsMessage[];
  }
  | EventsMessage
  /** the view changed without events (a seat was added or revoked): a patch as in `events` */
  | { type: 'view'; patch: ViewPatch }
  /** the action menus for the view at `versions` (computed after the command's ack) */
  | { type: 'actions'; versions: Versions; actions: Record<string, unknown> }
  | { type: 'ack'; commandId: string; stream: StreamName | 'both'; version: Versions; retried?: boolean }
  | { type: 'rejected'; commandId?: string; error: WireError }
  | { type: 'error'; error: WireError }
  | { type: 'pong'; id?: string }
  | { type: 'movePreview'; requestId: string; preview: MovePreviewWire }
  | { type: 'oddsProgress'; requestId: string; done: number; total: number }
  | { type: 'odds'; requestId: string; odds: OddsReport };

/** A probability from simulated fights: how many of them, the share, its 95 % Wilson interval. */
export interface OddsShare {
  count: number;
  p: number;
  ci: [number, number];
}

/**
 * "Odds from here" (GM only, never sent to a seat: it names hidden creatures and follows exact hit
 * points): the fight played on from `from` by the simulator's policies.
 */
export interface OddsReport {
  /**
   * the fight and its version the simulation started from; a fight not started yet (a new table's, or
   * the next one between fights) is version 0, and `table` is the campaign version it was built from
   */
  from: { fightId: string; version: number; round: number; table?: number };
  /** the fight has changed since `from` (a command went through while the fights were played) */
  stale: boolean;
  /** fights played; fewer than `requested` when the time budget ran out */
  fights: number;
  requested: number;
  stopped: 'done' | 'budget' | 'cancelled';
  seconds: number;
  seed: string | number;
  /** which path played the fights: the ruleset's compiled fight, or the engine (fallbacks: handed back by the compiled fight) */
  paths: { compiled: number; engine: number; fallbacks: number };
  /** in a word: every fight compiled, every fight on the engine, or some of each */
  path: 'compiled' | 'engine' | 'mixed';
  sides: ({ side: string } & OddsShare)[];
  /** nobody left standing, or the round limit */
  draws: OddsShare;
  /** rounds the fights lasted: the mean with its 95 % interval, the median, the 90th percentile */
  rounds: { mean: number; ci: [number, number]; median: number; p90: number };
  /**
   * the rounds still to come after the one under way (before the fight starts, every round it lasts): the
   * mean with its 95 % interval, and how many at most in nine fights of ten
   */
  roundsLeft: { mean: number; ci: [number, number]; p90: number };
  /**
   * the creatures the players' seats play, together: the chance that any of them drops, and that any dies,
   * in a fight (null when no seat plays a creature in it)
   */
  playerCreatures: { ids: string[]; drop: OddsShare; death: OddsShare } | null;
  /** each creature's chance to drop and to die; `played`: a seat plays it (a player's creature) */
  creatures: { id: string; name: string; side: string; played: boolean; drop: OddsShare; death: OddsShare }[];
}

/** The engine's `MovePreview`, as a connection may see it (a seat's `provokes` name only creatures it can see). */
export interface MovePreviewWire {
  creatureId: string;
  to: unknown;
  legal: boolean;
  reason?: string;
  ruleId?: string;
  path: unknown[];
  cost: number;
  provokes: string[];
}

/**
 * New events on one stream, redacted for the connection (a seat gets `redactEvents`, the GM every
 * event), narration lines for them, and the patch that brings the connection's view up to date
 * (absent in a welcome's catch-up: the welcome's view is already current).
 */
export interface EventsMessage {
  type: 'events';
  stream: StreamName;
  /** the fight's id when stream is 'fight' */
  fightId?: string;
  /** version of the stream after these events */
  version: number;
  events: unknown[];
  narration: string[];
  patch?: ViewPatch;
}

// ---------------------------------------------------------------------------------------------------
// HTTP bodies (JSON). Auth: `Authorization: Bearer <token>` except on POST /api/tables.

/** A creature from the server's content library (`GET /api/content/:ruleset`) as a new table places it. */
export const libraryCreatureSchema = z.object({
  ref: z.string().min(1).max(300).describe("the library entry's ref, e.g. 'a5e/monsters/ashback-wolf.yaml'"),
  id: z.string().min(1).max(60).regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/).optional().describe('creature id (default: from its name)'),
  name: z.string().min(1).max(100).optional(),
  side: z.string().min(1).max(60),
  controller: id.nullable().optional().describe('the seat that plays it; none: the GM'),
  hidden: z.boolean().optional(),
  at: z.object({
    x: z.number().int().min(0).max(999).optional(),
    y: z.number().int().min(0).max(999).optional(),
    elevation: z.number().int().min(-9999).max(9999).optional(),
    zone: z.string().min(1).max(60).nullable().optional(),
  }).strict().optional().describe('a square (grid) or a zone (zones); needs a map'),
}).strict();

/** A new table built from the content library: creatures with seats join the party, the rest are the first fight's foes. */
export const librarySetupSchema = z.object({
  ruleset: id,
  seed: z.union([z.string().max(200), z.number().int()]).optional(),
  diceMode: z.enum(['seeded', 'entered']).optional(),
  map: z.union([
    z.object({ grid: z.object({ width: z.number().int().min(1).max(60), height: z.number().int().min(1).max(60) }).strict() }).strict(),
    z.object({ zones: z.object({}).strict() }).strict(),
  ]).optional(),
  creatures: z.array(libraryCreatureSchema).min(1).max(200),
}).strict();
export type LibrarySetup = z.infer<typeof librarySetupSchema>;

/** One entry of the content library, as listed for a ruleset. */
/** One fight of a table's plan (a campaign file's fights), as `GET /api/tables/:id/fights/planned` lists it. */
export interface PlanEntry {
  id: string;
  /** 'done': the table fought it; 'under way': it is the fight now; 'planned': not yet */
  status: 'done' | 'under way' | 'planned';
  members: string[] | null;
  foes: { id: string; name: string }[];
  map: 'grid' | 'zones' | null;
}

/** A table's plan: its fights in order and the next one not yet fought (null: none left, or no plan). */
export interface PlanReport {
  next: string | null;
  fights: PlanEntry[];
}

export interface LibraryEntry {
  ref: string;
  name: string;
  /** 'monster', 'character', 'npc', 'pc' … as the stat block says */
  kind: string;
  /** 'level 3', 'HD 4' … */
  level: string | null;
  /** the ruleset's role words: 13th Age 'mook', 'large' … */
  role: string | null;
  size: string | null;
}

/** `POST /api/odds` (admin): the odds of a new table's first fight before it is made, from the request the table would be made from. */
export const setupOddsSchema = z.object({
  library: librarySetupSchema,
  fights: oddsRequestSchema.shape.fights,
  seconds: oddsRequestSchema.shape.seconds,
  seed: oddsRequestSchema.shape.seed,
}).strict();
export type SetupOddsRequest = z.infer<typeof setupOddsSchema>;

/** The most text one import from the web table takes (characters): a pasted block or a downloaded page of creatures. */
export const MAX_IMPORT_CHARS = 512 * 1024;

/**
 * `POST /api/import` (admin) and `POST /api/tables/:tableId/import` (the table's GM): a stat block or a
 * file's text, read by the importers `fray import` uses. Nothing is stored unless `save` (admin only):
 * then every creature goes into the server's library, all or nothing.
 */
export const importRequestSchema = z.object({
  text: z.string().min(1).max(MAX_IMPORT_CHARS).describe('pasted stat block text, or an Open5e / 5etools JSON file as text'),
  ruleset: z.enum(importRulesets).optional().describe("the ruleset to import into (default: A5E for 5e sources, the block's own for 13th Age and FTD text; a table's own on a table)"),
  format: z.enum(['auto', ...importFormats]).optional().describe('default auto'),
  save: z.boolean().optional().describe('admin only: write the creatures into the library (a name already there is refused unless replace)'),
  replace: z.boolean().optional().describe("with save: replace the user's own library files of the same name (never the repository's)"),
}).strict();
export type ImportRequest = z.infer<typeof importRequestSchema>;

/** One line of an import report: what became of a field (`field` is a JSON pointer or `line N`). */
export interface ImportLine {
  field: string;
  text: string;
  words?: string;
}

/** What an import read, per creature: what the rules run, what stays text for the GM, what was refused; the stat block. */
export interface ImportReport {
  format: string;
  ruleset: string;
  /** written into the library (save) */
  saved: boolean;
  creatures: {
    name: string;
    slug: string;
    ruleset: string;
    meta: Record<string, unknown>;
    runs: ImportLine[];
    text: ImportLine[];
    refused: ImportLine[];
    statBlock: unknown;
    /** with save: its library entry (`ref` for a new table, GET /api/content lists it) */
    entry?: LibraryEntry;
  }[];
}

export const createTableSchema = z.object({
  name: z.string().min(1).max(200).optional(),
  ruleset: id.optional().describe("ruleset id (default 'a5e'; with from:{scenario} the scenario's)"),
  from: z.union([
    z.literal('empty'),
    z.literal('demo'),
    z.object({ scenario: z.string().min(1).max(PROTOCOL_LIMITS.maxMessageBytes) }).strict().describe('a scenario or campaign file (YAML or JSON text)'),
    z.object({ library: librarySetupSchema }).strict().describe('creatures from the content library (GET /api/content/:ruleset); the fight starts at once'),
  ]).optional(),
  seats: z.array(z.object({ seat: id, name: z.string().min(1).max(200).optional() }).strict()).max(50).optional()
    .describe('extra seats (a seat is also made for each controller named by the creatures)'),
}).strict();
export type CreateTableRequest = z.infer<typeof createTableSchema>;

export interface CreatedTable {
  tableId: string;
  gm: { token: string; link: string };
  seats: { seat: string; name: string; token: string; link: string }[];
}

export const postCommandSchema = z.object({ stream: streamSchema, envelope: clientEnvelopeSchema }).strict();
export const addSeatSchema = z.object({ seat: id, name: z.string().min(1).max(200).optional() }).strict();

/** The typed error codes the server itself uses (the engine adds its own: 'illegal', 'not-your-turn', …). */
export const SERVER_ERROR_CODES = [
  'malformed', // not JSON, or a message that fails its schema (path names the field)
  'too-large', // message or body over the size limit
  'rate-limited', // more messages per second than the connection may send
  'unauthorized', // no/wrong token, or unknown table (answered the same)
  'not-authenticated', // a message before hello
  'forbidden', // the token may not do this
  'version-conflict', // expectedVersion is not the stream's version (someone else was first)
  'no-fight', // stream 'fight' while no fight is under way
  'fight-under-way', // startFight while one is
  'no-plan', // startFight {planned} on a table without that planned fight (or with every planned fight fought)
  'too-many-tables',
  'too-many-creatures',
  'invalid-setup', // a scenario/creature setup the engine refused
  'already-in-library', // an import with save names a stat block the library has (replace: true for the user's own)
  // an import the importers refuse has their code: 'bad-json', 'unknown-format', 'unsupported-ruleset', 'no-creatures', 'bad-creature', 'invalid-stat-block'
  'duplicate-command', // the id was used for a different command
  'unavailable', // the table could not be loaded (its log is unreadable by this server), the database cannot be reached, or the disk refused a sync
  'no-seat', // removing a seat the table does not have
  'seat-removed', // sent to a removed seat's connections just before they close
  'internal',
] as const;

/** JSON Schema of everything a client sends (and the HTTP bodies), for client authors. */
export function protocolJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Fray table server protocol (client → server)',
    description: 'WebSocket messages at /ws/tables/:tableId and HTTP bodies under /api. Server → client shapes: docs/server.md.',
    $defs: {
      clientMessage: z.toJSONSchema(clientMessageSchema, { io: 'input', unrepresentable: 'any' }),
      createTable: z.toJSONSchema(createTableSchema, { io: 'input', unrepresentable: 'any' }),
      postCommand: z.toJSONSchema(postCommandSchema, { io: 'input', unrepresentable: 'any' }),
      addSeat: z.toJSONSchema(addSeatSchema, { io: 'input', unrepresentable: 'any' }),
      setupOdds: z.toJSONSchema(setupOddsSchema, { io: 'input', unrepresentable: 'any' }),
      import: z.toJSONSchema(importRequestSchema, { io: 'input', unrepresentable: 'any' }),
    },
    $ref: '#/$defs/clientMessage',
  };
}
