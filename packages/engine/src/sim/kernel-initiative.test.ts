import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InitiativeEntry } from '../core/state';
import { sortOrder } from '../procedure/initiative';
import { RollOffOrder } from './kernel-initiative';

/** The engine's settleTies on plain entries (one creature per unit), a d20 from `faces` per roll-off. */
function engineOrder(totals: readonly number[], faces: () => number): number[] {
  const ids = totals.map((_, k) => `c${k}`);
  let entries: InitiativeEntry[] = totals.map((total, k) => ({ creatureId: ids[k]!, total, tiebreak: [], group: null, delayed: false }));
  for (let guard = 0; guard < 50; guard++) {
    const sorted = sortOrder(entries, ids);
    const tied = new Map<string, string[]>();
    for (const e of sorted) {
      const key = `${e.total}|${e.tiebreak.join(',')}`;
      tied.set(key, [...(tied.get(key) ?? []), e.creatureId]);
    }
    const groups = [...tied.values()].filter((g) => g.length > 1);
    if (!groups.length) return sorted.map((e) => ids.indexOf(e.creatureId));
    for (const g of groups) for (const id of g) entries = entries.map((e) => (e.creatureId === id ? { ...e, tiebreak: [...e.tiebreak, faces()] } : e));
  }
  return sortOrder(entries, ids).map((e) => ids.indexOf(e.creatureId));
}

describe('RollOffOrder', () => {
  it('A5E-INIT-3 orders creatures and rolls off ties as the engine does, drawing the same dice in the same order', () => {
    // Few distinct totals and small dice, so ties and repeated roll-offs are common.
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 12 }), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 3 }), (totals, script, repeat) => {
      const faces = () => {
        let at = 0;
        return () => script[at++ % script.length]!;
      };
      const engineFaces = faces();
      let engineDraws = 0;
      const expected = engineOrder(totals, () => (engineDraws++, engineFaces()));
      const kernel = new RollOffOrder(totals.length);
      // The same instance settles fight after fight: nothing from one may leak into the next.
      for (let r = 0; r < repeat; r++) {
        const kernelFaces = faces();
        let kernelDraws = 0;
        kernel.total.set(totals);
        kernel.settle({ next: () => 0 }, () => (kernelDraws++, kernelFaces()));
        expect([...kernel.order]).toEqual(expected);
        expect(kernelDraws).toBe(engineDraws);
      }
    }));
  });
});
