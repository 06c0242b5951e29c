import { describe, expect, it } from 'vitest';
import { createGridSpace, isFlankedBy, placeCreature, type GridSpaceState } from './index';

type At = { x: number; y: number; size?: string; elevation?: number };

function layout(target: At, attacker: At, ally: At): GridSpaceState {
  let state = createGridSpace();
  for (const [id, at] of [['target', target], ['attacker', attacker], ['ally', ally]] as const) {
    state = placeCreature(state, id, { size: 'medium', ...at });
  }
  return state;
}

const flanked = (target: At, attacker: At, ally: At) => isFlankedBy(layout(target, attacker, ally), 'target', 'attacker', 'ally');

describe('isFlankedBy around a Medium target', () => {
  const target = { x: 5, y: 5 };

  it.each([
    ['west and east', { x: 4, y: 5 }, { x: 6, y: 5 }],
    ['north and south', { x: 5, y: 4 }, { x: 5, y: 6 }],
    ['north-west and south-east corners', { x: 4, y: 4 }, { x: 6, y: 6 }],
    ['north-east and south-west corners', { x: 6, y: 4 }, { x: 4, y: 6 }],
  ])('flanks from %s', (_, attacker, ally) => {
    expect(flanked(target, attacker, ally)).toBe(true);
    expect(flanked(target, ally, attacker)).toBe(true);
  });

  it.each([
    ['west and north', { x: 4, y: 5 }, { x: 5, y: 4 }],
    ['west and north-east corner', { x: 4, y: 5 }, { x: 6, y: 4 }],
    ['north-west corner and east', { x: 4, y: 4 }, { x: 6, y: 5 }],
    ['west and south-west corner', { x: 4, y: 5 }, { x: 4, y: 6 }],
  ])('does not flank from %s', (_, attacker, ally) => {
    expect(flanked(target, attacker, ally)).toBe(false);
  });

  it('needs both flankers adjacent, elevation included', () => {
    expect(flanked(target, { x: 3, y: 5 }, { x: 6, y: 5 })).toBe(false);
    expect(flanked(target, { x: 4, y: 5 }, { x: 6, y: 5, elevation: 10 })).toBe(false);
    expect(flanked(target, { x: 4, y: 5 }, { x: 6, y: 5, elevation: 5 })).toBe(true);
  });

  it('lets a Large flanker use any of its squares', () => {
    expect(flanked(target, { x: 3, y: 4, size: 'large' }, { x: 6, y: 5 })).toBe(true);
    expect(flanked(target, { x: 3, y: 2, size: 'large' }, { x: 6, y: 5 })).toBe(false);
  });

  it('is never flanked by the same creature twice', () => {
    const state = layout(target, { x: 4, y: 5 }, { x: 6, y: 5 });
    expect(isFlankedBy(state, 'target', 'attacker', 'attacker')).toBe(false);
  });
});

describe('isFlankedBy around a Large target', () => {
  const target = { x: 5, y: 5, size: 'large' };

  it.each([
    ['west and east, level', { x: 4, y: 5 }, { x: 7, y: 5 }],
    ['west and east, offset by a row', { x: 4, y: 5 }, { x: 7, y: 6 }],
    ['north and south, offset by a column', { x: 5, y: 4 }, { x: 6, y: 7 }],
    ['opposite corners', { x: 4, y: 4 }, { x: 7, y: 7 }],
    ['the other opposite corners', { x: 7, y: 4 }, { x: 4, y: 7 }],
  ])('flanks from %s', (_, attacker, ally) => {
    expect(flanked(target, attacker, ally)).toBe(true);
  });

  it.each([
    ['west and south', { x: 4, y: 5 }, { x: 5, y: 7 }],
    ['west and north-east corner', { x: 4, y: 5 }, { x: 7, y: 4 }],
    ['north-west corner and east', { x: 4, y: 4 }, { x: 7, y: 5 }],
    ['north-west corner and east, lower row', { x: 4, y: 4 }, { x: 7, y: 6 }],
  ])('does not flank from %s', (_, attacker, ally) => {
    expect(flanked(target, attacker, ally)).toBe(false);
  });
});
