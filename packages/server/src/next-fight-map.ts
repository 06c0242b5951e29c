import { buildSpace, MapSetupError, placeCreature, sheetSize, SpaceError, type GridSpaceState, type Json, type LoadedRuleset, type MapSetup, type PlacementSetup, type SpaceState } from '@fray/engine';
import type { WireError } from './protocol';

/** A creature of the next fight as the map needs it: who, on which side, played by a seat or not, where if the GM said. */
export interface MapEntrant {
  id: string;
  side: string;
  controller: string | null;
  sheet: unknown;
  at?: PlacementSetup;
}

/** A map without a size gets this many squares: room for two lines of a party and its foes. */
const DEFAULT_GRID = { width: 12, height: 8 };

/**
 * The next fight's map, between fights: the grid or zones the GM chose, with every creature on it.
 * Where the GM gave a place it is used; everyone else gets a default the GM can drag from on the
 * table (a `gm.place` command): the sides that seats play from the west edge, the rest from the east,
 * top to bottom, each on the first square its size fits (the engine's placement decides "fits").
 * Zones put everyone in the scene, engaged with nobody, as a scenario file's zones do.
 */
export function nextFightSpace(ruleset: LoadedRuleset, map: MapSetup, entrants: readonly MapEntrant[]): { ok: true; space: Json } | { ok: false; error: WireError } {
  const fail = (path: (string | number)[], reason: string) => ({ ok: false as const, error: { code: 'invalid-setup', message: `fight.${path.join('.')}: ${reason}`, path: ['fight', ...path] } });
  // The map request names no bands: zones need the ruleset's own (a GM between fights has no way to name them).
  if ('zones' in map && !map.zones.bands && !ruleset.zoneBands) return fail(['map', 'zones'], `${ruleset.id} has no range bands of its own for zones: choose a grid or no map`);
  const grid = 'grid' in map ? { ...DEFAULT_GRID, ...map.grid } : null;
  let space: SpaceState;
  try {
    space = buildSpace(grid ? { grid } : map, entrants.map((e) => ({ id: e.id, at: e.at, size: sheetSize(e.sheet) })), ruleset.zoneBands).space;
  } catch (e) {
    if (e instanceof MapSetupError) {
      // buildSpace names creatures by their index in the list it was given: point at the entrant's id instead.
      const [head, i, ...rest] = e.path;
      return head === 'creatures' && typeof i === 'number' ? fail(['creatures', entrants[i]?.id ?? i, ...rest], e.reason) : fail(e.path, e.reason);
    }
    throw e;
  }
  if (space.kind !== 'grid') return { ok: true, space: space as unknown as Json };
  const played = new Set(entrants.filter((e) => e.controller !== null).map((e) => e.side));
  let g: GridSpaceState = space;
  const width = g.bounds?.width ?? DEFAULT_GRID.width;
  const height = g.bounds?.height ?? DEFAULT_GRID.height;
  for (const e of entrants) {
    if (Object.hasOwn(g.creatures, e.id)) continue;
    const west = played.has(e.side);
    const cols = Array.from({ length: width }, (_, i) => (west ? i : width - 1 - i));
    let placed = false;
    for (const x of cols) {
      for (let y = 0; y < height && !placed; y++) {
        try {
          g = placeCreature(g, e.id, { x, y, size: sheetSize(e.sheet), elevation: 0 }) as GridSpaceState;
          placed = true;
        } catch (err) {
          if (!(err instanceof SpaceError)) throw err;
        }
      }
      if (placed) break;
    }
    if (!placed) return fail(['map', 'grid'], `no room on a ${width}×${height} map for ${e.id}: make the map larger`);
  }
  return { ok: true, space: g as unknown as Json };
}

/**
 * The fight spec with its `map` turned into the engine's `space` (members from the campaign as they are,
 * foes as the spec gives them, library refs already resolved). A spec without `map` is returned as it is.
 */
export function withNextFightMap<S extends { map?: MapSetup | undefined; space?: unknown; members?: string[] | undefined; foes?: unknown[] | undefined }>(
  ruleset: LoadedRuleset,
  campaign: { creatureIds: readonly string[]; creatures: Readonly<Record<string, { side: string; controller: string | null; sheet: unknown }>> },
  spec: S,
): { ok: true; spec: Omit<S, 'map'> } | { ok: false; error: WireError } {
  const { map, ...rest } = spec;
  if (!map) return { ok: true, spec: rest };
  if (spec.space !== undefined) return { ok: false, error: { code: 'malformed', message: 'fight: give a map or a space, not both', path: ['fight', 'map'] } };
  const entrants: MapEntrant[] = [];
  for (const id of spec.members ?? campaign.creatureIds) {
    const c = Object.hasOwn(campaign.creatures, id) ? campaign.creatures[id]! : null;
    if (c) entrants.push({ id, side: c.side, controller: c.controller, sheet: c.sheet });
  }
  for (const f of spec.foes ?? []) {
    const o = (f && typeof f === 'object' ? f : {}) as { id?: unknown; side?: unknown; controller?: unknown; sheet?: unknown };
    if (typeof o.id === 'string') entrants.push({ id: o.id, side: typeof o.side === 'string' ? o.side : 'foes', controller: typeof o.controller === 'string' ? o.controller : null, sheet: o.sheet });
  }
  const r = nextFightSpace(ruleset, map, entrants);
  return r.ok ? { ok: true, spec: { ...rest, space: r.space } } : r;
}
