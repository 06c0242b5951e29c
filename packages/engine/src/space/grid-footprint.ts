import type { GridPlacement, GridSpaceState, Square } from './grid-state';
import { ownValue } from './records';
import { SpaceError } from './space-error';

/** Axis-aligned box of squares, inclusive on both ends. */
export interface SquareBox {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export function sizeSide(state: GridSpaceState, size: string): number {
  const side = ownValue(state.sizes, size);
  if (side === undefined) {
    const known = Object.keys(state.sizes).join(', ');
    throw new SpaceError('unknown-size', `Size '${size}' is not in this grid's size table (${known}); pass it in createGridSpace({ sizes }).`);
  }
  return side;
}

/**
 * A squeezing creature fits into the space of the next smaller footprint in the table, so a
 * custom table with gaps (say 6 then 4) squeezes to 4, not 5.
 */
export function footprintSide(state: GridSpaceState, placement: Pick<GridPlacement, 'size' | 'squeezing'>): number {
  const side = sizeSide(state, placement.size);
  if (!placement.squeezing) return side;
  let smaller = 0;
  for (const other of Object.values(state.sizes)) {
    if (other < side && other > smaller) smaller = other;
  }
  return smaller > 0 ? smaller : side;
}

export function footprintBox(state: GridSpaceState, placement: Omit<GridPlacement, 'elevation'>): SquareBox {
  const side = footprintSide(state, placement);
  return { minX: placement.x, minY: placement.y, maxX: placement.x + side - 1, maxY: placement.y + side - 1 };
}

export function boxSquares(box: SquareBox): Square[] {
  const squares: Square[] = [];
  for (let y = box.minY; y <= box.maxY; y++) {
    for (let x = box.minX; x <= box.maxX; x++) squares.push({ x, y });
  }
  return squares;
}

export function boxContains(box: SquareBox, square: Square): boolean {
  return square.x >= box.minX && square.x <= box.maxX && square.y >= box.minY && square.y <= box.maxY;
}

export function boxesOverlap(a: SquareBox, b: SquareBox): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

export function boxInBounds(state: GridSpaceState, box: SquareBox): boolean {
  if (state.bounds === null) return true;
  return box.minX >= 0 && box.minY >= 0 && box.maxX < state.bounds.width && box.maxY < state.bounds.height;
}

export function squareKey(square: Square): string {
  return `${square.x},${square.y}`;
}

export function isSquare(square: Square): boolean {
  return Number.isInteger(square.x) && Number.isInteger(square.y);
}
