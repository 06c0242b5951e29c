import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  band,
  canPlace,
  clearBand,
  createGridSpace,
  createZoneSpace,
  disengage,
  disengageAll,
  distanceFeet,
  engage,
  engagedWith,
  isEngaged,
  isWithin,
  moveCreature,
  placeCreature,
  removeCreature,
  setBand,
  setTerrain,
  SpaceError,
  type GridSpaceState,
  type ZoneSpaceState,
} from './index';

// Awkward ids on purpose: prototype names and integer-like keys that objects reorder.
const IDS = ['hero', 'orc', '__proto__', 'constructor', '10', '2', 'a b', 'ogre'] as const;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

// toStrictEqual compares `.constructor`, which an id named "constructor" shadows, so plain data
// is compared structurally and by its exact serialisation instead.
function expectSameData(actual: unknown, expected: unknown): void {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

function ignoringSpaceErrors<S>(state: S, step: (state: S) => S): S {
  try {
    return step(state);
  } catch (error) {
    if (error instanceof SpaceError) return state;
    throw error;
  }
}

const creatureArb = fc.record({
  x: fc.integer({ min: 0, max: 15 }),
  y: fc.integer({ min: 0, max: 15 }),
  elevation: fc.integer({ min: -10, max: 40 }),
  size: fc.constantFrom('tiny', 'small', 'medium', 'large', 'huge', 'gargantuan'),
  squeezing: fc.boolean(),
});

const gridArb: fc.Arbitrary<GridSpaceState> = fc
  .record({
    diagonals: fc.constantFrom('uniform' as const, 'alternating' as const),
    squareFeet: fc.constantFrom(5, 10, 1.5),
    creatures: fc.array(creatureArb, { minLength: IDS.length, maxLength: IDS.length }),
    difficult: fc.array(fc.record({ x: fc.integer({ min: 0, max: 19 }), y: fc.integer({ min: 0, max: 19 }) }), { maxLength: 10 }),
  })
  .map(({ diagonals, squareFeet, creatures, difficult }) => {
    const empty = setTerrain(createGridSpace({ diagonals, squareFeet, bounds: { width: 20, height: 20 } }), difficult, { difficult: true, tags: ['rubble'] });
    return creatures.reduce((state, at, i) => ignoringSpaceErrors(state, (s) => placeCreature(s, IDS[i] ?? 'x', at)), empty);
  })
  .map(deepFreeze);

const pairArb = fc.tuple(fc.nat(), fc.nat());

function pick(ids: readonly string[], [i, j]: [number, number]): [string, string] | null {
  if (ids.length === 0) return null;
  return [ids[i % ids.length] ?? '', ids[j % ids.length] ?? ''];
}

describe('grid properties', () => {
  it('distance is symmetric and never negative', () => {
    fc.assert(
      fc.property(gridArb, pairArb, (state, indices) => {
        const pair = pick(Object.keys(state.creatures), indices);
        if (pair === null) return;
        const [a, b] = pair;
        const d = distanceFeet(state, a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(distanceFeet(state, b, a)).toBe(d);
      }),
    );
  });

  it('isWithin is monotone in the distance', () => {
    fc.assert(
      fc.property(gridArb, pairArb, fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 120 }), (state, indices, d1, d2) => {
        const pair = pick(Object.keys(state.creatures), indices);
        if (pair === null) return;
        const [near, far] = d1 <= d2 ? [d1, d2] : [d2, d1];
        if (isWithin(state, pair[0], pair[1], near)) expect(isWithin(state, pair[0], pair[1], far)).toBe(true);
      }),
    );
  });

  it('placing then removing a creature restores the state', () => {
    fc.assert(
      fc.property(gridArb, creatureArb, (state, at) => {
        if (!canPlace(state, 'newcomer', at, at).ok) return;
        expectSameData(removeCreature(placeCreature(state, 'newcomer', at), 'newcomer'), state);
      }),
    );
  });

  it('survives a JSON round trip with the same answers', () => {
    fc.assert(
      fc.property(gridArb, pairArb, (state, indices) => {
        const copy = JSON.parse(JSON.stringify(state)) as GridSpaceState;
        expectSameData(copy, state);
        const pair = pick(Object.keys(state.creatures), indices);
        if (pair !== null) expect(distanceFeet(copy, ...pair)).toBe(distanceFeet(state, ...pair));
      }),
    );
  });

  it('never mutates its input', () => {
    fc.assert(
      fc.property(gridArb, pairArb, creatureArb, (state, indices, to) => {
        const pair = pick(Object.keys(state.creatures), indices);
        if (pair === null) return;
        // deepFreeze makes any write throw a TypeError, which ignoringSpaceErrors rethrows.
        ignoringSpaceErrors(state, (s) => moveCreature(s, pair[0], to));
        ignoringSpaceErrors(state, (s) => removeCreature(s, pair[1]));
      }),
    );
  });
});

const BANDS = ['engaged', 'nearby', 'far'] as const;
const idArb = fc.constantFrom(...(IDS as readonly string[]));

const zoneOpArb = fc.oneof(
  fc.record({ op: fc.constant('place' as const), a: idArb, zone: fc.constantFrom(null, 'hall', 'balcony') }),
  fc.record({ op: fc.constant('move' as const), a: idArb, zone: fc.constantFrom(null, 'hall', 'balcony') }),
  fc.record({ op: fc.constantFrom('engage' as const, 'disengage' as const, 'clear' as const), a: idArb, b: idArb }),
  fc.record({ op: fc.constant('band' as const), a: idArb, b: idArb, band: fc.constantFrom('nearby', 'far') }),
  fc.record({ op: fc.constantFrom('remove' as const, 'disengageAll' as const), a: idArb }),
);

type ZoneOp = typeof zoneOpArb extends fc.Arbitrary<infer T> ? T : never;

function applyZoneOp(state: ZoneSpaceState, op: ZoneOp): ZoneSpaceState {
  switch (op.op) {
    case 'place':
      return placeCreature(state, op.a, { zone: op.zone });
    case 'move':
      return moveCreature(state, op.a, { zone: op.zone });
    case 'engage':
      return engage(state, op.a, op.b);
    case 'disengage':
      return disengage(state, op.a, op.b);
    case 'clear':
      return clearBand(state, op.a, op.b);
    case 'band':
      return setBand(state, op.a, op.b, op.band);
    case 'remove':
      return removeCreature(state, op.a);
    case 'disengageAll':
      return disengageAll(state, op.a);
  }
}

const zonesArb: fc.Arbitrary<ZoneSpaceState> = fc
  .array(zoneOpArb, { maxLength: 40 })
  .map((ops) => ops.reduce((state, op) => ignoringSpaceErrors(state, (s) => deepFreeze(applyZoneOp(s, op))), deepFreeze(createZoneSpace({ bands: BANDS }))));

describe('zone properties', () => {
  it('engagement and bands are symmetric, and engagement stays inside a zone', () => {
    fc.assert(
      fc.property(zonesArb, (state) => {
        const ids = Object.keys(state.creatures);
        for (const a of ids) {
          const list = engagedWith(state, a);
          expect(list).toEqual([...list].sort());
          for (const b of ids) {
            expect(isEngaged(state, a, b)).toBe(isEngaged(state, b, a));
            expect(band(state, a, b)).toBe(band(state, b, a));
            if (isEngaged(state, a, b)) {
              const za = state.creatures[a]?.zone ?? null;
              const zb = state.creatures[b]?.zone ?? null;
              expect(za === null || zb === null || za === zb).toBe(true);
            }
          }
        }
        for (const [id, list] of Object.entries(state.engagements)) {
          expect(list.length).toBeGreaterThan(0);
          expect(Object.hasOwn(state.creatures, id)).toBe(true);
        }
      }),
    );
  });

  it('placing, engaging and then removing a creature restores the state', () => {
    fc.assert(
      fc.property(zonesArb, fc.array(zoneOpArb, { maxLength: 10 }), (state, ops) => {
        let next = placeCreature(state, 'newcomer', { zone: 'hall' });
        for (const op of ops) {
          const aimed = 'b' in op ? { ...op, a: 'newcomer' } : op;
          if (aimed.op === 'remove' || aimed.op === 'place' || aimed.op === 'move') continue;
          next = ignoringSpaceErrors(next, (s) => applyZoneOp(s, aimed));
        }
        expectSameData(removeCreature(next, 'newcomer'), state);
      }),
    );
  });

  it('survives a JSON round trip', () => {
    fc.assert(
      fc.property(zonesArb, (state) => {
        expectSameData(JSON.parse(JSON.stringify(state)), state);
      }),
    );
  });
});
