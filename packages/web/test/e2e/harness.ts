import { afterAll, beforeAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser as PwBrowser, type BrowserContext, type Page } from 'playwright-core';
import { findRuleset, loadScenarioFile, loadTableFile, narrate, saveImportsInto } from '@fray/cli';
import { parse } from 'yaml';
import { createServer, loadContentLibrary, type CreatedTable, type FrayServer, type TableSource } from '@fray/server';
import type { CreatureSetup, LoadedRuleset } from '@fray/engine';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const webDir = path.join(repoRoot, 'packages', 'web');
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Builds the web client when its sources are newer than the last build (the server serves dist/). */
export function ensureWebBuilt(): void {
  const built = path.join(webDir, 'dist', 'index.html');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => Math.max(m, e.isDirectory() ? newest(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).mtimeMs), 0);
  const sources = Math.max(newest(path.join(webDir, 'src')), fs.statSync(path.join(webDir, 'index.html')).mtimeMs, fs.statSync(path.join(webDir, 'vite.config.ts')).mtimeMs);
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources) return;
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: webDir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
}

export function tmpDir(prefix = 'fray-web-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A scenario file's text as a table: creatures with a seat are the campaign's party, the rest are the
 * first fight's foes, started at once. The CLI's loader reads the file (refs, stat blocks, options).
 */
export function sourceFromScenarioText(text: string, overrides: { diceMode?: 'seeded' | 'entered' } = {}): TableSource {
  const dir = tmpDir('fray-scenario-');
  const file = path.join(dir, 'table.yaml');
  // Refs in scenario files are relative to scenarios/content; write next to the real files' folder.
  fs.writeFileSync(file, text);
  try {
    const loaded = loadScenarioFile(file);
    return sourceFromSetup(loaded.ruleset, loaded.setup, overrides);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface SourceOverrides {
  diceMode?: 'seeded' | 'entered';
  hidden?: string[];
  notes?: Record<string, string>;
  names?: Record<string, string>;
  /** fixed initiative totals (no initiative rolls) */
  initiative?: Record<string, number>;
  /** only these creatures */
  only?: string[];
  /** the table's name */
  name?: string;
}

export function sourceFromScenarioFile(rel: string, overrides: SourceOverrides = {}): TableSource {
  const file = loadTableFile(path.join(repoRoot, rel));
  // A campaign file (a fight and the time after it): the table's creatures and its first fight's foes.
  const loaded = file.kind === 'scenario' ? file.loaded : { ruleset: file.loaded.ruleset, setup: { ...file.loaded.setup, creatures: [...file.loaded.setup.creatures, ...(file.loaded.fights[0]?.foes ?? [])] } };
  const patch = (c: CreatureSetup): CreatureSetup => ({
    ...c,
    ...(overrides.hidden?.includes(c.id) ? { hidden: true } : {}),
    ...(overrides.notes?.[c.id] ? { notes: overrides.notes[c.id]! } : {}),
    ...(overrides.names?.[c.id] ? { name: overrides.names[c.id]! } : {}),
    ...(overrides.initiative?.[c.id] !== undefined ? { initiative: overrides.initiative[c.id]! } : {}),
  });
  const creatures = loaded.setup.creatures.filter((c) => !overrides.only || overrides.only.includes(c.id)).map(patch);
  const setup = { ...loaded.setup, creatures };
  return { ...sourceFromSetup(loaded.ruleset, setup, overrides), ...(overrides.name ? { name: overrides.name } : {}) };
}

function sourceFromSetup(ruleset: LoadedRuleset, setup: { seed: string | number; creatures: CreatureSetup[]; options?: Record<string, unknown>; space?: unknown; modules?: string[]; diceMode?: 'seeded' | 'entered' }, overrides: { diceMode?: 'seeded' | 'entered' }): TableSource {
  const party = setup.creatures.filter((c) => c.controller);
  const foes = setup.creatures.filter((c) => !c.controller);
  const diceMode = overrides.diceMode ?? setup.diceMode;
  return {
    ruleset: ruleset.id,
    name: 'Test table',
    campaign: { seed: setup.seed, creatures: party, ...(setup.options ? { options: setup.options as never } : {}) },
    fight: { id: 'fight-1', seed: setup.seed, foes, ...(setup.options ? { options: setup.options as never } : {}), ...(setup.space ? { space: setup.space as never } : {}), ...(setup.modules?.length ? { modules: setup.modules } : {}), ...(diceMode ? { diceMode } : {}) },
  };
}

export interface TestServer {
  server: FrayServer;
  url: string;
  dataDir: string;
  /** the server's admin token (creating tables takes it; the web's new-table page gets it as `#host=`) */
  adminToken: string;
  /** makes a table from a source through the same code path as the demo */
  table(source: TableSource): Promise<CreatedTable>;
  close(): Promise<void>;
}

/** The real table server in this process, on a free 127.0.0.1 port, with SQLite in a temp folder. */
export async function startTestServer(opts: { dataDir?: string; port?: number } = {}): Promise<TestServer> {
  ensureWebBuilt();
  const dataDir = opts.dataDir ?? tmpDir();
  let nextSource: TableSource | null = null;
  const rulesets: Record<string, LoadedRuleset> = {};
  for (const id of ['a5e', '13th-age', 'five-torches-deep']) rulesets[id] = findRuleset(id)!;
  const server = await createServer({
    dataDir,
    host: '127.0.0.1',
    port: opts.port ?? 0,
    rulesets,
    narrate: (events, ctx) => narrate(events, ctx),
    // Tests hand the server a prepared source and ask for it as the demo table.
    demo: () => {
      if (!nextSource) throw new Error('no table source prepared');
      return nextSource;
    },
    webDir: path.join(webDir, 'dist'),
    // The content library a new table is built from in the browser, as `fray serve` loads it.
    content: loadContentLibrary([path.join(repoRoot, 'scenarios', 'content'), path.join(dataDir, 'content')], rulesets, (text) => parse(text)),
    // What the GM imports with save lands in the data folder's library, as under `fray serve`.
    saveImports: saveImportsInto(path.join(dataDir, 'content')),
  });
  const adminToken = server.adminToken!;
  return {
    server,
    url: server.url,
    dataDir,
    adminToken,
    async table(source) {
      nextSource = source;
      const res = await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` }, body: JSON.stringify({ from: 'demo', name: source.name }) });
      if (res.status !== 201) throw new Error(`table not made: ${res.status} ${await res.text()}`);
      return (await res.json()) as CreatedTable;
    },
    close: () => server.close(),
  };
}

export interface Browser {
  browser: PwBrowser;
  /** a fresh screen (its own browser context: storage, cookies) at a size: laptop 1366×768 or phone 390×844 */
  page(size: 'laptop' | 'phone'): Promise<Page>;
  close(): Promise<void>;
}

export const SIZES = { laptop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;

/**
 * Debian's Chromium, headless, one browser with a context per screen (GM, each player). Tabs of one
 * persistent profile were tried first: the tabs behind the front one got about one animation frame per
 * second, so every click on them waited ~2 s; separate contexts each render at full speed. Playwright
 * gives the browser a fresh temporary profile and removes it on close.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const contexts: BrowserContext[] = [];
  return {
    browser,
    async page(size) {
      const context = await browser.newContext({ viewport: SIZES[size] });
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
    },
  };
}

/** Every WebSocket frame a page receives, as text, to check that secrets never reach a seat. */
export function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8')));
  });
  return frames;
}

/**
 * One server and one browser for a whole test file, started before its tests and closed after them;
 * the returned object's fields are filled once `beforeAll` has run.
 */
export function useServerAndBrowser(): { srv: TestServer; browser: Browser } {
  const ctx = {} as { srv: TestServer; browser: Browser };
  beforeAll(async () => {
    ctx.srv = await startTestServer();
    ctx.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.srv?.close();
  });
  return ctx;
}
