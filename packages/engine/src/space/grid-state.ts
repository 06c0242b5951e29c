import { ownValue } from './records';
import { SpaceError } from './space-error';

/** 'uniform': every diagonal step costs one square. 'alternating': 1st diagonal one square, 2nd two, and so on. */
export type DiagonalRule = 'uniform' | 'alternating';

export interface Square {
  readonly x: number;
  readonly y: number;
}

/** A square plus the elevation (feet) of a creature's lowest point. */
export interface GridPoint extends Square {
  readonly elevation: number;
}

/**
 * Where a creature stands. `x`/`y` is the footprint's corner with the smallest coordinates;
 * the footprint extends `side` squares towards +x and +y.
 */
export type GridPlacement = {
  readonly x: number;
  readonly y: number;
  readonly elevation: number;
  readonly size: string;
  readonly squeezing: boolean;
};

export type TerrainCell = {
  readonly difficult: boolean;
  readonly tags: string[];
};

export type GridBounds = {
  readonly width: number;
  readonly height: number;
};

export type GridSpaceState = {
  readonly kind: 'grid';
  readonly squareFeet: number;
  readonly diagonals: DiagonalRule;
  /** Squares run from 0 to width-1 / height-1; null means unbounded (negative squares allowed). */
  readonly bounds: GridBounds | null;
  /** Size id → footprint side length in squares. */
  readonly sizes: Readonly<Record<string, number>>;
  /** Sizes whose creatures may share a square with each other (tiny creatures, by default). */
  readonly sharedSquareSizes: string[];
  /** Only non-plain squares are stored, keyed "x,y". */
  readonly terrain: Readonly<Record<string, TerrainCell>>;
  readonly creatures: Readonly<Record<string, GridPlacement>>;
};

// Frozen because they are shared by every caller; createGridSpace copies them into state.
export const DEFAULT_SIZES: Readonly<Record<string, number>> = Object.freeze({
  tiny: 1,
  small: 1,
  medium: 1,
  large: 2,
  huge: 3,
  gargantuan: 4,
});

export const DEFAULT_SHARED_SQUARE_SIZES: readonly string[] = Object.freeze(['tiny']);

export interface GridSpaceOptions {
  readonly squareFeet?: number;
  readonly diagonals?: DiagonalRule;
  readonly bounds?: GridBounds | null;
  /** Replaces the whole table; spread DEFAULT_SIZES to extend it instead. */
  readonly sizes?: Readonly<Record<string, number>>;
  readonly sharedSquareSizes?: readonly string[];
}

export function createGridSpace(options: GridSpaceOptions = {}): GridSpaceState {
  const squareFeet = options.squareFeet ?? 5;
  if (!(Number.isFinite(squareFeet) && squareFeet > 0)) {
    throw new SpaceError('invalid-option', `squareFeet must be a positive number of feet; got ${squareFeet}.`);
  }
  const diagonals = options.diagonals ?? 'uniform';
  if (diagonals !== 'uniform' && diagonals !== 'alternating') {
    throw new SpaceError('invalid-option', `diagonals must be 'uniform' or 'alternating'; got ${JSON.stringify(diagonals)}.`);
  }
  const bounds = options.bounds ?? null;
  if (bounds !== null && !(isPositiveInteger(bounds.width) && isPositiveInteger(bounds.height))) {
    throw new SpaceError('invalid-option', `bounds need positive whole width and height in squares; got ${JSON.stringify(bounds)}.`);
  }
  const sizes = { ...(options.sizes ?? DEFAULT_SIZES) };
  for (const [size, side] of Object.entries(sizes)) {
    if (!isPositiveInteger(side)) {
      throw new SpaceError('invalid-option', `Size '${size}' needs a positive whole footprint side in squares; got ${side}.`);
    }
  }
  const sharedSquareSizes = [...(options.sharedSquareSizes ?? DEFAULT_SHARED_SQUARE_SIZES)];
  for (const size of sharedSquareSizes) {
    if (!Object.hasOwn(sizes, size)) {
      throw new SpaceError('invalid-option', `sharedSquareSizes names '${size}', which is not in the size table; add it to sizes.`);
    }
  }
  return {
    kind: 'grid',
    squareFeet,
    diagonals,
    bounds: bounds === null ? null : { width: bounds.width, height: bounds.height },
    sizes,
    sharedSquareSizes,
    terrain: {},
    creatures: {},
  };
}

export function requireGridCreature(state: GridSpaceState, id: string): GridPlacement {
  const placement = ownValue(state.creatures, id);
  if (placement === undefined) {
    throw new SpaceError('unknown-creature', `No creature '${id}' is on the grid; place it with placeCreature first.`);
  }
  return placement;
}

function isPositiveInteger(value: number): boolean {
  return Number.isInteger(value) && value > 0;
}
