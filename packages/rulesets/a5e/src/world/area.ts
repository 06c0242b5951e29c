import { canPlace, type CreatureState, type EncounterStateCore, type GridSpaceState, type Square } from '@fray/engine';

/**
 * The terrain tag that locates an entry on a grid: squares tagged `world:<entry id>`. The bare entry id
 * is read as well, since the cover rules tag obstacles that way ('trees', 'stalagmites', 'brush').
 */
export const areaTag = (entryId: string): string => `world:${entryId}`;

export function hasAreaTag(tags: readonly string[], entryId: string): boolean {
  return tags.includes(areaTag(entryId)) || tags.includes(entryId);
}

export function gridOf(state: EncounterStateCore): GridSpaceState | null {
  const s = state.space as { kind?: string } | null;
  return s && s.kind === 'grid' ? (state.space as unknown as GridSpaceState) : null;
}

/** Squares tagged for the entry; empty when the entry is not mapped (then it covers the whole battlefield). */
export function taggedSquares(state: EncounterStateCore, entryId: string): Square[] {
  const grid = gridOf(state);
  if (!grid) return [];
  const out: Square[] = [];
  for (const [key, cell] of Object.entries(grid.terrain)) {
    if (!hasAreaTag(cell.tags, entryId)) continue;
    const [x, y] = key.split(',').map(Number);
    out.push({ x: x!, y: y! });
  }
  return out.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The squares a creature stands on, or null when it is not on a grid. */
export function footprint(state: EncounterStateCore, creatureId: string): Square[] | null {
  const grid = gridOf(state);
  const at = grid?.creatures[creatureId];
  if (!grid || !at) return null;
  const side = grid.sizes[at.size] ?? 1;
  const out: Square[] = [];
  for (let dy = 0; dy < side; dy++) for (let dx = 0; dx < side; dx++) out.push({ x: at.x + dx, y: at.y + dy });
  return out;
}

/**
 * Whether a creature is in an entry's area. An entry mapped onto the grid covers its tagged squares;
 * an unmapped one is the whole battlefield (the Narrator chose the environment for the place).
 */
export function inArea(state: EncounterStateCore, entryId: string, creatureId: string): boolean {
  const squares = taggedSquares(state, entryId);
  if (!squares.length) return true;
  const mine = footprint(state, creatureId);
  if (!mine) return false;
  const keys = new Set(squares.map((s) => `${s.x},${s.y}`));
  return mine.some((s) => keys.has(`${s.x},${s.y}`));
}

/** Whether a creature stands within `feet` of any of the entry's squares (true when it is unmapped). */
export function nearArea(state: EncounterStateCore, entryId: string, creatureId: string, feet: number): boolean {
  const squares = taggedSquares(state, entryId);
  if (!squares.length) return true;
  const mine = footprint(state, creatureId);
  const grid = gridOf(state);
  if (!mine || !grid) return false;
  const reach = Math.floor(feet / grid.squareFeet);
  return mine.some((m) => squares.some((s) => Math.max(Math.abs(s.x - m.x), Math.abs(s.y - m.y)) <= reach));
}

/** Creatures the world acts on: those still in the fight, objects excluded. */
export function isParticipant(c: CreatureState): boolean {
  return c.status !== 'dead' && !c.tags.includes('object');
}

export function participantsIn(state: EncounterStateCore, entryId: string): string[] {
  return state.creatureIds.filter((id) => isParticipant(state.creatures[id]!) && inArea(state, entryId, id));
}

/** Free corner squares within `feet` of where a creature stands (its own excluded), in reading order. */
export function freeSquaresWithin(state: EncounterStateCore, creatureId: string, feet: number): Square[] {
  const grid = gridOf(state);
  const at = grid?.creatures[creatureId];
  if (!grid || !at) return [];
  const r = Math.floor(feet / grid.squareFeet);
  const out: Square[] = [];
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      if (dx === 0 && dy === 0) continue;
      const sq = { x: at.x + dx, y: at.y + dy };
      if (canPlace(grid, creatureId, sq).ok) out.push(sq);
    }
  }
  return out;
}
