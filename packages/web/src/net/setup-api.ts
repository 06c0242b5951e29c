import type { ImportReport, ImportRequest, LibrarySetup, OddsReport, PlanReport, TableAddress, WireError } from './protocol';
import type { OddsResult } from './table-connection';

export type { LibrarySetup };

interface WireErrorBody {
  error?: WireError;
}

/** How many fights the setup screens ask for, and for how long at most (the server caps both). */
export const SETUP_FIGHTS = 2000;
export const SETUP_SECONDS = 4;

/** A POST with a token (the host's, or a table's GM's), answered as JSON: the body, or the server's typed error. */
async function postAsHost<T>(path: string, hostToken: string | null, body: unknown): Promise<{ ok: true; body: T } | { ok: false; error: WireError }> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(hostToken ? { authorization: `Bearer ${hostToken}` } : {}) },
      body: JSON.stringify(body),
    });
    const out = (await res.json()) as T & WireErrorBody;
    if (res.ok) return { ok: true, body: out };
    return { ok: false, error: out.error ?? { code: 'refused', message: `the server answered ${res.status}` } };
  } catch {
    return { ok: false, error: { code: 'offline', message: 'the server could not be reached' } };
  }
}

/** `POST /api/odds`: a new table's first fight played many times before the table is made. */
export async function askSetupOdds(hostToken: string | null, library: LibrarySetup): Promise<OddsResult> {
  const r = await postAsHost<{ odds: OddsReport }>('/api/odds', hostToken, { library, fights: SETUP_FIGHTS, seconds: SETUP_SECONDS });
  return r.ok ? { ok: true, odds: r.body.odds } : { ok: false, error: r.error };
}

export interface ImportResult {
  ok: boolean;
  report?: ImportReport;
  error?: WireError;
}

/** `POST /api/import` (the host's token): read a pasted stat block; with `save`, into the server's library. */
export async function importAsHost(hostToken: string | null, body: ImportRequest): Promise<ImportResult> {
  const r = await postAsHost<{ report: ImportReport }>('/api/import', hostToken, body);
  return r.ok ? { ok: true, report: r.body.report } : { ok: false, error: r.error };
}

/** `POST /api/tables/:id/import` (the table's GM): read a pasted stat block for this table's fights; nothing is stored. */
export async function importForTable(address: TableAddress, body: ImportRequest): Promise<ImportResult> {
  const r = await postAsHost<{ report: ImportReport }>(`/api/tables/${encodeURIComponent(address.tableId)}/import`, address.token, body);
  return r.ok ? { ok: true, report: r.body.report } : { ok: false, error: r.error };
}

/** `GET /api/tables/:id/fights/planned` (the table's GM): the fights its campaign file planned, and the next one. */
export async function fetchPlan(address: TableAddress): Promise<{ ok: true; plan: PlanReport } | { ok: false; error: WireError }> {
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(address.tableId)}/fights/planned`, { headers: { authorization: `Bearer ${address.token}` } });
    const out = (await res.json()) as PlanReport & WireErrorBody;
    if (res.ok) return { ok: true, plan: out };
    return { ok: false, error: out.error ?? { code: 'refused', message: `the server answered ${res.status}` } };
  } catch {
    return { ok: false, error: { code: 'offline', message: 'the server could not be reached' } };
  }
}
