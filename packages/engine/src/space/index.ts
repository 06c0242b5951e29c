export { SpaceError, type SpaceErrorCode } from './space-error';
export type { SpaceState } from './space-state';

export {
  createGridSpace,
  DEFAULT_SHARED_SQUARE_SIZES,
  DEFAULT_SIZES,
  type DiagonalRule,
  type GridBounds,
  type GridPlacement,
  type GridPoint,
  type GridSpaceOptions,
  type GridSpaceState,
  type Square,
  type TerrainCell,
} from './grid-state';
export { footprintSide } from './grid-footprint';
export { canPlace, occupants, type PlacementCheck, type PlacementCheckOptions, type ShareRule } from './grid-occupancy';
export type { GridMoveTarget, GridPlacementInput, GridPlacementOptions } from './grid-placement';
export { setTerrain, terrainAt, type TerrainInput } from './grid-terrain';
export { creaturesWithin, distanceFeet, highGround, isWithin } from './grid-distance';
export {
  DIFFICULT_MODIFIER_ID,
  pathCost,
  type CostModifier,
  type PathCost,
  type PathCostOptions,
  type PathPoint,
  type PathStepContext,
  type PathStepCost,
} from './grid-path';
export { leavesReach, type ReachExit } from './grid-reach';
export { isFlankedBy } from './grid-flanking';

export { createZoneSpace, type ZoneCreature, type ZoneSpaceOptions, type ZoneSpaceState } from './zone-state';
export type { ZoneMoveTarget, ZonePlacementInput } from './zone-placement';
export { attackersEngaged, disengage, disengageAll, engage, engagedWith, isEngaged } from './zone-engagement';
export { band, bandIndex, clearBand, isWithinBand, setBand } from './zone-bands';

export { moveCreature, placeCreature, removeCreature } from './placement';
export {
  adjacentTo,
  creatureIds,
  hasCreature,
  isAdjacent,
  isWithinReach,
  rangeBetween,
  requireCreature,
  spaceQueries,
  type RangeBetween,
  type SpaceQueries,
} from './space-queries';
export {
  buildSpace, MapSetupError, sheetSize, type GridMapSetup, type MapSetup, type PlacementSetup, type ZoneMapSetup,
} from './map-setup';
export { APPROACH_MAX_STEPS, approachSquares, detourPath, squaresApart } from './grid-approach';
