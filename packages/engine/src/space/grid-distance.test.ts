import { describe, expect, it } from 'vitest';
import { createGridSpace, creaturesWithin, distanceFeet, highGround, isWithin, placeCreature, SpaceError, type GridSpaceState } from './index';

function grid(creatures: Record<string, { x: number; y: number; size?: string; elevation?: number; squeezing?: boolean }>, options = {}): GridSpaceState {
  return Object.entries(creatures).reduce(
    (state, [id, at]) => placeCreature(state, id, { size: 'medium', ...at }),
    createGridSpace(options),
  );
}

describe('distanceFeet', () => {
  it('counts adjacent squares, orthogonal or diagonal, as 5 ft', () => {
    const state = grid({ a: { x: 0, y: 0 }, b: { x: 1, y: 0 }, c: { x: 1, y: 1 } });
    expect(distanceFeet(state, 'a', 'b')).toBe(5);
    expect(distanceFeet(state, 'a', 'c')).toBe(5);
    expect(isWithin(state, 'a', 'c', 5)).toBe(true);
  });

  it('uses the longer axis under uniform diagonals and 5-10-5 under alternating', () => {
    const at = { a: { x: 0, y: 0 }, b: { x: 3, y: 4 } };
    expect(distanceFeet(grid(at), 'a', 'b')).toBe(20);
    expect(distanceFeet(grid(at, { diagonals: 'alternating' }), 'a', 'b')).toBe(25);
    const far = { a: { x: 0, y: 0 }, b: { x: 4, y: 4 } };
    expect(distanceFeet(grid(far, { diagonals: 'alternating' }), 'a', 'b')).toBe(30);
  });

  it('measures from the nearest square of a Large footprint', () => {
    const state = grid({ ogre: { x: 0, y: 0, size: 'large' }, east: { x: 3, y: 0 }, corner: { x: 2, y: 2 }, south: { x: 1, y: 4 } });
    expect(distanceFeet(state, 'ogre', 'east')).toBe(10);
    expect(distanceFeet(state, 'ogre', 'corner')).toBe(5);
    expect(distanceFeet(state, 'south', 'ogre')).toBe(15);
  });

  it('takes the larger of horizontal and vertical distance under uniform diagonals', () => {
    const state = grid({ archer: { x: 0, y: 0 }, bat: { x: 0, y: 0, elevation: 30 }, owl: { x: 2, y: 0, elevation: 30 }, hawk: { x: 6, y: 0, elevation: 10 } });
    expect(distanceFeet(state, 'archer', 'bat')).toBe(30);
    expect(distanceFeet(state, 'archer', 'owl')).toBe(30);
    expect(distanceFeet(state, 'archer', 'hawk')).toBe(30);
    expect(distanceFeet(state, 'bat', 'owl')).toBe(10);
  });

  it('adds the alternating surcharge for the second-longest axis, vertical included', () => {
    const state = grid({ archer: { x: 0, y: 0 }, owl: { x: 2, y: 0, elevation: 30 } }, { diagonals: 'alternating' });
    expect(distanceFeet(state, 'archer', 'owl')).toBe(35);
  });

  it('treats a Large creature as two squares tall', () => {
    const state = grid({ ogre: { x: 0, y: 0, size: 'large' }, hero: { x: 3, y: 0 }, bird: { x: 0, y: 0, elevation: 10 }, hawk: { x: 3, y: 0, elevation: 10 } });
    expect(distanceFeet(state, 'ogre', 'bird')).toBe(5);
    expect(isWithin(state, 'ogre', 'bird', 5)).toBe(true);
    expect(distanceFeet(state, 'hero', 'hawk')).toBe(10);
  });

  it('scales with the configured square size', () => {
    const state = grid({ a: { x: 0, y: 0 }, b: { x: 2, y: 1 } }, { squareFeet: 10 });
    expect(distanceFeet(state, 'a', 'b')).toBe(20);
  });

  it('uses the squeezed footprint', () => {
    const state = grid({ ogre: { x: 0, y: 0, size: 'large', squeezing: true }, b: { x: 2, y: 0 } });
    expect(distanceFeet(state, 'ogre', 'b')).toBe(10);
  });

  it('is 0 between tiny creatures sharing a square', () => {
    const state = grid({ rat: { x: 0, y: 0, size: 'tiny' }, sprite: { x: 0, y: 0, size: 'tiny' } });
    expect(distanceFeet(state, 'rat', 'sprite')).toBe(0);
  });

  it('throws unknown-creature for a creature not on the grid', () => {
    const state = grid({ a: { x: 0, y: 0 } });
    expect(() => distanceFeet(state, 'a', 'ghost')).toThrow(SpaceError);
    expect(() => distanceFeet(state, 'a', 'ghost')).toThrow(expect.objectContaining({ code: 'unknown-creature' }));
  });
});

describe('creaturesWithin and highGround', () => {
  it('lists other creatures within range in id order', () => {
    const state = grid({ m: { x: 0, y: 0 }, c: { x: 1, y: 1 }, b: { x: 0, y: 2 }, a: { x: 5, y: 5 } });
    expect(creaturesWithin(state, 'm', 5)).toEqual(['c']);
    expect(creaturesWithin(state, 'm', 10)).toEqual(['b', 'c']);
    expect(creaturesWithin(state, 'm', 25)).toEqual(['a', 'b', 'c']);
  });

  it('reports the elevation difference in feet, signed', () => {
    const state = grid({ low: { x: 0, y: 0 }, high: { x: 1, y: 0, elevation: 10 } });
    expect(highGround(state, 'high', 'low')).toBe(10);
    expect(highGround(state, 'low', 'high')).toBe(-10);
  });
});
