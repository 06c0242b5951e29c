/**
 * The table server's wire shapes as this client reads them. The server owns the protocol
 * (packages/server/src/protocol.ts, JSON Schema in docs/protocol.schema.json); these types mirror its
 * server → client messages so the browser bundle never pulls the server's code.
 */
import type { Json } from '@fray/engine';

export type StreamName = 'table' | 'fight';
export type Role = 'gm' | 'seat';
export type Principal = { role: 'gm' } | { role: 'player'; seat: string };

export interface WireError {
  code: string;
  message: string;
  path?: (string | number)[];
  ruleId?: string;
}

export interface SeatInfo {
  seat: string;
  name: string;
  creatures: string[];
  revoked?: boolean;
}

export interface TableInfo {
  id: string;
  name: string;
  ruleset: { id: string; version: string };
  seats: SeatInfo[];
}

export interface Versions {
  table: number;
  fight: { id: string; version: number } | null;
}

export interface TableView {
  table: TableInfo;
  /** GM: the campaign's full state; seat: the campaign's player view */
  campaign: unknown;
  /** the fight under way: GM → the full encounter state, seat → the engine's player view */
  fight: { id: string; version: number; view: unknown } | null;
  /** open prompts addressed to this connection (the GM: every open prompt) */
  prompts: unknown[];
  /** action menus by creature id: GM → the creature whose turn it is, seat → its own creatures */
  actions?: Record<string, unknown>;
  versions: Versions;
}

export interface EventsMessage {
  type: 'events';
  stream: StreamName;
  fightId?: string;
  version: number;
  events: unknown[];
  narration: string[];
  view: TableView;
}

export type ServerMessage =
  | { type: 'welcome'; role: Role; seat?: string; view: TableView; version: Versions; catchUp?: EventsMessage[] }
  | EventsMessage
  | { type: 'ack'; commandId: string; stream: StreamName | 'both'; version: Versions; retried?: boolean }
  | { type: 'rejected'; commandId?: string; error: WireError; requestId?: string }
  | { type: 'error'; error: WireError }
  | { type: 'pong'; id?: string };

export interface ClientEnvelope {
  id: string;
  issuedBy?: Principal;
  expectedVersion?: number;
  command: { type: string; [key: string]: Json | undefined };
  preAnswers?: Record<string, Json>;
}

export interface Since {
  table: number;
  fight?: { id: string; version: number };
}

export type ClientMessage =
  | { type: 'hello'; token: string; since?: Since }
  | { type: 'command'; stream: StreamName; envelope: ClientEnvelope }
  | { type: 'startFight'; requestId: string; expectedVersion?: number; fight: Record<string, Json> }
  | { type: 'finishFight'; requestId: string; reason?: string }
  | { type: 'ping'; id?: string };

/** Where a browser finds its table and its key: `/t/<tableId>#gm=<token>` or `#seat=<token>`. */
export interface TableAddress {
  tableId: string;
  token: string;
  claimed: 'gm' | 'seat';
}

export function parseTableAddress(pathname: string, hash: string): TableAddress | null {
  const m = /^\/t\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const gm = params.get('gm');
  const seat = params.get('seat');
  const token = gm ?? seat;
  if (!token) return null;
  return { tableId: decodeURIComponent(m[1]!), token, claimed: gm ? 'gm' : 'seat' };
}
