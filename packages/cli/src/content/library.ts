import fs from 'node:fs';
import path from 'node:path';
import { ContentError } from '@fray/engine';
import type { CreatureMeta } from '@fray/import';
import { crValue } from './cr';
import { contentDir, displayPath } from '../paths';
import { findRuleset } from '../rulesets';
import { ScenarioError, readSource } from '../scenario/load';

/** The user's own library when no `--library` is given (next to the server's `./fray-data`). */
export const DEFAULT_LIBRARY = path.join('fray-data', 'content');

/** The rulesets a library folder holds content for: `<library>/<ruleset>/**.yaml`. */
export const LIBRARY_RULESETS = ['a5e', '13th-age', 'five-torches-deep'] as const;

/** Library metadata a stat block has no field for, kept in the file's `# fray-meta {...}` comment line: what `fray import` noted. */
export type EntryMeta = Partial<CreatureMeta>;

export interface LibraryEntry {
  /** `<ruleset>/<path>` inside its library, as a scenario's `ref` names it */
  ref: string;
  file: string;
  /** `repository` (scenarios/content) or `library` (the user's folder) */
  origin: 'repository' | 'library';
  ruleset: string;
  name: string;
  /** challenge rating (A5E), level (13th Age) or Hit Dice (FTD, A5E without a CR) for sorting and search */
  cr?: string;
  level?: number;
  type?: string;
  role?: string;
  source?: string;
  /** null when the ruleset's validation accepts the stat block, otherwise why not */
  problem: string | null;
}

const FILE = /\.(ya?ml|json)$/i;
const META = /^#\s*fray-meta\s+(\{.*\})\s*$/m;

function filesUnder(dir: string, depth = 0): string[] {
  if (depth > 8 || !fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p, depth + 1));
    else if (e.isFile() && FILE.test(e.name)) out.push(p);
  }
  return out;
}

/** The `# fray-meta {...}` line of a library file, or nothing (hand-written content has none). */
export function metaOf(text: string): EntryMeta {
  const m = META.exec(text.slice(0, 4096));
  if (!m) return {};
  try {
    const v = JSON.parse(m[1]!) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    const o = v as Record<string, unknown>;
    const meta: EntryMeta = {};
    for (const k of ['source', 'key', 'document', 'cr', 'type', 'role'] as const) if (typeof o[k] === 'string') meta[k] = o[k] as string;
    if (typeof o['level'] === 'number') meta.level = o['level'] as number;
    return meta;
  } catch {
    return {};
  }
}

/** One file read and checked by its ruleset's stat block validation (the scenario loader's). */
export function readEntry(file: string, root: string, ruleset: string, origin: LibraryEntry['origin'], cwd = process.cwd()): LibraryEntry {
  const ref = path.relative(root, file).split(path.sep).join('/');
  const shown = displayPath(file, cwd);
  const entry: LibraryEntry = { ref, file: shown, origin, ruleset, name: path.basename(file).replace(FILE, ''), problem: null };
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    entry.problem = `cannot read the file (${(err as Error).message})`;
    return entry;
  }
  const meta = metaOf(text);
  try {
    const data = readSource(file, shown, null).data;
    const o = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
    if (typeof o['name'] === 'string') entry.name = o['name'];
    const rs = findRuleset(ruleset);
    if (!rs) entry.problem = `no ruleset '${ruleset}'`;
    else rs.parseStatBlock(data, shown);
    if (typeof o['level'] === 'number') entry.level = o['level'];
    else if (typeof o['hd'] === 'number') entry.level = o['hd'];
    else if (typeof o['hitDice'] === 'number' && meta.cr === undefined) entry.level = o['hitDice'];
    if (typeof o['category'] === 'string' && o['category'] !== 'normal') entry.role = o['category'];
  } catch (err) {
    if (err instanceof ContentError) entry.problem = `${err.path.length ? `${err.path.join('.')}: ` : ''}${err.reason}`;
    else if (err instanceof ScenarioError) entry.problem = err.message.slice(shown.length + 2);
    else throw err;
  }
  if (meta.cr !== undefined) entry.cr = meta.cr;
  if (meta.level !== undefined) entry.level = meta.level;
  if (meta.type !== undefined) entry.type = meta.type;
  if (meta.role !== undefined) entry.role = meta.role;
  if (meta.source !== undefined) entry.source = meta.source;
  return entry;
}

/** Every stat block of the repository's content and of the user's library folder, repository first. */
export function listLibrary(library: string, cwd = process.cwd()): LibraryEntry[] {
  const out: LibraryEntry[] = [];
  const roots: [string, LibraryEntry['origin']][] = [[contentDir, 'repository'], [path.resolve(cwd, library), 'library']];
  for (const [root, origin] of roots) {
    if (origin === 'library' && path.resolve(root) === path.resolve(contentDir)) continue;
    for (const ruleset of LIBRARY_RULESETS) for (const f of filesUnder(path.join(root, ruleset))) out.push(readEntry(f, root, ruleset, origin, cwd));
  }
  return out;
}

export interface LibraryFilter {
  name?: string;
  ruleset?: string;
  /** a CR ('1/4', '5') or a range ('1-5') */
  cr?: string;
  /** a level or Hit Dice, or a range */
  level?: string;
  type?: string;
}

function inRange(v: number | undefined, spec: string, parse: (s: string) => number | undefined): boolean {
  if (v === undefined) return false;
  const [lo, hi] = spec.includes('-') ? spec.split('-') : [spec, spec];
  const a = parse(lo!.trim());
  const b = parse(hi!.trim());
  return a !== undefined && b !== undefined && v >= a && v <= b;
}

export function filterEntries(entries: LibraryEntry[], f: LibraryFilter): LibraryEntry[] {
  return entries.filter((e) =>
    (f.name === undefined || e.name.toLowerCase().includes(f.name.toLowerCase())) &&
    (f.ruleset === undefined || e.ruleset === f.ruleset) &&
    (f.cr === undefined || inRange(crValue(e.cr), f.cr, crValue)) &&
    (f.level === undefined || inRange(e.level, f.level, (s) => (/^\d+$/.test(s) ? Number(s) : undefined))) &&
    (f.type === undefined || e.type?.toLowerCase() === f.type.toLowerCase()),
  );
}
