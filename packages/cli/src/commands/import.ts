import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { ImportError, importCreatures, importFormats, libraryRef, type CreatureImport, type ImportFormat, type ImportResult, type ReportLine } from '@fray/import';
import { DEFAULT_LIBRARY } from '../content/library';
import { displayPath } from '../paths';
import { EXIT, type CommandResult } from '../result';

export interface ImportCommandOptions {
  ruleset?: string;
  format?: string;
  /** the library folder to write into (default ./fray-data/content) */
  out?: string;
  /** replace files that are already there */
  force?: boolean;
  /** import and report, write nothing */
  dryRun?: boolean;
  json?: boolean;
  progress?: (done: number, total: number) => void;
  cwd?: string;
  /** how '-' reads standard input (tests pass the text) */
  stdin?: () => string;
}

/** Files larger than this are refused before they are read (the importer's own limit is in characters). */
const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** Where a creature goes in the library: A5E monsters under a5e/monsters/, the others under <ruleset>/ (as in scenarios/content). */
export function libraryPath(c: CreatureImport): string {
  return path.join(...libraryRef(c).split('/'));
}

function comment(text: string, width = 100): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + w.length + 1 > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A library file: what it is and where it came from, the metadata line `fray content` searches by,
 * what stays with the GM (with the source's own words) and what was refused, then the stat block.
 */
export function libraryFileText(c: CreatureImport, from: string): string {
  const head = [`# ${c.name}: imported by \`fray import\` from ${from} (${c.meta.source}${c.meta.document ? `, ${c.meta.document}` : ''}).`];
  head.push(`# fray-meta ${JSON.stringify(c.meta)}`);
  const section = (title: string, lines: ReportLine[]) => {
    if (!lines.length) return;
    head.push(`# ${title}`);
    for (const l of lines) {
      head.push(...comment(`- ${l.text} [${l.field}]`).map((s, i) => `#${i ? '    ' : '  '}${s}`));
      if (l.words) head.push(...comment(l.words).map((s) => `#      ${s}`));
    }
  };
  section('The GM runs these (the rules do not):', c.text);
  section('Refused or changed on import:', c.refused);
  return `${head.join('\n')}\n${stringify(c.statBlock, { lineWidth: 0 })}`;
}

/** The report printed for one creature. */
export function reportLines(c: CreatureImport, file: string | null): string[] {
  const out = [`${c.name} (${c.ruleset}${c.meta.cr !== undefined ? `, CR ${c.meta.cr}` : c.meta.level !== undefined ? `, level ${c.meta.level}` : ''})${file ? ` → ${file}` : ''}`];
  const part = (title: string, lines: ReportLine[]) => {
    lines.forEach((l, i) => out.push(`  ${i === 0 ? title.padEnd(8) : ' '.repeat(8)} ${l.text} [${l.field}]`));
  };
  part('runs', c.runs);
  part('GM text', c.text);
  part('refused', c.refused);
  return out;
}

/**
 * Writes imported creatures into a library, all or nothing: each file is written beside, then all are
 * renamed, so a reader never sees half a file; on a failure the files written beside are removed and
 * the error is thrown.
 */
export function writeLibraryFiles(planned: { c: CreatureImport; file: string }[], from: string): void {
  const texts = planned.map((p) => ({ file: p.file, text: libraryFileText(p.c, from) }));
  try {
    for (const t of texts) {
      fs.mkdirSync(path.dirname(t.file), { recursive: true });
      fs.writeFileSync(`${t.file}.tmp`, t.text);
    }
    for (const t of texts) fs.renameSync(`${t.file}.tmp`, t.file);
  } catch (err) {
    for (const t of texts) fs.rmSync(`${t.file}.tmp`, { force: true });
    throw err;
  }
}

/**
 * The table server's way to keep what the GM imports on the web table (`POST /api/import` with save):
 * into `dir` (the data folder's library), as `fray import` writes. The server has checked the names.
 */
export function saveImportsInto(dir: string): (creatures: CreatureImport[], o: { replace: boolean; from: string }) => { ref: string }[] {
  return (creatures, o) => {
    // A file the server did not list (its ruleset refused it) is still the user's: not written over unasked.
    const there = o.replace ? [] : creatures.map((c) => path.join(dir, libraryPath(c))).filter((f) => fs.existsSync(f));
    if (there.length) throw new Error(`${there.map((f) => path.relative(dir, f)).join(', ')} already in the library folder (not listed: its ruleset refuses it); replace to write over it`);
    writeLibraryFiles(creatures.map((c) => ({ c, file: path.join(dir, libraryPath(c)) })), o.from);
    return creatures.map((c) => ({ ref: libraryRef(c) }));
  };
}

function fail(message: string): CommandResult {
  return { output: '', exitCode: EXIT.invalidInput, errorOutput: `fray import: ${message}` };
}

/**
 * `fray import <file>`: imports every creature of the file into one ruleset's stat blocks and writes
 * them into the library as YAML. All or nothing: a creature that cannot be imported, or a file that is
 * already there (without --force), stops the import before any file is written.
 */
export function importCommand(file: string, opts: ImportCommandOptions = {}): CommandResult {
  const cwd = opts.cwd ?? process.cwd();
  // '-' reads standard input: a stat block pasted into the terminal (end it with Ctrl-D).
  const stdin = file === '-';
  const absolute = stdin ? path.resolve(cwd, 'stdin') : path.resolve(cwd, file);
  const shown = stdin ? '(stdin)' : displayPath(absolute, cwd);
  if (opts.format !== undefined && opts.format !== 'auto' && !(importFormats as readonly string[]).includes(opts.format)) {
    return fail(`--format must be auto, ${importFormats.join(', ')}; not '${opts.format}'`);
  }
  let input: string;
  try {
    if (stdin) input = (opts.stdin ?? (() => fs.readFileSync(0, 'utf8')))();
    else {
      const size = fs.statSync(absolute).size;
      if (size > MAX_FILE_BYTES) return fail(`${shown}: ${size} bytes; at most ${MAX_FILE_BYTES} are taken`);
      input = fs.readFileSync(absolute, 'utf8');
    }
  } catch (err) {
    return fail(`${shown}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  let result: ImportResult;
  try {
    result = importCreatures(input, {
      ...(opts.format !== undefined ? { format: opts.format as ImportFormat | 'auto' } : {}),
      ...(opts.ruleset !== undefined ? { ruleset: opts.ruleset } : {}),
      ...(opts.progress ? { progress: opts.progress } : {}),
    });
  } catch (err) {
    if (err instanceof ImportError) return fail(`${shown}: ${err.creature !== undefined ? `${err.creature}: ` : ''}${err.pointer ? `${err.pointer}: ` : ''}${err.reason} (${err.code}); nothing was imported`);
    throw err;
  }
  const outDir = path.resolve(cwd, opts.out ?? DEFAULT_LIBRARY);
  const planned = result.creatures.map((c) => ({ c, file: path.join(outDir, libraryPath(c)) }));
  if (!opts.dryRun && !opts.force) {
    const there = planned.filter((p) => fs.existsSync(p.file));
    if (there.length) return fail(`${there.length} file${there.length > 1 ? 's are' : ' is'} already in the library (${there.slice(0, 3).map((p) => displayPath(p.file, cwd)).join(', ')}${there.length > 3 ? ', …' : ''}); use --force to replace them; nothing was imported`);
  }
  if (!opts.dryRun) {
    try {
      writeLibraryFiles(planned, stdin ? 'pasted text' : path.basename(absolute));
    } catch (err) {
      return fail(`cannot write the library (${(err as Error).message}); nothing was imported`);
    }
  }
  if (opts.json) {
    return { output: JSON.stringify({ file: shown, format: result.format, ruleset: result.ruleset, library: opts.dryRun ? null : displayPath(outDir, cwd), creatures: planned.map((p) => ({ ...p.c, file: opts.dryRun ? null : displayPath(p.file, cwd) })) }, null, 2), exitCode: EXIT.ok };
  }
  const lines: string[] = [];
  for (const p of planned) lines.push(...reportLines(p.c, opts.dryRun ? null : displayPath(p.file, cwd)));
  const n = result.creatures.length;
  const counts = result.creatures.reduce((a, c) => ({ runs: a.runs + c.runs.length, text: a.text + c.text.length, refused: a.refused + c.refused.length }), { runs: 0, text: 0, refused: 0 });
  lines.push(`${opts.dryRun ? 'checked' : 'imported'} ${n} creature${n === 1 ? '' : 's'} (${result.format} → ${result.ruleset})${opts.dryRun ? ', wrote nothing (--dry-run)' : ` into ${displayPath(outDir, cwd)}`}: ${counts.runs} rules lines, ${counts.text} left to the GM, ${counts.refused} refused or changed`);
  return { output: lines.join('\n'), exitCode: EXIT.ok };
}
