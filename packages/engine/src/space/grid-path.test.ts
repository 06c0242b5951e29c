import { describe, expect, it } from 'vitest';
import { createGridSpace, leavesReach, pathCost, placeCreature, setTerrain, type CostModifier, type GridSpaceOptions, type SpaceErrorCode } from './index';
import { thrownCode } from '../../../../test/thrown-code';

function withHero(options: GridSpaceOptions = {}, size = 'medium') {
  return placeCreature(createGridSpace(options), 'hero', { x: 0, y: 0, size });
}

const feetPerStep = (cost: { steps: readonly { feet: number }[] }) => cost.steps.map((step) => step.feet);

const codeOf = (run: () => unknown) => thrownCode<SpaceErrorCode>(run);

describe('pathCost', () => {
  it('charges one square per step under uniform diagonals', () => {
    const cost = pathCost(withHero(), 'hero', [{ x: 1, y: 0 }, { x: 2, y: 1 }, { x: 3, y: 2 }]);
    expect(feetPerStep(cost)).toEqual([5, 5, 5]);
    expect(cost.totalFeet).toBe(15);
    expect(cost.steps[1]).toMatchObject({ index: 1, from: { x: 1, y: 0, elevation: 0 }, to: { x: 2, y: 1, elevation: 0 }, diagonal: true, baseFeet: 5 });
  });

  it('charges every second diagonal double under alternating, across orthogonal steps', () => {
    const state = withHero({ diagonals: 'alternating' });
    expect(feetPerStep(pathCost(state, 'hero', [{ x: 1, y: 1 }, { x: 2, y: 2 }, { x: 3, y: 3 }, { x: 4, y: 4 }]))).toEqual([5, 10, 5, 10]);
    expect(feetPerStep(pathCost(state, 'hero', [{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 3, y: 2 }]))).toEqual([5, 5, 10]);
  });

  it('doubles difficult terrain and reports tags per step', () => {
    const state = setTerrain(withHero(), [{ x: 2, y: 0 }], { difficult: true, tags: ['water'] });
    const cost = pathCost(state, 'hero', [{ x: 1, y: 0 }, { x: 2, y: 0 }, { x: 3, y: 0 }]);
    expect(feetPerStep(cost)).toEqual([5, 10, 5]);
    expect(cost.steps[1]).toMatchObject({ difficult: true, tags: ['water'], modifiers: [{ id: 'difficult', extra: 1 }] });
    expect(cost.steps[2]).toMatchObject({ difficult: false, tags: [], modifiers: [] });
  });

  it('counts difficult terrain once even under several squares of a Large footprint', () => {
    const state = setTerrain(withHero({}, 'large'), [{ x: 2, y: 0 }, { x: 2, y: 1 }], { difficult: true });
    expect(feetPerStep(pathCost(state, 'hero', [{ x: 1, y: 0 }, { x: 2, y: 0 }]))).toEqual([10, 10]);
  });

  it('stacks crawling with difficult terrain but not difficult terrain with itself', () => {
    const state = setTerrain(withHero(), [{ x: 1, y: 0 }], { difficult: true });
    const crawling = (): CostModifier[] => [{ id: 'crawling', extra: 1 }];
    expect(feetPerStep(pathCost(state, 'hero', [{ x: 1, y: 0 }, { x: 2, y: 0 }], { modifiers: crawling }))).toEqual([15, 10]);
    const spell = (): CostModifier[] => [{ id: 'difficult', extra: 1 }];
    expect(feetPerStep(pathCost(state, 'hero', [{ x: 1, y: 0 }, { x: 2, y: 0 }], { modifiers: spell }))).toEqual([10, 10]);
    expect(feetPerStep(pathCost(state, 'hero', [{ x: 1, y: 0 }], { difficultExtra: 0 }))).toEqual([5]);
  });

  it('gives the modifier callback the terrain of the step', () => {
    const state = setTerrain(withHero(), [{ x: 1, y: 0 }], { tags: ['water'] });
    const swimming = (step: { tags: readonly string[] }): CostModifier[] => (step.tags.includes('water') ? [{ id: 'swimming', extra: 1 }] : []);
    expect(feetPerStep(pathCost(state, 'hero', [{ x: 1, y: 0 }, { x: 2, y: 0 }], { modifiers: swimming }))).toEqual([10, 5]);
  });

  it('charges climbs and descents by the larger of horizontal and vertical movement', () => {
    const cost = pathCost(withHero(), 'hero', [{ x: 0, y: 0, elevation: 10 }, { x: 1, y: 0 }, { x: 2, y: 0, elevation: 0 }]);
    expect(feetPerStep(cost)).toEqual([10, 5, 10]);
    expect(cost.steps[1]?.to.elevation).toBe(10);
  });

  it('rejects jumps, standing still and leaving the grid', () => {
    const state = withHero({ bounds: { width: 3, height: 3 } });
    expect(codeOf(() => pathCost(state, 'hero', [{ x: 2, y: 0 }]))).toBe('invalid-path');
    expect(codeOf(() => pathCost(state, 'hero', [{ x: 0, y: 0 }]))).toBe('invalid-path');
    expect(codeOf(() => pathCost(state, 'hero', [{ x: -1, y: 0 }]))).toBe('out-of-bounds');
    expect(codeOf(() => pathCost(state, 'ghost', []))).toBe('unknown-creature');
    expect(pathCost(state, 'hero', [])).toEqual({ steps: [], totalFeet: 0 });
  });
});

describe('leavesReach', () => {
  const state = placeCreature(placeCreature(createGridSpace(), 'guard', { x: 0, y: 0, size: 'medium' }), 'thief', { x: 1, y: 0, size: 'medium' });

  it('finds the step that takes the mover out of reach', () => {
    const path = [{ x: 2, y: 0 }, { x: 3, y: 0 }];
    expect(leavesReach(state, 'thief', path, 'guard', 5)).toEqual({ index: 0, from: { x: 1, y: 0, elevation: 0 }, to: { x: 2, y: 0, elevation: 0 } });
    expect(leavesReach(state, 'thief', path, 'guard', 10)?.index).toBe(1);
    expect(leavesReach(state, 'thief', path, 'guard', 15)).toBeNull();
  });

  it('does not trigger while circling within reach', () => {
    expect(leavesReach(state, 'thief', [{ x: 1, y: 1 }, { x: 0, y: 1 }, { x: -1, y: 1 }], 'guard', 5)).toBeNull();
  });

  it('triggers on leaving after entering', () => {
    const far = placeCreature(placeCreature(createGridSpace(), 'guard', { x: 0, y: 0, size: 'medium' }), 'thief', { x: 0, y: 3, size: 'medium' });
    expect(leavesReach(far, 'thief', [{ x: 1, y: 2 }, { x: 1, y: 1 }, { x: 2, y: 0 }, { x: 3, y: 0 }], 'guard', 5)?.index).toBe(2);
  });

  it('counts flying straight up out of reach', () => {
    expect(leavesReach(state, 'thief', [{ x: 1, y: 0, elevation: 5 }, { x: 1, y: 0, elevation: 10 }], 'guard', 5)?.index).toBe(1);
  });

  it('measures from a Large creature\'s whole footprint', () => {
    const ogre = placeCreature(placeCreature(createGridSpace(), 'ogre', { x: 0, y: 0, size: 'large' }), 'thief', { x: 2, y: 1, size: 'medium' });
    expect(leavesReach(ogre, 'thief', [{ x: 2, y: 2 }, { x: 2, y: 3 }], 'ogre', 5)?.index).toBe(1);
  });
});
