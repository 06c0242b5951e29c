import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InitiativeEntry } from '../core/state';
import { sortOrder } from '../procedure/initiative';
import { RollOffOrder } from './kernel-initiative';

/** The engine's settleTies on plain entries (one creature per unit), a d20 from `faces` per roll-off. */
function engineOrder(totals: readonly number[], faces: () => number): number[] {
  const ids = totals.map((_, k) => `c${k}`);
  const entries: InitiativeEntry[] = totals.map((total, k) => ({ creatureId: ids[k]!, total, tiebreak: [], group: null, delayed: false }));
  return settled(entries, ids, faces).map((e) => ids.indexOf(e.creatureId));
}

/** The engine's settleTies loop over `entries` (creatures joined in `ids` order). */
function settled(start: InitiativeEntry[], ids: readonly string[], faces: () => number): InitiativeEntry[] {
  let entries = start;
  for (let guard = 0; guard < 50; guard++) {
    const sorted = sortOrder(entries, ids);
    const tied = new Map<string, string[]>();
    for (const e of sorted) {
      const key = `${e.total}|${e.tiebreak.join(',')}`;
      tied.set(key, [...(tied.get(key) ?? []), e.creatureId]);
    }
    const groups = [...tied.values()].filter((g) => g.length > 1);
    if (!groups.length) return sorted;
    for (const g of groups) for (const id of g) entries = entries.map((e) => (e.creatureId === id ? { ...e, tiebreak: [...e.tiebreak, faces()] } : e));
  }
  return sortOrder(entries, ids);
}

/**
 * The engine's `insertInOrder` for creatures joining one after another at `joining` totals after the
 * fight's own settled: a newcomer tied with an entry that has roll-offs rolls its own d20 first.
 */
function engineJoins(totals: readonly number[], joining: readonly number[], faces: () => number): number[] {
  const ids = [...totals, ...joining].map((_, k) => `c${k}`);
  const own = ids.slice(0, totals.length);
  let order = settled(totals.map((total, k) => ({ creatureId: ids[k]!, total, tiebreak: [], group: null, delayed: false })), own, faces);
  joining.forEach((total, j) => {
    const id = ids[totals.length + j]!;
    const tiebreak = order.some((e) => e.total === total && e.tiebreak.length > 0) ? [faces()] : [];
    const seen = ids.slice(0, totals.length + j + 1);
    order = settled(sortOrder([...order, { creatureId: id, total, tiebreak, group: null, delayed: false }], seen), seen, faces);
  });
  return order.map((e) => ids.indexOf(e.creatureId));
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

  it('A5E-INIT-7 A5E-INIT-3 seats creatures joining mid-fight as the engine\'s insertInOrder does, drawing the same dice in the same order', () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 4 }),
      fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 3 }),
      (totals, joining, script, repeat) => {
        const faces = () => {
          let at = 0;
          return () => script[at++ % script.length]!;
        };
        const engineFaces = faces();
        let engineDraws = 0;
        const expected = engineJoins(totals, joining, () => (engineDraws++, engineFaces()));
        const kernel = new RollOffOrder(totals.length, totals.length + joining.length);
        // The same instance plays fight after fight: what joined one must not leak into the next.
        for (let r = 0; r < repeat; r++) {
          const kernelFaces = faces();
          let kernelDraws = 0;
          const rollOff = () => (kernelDraws++, kernelFaces());
          kernel.total.set(totals);
          kernel.settle({ next: () => 0 }, rollOff);
          joining.forEach((total, j) => kernel.join(totals.length + j, total, { next: () => 0 }, rollOff));
          expect([kernel.count, ...kernel.order.subarray(0, kernel.count)]).toEqual([expected.length, ...expected]);
          expect(kernelDraws).toBe(engineDraws);
        }
      },
    ));
  });

  it('A5E-INIT-7 a fight under way loads its order with totals and roll-offs, and a creature joining is seated among them', () => {
    // c1 and c2 tied at 12 and were rolled off (c2 won with a 9 over a 3); c3 joins at 12: it rolls first (a 5), then sits between them.
    const kernel = new RollOffOrder(3, 4);
    kernel.load([2, 1, 0], [5, 12, 12], [[], [3], [9]]);
    const faces = [5];
    kernel.join(3, 12, { next: () => 0 }, () => faces.shift()!);
    expect([...kernel.order]).toEqual([2, 3, 1, 0]);
    expect(faces).toEqual([]);
  });
});
