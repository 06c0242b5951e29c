import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyViewPatch, cutView, diffViewParts, patchJson, type ViewPatch } from '../src/view-patch';

// Views are JSON: objects nest a few levels deep, keys may be anything (even '__proto__'-free odd text).
const key = fc.oneof(fc.constantFrom('a', 'b', 'c', 'hp', 'creatures', 'x.y', '["q"]', ''), fc.string({ maxLength: 3 }));
const leaf = fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }));
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, leaf, fc.dictionary(key, tie('tree'), { maxKeys: 4 }).filter((d) => !Object.hasOwn(d, '__proto__'))),
}));

const patchOf = (a: unknown, b: unknown): ViewPatch => JSON.parse(patchJson(3, 4, diffViewParts(cutView(a, [], new Map()), cutView(b, [], new Map()))));

describe('view patches', () => {
  it('property: applying the patch from a to b to a gives b, and leaves a as it was', () => {
    fc.assert(
      fc.property(tree, tree, (a, b) => {
        const before = JSON.stringify(a);
        const out = applyViewPatch(a, patchOf(a, b));
        expect(out).toEqual(b);
        expect(JSON.stringify(a)).toBe(before);
      }),
      { numRuns: 2000 },
    );
  });

  it('a change deep in a view sends that part alone, and the untouched branches are shared', () => {
    const a = { table: { id: 't' }, fight: { view: { creatures: { vessa: { hp: 7, sheet: { ac: 14 } }, cutter: { hp: 5 } } } } };
    const b = { table: { id: 't' }, fight: { view: { creatures: { vessa: { hp: 3, sheet: { ac: 14 } }, cutter: { hp: 5 } } } } };
    const p = patchOf(a, b);
    expect(p).toEqual({ base: 3, seq: 4, del: [], set: [[['fight', 'view', 'creatures', 'vessa', 'hp'], 3]] });
    const out = applyViewPatch(a, p);
    expect(out.table).toBe(a.table);
    expect(out.fight.view.creatures.cutter).toBe(a.fight.view.creatures.cutter);
    expect(out.fight.view.creatures.vessa.sheet).toBe(a.fight.view.creatures.vessa.sheet);
  });

  it('a part that goes away is deleted; an object that becomes null, and null that becomes an object, are replaced', () => {
    expect(patchOf({ fight: { id: 'f', v: 1 }, x: 1 }, { fight: null, x: 1 })).toEqual({ base: 3, seq: 4, del: [['fight', 'id'], ['fight', 'v']], set: [[['fight'], null]] });
    expect(applyViewPatch({ fight: null }, patchOf({ fight: null }, { fight: { id: 'f' } }))).toEqual({ fight: { id: 'f' } });
    expect(applyViewPatch({ a: { b: 1, c: 2 } }, patchOf({ a: { b: 1, c: 2 } }, { a: { b: 1 } }))).toEqual({ a: { b: 1 } });
  });
});
