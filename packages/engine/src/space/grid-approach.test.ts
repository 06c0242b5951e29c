import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canPlace, createGridSpace, detourPath, placeCreature, squaresApart, type GridSpaceState } from './index';

const strip = (): GridSpaceState => {
  let g = createGridSpace({ bounds: { width: 8, height: 3 } });
  g = placeCreature(g, 'ox', { x: 0, y: 1, size: 'medium' });
  return placeCreature(g, 'fallen', { x: 1, y: 1, size: 'medium' });
};

describe('detourPath', () => {
  it('walks around a creature in the way in the fewest steps, keeping nearest the straight line', () => {
    expect(detourPath(strip(), 'ox', { x: 4, y: 1 })).toEqual([{ x: 1, y: 0 }, { x: 2, y: 1 }, { x: 3, y: 1 }, { x: 4, y: 1 }]);
  });

  it('a large creature goes around with its whole footprint', () => {
    let g = createGridSpace({ bounds: { width: 8, height: 4 } });
    g = placeCreature(g, 'ogre', { x: 0, y: 0, size: 'large' });
    g = placeCreature(g, 'fallen', { x: 2, y: 0, size: 'medium' });
    // the straight way's first square, (1,0), would put the ogre's 2×2 over the fallen creature's (2,0)
    expect(canPlace(g, 'ogre', { x: 1, y: 0 }).ok).toBe(false);
    expect(detourPath(g, 'ogre', { x: 4, y: 0 })).toEqual([{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 3, y: 0 }, { x: 4, y: 0 }]);
  });

  it('null when the square is taken, the way is shut, or longer than allowed; nothing for the square it stands on', () => {
    expect(detourPath(strip(), 'ox', { x: 1, y: 1 })).toBeNull();
    let shut = createGridSpace({ bounds: { width: 8, height: 1 } });
    shut = placeCreature(placeCreature(shut, 'ox', { x: 0, y: 0, size: 'medium' }), 'fallen', { x: 1, y: 0, size: 'medium' });
    expect(detourPath(shut, 'ox', { x: 5, y: 0 })).toBeNull();
    expect(detourPath(strip(), 'ox', { x: 7, y: 1 }, 6)).toBeNull();
    expect(detourPath(strip(), 'ox', { x: 0, y: 1 })).toBeNull();
  });

  it('any map: a walk of neighbouring squares the creature fits alone, ending where asked; straight when nobody is near', () => {
    const square = fc.record({ x: fc.integer({ min: 0, max: 7 }), y: fc.integer({ min: 0, max: 5 }) });
    fc.assert(fc.property(square, square, fc.array(square, { maxLength: 12 }), (from, to, others) => {
      let g = placeCreature(createGridSpace({ bounds: { width: 8, height: 6 } }), 'me', { ...from, size: 'medium' });
      others.forEach((sq, i) => {
        if (canPlace(g, `o${i}`, sq, { size: 'medium' }).ok) g = placeCreature(g, `o${i}`, { ...sq, size: 'medium' });
      });
      const path = detourPath(g, 'me', to);
      const alone = placeCreature(createGridSpace({ bounds: { width: 8, height: 6 } }), 'me', { ...from, size: 'medium' });
      const clear = detourPath(alone, 'me', to);
      if (from.x === to.x && from.y === to.y) return path === null && clear === null;
      expect(clear).toHaveLength(squaresApart(from, to));
      if (!path) return true;
      let at = from;
      for (const sq of path) {
        expect(squaresApart(at, sq)).toBe(1);
        expect(canPlace(g, 'me', sq).ok).toBe(true);
        at = sq;
      }
      expect(at).toEqual(to);
      expect(path.length).toBeGreaterThanOrEqual(squaresApart(from, to));
      return true;
    }), { numRuns: 300 });
  });
});
