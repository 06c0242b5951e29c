import { describe, expect, it } from 'vitest';
import { createGridSpace, createZoneSpace, engage, placeCreature, requireCreature, setBand, spaceQueries, type SpaceState } from './index';

describe('common queries', () => {
  const grid = [
    ['hero', { x: 0, y: 0, size: 'medium' }],
    ['orc', { x: 1, y: 0, size: 'medium' }],
    ['ogre', { x: 2, y: 0, size: 'large' }],
    ['archer', { x: 0, y: 8, size: 'medium' }],
  ] as const;
  const gridState: SpaceState = grid.reduce((state, [id, at]) => placeCreature(state, id, at), createGridSpace());

  let zones = ['hero', 'orc', 'ogre', 'archer'].reduce((state, id) => placeCreature(state, id), createZoneSpace({ bands: ['engaged', 'nearby', 'far'] }));
  zones = engage(zones, 'hero', 'orc');
  zones = setBand(zones, 'hero', 'archer', 'far');
  const zoneState: SpaceState = zones;

  it('answers adjacency and reach on the grid in feet', () => {
    const q = spaceQueries(gridState);
    expect(q.kind).toBe('grid');
    expect(q.creatureIds()).toEqual(['archer', 'hero', 'ogre', 'orc']);
    expect(q.isAdjacent('hero', 'orc')).toBe(true);
    expect(q.isAdjacent('hero', 'ogre')).toBe(false);
    expect(q.isAdjacent('hero', 'hero')).toBe(false);
    expect(q.adjacentTo('orc')).toEqual(['hero', 'ogre']);
    expect(q.isWithinReach('hero', 'ogre', 10)).toBe(true);
    expect(q.isWithinReach('hero', 'ogre', 5)).toBe(false);
    expect(q.rangeBetween('hero', 'archer')).toEqual({ kind: 'feet', feet: 40 });
    expect(q.hasCreature('ghost')).toBe(false);
  });

  it('answers the same questions in zones with engagement and bands', () => {
    const q = spaceQueries(zoneState);
    expect(q.kind).toBe('zones');
    expect(q.creatureIds()).toEqual(['archer', 'hero', 'ogre', 'orc']);
    expect(q.isAdjacent('orc', 'hero')).toBe(true);
    expect(q.isAdjacent('hero', 'ogre')).toBe(false);
    expect(q.adjacentTo('hero')).toEqual(['orc']);
    expect(q.isWithinReach('hero', 'orc', 5)).toBe(true);
    expect(q.isWithinReach('hero', 'ogre', 10)).toBe(false);
    expect(q.rangeBetween('hero', 'orc')).toEqual({ kind: 'band', band: 'engaged', index: 0 });
    expect(q.rangeBetween('hero', 'ogre')).toEqual({ kind: 'band', band: 'nearby', index: 1 });
    expect(q.rangeBetween('archer', 'hero')).toEqual({ kind: 'band', band: 'far', index: 2 });
  });

  it('throws unknown-creature from either space', () => {
    for (const state of [gridState, zoneState]) {
      expect(() => requireCreature(state, 'ghost')).toThrow(expect.objectContaining({ code: 'unknown-creature' }));
      expect(() => spaceQueries(state).isAdjacent('hero', 'ghost')).toThrow(expect.objectContaining({ name: 'SpaceError' }));
    }
  });
});
