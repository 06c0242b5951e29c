import { describe, expect, it } from 'vitest';
import {
  canPlace,
  createGridSpace,
  DEFAULT_SIZES,
  footprintSide,
  moveCreature,
  occupants,
  placeCreature,
  removeCreature,
  setTerrain,
  terrainAt,
  type SpaceErrorCode,
} from './index';
import { thrownCode } from '../../../../test/thrown-code';

const codeOf = (run: () => unknown) => thrownCode<SpaceErrorCode>(run);

describe('placing creatures', () => {
  const empty = createGridSpace({ bounds: { width: 10, height: 10 } });

  it('records position, elevation, size and squeezing as plain data', () => {
    const state = placeCreature(empty, 'ogre', { x: 2, y: 3, size: 'large', elevation: 5 });
    expect(state.creatures).toEqual({ ogre: { x: 2, y: 3, elevation: 5, size: 'large', squeezing: false } });
    expect(empty.creatures).toEqual({});
    expect(occupants(state, { x: 3, y: 4 })).toEqual(['ogre']);
    expect(occupants(state, { x: 4, y: 4 })).toEqual([]);
  });

  it('refuses occupied squares, naming the blockers', () => {
    const state = placeCreature(empty, 'ogre', { x: 2, y: 3, size: 'large' });
    const check = canPlace(state, 'hero', { x: 3, y: 4 }, { size: 'medium' });
    expect(check).toMatchObject({ ok: false, code: 'square-occupied', blockers: ['ogre'] });
    expect(codeOf(() => placeCreature(state, 'hero', { x: 3, y: 4, size: 'medium' }))).toBe('square-occupied');
    expect(canPlace(state, 'hero', { x: 3, y: 4 }, { size: 'medium', canShareWith: ['ogre'] })).toEqual({ ok: true });
    expect(canPlace(state, 'hero', { x: 3, y: 4 }, { size: 'medium', canShareWith: (id) => id === 'ogre' })).toEqual({ ok: true });
  });

  it('lets tiny creatures share a square with each other but not with bigger ones', () => {
    let state = placeCreature(empty, 'rat', { x: 0, y: 0, size: 'tiny' });
    state = placeCreature(state, 'sprite', { x: 0, y: 0, size: 'tiny' });
    expect(occupants(state, { x: 0, y: 0 })).toEqual(['rat', 'sprite']);
    expect(codeOf(() => placeCreature(state, 'hero', { x: 0, y: 0, size: 'medium' }))).toBe('square-occupied');
  });

  it('lets a flyer hover over a creature once clear of its height', () => {
    const state = placeCreature(empty, 'ogre', { x: 0, y: 0, size: 'large' });
    expect(canPlace(state, 'bird', { x: 1, y: 1 }, { size: 'small', elevation: 5 }).ok).toBe(false);
    expect(canPlace(state, 'bird', { x: 1, y: 1 }, { size: 'small', elevation: 10 }).ok).toBe(true);
  });

  it('keeps footprints inside the bounds', () => {
    expect(codeOf(() => placeCreature(empty, 'ogre', { x: 9, y: 9, size: 'large' }))).toBe('out-of-bounds');
    expect(codeOf(() => placeCreature(empty, 'hero', { x: -1, y: 0, size: 'medium' }))).toBe('out-of-bounds');
    expect(placeCreature(createGridSpace(), 'hero', { x: -1, y: 0, size: 'medium' }).creatures['hero']?.x).toBe(-1);
  });

  it('rejects unknown sizes, duplicate ids and fractional squares', () => {
    expect(codeOf(() => placeCreature(empty, 'x', { x: 0, y: 0, size: 'colossal' }))).toBe('unknown-size');
    const state = placeCreature(empty, 'hero', { x: 0, y: 0, size: 'medium' });
    expect(codeOf(() => placeCreature(state, 'hero', { x: 4, y: 4, size: 'medium' }))).toBe('creature-already-placed');
    expect(codeOf(() => placeCreature(empty, 'hero', { x: 0.5, y: 0, size: 'medium' }))).toBe('invalid-position');
    expect(codeOf(() => placeCreature(empty, '', { x: 0, y: 0, size: 'medium' }))).toBe('invalid-id');
  });

  it('squeezes into the next smaller footprint in the table', () => {
    expect(footprintSide(empty, { size: 'large', squeezing: true })).toBe(1);
    expect(footprintSide(empty, { size: 'gargantuan', squeezing: true })).toBe(3);
    expect(footprintSide(empty, { size: 'medium', squeezing: true })).toBe(1);
    const custom = createGridSpace({ sizes: { ...DEFAULT_SIZES, colossal: 6 } });
    expect(footprintSide(custom, { size: 'colossal', squeezing: true })).toBe(4);
    let state = placeCreature(empty, 'ogre', { x: 0, y: 0, size: 'large', squeezing: true });
    state = placeCreature(state, 'hero', { x: 1, y: 0, size: 'medium' });
    expect(codeOf(() => moveCreature(state, 'ogre', { x: 0, y: 0, squeezing: false }))).toBe('square-occupied');
  });
});

describe('moving and removing', () => {
  const base = placeCreature(placeCreature(createGridSpace(), 'hero', { x: 0, y: 0, size: 'medium' }), 'ally', { x: 2, y: 0, size: 'medium' });

  it('moves to a free square, keeping elevation unless given', () => {
    const moved = moveCreature(base, 'hero', { x: 1, y: 0 });
    expect(moved.creatures['hero']).toEqual({ x: 1, y: 0, elevation: 0, size: 'medium', squeezing: false });
    expect(moveCreature(moved, 'hero', { x: 1, y: 0, elevation: 20 }).creatures['hero']?.elevation).toBe(20);
    expect(base.creatures['hero']?.x).toBe(0);
  });

  it('does not end a move in an occupied square unless allowed', () => {
    expect(codeOf(() => moveCreature(base, 'hero', { x: 2, y: 0 }))).toBe('square-occupied');
    expect(moveCreature(base, 'hero', { x: 2, y: 0 }, { canShareWith: ['ally'] }).creatures['hero']?.x).toBe(2);
  });

  it('changes size in place when there is room', () => {
    expect(moveCreature(base, 'hero', { x: 0, y: 0, size: 'large' }).creatures['hero']?.size).toBe('large');
    expect(codeOf(() => moveCreature(base, 'hero', { x: 0, y: 0, size: 'huge' }))).toBe('square-occupied');
  });

  it('removes a creature and reports unknown ones', () => {
    expect(Object.keys(removeCreature(base, 'hero').creatures)).toEqual(['ally']);
    expect(codeOf(() => removeCreature(base, 'ghost'))).toBe('unknown-creature');
    expect(codeOf(() => moveCreature(base, 'ghost', { x: 5, y: 5 }))).toBe('unknown-creature');
  });
});

describe('terrain', () => {
  it('stores difficult squares and tags, and forgets plain ones', () => {
    const state = createGridSpace();
    const wet = setTerrain(state, [{ x: 1, y: 1 }, { x: 2, y: 1 }], { difficult: true, tags: ['water', 'water'] });
    expect(terrainAt(wet, { x: 2, y: 1 })).toEqual({ difficult: true, tags: ['water'] });
    expect(terrainAt(wet, { x: 3, y: 1 })).toEqual({ difficult: false, tags: [] });
    expect(setTerrain(wet, [{ x: 1, y: 1 }, { x: 2, y: 1 }], {})).toEqual(state);
  });
});

describe('options', () => {
  it('validates the grid configuration', () => {
    expect(codeOf(() => createGridSpace({ squareFeet: 0 }))).toBe('invalid-option');
    expect(codeOf(() => createGridSpace({ sizes: { big: 1.5 } }))).toBe('invalid-option');
    expect(codeOf(() => createGridSpace({ sizes: { medium: 1 } }))).toBe('invalid-option');
    expect(codeOf(() => createGridSpace({ bounds: { width: 0, height: 3 } }))).toBe('invalid-option');
  });
});
