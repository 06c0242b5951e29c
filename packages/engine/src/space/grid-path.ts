import { boxInBounds, boxSquares, footprintBox, isSquare } from './grid-footprint';
import { requireGridCreature, type GridPlacement, type GridPoint, type GridSpaceState } from './grid-state';
import { terrainAt } from './grid-terrain';
import { SpaceError } from './space-error';

/** A square the creature's corner moves into; elevation defaults to the previous step's. */
export interface PathPoint {
  readonly x: number;
  readonly y: number;
  readonly elevation?: number;
}

/**
 * Extra feet paid per foot moved. Modifiers sharing an id count once (the largest), which is
 * how "difficult terrain does not stack with itself" is expressed, while different ids add up:
 * difficult (+1) and crawling (+1) make each foot cost 3.
 */
export interface CostModifier {
  readonly id: string;
  readonly extra: number;
}

export interface PathStepContext {
  readonly index: number;
  readonly from: GridPoint;
  readonly to: GridPoint;
  readonly diagonal: boolean;
  /** Whether any square of the footprint after the step is difficult. */
  readonly difficult: boolean;
  /** Union of the terrain tags under the footprint after the step, sorted. */
  readonly tags: readonly string[];
}

export interface PathStepCost extends PathStepContext {
  /** Feet before modifiers: one square, two for every second diagonal under 'alternating', or the climb if larger. */
  readonly baseFeet: number;
  readonly modifiers: readonly CostModifier[];
  readonly feet: number;
}

export interface PathCost {
  readonly steps: readonly PathStepCost[];
  readonly totalFeet: number;
}

export interface PathCostOptions {
  /** Extra feet per foot on difficult terrain; 1 doubles the cost, 0 ignores it (e.g. flying over). */
  readonly difficultExtra?: number;
  /** Further modifiers for a step, such as crawling, climbing or swimming. */
  readonly modifiers?: (step: PathStepContext) => readonly CostModifier[];
}

export const DIFFICULT_MODIFIER_ID = 'difficult';

/**
 * Movement cost, step by step, of `id` walking `path` from where it stands. Occupancy is not
 * checked here: use canPlace per step with the creatures the ruleset lets it pass through.
 */
export function pathCost(state: GridSpaceState, id: string, path: readonly PathPoint[], options: PathCostOptions = {}): PathCost {
  const difficultExtra = options.difficultExtra ?? 1;
  requireExtra(difficultExtra, DIFFICULT_MODIFIER_ID);
  const steps: PathStepCost[] = [];
  let diagonalsSoFar = 0;
  for (const leg of pathLegs(state, id, path)) {
    const dx = leg.to.x - leg.from.x;
    const dy = leg.to.y - leg.from.y;
    const diagonal = dx !== 0 && dy !== 0;
    let horizontalFeet = dx === 0 && dy === 0 ? 0 : state.squareFeet;
    if (diagonal) {
      diagonalsSoFar += 1;
      if (state.diagonals === 'alternating' && diagonalsSoFar % 2 === 0) horizontalFeet *= 2;
    }
    const baseFeet = Math.max(horizontalFeet, Math.abs(leg.to.elevation - leg.from.elevation));
    const { difficult, tags } = terrainUnder(state, leg.to);
    const context: PathStepContext = { index: leg.index, from: pointOf(leg.from), to: pointOf(leg.to), diagonal, difficult, tags };
    const modifiers = mergeModifiers([
      ...(difficult && difficultExtra > 0 ? [{ id: DIFFICULT_MODIFIER_ID, extra: difficultExtra }] : []),
      ...(options.modifiers?.(context) ?? []),
    ]);
    const extra = modifiers.reduce((sum, modifier) => sum + modifier.extra, 0);
    steps.push({ ...context, baseFeet, modifiers, feet: baseFeet * (1 + extra) });
  }
  return { steps, totalFeet: steps.reduce((sum, step) => sum + step.feet, 0) };
}

export interface PathLeg {
  readonly index: number;
  readonly from: GridPlacement;
  readonly to: GridPlacement;
}

/** Validates a path and turns it into placements before and after each step. */
export function pathLegs(state: GridSpaceState, id: string, path: readonly PathPoint[]): PathLeg[] {
  let from = requireGridCreature(state, id);
  const legs: PathLeg[] = [];
  path.forEach((point, index) => {
    const to: GridPlacement = { ...from, x: point.x, y: point.y, elevation: point.elevation ?? from.elevation };
    if (!isSquare(to) || !Number.isFinite(to.elevation)) {
      throw new SpaceError('invalid-path', `Path step ${index} needs whole x and y and a finite elevation; got ${JSON.stringify(point)}.`);
    }
    const dx = Math.abs(to.x - from.x);
    const dy = Math.abs(to.y - from.y);
    if (dx > 1 || dy > 1 || (dx === 0 && dy === 0 && to.elevation === from.elevation)) {
      throw new SpaceError(
        'invalid-path',
        `Path step ${index} goes from (${from.x},${from.y}) to (${to.x},${to.y}); each step must move to a neighbouring square or change elevation.`,
      );
    }
    if (!boxInBounds(state, footprintBox(state, to))) {
      throw new SpaceError('out-of-bounds', `Path step ${index} to (${to.x},${to.y}) leaves the grid; keep the path inside its bounds.`);
    }
    legs.push({ index, from, to });
    from = to;
  });
  return legs;
}

function terrainUnder(state: GridSpaceState, placement: GridPlacement): { difficult: boolean; tags: string[] } {
  let difficult = false;
  const tags = new Set<string>();
  for (const square of boxSquares(footprintBox(state, placement))) {
    const cell = terrainAt(state, square);
    difficult ||= cell.difficult;
    for (const tag of cell.tags) tags.add(tag);
  }
  return { difficult, tags: [...tags].sort() };
}

function mergeModifiers(modifiers: readonly CostModifier[]): CostModifier[] {
  const merged: CostModifier[] = [];
  for (const modifier of modifiers) {
    requireExtra(modifier.extra, modifier.id);
    const index = merged.findIndex((existing) => existing.id === modifier.id);
    const existing = merged[index];
    if (existing === undefined) merged.push({ id: modifier.id, extra: modifier.extra });
    else if (modifier.extra > existing.extra) merged[index] = { id: modifier.id, extra: modifier.extra };
  }
  return merged;
}

function requireExtra(extra: number, id: string): void {
  if (!(Number.isFinite(extra) && extra >= 0)) {
    throw new SpaceError('invalid-option', `Cost modifier '${id}' needs a finite extra of 0 or more feet per foot; got ${extra}.`);
  }
}

function pointOf(placement: GridPlacement): GridPoint {
  return { x: placement.x, y: placement.y, elevation: placement.elevation };
}
