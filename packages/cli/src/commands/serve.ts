import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { FrayEventBody, LoadedRuleset } from '@fray/engine';
import { createServer, isPostgresUrl, loadContentLibrary, type FrayServer, type TableSource } from '@fray/server';
import { narrate, type NarrationContext } from '../narrate';
import { contentDir, repoRoot } from '../paths';
import { findRuleset, rulesetIds } from '../rulesets';
import { tableSourceOfFile, tableSourceOfText as tableSourceOfTextFile } from '../scenario/table-file';
import { DEMO_SCENARIO } from './demo';
import { saveImportsInto } from './import';

export interface ServeOptions {
  host?: string;
  port?: number;
  data?: string;
  /** postgres://… (else DATABASE_URL when it is one): store the tables in PostgreSQL instead of SQLite */
  database?: string;
  /**
   * SQLite only: 'full' (default), an acknowledged command is on disk (synchronous FULL); 'normal', it is
   * with the operating system (synchronous NORMAL: it survives the process dying, not a power cut)
   */
  durability?: 'full' | 'normal';
  demo?: boolean;
  /** the admin token that creates tables (else FRAY_ADMIN_TOKEN, else a fresh one printed at start) */
  adminToken?: string;
}

const DEMO_NAME = 'Demo: a forest road in a storm';

/** A scenario or campaign file as a table (the shared loader, `scenario/table-file.ts`). */
export function tableSourceOfScenario(file: string, name?: string): TableSource {
  return tableSourceOfFile(file, repoRoot, name ?? path.basename(file).replace(/\.(ya?ml|json)$/i, ''));
}

/** A scenario or campaign file's text (from `POST /api/tables {from: {scenario}}`): stat blocks by `ref` come from scenarios/content. */
export function tableSourceOfText(text: string): TableSource {
  const data = parse(text) as unknown;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('the scenario must be a YAML or JSON object');
  return tableSourceOfTextFile(text);
}

function rulesets(): Record<string, LoadedRuleset> {
  const out: Record<string, LoadedRuleset> = {};
  for (const id of rulesetIds()) out[id] = findRuleset(id)!;
  return out;
}

export interface Served {
  server: FrayServer;
  lines: string[];
}

/** Starts the table server; with `demo`, makes (or finds) the demo table and hands out fresh links to it. */
export async function serveCommand(o: ServeOptions): Promise<Served> {
  const dataDir = path.resolve(o.data ?? 'fray-data');
  const all = rulesets();
  // The repository's stat blocks, then the ones `fray import` wrote into the data folder's library.
  const content = loadContentLibrary([contentDir, path.join(dataDir, 'content')], all, (text) => parse(text));
  const database: string | undefined = o.database ?? (isPostgresUrl(process.env['DATABASE_URL']) ? process.env['DATABASE_URL'] : undefined);
  if (database !== undefined && !isPostgresUrl(database)) throw new Error(`--database takes a PostgreSQL URL (postgres://user:password@host:port/database), not '${database.slice(0, 40)}'`);
  // PostgreSQL keeps its own promise (its synchronous_commit), set on its server, not here.
  if (database !== undefined && o.durability !== undefined) throw new Error("--durability is the SQLite file's setting; with --database, PostgreSQL's own synchronous_commit decides what an acknowledged command survives");
  const durability = o.durability ?? 'full';
  const adminToken = o.adminToken ?? (process.env['FRAY_ADMIN_TOKEN'] || undefined);
  const server = await createServer({
    dataDir,
    ...(database ? { database: { url: database } } : { synchronous: durability === 'full' ? 'FULL' as const : 'NORMAL' as const }),
    host: o.host ?? '127.0.0.1',
    port: o.port ?? 4780,
    rulesets: all,
    content,
    saveImports: saveImportsInto(path.join(dataDir, 'content')),
    narrate: (events, ctx) => narrate(events as FrayEventBody[], ctx as NarrationContext),
    loadSetup: tableSourceOfText,
    demo: () => tableSourceOfScenario(DEMO_SCENARIO, DEMO_NAME),
    webDir: path.join(repoRoot, 'packages', 'web', 'dist'),
    ...(adminToken ? { adminToken } : {}),
    // the odds panel's simulation worker loads with the server, so the GM's first request does not wait for it
    odds: { prewarm: true },
  });
  const kept = database ? '' : durability === 'full' ? ', durability full: each command is on disk before it is acknowledged' : ', durability normal: a command survives the server dying, a power cut may lose the last seconds';
  const lines = [`Fray table server on ${server.url} (data: ${database ? server.store.file : dataDir}${kept}, ${server.tables.size} table(s) loaded)`];
  if (!fs.existsSync(path.join(repoRoot, 'packages', 'web', 'dist', 'index.html'))) lines.push('(no web client built: packages/web/dist is missing; the API and WebSocket still work)');
  for (const [id, why] of server.unavailable) lines.push(`table ${id} is not available: ${why}`);
  for (const s of content.skipped) lines.push(`content library: ${s.file} left out (${s.reason})`);
  // The admin token opens table creation; a fresh one is shown here once (the server keeps only its hash).
  if (server.adminToken) {
    lines.push(`Admin token (creates tables: Authorization: Bearer …; shown once, new at every start): ${server.adminToken}`);
    lines.push(`New table (choose creatures from the content library): ${server.url}/#new&host=${server.adminToken}`);
  } else lines.push(`New table (choose creatures from the content library): ${server.url}/#new&host=<your admin token>`);
  if (o.demo) {
    const existing = (await server.store.listTables()).find((t) => t.name === DEMO_NAME && server.tables.has(t.id));
    const links = existing ? await server.issueTokens(existing.id) : await server.createTable({ from: 'demo' });
    lines.push(`${existing ? 'Demo table (reused)' : 'Demo table'} ${links.tableId}`);
    lines.push(`  GM: ${links.gm.link}`);
    for (const s of links.seats) lines.push(`  ${s.name}: ${s.link}`);
  }
  return { server, lines };
}
