// The server owns the protocol; these are its types (type-only: nothing of the server's code reaches the
// browser bundle).
export type {
  ClientEnvelope, ClientMessage, EventsMessage, ImportReport, ImportRequest, LibraryEntry, LibrarySetup, MovePreviewWire, OddsReport, PlanEntry, PlanReport, Role, SeatInfo, ServerMessage, Since, StreamName, TableInfo, TableView, Versions, WireError,
} from '@fray/server/protocol';

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
