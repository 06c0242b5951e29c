import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyViewPatch, cutView, diffViewParts, patchJson, type ViewPatch } from '../src/view-patch';
import { ViewTree, type ViewDiff } from '../src/view-tree';

// As in view-patch.test.ts: JSON nesting a few levels deep, odd keys included.
const key = fc.oneof(fc.constantFrom('a', 'b', 'c', 'hp', 'creatures', 'x.y', '["q"]', ''), fc.string({ maxLength: 3 }));
const leaf = fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.constant({}));
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small', maxDepth: 6 }, leaf, fc.dictionary(key, tie('tree'), { maxKeys: 4 }).filter((d) => !Object.hasOwn(d, '__proto__'))),
}));
const SECTIONS = ['table', 'campaign', 'fight', 'prompts', 'versions'] as const;
const view = fc.record(Object.fromEntries(SECTIONS.map((s) => [s, tree])) as Record<(typeof SECTIONS)[number], typeof tree>);

function feed(t: ViewTree, v: Record<string, unknown>): ViewDiff {
  const diff: ViewDiff = { del: [], set: [] };
  for (const s of SECTIONS) t.section(s, null, () => v[s], diff);
  return diff;
}
const parse = (d: ViewDiff): ViewPatch => JSON.parse(patchJson(0, 1, d));
const sorted = (d: { del: string[]; set: string[] }) => ({ del: [...d.del].sort(), set: [...d.set].sort() });

describe('an audience view tree', () => {
  it('property: from any view to any next one, its diff is the one the cut parts give, and patching the first gives the next', () => {
    fc.assert(
      fc.property(fc.array(view, { minLength: 2, maxLength: 4 }), (views) => {
        const t = new ViewTree();
        feed(t, views[0]!);
        for (let i = 1; i < views.length; i++) {
          const [a, b] = [views[i - 1]!, views[i]!];
          const d = feed(t, b);
          const expected = diffViewParts(cutView(a), cutView(b));
          expect(sorted(d)).toEqual(sorted(expected));
          expect(applyViewPatch(a, parse(d))).toEqual(b);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('a section at the version it was last given is not built again and adds nothing', () => {
    const t = new ViewTree();
    const diff: ViewDiff = { del: [], set: [] };
    let built = 0;
    const fight = () => (built++, { view: { round: built, creatures: { vessa: { hp: 7 } } } });
    t.section('fight', 'road:4', fight, diff);
    t.section('fight', 'road:4', fight, diff);
    expect(built).toBe(1);
    expect(diff.set).toEqual(['[["fight","view","round"],1]', '[["fight","view","creatures","vessa","hp"],7]']);
    const next: ViewDiff = { del: [], set: [] };
    t.section('fight', 'road:5', fight, next);
    expect(built).toBe(2);
    expect(next).toEqual({ del: [], set: ['[["fight","view","round"],2]'] });
  });

  it('a creature that goes sends the deletion of each of its parts; an object that becomes null is one part', () => {
    const t = new ViewTree();
    const diff = (): ViewDiff => ({ del: [], set: [] });
    t.section('fight', null, () => ({ view: { creatures: { vessa: { hp: 7, name: 'Vessa' }, cutter: { hp: 5 } } } }), diff());
    const gone = diff();
    t.section('fight', null, () => ({ view: { creatures: { cutter: { hp: 5 } } } }), gone);
    expect(gone).toEqual({ del: ['["fight","view","creatures","vessa","hp"]', '["fight","view","creatures","vessa","name"]'], set: [] });
    const nulled = diff();
    t.section('fight', null, () => null, nulled);
    expect(nulled).toEqual({ del: ['["fight","view","creatures","cutter","hp"]'], set: ['[["fight"],null]'] });
    const back = diff();
    t.section('fight', null, () => ({ id: 'road' }), back);
    expect(back).toEqual({ del: ['["fight"]'], set: ['[["fight","id"],"road"]'] });
  });

  it('an object given again is not walked or serialized again; a new object with the same text sends nothing', () => {
    const t = new ViewTree();
    let serialized = 0;
    const counted = (xs: number[]) => Object.assign([...xs], { toJSON: () => (serialized++, xs) });
    const statBlock = { attacks: counted([1, 2]) };
    const creature = { hp: 7, sheet: { block: statBlock } };
    const view = (c: unknown) => ({ view: { creatures: { vessa: c } } });
    const first: ViewDiff = { del: [], set: [] };
    t.section('fight', null, () => view(creature), first);
    expect(serialized).toBe(1);
    // The same creature object: nothing under it is looked at.
    const same: ViewDiff = { del: [], set: [] };
    t.section('fight', null, () => view(creature), same);
    expect(serialized).toBe(1);
    expect(same).toEqual({ del: [], set: [] });
    // A new creature sharing the stat block: its changed hit points go, the stat block is not serialized again.
    const hurt: ViewDiff = { del: [], set: [] };
    t.section('fight', null, () => view({ ...creature, hp: 3 }), hurt);
    expect(serialized).toBe(1);
    expect(hurt).toEqual({ del: [], set: ['[["fight","view","creatures","vessa","hp"],3]'] });
    // A new stat block with the same text: serialized, compared, nothing sent.
    const copy: ViewDiff = { del: [], set: [] };
    t.section('fight', null, () => view({ hp: 3, sheet: { block: { attacks: counted([1, 2]) } } }), copy);
    expect(serialized).toBe(2);
    expect(copy).toEqual({ del: [], set: [] });
  });
});
