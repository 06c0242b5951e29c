import { ContentError, type Json, type LoadedRuleset } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { thirteenthAgeRuleset } from '@fray/ruleset-13th-age';
import { ftdRuleset } from '@fray/ruleset-five-torches-deep';
import type { Draft5e } from './draft';
import { ImportError } from './errors';
import type { CreatureImport, CreatureMeta, ImportResult } from './report';
import { draftFrom5etools } from './sources/fivetools';
import { get, isObj } from './sources/json-read';
import { draftFromOpen5eV1 } from './sources/open5e-v1';
import { draftFromOpen5eV2, open5eV2Entries } from './sources/open5e-v2';
import { draftFrom5eText, type Line } from './sources/text-5e';
import { from13aText, type Mapped13a } from './sources/text-13a';
import { fromFtdText } from './sources/text-ftd';
import { draftToA5e } from './targets/a5e';
import { draftToFtd } from './targets/ftd';
import { uniqueIds } from './text/kebab';

export const importFormats = ['open5e-v2', 'open5e-v1', '5etools', 'text'] as const;
export type ImportFormat = (typeof importFormats)[number];
export const importRulesets = ['a5e', '13th-age', 'five-torches-deep'] as const;
export type ImportRuleset = (typeof importRulesets)[number];

/** The largest input taken (characters); a bigger file is refused before it is parsed. */
export const MAX_INPUT_CHARS = 256 * 1024 * 1024;
export const MAX_CREATURES = 200_000;

export interface ImportOptions {
  format?: ImportFormat | 'auto';
  /** the ruleset to import into; by default A5E for 5e sources and the block's own ruleset for 13th Age and FTD text */
  ruleset?: string;
  /** called after each creature (done, total) */
  progress?: (done: number, total: number) => void;
}

const rulesets: Record<ImportRuleset, LoadedRuleset> = { a5e: a5eRuleset, '13th-age': thirteenthAgeRuleset, 'five-torches-deep': ftdRuleset };

/** Which JSON shape a parsed file is; null when it is none we know. */
export function detectJsonFormat(doc: unknown): Exclude<ImportFormat, 'text'> | null {
  if (isObj(doc) && Array.isArray(get(doc, 'monster'))) return '5etools';
  const sample = Array.isArray(doc) ? doc[0] : isObj(doc) && Array.isArray(get(doc, 'results')) ? (get(doc, 'results') as unknown[])[0] : doc;
  if (!isObj(sample)) return null;
  if (get(sample, 'ability_scores') !== undefined || get(sample, 'resistances_and_immunities') !== undefined || isObj(get(sample, 'size'))) return 'open5e-v2';
  if (typeof get(sample, 'strength') === 'number' || get(sample, 'special_abilities') !== undefined || get(sample, 'document__slug') !== undefined) return 'open5e-v1';
  if (typeof get(sample, 'str') === 'number' || (Array.isArray(get(sample, 'ac')) && get(sample, 'hp') !== undefined)) return '5etools';
  return null;
}

/** Which ruleset a pasted block is written for. */
export function detectTextRuleset(text: string): ImportRuleset {
  if (/^\s*(PD|MD)\b/m.test(text) && (/\bvs\.?\s*(AC|PD|MD)\b/i.test(text) || /\b\d{1,2}(st|nd|rd|th)\s+level\b/i.test(text))) return '13th-age';
  if (/\bHD\s*:?\s*\d/.test(text) && !/armor class|hit points/i.test(text)) return 'five-torches-deep';
  return 'a5e';
}

/** The stat block as mapped (compact, defaults left out), once the ruleset's validation accepts it. */
function validated(ruleset: ImportRuleset, statBlock: Record<string, Json>, name: string, at: string): Json {
  try {
    rulesets[ruleset].parseStatBlock(statBlock, name);
    return statBlock;
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    throw new ImportError('invalid-stat-block', `the ${ruleset} stat block refuses ${err.path.length ? err.path.join('.') : 'it'}: ${err.reason}`, at, name);
  }
}

function metaOf(d: Draft5e): CreatureMeta {
  const meta: CreatureMeta = { source: d.source };
  if (d.key !== undefined) meta.key = d.key;
  if (d.document !== undefined) meta.document = d.document;
  if (d.cr !== undefined) meta.cr = d.cr;
  if (d.type !== undefined) meta.type = d.type;
  return meta;
}

/** Text blocks are separated by a line of three or more dashes (or equals signs). */
function textBlocks(text: string): Line[][] {
  const blocks: Line[][] = [[]];
  text.split(/\r?\n/).forEach((t, i) => {
    if (/^\s*(-{3,}|={3,})\s*$/.test(t)) blocks.push([]);
    else blocks[blocks.length - 1]!.push({ n: i + 1, text: t });
  });
  return blocks.filter((b) => b.some((l) => l.text.trim() !== ''));
}

function parseJson(input: string): unknown {
  try {
    return JSON.parse(input) as unknown;
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    let where = '';
    if (at) {
      const before = input.slice(0, Number(at[1]));
      const line = before.split('\n').length;
      where = `line ${line}`;
    }
    throw new ImportError('bad-json', `not valid JSON: ${message}`, where);
  }
}

/**
 * Imports every creature of a file into a ruleset's stat blocks, each one checked by the ruleset's
 * own stat block validation. All or nothing: the first creature that cannot be imported throws an
 * `ImportError` naming it and its field, and nothing is returned. Pure: no file access, no clock.
 */
export function importCreatures(input: string, opts: ImportOptions = {}): ImportResult {
  if (typeof input !== 'string') throw new ImportError('bad-json', 'the input must be text');
  if (input.length > MAX_INPUT_CHARS) throw new ImportError('too-large', `the input has ${input.length} characters; at most ${MAX_INPUT_CHARS} are taken`);
  const wanted = opts.ruleset;
  if (wanted !== undefined && !(importRulesets as readonly string[]).includes(wanted)) {
    throw new ImportError('unsupported-ruleset', `no ruleset '${wanted}' to import into; rulesets: ${importRulesets.join(', ')}`);
  }
  const looksJson = /^\s*[[{]/.test(input);
  // Parsed once: the detection and the import read the same document.
  const parsed = looksJson && opts.format !== 'text' ? { doc: parseJson(input) } : null;
  const format: ImportFormat = opts.format && opts.format !== 'auto' ? opts.format : parsed ? (detectJsonFormat(parsed.doc) ?? unknownJson()) : 'text';
  // A second "Goblin" becomes goblin-2 (numbered per name, so 5,000 Goblins are not quadratic).
  const uniqueSlug = uniqueIds();
  const slugOf = (name: string) => uniqueSlug(name, 'creature');
  const creatures: CreatureImport[] = [];

  if (format === 'text') {
    if (looksJson && opts.format === 'text') throw new ImportError('unknown-format', 'the file is JSON, not a pasted stat block; use --format auto or a JSON format');
    const blocks = textBlocks(input);
    if (!blocks.length) throw new ImportError('no-creatures', 'the text holds no stat block');
    if (blocks.length > MAX_CREATURES) throw new ImportError('too-large', `${blocks.length} blocks; at most ${MAX_CREATURES} creatures are taken`);
    blocks.forEach((lines, i) => {
      const own = detectTextRuleset(lines.map((l) => l.text).join('\n'));
      const ruleset = (wanted ?? own) as ImportRuleset;
      if (own !== 'a5e' && ruleset !== own) throw new ImportError('unsupported-ruleset', `a ${own} stat block cannot be imported into ${ruleset}`, `line ${lines[0]!.n}`);
      if (own === 'a5e' && ruleset === '13th-age') throw new ImportError('unsupported-ruleset', 'a 5e-style stat block cannot be imported into 13th-age (its defenses and attacks are another game\'s)', `line ${lines[0]!.n}`);
      if (own === 'a5e') {
        const d = draftFrom5eText(lines);
        creatures.push(fromDraft(d, ruleset, slugOf));
      } else {
        const m: Mapped13a = own === '13th-age' ? from13aText(lines) : fromFtdText(lines);
        const statBlock = validated(ruleset, m.statBlock, m.name, m.pointer);
        creatures.push({ name: m.name, slug: slugOf(m.name), ruleset, statBlock, meta: { source: 'text', ...m.meta }, runs: m.runs, text: m.text, refused: m.refused });
      }
      opts.progress?.(i + 1, blocks.length);
    });
    return { format, ruleset: wanted ?? creatures[0]!.ruleset, creatures };
  }

  const ruleset = (wanted ?? 'a5e') as ImportRuleset;
  if (ruleset === '13th-age') throw new ImportError('unsupported-ruleset', `${format} creatures are 5e creatures; they import into a5e or five-torches-deep, not 13th-age`);
  const doc = parsed ? parsed.doc : parseJson(input);
  const detected = detectJsonFormat(doc);
  if (opts.format && opts.format !== 'auto' && detected !== null && detected !== format) {
    throw new ImportError('unknown-format', `the file looks like ${detected}, not ${format}`);
  }
  let items: unknown[];
  let base: string;
  let single = false;
  if (format === '5etools') {
    const list = isObj(doc) ? get(doc, 'monster') : undefined;
    if (!Array.isArray(list)) throw new ImportError('unknown-format', "a 5etools bestiary file has a 'monster' list", '/monster');
    items = list;
    base = '/monster';
  } else {
    ({ items, base } = open5eV2Entries(doc));
    single = !Array.isArray(doc) && !(isObj(doc) && Array.isArray(get(doc, 'results')));
  }
  if (!items.length) throw new ImportError('no-creatures', 'the file holds no creature', base);
  if (items.length > MAX_CREATURES) throw new ImportError('too-large', `${items.length} creatures; at most ${MAX_CREATURES} are taken`);
  const read = format === 'open5e-v2' ? draftFromOpen5eV2 : format === 'open5e-v1' ? draftFromOpen5eV1 : draftFrom5etools;
  items.forEach((item, i) => {
    const d = read(item, single ? '' : `${base}/${i}`);
    creatures.push(fromDraft(d, ruleset, slugOf));
    opts.progress?.(i + 1, items.length);
  });
  return { format, ruleset, creatures };
}

function unknownJson(): never {
  throw new ImportError('unknown-format', "JSON that is not an Open5e v2 creature page, an Open5e v1 monster page or a 5etools bestiary (no 'results', 'monster', 'ability_scores', 'strength' or 'str')");
}

function fromDraft(d: Draft5e, ruleset: ImportRuleset, slugOf: (name: string) => string): CreatureImport {
  const m = ruleset === 'five-torches-deep' ? draftToFtd(d) : draftToA5e(d);
  const statBlock = validated(ruleset, m.statBlock, d.name, d.pointer);
  return { name: d.name, slug: slugOf(d.name), ruleset, statBlock, meta: metaOf(d), runs: m.runs, text: m.text, refused: m.refused };
}
