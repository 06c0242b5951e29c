import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { at, grid, orc, pc } from './movement-fixtures';

const table = (space = grid({ ana: { x: 0, y: 0 }, orc: { x: 3, y: 0 } }, {}, { bounds: { width: 6, height: 4 } })) =>
  new TestTable(a5eRuleset, { creatures: [pc('ana', { initiative: 20 }), orc('orc', { initiative: 10 }), orc('scout', { initiative: 5 })], space });

describe('gm.place: the GM places or moves a creature without the movement rules', () => {
  it('places an unplaced creature and moves a placed one, with no movement spent and nothing provoked', () => {
    const t = table();
    t.run({ type: 'startCombat' });
    const ev = t.run({ type: 'gm.place', creatureId: 'scout', to: { x: 5, y: 3 }, elevation: 10 });
    expect(TestTable.ofType(ev, 'RuleApplied').map((e) => e.text)).toEqual(['The GM places Orc at (5, 3), 10 ft up']);
    expect(at(t, 'scout')).toEqual({ x: 5, y: 3, elevation: 10 });
    // ana leaves the orc's side by the GM's word: no opportunity attack, her movement untouched
    const moved = t.run({ type: 'gm.place', creatureId: 'ana', to: { x: 0, y: 3 } });
    expect(TestTable.ofType(moved, 'ResolutionPaused')).toEqual([]);
    expect([at(t, 'ana'), t.creature('ana').resources['movementFeet']]).toEqual([{ x: 0, y: 3, elevation: 0 }, 30]);
  });

  it('refuses with typed errors: a taken square, off the map, a zone on a grid, no map, a player, an unknown creature', () => {
    const t = table();
    expect(t.rejects({ type: 'gm.place', creatureId: 'scout', to: { x: 3, y: 0 } }, 'square-occupied').message).toBe('(3, 0) is taken: Orc stands there; choose a free square');
    expect(t.rejects({ type: 'gm.place', creatureId: 'scout', to: { x: 6, y: 0 } }, 'out-of-bounds').message).toBe('(6, 0) is off the 6×4 map');
    t.rejects({ type: 'gm.place', creatureId: 'scout', to: { zone: 'bridge' } }, 'bad-place');
    t.rejects({ type: 'gm.place', creatureId: 'nobody', to: { x: 1, y: 1 } }, 'unknown-creature');
    t.rejects({ type: 'gm.place', creatureId: 'ana', to: { x: 1, y: 1 } }, 'forbidden', { as: { role: 'player', seat: 'seat-ana' } });
    const bare = new TestTable(a5eRuleset, { creatures: [pc('ana')] });
    bare.rejects({ type: 'gm.place', creatureId: 'ana', to: { x: 1, y: 1 } }, 'no-map');
  });
});

describe('a creature added while the table sets up', () => {
  it('A5E-INIT-1 keeps its fixed initiative when combat starts (it is not rolled)', () => {
    const t = table();
    t.run({ type: 'addCreature', creature: { ...orc('late'), initiative: 15 } as never });
    t.run({ type: 'startCombat' });
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['ana', 20], ['late', 15], ['orc', 10], ['scout', 5]]);
  });
});
