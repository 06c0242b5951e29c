import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  ContentError, Encounter, MapSetupError, buildSpace, sheetSize, type CreatureSetup, type Json, type LoadedRuleset, type MapSetup, type PlacementSetup,
} from '@fray/engine';
import type { LibraryEntry, LibrarySetup, WireError } from './protocol';
import type { TableSource } from './table';

/**
 * The content library: the stat blocks under scenarios/content/<ruleset>/…, read once at start and
 * each checked by its ruleset's own stat block parser (the one the scenario loader uses), so a new
 * table built in the browser can only name a block the rules have already accepted. A file the
 * ruleset refuses is left out and listed in `skipped` with why.
 */
export interface ContentLibrary {
  rulesets: string[];
  entries(ruleset: string): LibraryEntry[] | null;
  /** the raw stat block of an entry (a fresh copy) */
  statBlock(ruleset: string, ref: string): unknown;
  /** where an entry comes from: the repository's content (the first folder), the user's library (a later one), or nowhere */
  origin(ruleset: string, ref: string): 'repository' | 'library' | null;
  /**
   * Puts a stat block in (or replaces one of the user's): checked by the ruleset's own parser first, so
   * only a block the rules accept is listed. `meta` is what `fray import` writes in its `# fray-meta` line.
   */
  add(ruleset: string, ref: string, data: unknown, meta?: Record<string, unknown>): LibraryEntry;
  skipped: { file: string; reason: string }[];
}

/** A library request the rules or the map refuse: `path` points into the request body. */
export class LibrarySetupError extends Error {
  constructor(
    readonly path: (string | number)[],
    readonly reason: string,
  ) {
    super(reason);
  }
  get wire(): WireError {
    return { code: 'invalid-setup', message: `${this.path.join('.')}: ${this.reason}`, path: this.path };
  }
}

const FILE = /\.(ya?ml|json)$/i;
/** The line `fray import` writes at the top of an imported stat block: where it came from, its CR and type. */
const META = /^#\s*fray-meta\s+(\{.*\})\s*$/m;

function metaOf(text: string): Record<string, unknown> {
  const m = META.exec(text.slice(0, 4096));
  if (!m) return {};
  try {
    const v = JSON.parse(m[1]!) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (FILE.test(e.name)) out.push(p);
  }
  return out;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** What a GM picks by: the name, how tough (level, or hit dice where a ruleset has no level), the role. */
function summary(ref: string, data: Record<string, unknown>, meta: Record<string, unknown>): LibraryEntry {
  const level = num(data['level']);
  const hd = num(data['hitDice']) ?? num(data['hd']);
  const cr = str(meta['cr']);
  return {
    ref,
    name: str(data['name']) ?? path.basename(ref).replace(FILE, ''),
    kind: str(data['kind']) ?? 'creature',
    level: cr !== null ? `CR ${cr}` : level !== null ? `level ${level}` : hd !== null ? `HD ${hd}` : null,
    role: str(data['category']) ?? str(data['role']) ?? str(meta['type']),
    size: str(data['size']),
  };
}

/**
 * Reads every stat block file under `<root>/<ruleset id>/` for the rulesets given, root by root (the
 * repository's scenarios/content first, then the user's library that `fray import` writes; a ref
 * already taken by an earlier root is left out). `parse` turns a file's text into data (the host
 * passes a YAML parser; JSON is YAML).
 */
export function loadContentLibrary(roots: string | string[], rulesets: Record<string, LoadedRuleset>, parse: (text: string) => unknown): ContentLibrary {
  type Held = { entry: LibraryEntry; data: unknown; repository: boolean };
  const byRuleset = new Map<string, Map<string, Held>>();
  const skipped: { file: string; reason: string }[] = [];
  const dirs = [...new Set((Array.isArray(roots) ? roots : [roots]).map((r) => path.resolve(r)))];
  for (const id of Object.keys(rulesets).sort()) {
    const ruleset = rulesets[id]!;
    const found = new Map<string, Held>();
    const seen = new Set<string>();
    for (const dir of dirs) {
      for (const file of filesUnder(path.join(dir, id))) {
        const ref = path.relative(dir, file).split(path.sep).join('/');
        if (seen.has(ref)) {
          skipped.push({ file: ref, reason: `the ref '${ref}' is already taken by an earlier content folder (${dir} comes later)` });
          continue;
        }
        seen.add(ref);
        try {
          const text = fs.readFileSync(file, 'utf8');
          const data = parse(text);
          if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('not a stat block (an object)');
          ruleset.parseStatBlock(data, ref);
          found.set(ref, { entry: summary(ref, data as Record<string, unknown>, metaOf(text)), data, repository: dir === dirs[0] });
        } catch (e) {
          skipped.push({ file: ref, reason: e instanceof ContentError ? `${e.path.join('.') || '(root)'}: ${e.reason}` : (e as Error).message });
        }
      }
    }
    if (found.size) byRuleset.set(id, found);
  }
  return {
    get rulesets() {
      return [...byRuleset.keys()].sort();
    },
    entries: (ruleset) => (byRuleset.has(ruleset) ? [...byRuleset.get(ruleset)!.values()].map((x) => x.entry) : null),
    statBlock: (ruleset, ref) => {
      const e = byRuleset.get(ruleset)?.get(ref);
      return e ? structuredClone(e.data) : undefined;
    },
    origin: (ruleset, ref) => {
      const e = byRuleset.get(ruleset)?.get(ref);
      return e ? (e.repository ? 'repository' : 'library') : null;
    },
    add: (ruleset, ref, data, meta = {}) => {
      const rs = Object.hasOwn(rulesets, ruleset) ? rulesets[ruleset]! : null;
      if (!rs) throw new ContentError(ref, ['ruleset'], `no ruleset '${ruleset}' on this server`);
      if (!data || typeof data !== 'object' || Array.isArray(data)) throw new ContentError(ref, [], 'not a stat block (an object)');
      if (byRuleset.get(ruleset)?.get(ref)?.repository) throw new ContentError(ref, [], `'${ref}' is the repository's; it is not replaced`);
      rs.parseStatBlock(data, ref);
      const held: Held = { entry: summary(ref, data as Record<string, unknown>, meta), data: structuredClone(data), repository: false };
      let list = byRuleset.get(ruleset);
      if (!list) byRuleset.set(ruleset, (list = new Map()));
      list.set(ref, held);
      return held.entry;
    },
    skipped,
  };
}

function slug(name: string): string {
  const s = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return s || 'creature';
}

/**
 * A table source from a library request: creatures a seat plays are the campaign's party (they last
 * between fights), the others the first fight's foes, placed on the map if there is one. Everything is
 * checked before anything is stored: the refs against the library, the places by the engine's map
 * builder, the creatures by creating the fight once on a scratch encounter.
 */
export function sourceOfLibrary(library: ContentLibrary, rulesets: Record<string, LoadedRuleset>, req: LibrarySetup, seed: string): TableSource {
  const at = ['from', 'library'];
  const ruleset = Object.hasOwn(rulesets, req.ruleset) ? rulesets[req.ruleset]! : null;
  if (!ruleset || !library.entries(req.ruleset)) {
    throw new LibrarySetupError([...at, 'ruleset'], `no content for ruleset '${req.ruleset}'; the library has ${library.rulesets.join(', ') || 'nothing'}`);
  }
  const used = new Set<string>();
  for (const c of req.creatures) if (c.id) used.add(c.id);
  const given = new Set<string>();
  const creatures: CreatureSetup[] = req.creatures.map((c, i) => {
    const sheet = library.statBlock(req.ruleset, c.ref);
    if (sheet === undefined) throw new LibrarySetupError([...at, 'creatures', i, 'ref'], `'${c.ref}' is not in the ${req.ruleset} library (GET /api/content/${req.ruleset} lists it)`);
    let id = c.id;
    if (id) {
      if (given.has(id)) throw new LibrarySetupError([...at, 'creatures', i, 'id'], `the id '${id}' is used twice`);
      given.add(id);
    } else {
      const base = slug(c.name ?? str((sheet as Record<string, unknown>)['name']) ?? 'creature');
      id = base;
      for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
    }
    const setup: CreatureSetup = { id, side: c.side, sheet };
    if (c.name) setup.name = c.name;
    if (c.controller) setup.controller = c.controller;
    if (c.hidden) setup.hidden = true;
    return setup;
  });
  let space: Json | undefined;
  if (req.map) {
    try {
      space = buildSpace(
        req.map as MapSetup,
        creatures.map((c, i) => ({ id: c.id, at: req.creatures[i]!.at as PlacementSetup | undefined, size: sheetSize(c.sheet) })),
        ruleset.zoneBands,
      ).space as unknown as Json;
    } catch (e) {
      if (!(e instanceof MapSetupError)) throw e;
      throw new LibrarySetupError([...at, ...e.path], e.reason);
    }
  } else {
    const placed = req.creatures.findIndex((c) => c.at !== undefined);
    if (placed >= 0) throw new LibrarySetupError([...at, 'creatures', placed, 'at'], 'a creature is placed but there is no map: choose a grid or zones');
  }
  const theSeed = req.seed ?? seed;
  try {
    Encounter.create({ id: 'check', seed: theSeed, creatures, ...(space !== undefined ? { space } : {}), ...(req.diceMode ? { diceMode: req.diceMode } : {}) }, { ruleset });
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    throw new LibrarySetupError([...at, ...e.path], e.reason);
  }
  const party = creatures.filter((c) => c.controller);
  const foes = creatures.filter((c) => !c.controller);
  return {
    ruleset: ruleset.id,
    campaign: { seed: theSeed, creatures: party },
    fight: { id: 'fight-1', seed: theSeed, foes, ...(space !== undefined ? { space } : {}), ...(req.diceMode ? { diceMode: req.diceMode } : {}) },
  };
}

/** `GET /api/content` (the rulesets with content) and `GET /api/content/:ruleset` (its entries). Public: stat block summaries only. */
export function registerContentRoutes(app: FastifyInstance, library: ContentLibrary): void {
  app.get('/api/content', async () => ({ rulesets: library.rulesets.map((id) => ({ id, entries: library.entries(id)!.length })) }));
  app.get<{ Params: { ruleset: string } }>('/api/content/:ruleset', async (req, res) => {
    const entries = library.entries(req.params.ruleset);
    if (!entries) {
      return res.code(404).send({ type: 'error', error: { code: 'malformed', message: `no content for ruleset '${req.params.ruleset.slice(0, 60)}'; the library has ${library.rulesets.join(', ')}`, path: ['ruleset'] } });
    }
    return { ruleset: req.params.ruleset, entries };
  });
}

/**
 * A next fight's foes may name a library entry instead of carrying a stat block: `{ref, id?, name?,
 * side?, hidden?, controller?}` becomes a creature setup with the library's block (the table's
 * `startFight` then checks it like any other). Ids are made from the name, clear of `taken`.
 */
export function resolveLibraryFoes(library: ContentLibrary | undefined, ruleset: string, taken: readonly string[], foes: readonly unknown[]): { ok: true; foes: unknown[] } | { ok: false; error: WireError } {
  const used = new Set<string>(taken);
  for (const f of foes) if (f && typeof f === 'object' && typeof (f as { id?: unknown }).id === 'string') used.add((f as { id: string }).id);
  const out: unknown[] = [];
  for (const [i, f] of foes.entries()) {
    const o = f && typeof f === 'object' && !Array.isArray(f) ? (f as Record<string, unknown>) : null;
    if (!o || !('ref' in o) || 'sheet' in o) {
      out.push(f);
      continue;
    }
    const { ref, ...rest } = o;
    const sheet = typeof ref === 'string' && library ? library.statBlock(ruleset, ref) : undefined;
    if (sheet === undefined) {
      return { ok: false, error: { code: 'invalid-setup', message: `fight.foes.${i}.ref: ${library ? `not in the ${ruleset} library (GET /api/content/${ruleset} lists it)` : 'this server has no content library'}`, path: ['fight', 'foes', i, 'ref'] } };
    }
    let id = typeof rest['id'] === 'string' ? rest['id'] : '';
    if (!id) {
      const base = slug(typeof rest['name'] === 'string' ? rest['name'] : (str((sheet as Record<string, unknown>)['name']) ?? 'creature'));
      id = base;
      for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
    }
    out.push({ side: 'foes', ...rest, id, sheet });
  }
  return { ok: true, foes: out };
}
