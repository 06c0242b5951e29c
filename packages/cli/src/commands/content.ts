import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LIBRARY, LIBRARY_RULESETS, filterEntries, listLibrary, readEntry, type LibraryEntry, type LibraryFilter } from '../content/library';
import { displayPath } from '../paths';
import { EXIT, type CommandResult } from '../result';

export interface ContentOptions extends LibraryFilter {
  library?: string;
  json?: boolean;
  cwd?: string;
}

function toughness(e: LibraryEntry): string {
  if (e.cr !== undefined) return `CR ${e.cr}`;
  if (e.level !== undefined) return e.ruleset === '13th-age' ? `level ${e.level}` : `${e.level} HD`;
  return '';
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd());
}

function checkRuleset(o: ContentOptions): CommandResult | null {
  if (o.ruleset !== undefined && !(LIBRARY_RULESETS as readonly string[]).includes(o.ruleset)) {
    return { output: '', exitCode: EXIT.invalidInput, errorOutput: `fray content: no ruleset '${o.ruleset}'; rulesets: ${LIBRARY_RULESETS.join(', ')}` };
  }
  return null;
}

/** `fray content list`: the repository's stat blocks and the user's library, filtered by name, ruleset, CR or level, type. */
export function contentListCommand(o: ContentOptions = {}): CommandResult {
  const bad = checkRuleset(o);
  if (bad) return bad;
  const cwd = o.cwd ?? process.cwd();
  const entries = filterEntries(listLibrary(o.library ?? DEFAULT_LIBRARY, cwd), o);
  if (o.json) return { output: JSON.stringify({ library: displayPath(path.resolve(cwd, o.library ?? DEFAULT_LIBRARY), cwd), entries }, null, 2), exitCode: EXIT.ok };
  if (!entries.length) return { output: 'no stat block matches', exitCode: EXIT.ok };
  const rows = [['RULESET', 'NAME', 'CR/LEVEL', 'TYPE', 'WHERE', 'REF'], ...entries.map((e) => [e.ruleset, e.name, toughness(e), e.type ?? e.role ?? '', e.problem ? `${e.origin} (INVALID)` : e.origin, e.ref])];
  const invalid = entries.filter((e) => e.problem).length;
  return { output: [...table(rows), `${entries.length} stat block${entries.length === 1 ? '' : 's'}${invalid ? `, ${invalid} invalid (fray content validate says why)` : ''}`].join('\n'), exitCode: EXIT.ok };
}

/** Finds one entry by its ref (`a5e/monsters/x.yaml`, with or without the extension), its file, or its name. */
function findEntry(what: string, entries: LibraryEntry[]): LibraryEntry[] {
  const w = what.toLowerCase();
  const byRef = entries.filter((e) => e.ref.toLowerCase() === w || e.ref.toLowerCase().replace(/\.(ya?ml|json)$/, '') === w || e.file.toLowerCase() === w);
  if (byRef.length) return byRef;
  const exact = entries.filter((e) => e.name.toLowerCase() === w);
  return exact.length ? exact : entries.filter((e) => e.name.toLowerCase().includes(w));
}

/** `fray content show <ref|name>`: one stat block file with what the library knows of it. */
export function contentShowCommand(what: string, o: ContentOptions = {}): CommandResult {
  const cwd = o.cwd ?? process.cwd();
  const found = findEntry(what, filterEntries(listLibrary(o.library ?? DEFAULT_LIBRARY, cwd), o));
  if (!found.length) return { output: '', exitCode: EXIT.invalidInput, errorOutput: `fray content show: no stat block '${what}' (fray content list shows them)` };
  if (found.length > 1) {
    return { output: '', exitCode: EXIT.invalidInput, errorOutput: `fray content show: '${what}' names ${found.length} stat blocks; give the ref:\n${found.slice(0, 20).map((e) => `  ${e.origin === 'library' ? '(library) ' : ''}${e.ref}  ${e.name}`).join('\n')}` };
  }
  const e = found[0]!;
  const text = fs.readFileSync(path.resolve(cwd, e.file), 'utf8');
  if (o.json) return { output: JSON.stringify({ ...e, text }, null, 2), exitCode: EXIT.ok };
  const head = [`${e.name} (${e.ruleset}${toughness(e) ? `, ${toughness(e)}` : ''}${e.type ? `, ${e.type}` : ''}) — ${e.file}`, e.problem ? `INVALID: ${e.problem}` : 'valid for its ruleset', ''];
  return { output: [...head, text.trimEnd()].join('\n'), exitCode: EXIT.ok };
}

/**
 * `fray content validate [files…]`: every stat block of the repository and the library (or the files
 * given, with `--ruleset` or the ruleset their folder names) through its ruleset's validation. Exit 2 when any is invalid.
 */
export function contentValidateCommand(files: string[], o: ContentOptions = {}): CommandResult {
  const bad = checkRuleset(o);
  if (bad) return bad;
  const cwd = o.cwd ?? process.cwd();
  let entries: LibraryEntry[];
  if (files.length) {
    entries = [];
    for (const f of files) {
      const abs = path.resolve(cwd, f);
      const parts = abs.split(path.sep);
      const ruleset = o.ruleset ?? [...parts].reverse().find((p) => (LIBRARY_RULESETS as readonly string[]).includes(p));
      if (!ruleset) return { output: '', exitCode: EXIT.invalidInput, errorOutput: `fray content validate: ${displayPath(abs, cwd)}: which ruleset? (give --ruleset, or keep it under a folder named a5e, 13th-age or five-torches-deep)` };
      if (!fs.existsSync(abs)) return { output: '', exitCode: EXIT.invalidInput, errorOutput: `fray content validate: ${displayPath(abs, cwd)}: no such file` };
      const root = parts.lastIndexOf(ruleset) > 0 ? parts.slice(0, parts.lastIndexOf(ruleset)).join(path.sep) : path.dirname(abs);
      entries.push(readEntry(abs, root || path.sep, ruleset, 'library', cwd));
    }
  } else entries = filterEntries(listLibrary(o.library ?? DEFAULT_LIBRARY, cwd), o);
  const invalid = entries.filter((e) => e.problem);
  if (o.json) return { output: JSON.stringify({ checked: entries.length, invalid: invalid.map((e) => ({ file: e.file, ruleset: e.ruleset, problem: e.problem })) }, null, 2), exitCode: invalid.length ? EXIT.invalidInput : EXIT.ok };
  const lines = invalid.map((e) => `${e.file}: ${e.problem}`);
  lines.push(`${entries.length} stat block${entries.length === 1 ? '' : 's'} checked, ${invalid.length} invalid`);
  return invalid.length ? { output: '', exitCode: EXIT.invalidInput, errorOutput: lines.join('\n') } : { output: lines.join('\n'), exitCode: EXIT.ok };
}
