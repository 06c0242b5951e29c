import { describe, expect, it } from 'vitest';
import {
  attackersEngaged,
  band,
  clearBand,
  createZoneSpace,
  disengage,
  disengageAll,
  engage,
  engagedWith,
  isEngaged,
  isWithinBand,
  moveCreature,
  placeCreature,
  removeCreature,
  setBand,
  type SpaceErrorCode,
  type ZoneSpaceState,
} from './index';
import { thrownCode } from '../../../../test/thrown-code';

const codeOf = (run: () => unknown) => thrownCode<SpaceErrorCode>(run);

function scene(ids: readonly string[], bands: readonly string[] = ['engaged', 'nearby', 'far']): ZoneSpaceState {
  return ids.reduce((state, id) => placeCreature(state, id, { zone: 'hall' }), createZoneSpace({ bands }));
}

describe('zone space', () => {
  it('defaults to the second band and accepts another system\'s bands', () => {
    expect(createZoneSpace({ bands: ['engaged', 'nearby', 'far'] }).defaultBand).toBe('nearby');
    const other = scene(['a', 'b'], ['close', 'ranged', 'far']);
    expect(band(other, 'a', 'b')).toBe('ranged');
    expect(band(engage(other, 'a', 'b'), 'a', 'b')).toBe('close');
    expect(createZoneSpace({ bands: ['close', 'ranged', 'far'], defaultBand: 'far' }).defaultBand).toBe('far');
    expect(codeOf(() => createZoneSpace({ bands: [] }))).toBe('invalid-option');
    expect(codeOf(() => createZoneSpace({ bands: ['a', 'a'] }))).toBe('invalid-option');
    expect(codeOf(() => createZoneSpace({ bands: ['a', 'b'], defaultBand: 'c' }))).toBe('invalid-option');
  });

  it('engages symmetrically and with several creatures at once', () => {
    let state = scene(['hero', 'orc', 'goblin', 'wolf']);
    state = engage(state, 'orc', 'hero');
    state = engage(state, 'hero', 'goblin');
    expect(isEngaged(state, 'hero', 'orc')).toBe(true);
    expect(isEngaged(state, 'orc', 'hero')).toBe(true);
    expect(engagedWith(state, 'hero')).toEqual(['goblin', 'orc']);
    expect(engagedWith(state, 'orc')).toEqual(['hero']);
    expect(engagedWith(state, 'wolf')).toEqual([]);
    expect(engage(state, 'hero', 'orc')).toEqual(state);
  });

  it('counts engaged attackers, optionally filtered', () => {
    let state = scene(['hero', 'orc', 'goblin', 'wolf', 'ally']);
    for (const id of ['orc', 'goblin', 'wolf', 'ally']) state = engage(state, 'hero', id);
    expect(attackersEngaged(state, 'hero')).toBe(4);
    expect(attackersEngaged(state, 'hero', (id) => id !== 'ally')).toBe(3);
  });

  it('disengages one pair or everything', () => {
    let state = scene(['hero', 'orc', 'goblin']);
    state = engage(engage(state, 'hero', 'orc'), 'hero', 'goblin');
    expect(engagedWith(disengage(state, 'orc', 'hero'), 'hero')).toEqual(['goblin']);
    const alone = disengageAll(state, 'hero');
    expect(alone.engagements).toEqual({});
    expect(disengage(alone, 'hero', 'orc')).toEqual(alone);
  });

  it('resolves bands: engaged, else GM-set, else default', () => {
    let state = scene(['hero', 'archer']);
    expect(band(state, 'hero', 'archer')).toBe('nearby');
    state = setBand(state, 'hero', 'archer', 'far');
    expect(band(state, 'archer', 'hero')).toBe('far');
    expect(isWithinBand(state, 'hero', 'archer', 'nearby')).toBe(false);
    expect(isWithinBand(state, 'hero', 'archer', 'far')).toBe(true);
    expect(band(clearBand(state, 'hero', 'archer'), 'hero', 'archer')).toBe('nearby');
    expect(band(state, 'hero', 'hero')).toBe('engaged');
  });

  it('engaging overrides a GM band, and setting a band breaks engagement', () => {
    let state = setBand(scene(['hero', 'orc']), 'hero', 'orc', 'far');
    state = engage(state, 'hero', 'orc');
    expect(band(state, 'hero', 'orc')).toBe('engaged');
    expect(band(disengage(state, 'hero', 'orc'), 'hero', 'orc')).toBe('nearby');
    const apart = setBand(state, 'orc', 'hero', 'far');
    expect(isEngaged(apart, 'hero', 'orc')).toBe(false);
    expect(band(apart, 'hero', 'orc')).toBe('far');
  });

  it('rejects the engagement band, unknown bands and self-pairs', () => {
    const state = scene(['hero', 'orc']);
    expect(codeOf(() => setBand(state, 'hero', 'orc', 'engaged'))).toBe('engaged-band');
    expect(codeOf(() => setBand(state, 'hero', 'orc', 'miles'))).toBe('unknown-band');
    expect(codeOf(() => isWithinBand(state, 'hero', 'orc', 'miles'))).toBe('unknown-band');
    expect(codeOf(() => engage(state, 'hero', 'hero'))).toBe('self-pair');
    expect(codeOf(() => engage(state, 'hero', 'ghost'))).toBe('unknown-creature');
  });

  it('keeps engagement within a zone', () => {
    let state = engage(scene(['hero', 'orc']), 'hero', 'orc');
    state = moveCreature(state, 'hero', { zone: 'balcony' });
    expect(state.creatures['hero']).toEqual({ zone: 'balcony' });
    expect(isEngaged(state, 'hero', 'orc')).toBe(false);
    expect(codeOf(() => engage(state, 'hero', 'orc'))).toBe('not-in-same-zone');
    const unzoned = placeCreature(state, 'ghost', { zone: null });
    expect(isEngaged(engage(unzoned, 'ghost', 'hero'), 'hero', 'ghost')).toBe(true);
    const stay = engage(scene(['hero', 'orc']), 'hero', 'orc');
    expect(moveCreature(stay, 'hero', { zone: 'hall' })).toEqual(stay);
  });

  it('removing a creature forgets its engagements and bands', () => {
    const before = engage(scene(['hero', 'orc', 'archer']), 'hero', 'orc');
    let state = placeCreature(before, 'troll', { zone: 'hall' });
    state = engage(state, 'troll', 'hero');
    state = setBand(state, 'troll', 'archer', 'far');
    state = setBand(state, 'archer', 'orc', 'far');
    const after = removeCreature(state, 'troll');
    expect(after.engagements).toEqual(before.engagements);
    expect(after.pairBands).toEqual({ archer: { orc: 'far' } });
    expect(removeCreature(setBand(after, 'archer', 'orc', 'nearby'), 'archer')).toEqual(removeCreature(before, 'archer'));
  });

  it('rejects duplicate placement and unknown creatures', () => {
    const state = scene(['hero']);
    expect(codeOf(() => placeCreature(state, 'hero'))).toBe('creature-already-placed');
    expect(codeOf(() => removeCreature(state, 'ghost'))).toBe('unknown-creature');
    expect(codeOf(() => placeCreature(state, 'x', { zone: '' }))).toBe('invalid-position');
    expect(placeCreature(state, 'scout').creatures['scout']).toEqual({ zone: null });
  });
});
