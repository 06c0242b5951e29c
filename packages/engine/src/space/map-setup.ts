import { engage } from './zone-engagement';
import { setBand } from './zone-bands';
import { createGridSpace, type DiagonalRule, type GridSpaceState, type Square } from './grid-state';
import { setTerrain } from './grid-terrain';
import { placeCreature } from './placement';
import { SpaceError } from './space-error';
import type { SpaceState } from './space-state';
import { createZoneSpace, type ZoneSpaceState } from './zone-state';

/**
 * A map as a table writes it (a scenario file, a server's new table): the grid or the zones, and
 * where each creature starts. `buildSpace` turns it into the engine's space state, so the same file
 * sets up a fight in the CLI, the simulator and the server.
 */
export type MapSetup = { grid: GridMapSetup } | { zones: ZoneMapSetup };

export interface GridMapSetup {
  /** squares across and down; the map is unbounded without them */
  width?: number;
  height?: number;
  squareFeet?: number;
  diagonals?: DiagonalRule;
  /** squares of difficult terrain */
  difficult?: Square[];
  /** squares a wall fills (tagged `wall`: rulesets read it as total cover and blocking) */
  walls?: Square[];
  /** any other tagged squares: hazards (`fire`), objects (`table-tipped`), cover (`cover:half`), features a ruleset names */
  terrain?: { at: Square[]; tags?: string[]; difficult?: boolean }[];
}

export interface ZoneMapSetup {
  /** range bands nearest first (default: the ruleset's) */
  bands?: string[];
  defaultBand?: string;
  /** pairs engaged with each other at the start (13th Age engagement) */
  engaged?: [string, string][];
  /** a band between two creatures other than the default (far away, out of range) */
  apart?: { between: [string, string]; band: string }[];
}

/** Where a creature starts: a square (grid) or a zone (zones). */
export interface PlacementSetup {
  x?: number;
  y?: number;
  /** feet above the ground */
  elevation?: number;
  /** footprint size (default: the stat block's, else medium) */
  size?: string;
  zone?: string | null;
}

/**
 * The engine's space for a map and the creatures' starting places. Throws a SpaceError naming what is
 * wrong (a square taken, a creature off the map, an unknown band) with `path` inside the map or the
 * creature list.
 */
export function buildSpace(
  map: MapSetup,
  placements: { id: string; at: PlacementSetup | undefined; size: string }[],
  defaults: { bands: string[]; defaultBand: string } | undefined,
): { space: SpaceState } {
  if ('grid' in map) return { space: buildGrid(map.grid, placements) };
  return { space: buildZones(map.zones, placements, defaults) };
}

export class MapSetupError extends Error {
  constructor(
    readonly path: (string | number)[],
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'MapSetupError';
  }
}

function at<T>(path: (string | number)[], f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof SpaceError) throw new MapSetupError(path, err.message);
    throw err;
  }
}

function buildGrid(g: GridMapSetup, placements: { id: string; at: PlacementSetup | undefined; size: string }[]): GridSpaceState {
  if ((g.width === undefined) !== (g.height === undefined)) throw new MapSetupError(['map', 'grid', g.width === undefined ? 'width' : 'height'], 'give both width and height, or neither for an unbounded map');
  let s = at(['map', 'grid'], () => createGridSpace({
    ...(g.squareFeet !== undefined ? { squareFeet: g.squareFeet } : {}),
    ...(g.diagonals ? { diagonals: g.diagonals } : {}),
    bounds: g.width !== undefined && g.height !== undefined ? { width: g.width, height: g.height } : null,
  }));
  const inside = (sq: Square, path: (string | number)[]) => {
    if (s.bounds && (sq.x < 0 || sq.y < 0 || sq.x >= s.bounds.width || sq.y >= s.bounds.height)) throw new MapSetupError(path, `square (${sq.x}, ${sq.y}) is off the ${s.bounds.width}×${s.bounds.height} map`);
  };
  const tag = (squares: Square[], tags: string[], difficult: boolean | undefined, path: (string | number)[]) => {
    squares.forEach((sq, i) => {
      inside(sq, [...path, i]);
      const prev = s.terrain[`${sq.x},${sq.y}`];
      s = setTerrain(s, [sq], { difficult: difficult ?? prev?.difficult ?? false, tags: [...new Set([...(prev?.tags ?? []), ...tags])] });
    });
  };
  tag(g.difficult ?? [], [], true, ['map', 'grid', 'difficult']);
  tag(g.walls ?? [], ['wall'], undefined, ['map', 'grid', 'walls']);
  (g.terrain ?? []).forEach((t, i) => tag(t.at, t.tags ?? [], t.difficult, ['map', 'grid', 'terrain', i, 'at']));
  placements.forEach((p, i) => {
    if (!p.at) return;
    if (p.at.zone !== undefined) throw new MapSetupError(['creatures', i, 'at', 'zone'], 'the map is a grid: place the creature at a square (x, y)');
    if (typeof p.at.x !== 'number' || typeof p.at.y !== 'number') throw new MapSetupError(['creatures', i, 'at'], 'a square needs x and y');
    const size = p.at.size ?? p.size;
    if (!Object.hasOwn(s.sizes, size)) throw new MapSetupError(['creatures', i, 'at', 'size'], `unknown size '${size}'; sizes: ${Object.keys(s.sizes).join(', ')}`);
    inside({ x: p.at.x, y: p.at.y }, ['creatures', i, 'at']);
    s = at(['creatures', i, 'at'], () => placeCreature(s, p.id, { x: p.at!.x!, y: p.at!.y!, size, elevation: p.at!.elevation ?? 0 }));
  });
  return s;
}

function buildZones(
  z: ZoneMapSetup,
  placements: { id: string; at: PlacementSetup | undefined }[],
  defaults: { bands: string[]; defaultBand: string } | undefined,
): ZoneSpaceState {
  const bands = z.bands ?? defaults?.bands;
  if (!bands) throw new MapSetupError(['map', 'zones', 'bands'], 'name the range bands, nearest first (this ruleset has no default)');
  const defaultBand = z.defaultBand ?? (z.bands ? undefined : defaults?.defaultBand);
  let s = at(['map', 'zones'], () => createZoneSpace({ bands, ...(defaultBand !== undefined ? { defaultBand } : {}) }));
  const ids = new Set(placements.map((p) => p.id));
  // Everyone is in the scene; a zone name only where the file gives one.
  placements.forEach((p, i) => {
    if (p.at && (p.at.x !== undefined || p.at.y !== undefined)) throw new MapSetupError(['creatures', i, 'at'], 'the map is zones: place the creature in a zone (zone: name), not at a square');
    s = at(['creatures', i, 'at'], () => placeCreature(s, p.id, { zone: p.at?.zone ?? null }));
  });
  const known = (id: string, path: (string | number)[]) => {
    if (!ids.has(id)) throw new MapSetupError(path, `no creature '${id}' in this fight`);
  };
  (z.engaged ?? []).forEach(([a, b], i) => {
    known(a, ['map', 'zones', 'engaged', i, 0]);
    known(b, ['map', 'zones', 'engaged', i, 1]);
    s = at(['map', 'zones', 'engaged', i], () => engage(s, a, b));
  });
  (z.apart ?? []).forEach((r, i) => {
    known(r.between[0], ['map', 'zones', 'apart', i, 'between', 0]);
    known(r.between[1], ['map', 'zones', 'apart', i, 'between', 1]);
    s = at(['map', 'zones', 'apart', i], () => setBand(s, r.between[0], r.between[1], r.band));
  });
  return s;
}

/** A creature's footprint size for a grid: its stat block's `size` where it has one, else medium. */
export function sheetSize(sheet: unknown): string {
  const size = sheet && typeof sheet === 'object' ? (sheet as { size?: unknown }).size : undefined;
  return typeof size === 'string' ? size : 'medium';
}
