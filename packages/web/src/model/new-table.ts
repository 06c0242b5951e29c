import type { CreatedTable, LibraryEntry, LibrarySetup } from '@fray/server/protocol';

export type { CreatedTable, LibraryEntry };

/** One creature the GM has picked for the new table, as the form holds it. */
export interface Pick {
  key: number;
  entry: LibraryEntry;
  name: string;
  side: string;
  /** a seat id, or '' for the GM */
  controller: string;
  hidden: boolean;
  x: string;
  y: string;
  zone: string;
}

export interface SeatDraft {
  seat: string;
  name: string;
}

export type MapChoice = 'none' | 'grid' | 'zones';

/** Player characters join a seat's party by default; everything else starts as the GM's foes. */
export function isCharacter(e: LibraryEntry): boolean {
  return e.kind === 'character' || e.kind === 'pc';
}

/** The ruleset's usual battlefield: A5E and Five Torches Deep squares, 13th Age zones. */
export function defaultMap(ruleset: string): MapChoice {
  return ruleset === '13th-age' ? 'zones' : 'grid';
}

/** A free square for a newcomer: the party from the west edge, foes from the east, top to bottom. */
export function freeSquare(picks: Pick[], side: 'west' | 'east', width: number, height: number): { x: number; y: number } {
  const taken = new Set(picks.map((p) => `${p.x},${p.y}`));
  const cols = side === 'west' ? [1, 0, 2, 3] : [width - 2, width - 1, width - 3, width - 4];
  for (const x of cols) for (let y = 0; y < height; y++) if (x >= 0 && x < width && !taken.has(`${x},${y}`)) return { x, y };
  return { x: 0, y: 0 };
}

/** Text filter over a library: every word must match the name, the kind, the role or the level. */
export function filterLibrary(entries: LibraryEntry[], text: string): LibraryEntry[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return entries;
  return entries.filter((e) => {
    const hay = `${e.name} ${e.kind} ${e.role ?? ''} ${e.level ?? ''} ${e.size ?? ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** The request body for `POST /api/tables {from: {library}}` (the server checks everything again). */
export function libraryRequest(ruleset: string, map: MapChoice, size: { width: number; height: number }, picks: Pick[], diceMode: 'seeded' | 'entered'): LibrarySetup {
  return {
    ruleset,
    ...(diceMode === 'entered' ? { diceMode } : {}),
    ...(map === 'grid' ? { map: { grid: size } } : map === 'zones' ? { map: { zones: {} } } : {}),
    creatures: picks.map((p) => {
      const at = map === 'grid' && p.x !== '' && p.y !== '' ? { x: Number(p.x), y: Number(p.y) } : map === 'zones' && p.zone.trim() ? { zone: p.zone.trim() } : undefined;
      return {
        ref: p.entry.ref,
        side: p.side.trim() || 'foes',
        ...(p.name.trim() && p.name.trim() !== p.entry.name ? { name: p.name.trim() } : {}),
        ...(p.controller ? { controller: p.controller } : {}),
        ...(p.hidden ? { hidden: true } : {}),
        ...(at ? { at } : {}),
      };
    }),
  };
}
