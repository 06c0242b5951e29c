import { ImportError, importCreatures, libraryRef, type CreatureImport, type ImportResult } from '@fray/import';
import type { ContentLibrary } from './content-library';
import type { ImportReport, ImportRequest, WireError } from './protocol';

/**
 * Where a host keeps what is imported from the web table: the CLI writes each creature as `fray import`
 * does (a YAML file in the data folder's library, all or nothing) and answers each one's ref. A server
 * without it cannot save imports; it still reads them.
 */
export type SaveImports = (creatures: CreatureImport[], o: { replace: boolean; from: string }) => { ref: string }[];

/** Why an import was refused, with the HTTP status it gets. */
export class ImportRefused extends Error {
  constructor(
    readonly status: number,
    readonly wire: WireError,
  ) {
    super(wire.message);
  }
}

/** The importers' typed error as a wire error: the code kept, the field named in the message and the path. */
function wireOf(e: ImportError): WireError {
  const where = [e.creature, e.pointer].filter(Boolean).join(': ');
  return { code: e.code, message: `${where ? `${where}: ` : ''}${e.reason}; nothing was imported`, path: e.pointer ? ['text', e.pointer] : ['text'] };
}

/**
 * Reads a stat block or a file's text with `@fray/import` (pure: the same code `fray import` runs) and,
 * with `save`, puts every creature into the library: the file written by the host's `save`, the entry
 * listed at once. All or nothing: a creature that cannot be imported, or a name the library has (the
 * repository's, or the user's without `replace`), stops it before anything is written.
 * `fixedRuleset`: a table's own ruleset (an import into a table must be playable there).
 */
export function runImport(req: ImportRequest, o: { library?: ContentLibrary; save?: SaveImports; fixedRuleset?: string }): ImportReport {
  if (o.fixedRuleset && req.ruleset && req.ruleset !== o.fixedRuleset) {
    throw new ImportRefused(400, { code: 'unsupported-ruleset', message: `this table plays ${o.fixedRuleset}, not ${req.ruleset}`, path: ['ruleset'] });
  }
  const ruleset = req.ruleset ?? o.fixedRuleset;
  let result: ImportResult;
  try {
    result = importCreatures(req.text, { ...(req.format ? { format: req.format } : {}), ...(ruleset ? { ruleset } : {}) });
  } catch (e) {
    if (e instanceof ImportError) throw new ImportRefused(400, wireOf(e));
    throw e;
  }
  if (o.fixedRuleset && result.ruleset !== o.fixedRuleset) {
    throw new ImportRefused(400, { code: 'unsupported-ruleset', message: `this is a ${result.ruleset} stat block; this table plays ${o.fixedRuleset}`, path: ['text'] });
  }
  const creatures: ImportReport['creatures'] = result.creatures.map((c) => ({
    name: c.name, slug: c.slug, ruleset: c.ruleset, meta: { ...c.meta }, runs: c.runs, text: c.text, refused: c.refused, statBlock: c.statBlock,
  }));
  if (!req.save) return { format: result.format, ruleset: result.ruleset, saved: false, creatures };

  const library = o.library;
  if (!library || !o.save) throw new ImportRefused(400, { code: 'malformed', message: 'this server has no library to save imports in', path: ['save'] });
  const refs = result.creatures.map(libraryRef);
  const taken = refs.filter((ref) => {
    const where = library.origin(result.ruleset, ref);
    return where === 'repository' || (where === 'library' && !req.replace);
  });
  if (taken.length) {
    const repo = taken.some((ref) => library.origin(result.ruleset, ref) === 'repository');
    throw new ImportRefused(409, {
      code: 'already-in-library',
      message: `the library already has ${taken.join(', ')}${repo ? ' (the repository\'s own: give the creature another name)' : ' (replace: true writes over your own)'}; nothing was imported`,
      path: ['text'],
    });
  }
  let written: { ref: string }[];
  try {
    written = o.save(result.creatures, { replace: req.replace === true, from: 'a stat block pasted on the web table' });
  } catch (e) {
    throw new ImportRefused(409, { code: 'already-in-library', message: `the library could not take it: ${(e as Error).message}; nothing was imported`, path: ['text'] });
  }
  written.forEach((w, i) => {
    creatures[i]!.entry = library.add(result.ruleset, w.ref, result.creatures[i]!.statBlock, { ...result.creatures[i]!.meta });
  });
  return { format: result.format, ruleset: result.ruleset, saved: true, creatures };
}
