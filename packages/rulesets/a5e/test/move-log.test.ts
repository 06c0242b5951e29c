import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { Encounter, canonicalJson, fold, type GridSpaceState } from '@fray/engine';
import { a5eRuleset } from '../src/index';
import { fight, grid, move, orc, path, pc } from './movement-fixtures';

describe('A5E movement in the log', () => {
  it('A5E-MOVE-1 a move logs what changed on the map and where the mover stands, not the whole map; the log still folds to the state', () => {
    // A big map: 400 squares of difficult terrain far away.
    const far = Array.from({ length: 400 }, (_, i) => ({ x: 100 + (i % 20), y: 100 + Math.floor(i / 20) }));
    const t = fight([pc('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 20, y: 0 } }, { difficult: far }));
    const ev = t.run(move('ana', path([1, 0], [2, 0])));
    const moves = TestTable.ofType(ev, 'SpaceChanged');
    expect(moves.length).toBeGreaterThan(0);
    const mapSize = JSON.stringify(t.state.space).length;
    for (const m of moves) {
      expect(m.space).toBeUndefined();
      expect(m.moved).toBe('ana');
      expect(JSON.stringify(m).length).toBeLessThan(mapSize / 10);
    }
    expect(moves[moves.length - 1]!.to).toEqual((t.state.space as unknown as GridSpaceState).creatures['ana']);
    expect(moves[moves.length - 1]!.to).toMatchObject({ x: 2, y: 0 });
    expect(canonicalJson(fold(t.encounter.events))).toBe(canonicalJson(t.state));
    expect(canonicalJson(Encounter.fromEvents(t.encounter.events, { ruleset: a5eRuleset }).state)).toBe(canonicalJson(t.state));
  });
});
