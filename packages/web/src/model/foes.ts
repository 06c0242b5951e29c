import type { Json } from '@fray/engine';
import type { LibraryEntry } from './new-table';

/**
 * A foe for the next fight: named by its library ref (the server puts in the stat block), or imported
 * on the spot, carrying its stat block and the id it will have.
 */
export interface FoeDraft {
  key: number;
  entry: LibraryEntry;
  hidden: boolean;
  imported?: { id: string; sheet: Json };
}

/** What startFight (and the next fight's odds) take for the foes. */
export function foeSetups(foes: FoeDraft[]): Json[] {
  return foes.map((f) => (f.imported ? { id: f.imported.id, side: 'foes', sheet: f.imported.sheet, ...(f.hidden ? { hidden: true } : {}) } : { ref: f.entry.ref, ...(f.hidden ? { hidden: true } : {}) }));
}

/** An id for an imported foe, clear of the campaign's creatures and the other foes: `rust-hound`, `rust-hound-2`, … */
export function importedFoeId(slug: string, taken: readonly string[]): string {
  let id = slug;
  for (let n = 2; taken.includes(id); n++) id = `${slug}-${n}`;
  return id;
}

