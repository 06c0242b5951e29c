import type { Json } from '../core/json';
import type { Resolution } from '../resolve/context';
import { sheetSize } from '../space/map-setup';
import { moveCreature, placeCreature } from '../space/placement';
import { canPlace } from '../space/grid-occupancy';
import { SpaceError } from '../space/space-error';
import type { SpaceState } from '../space/space-state';
import { createZoneSpace } from '../space/zone-state';

export interface PlaceCommand {
  creatureId: string;
  /** a square `{x, y}` on a grid, or a zone `{zone}` (null: in the scene, no zone named) */
  to: Json;
  /** feet above the ground (grid) */
  elevation?: number;
}

/**
 * The GM puts a creature somewhere without the movement rules: no cost, no path, nothing provoked (a
 * fight set up mid-way, a creature thrown or teleported by a ruling). The square itself must still be
 * free and on the map.
 */
export function gmPlace(ctx: Resolution, c: PlaceCommand): void {
  // input-keyed: an own-property lookup, so an id like `constructor` is no creature
  const cr = Object.hasOwn(ctx.state.creatures, c.creatureId) ? ctx.state.creatures[c.creatureId] : undefined;
  if (!cr) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
  const to = (c.to !== null && typeof c.to === 'object' && !Array.isArray(c.to) ? c.to : {}) as Record<string, Json>;
  const grid = typeof to['x'] === 'number' && typeof to['y'] === 'number';
  const zone = 'zone' in to && (typeof to['zone'] === 'string' || to['zone'] === null);
  if (grid === zone) return ctx.reject('bad-place', 'place at a square {x, y} on a grid or in a zone {zone}');
  let space = ctx.state.space as unknown as SpaceState | null;
  if (zone && !space && ctx.ruleset.zoneBands) space = createZoneSpace(ctx.ruleset.zoneBands);
  if (!space) return ctx.reject('no-map', 'this encounter has no map: set one up (the scenario\'s map) before placing creatures');
  if (grid && space.kind !== 'grid') return ctx.reject('bad-place', 'the map is zones: place in a zone {zone}');
  if (zone && space.kind !== 'zones') return ctx.reject('bad-place', 'the map is a grid: place at a square {x, y}');
  if (c.elevation !== undefined && space.kind !== 'grid') return ctx.reject('bad-place', 'elevation is for a grid');
  const placed = Object.hasOwn(space.creatures, c.creatureId);
  let next: SpaceState;
  try {
    if (space.kind === 'grid') {
      const x = to['x'] as number;
      const y = to['y'] as number;
      if (!Number.isInteger(x) || !Number.isInteger(y)) return ctx.reject('bad-place', 'squares are whole numbers');
      if (space.bounds && (x < 0 || y < 0 || x >= space.bounds.width || y >= space.bounds.height)) {
        return ctx.reject('out-of-bounds', `(${x}, ${y}) is off the ${space.bounds.width}×${space.bounds.height} map`);
      }
      // The GM reads who stands there by name (the space's own words are a programmer's).
      const check = canPlace(space, c.creatureId, { x, y }, { size: placed ? space.creatures[c.creatureId]!.size : sheetSize(cr.sheet), ...(c.elevation !== undefined ? { elevation: c.elevation } : {}) });
      if (!check.ok && check.code === 'square-occupied') {
        const names = check.blockers.map((id) => ctx.state.creatures[id]?.name ?? id).join(' and ');
        return ctx.reject('square-occupied', `(${x}, ${y}) is taken: ${names} ${check.blockers.length > 1 ? 'stand' : 'stands'} there; choose a free square`);
      }
      next = placed
        ? moveCreature(space, c.creatureId, { x, y, ...(c.elevation !== undefined ? { elevation: c.elevation } : {}) })
        : placeCreature(space, c.creatureId, { x, y, size: sheetSize(cr.sheet), elevation: c.elevation ?? 0 });
    } else {
      const name = to['zone'] as string | null;
      next = placed ? moveCreature(space, c.creatureId, { zone: name }) : placeCreature(space, c.creatureId, { zone: name });
    }
  } catch (err) {
    if (err instanceof SpaceError) return ctx.reject(err.code, err.message);
    throw err;
  }
  ctx.emit({ type: 'SpaceChanged', space: next as unknown as Json, moved: c.creatureId });
  const where = next.kind === 'grid'
    ? `at (${next.creatures[c.creatureId]!.x}, ${next.creatures[c.creatureId]!.y})${next.creatures[c.creatureId]!.elevation ? `, ${next.creatures[c.creatureId]!.elevation} ft up` : ''}`
    : next.creatures[c.creatureId]!.zone ? `in ${next.creatures[c.creatureId]!.zone}` : 'in the scene';
  ctx.emit({ type: 'RuleApplied', ruleId: 'GM-PLACE', text: `The GM places ${cr.name} ${where}`, creatureId: c.creatureId });
}
