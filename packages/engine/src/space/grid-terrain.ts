import { boxInBounds, isSquare, squareKey } from './grid-footprint';
import type { GridSpaceState, Square, TerrainCell } from './grid-state';
import { ownValue, withEntry, withoutEntry } from './records';
import { SpaceError } from './space-error';

export interface TerrainInput {
  readonly difficult?: boolean;
  readonly tags?: readonly string[];
}

const PLAIN: TerrainCell = { difficult: false, tags: [] };

export function terrainAt(state: GridSpaceState, square: Square): TerrainCell {
  return ownValue(state.terrain, squareKey(square)) ?? PLAIN;
}

/**
 * Replaces the terrain of each listed square. Plain terrain is not stored, so clearing a square
 * returns the grid to exactly its earlier shape.
 */
export function setTerrain(state: GridSpaceState, squares: readonly Square[], terrain: TerrainInput): GridSpaceState {
  const cell: TerrainCell = { difficult: terrain.difficult ?? false, tags: [...new Set(terrain.tags ?? [])].sort() };
  const plain = !cell.difficult && cell.tags.length === 0;
  let stored = state.terrain;
  for (const square of squares) {
    if (!isSquare(square)) {
      throw new SpaceError('invalid-position', `Terrain squares need whole x and y; got ${JSON.stringify(square)}.`);
    }
    if (!boxInBounds(state, { minX: square.x, minY: square.y, maxX: square.x, maxY: square.y })) {
      throw new SpaceError('out-of-bounds', `Square (${square.x},${square.y}) is outside the grid; terrain can only be set inside it.`);
    }
    const key = squareKey(square);
    stored = plain ? withoutEntry(stored, key) : withEntry(stored, key, cell);
  }
  return { ...state, terrain: stored };
}
