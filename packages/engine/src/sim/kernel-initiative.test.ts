import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InitiativeEntry } from '../core/state';
import { settleTies, sortOrder } from '../procedure/initiative';
import { insertInOrder } from '../procedure/join';
import type { Resolution } from '../resolve/context';
import { RollOffOrder } from './kernel-initiative';

/**
 * The least of a table the engine's `insertInOrder` and `settleTies` read: the order and the creatures in
 * the order they joined, a ruleset that rolls off ties, a d20 from `faces`, and `InitiativeSet` applied.
 * The functions themselves are the engine's, not a copy of their logic.
 */
function table(ids: readonly string[], faces: () => number) {
  const state = { order: [] as InitiativeEntry[], creatureIds: [...ids] };
  const ctx = {
    state,
    ruleset: { initiativeTies: 'rolloff' },
    roll: () => ({ total: faces() }),
    emit: (e: { type: string; order?: InitiativeEntry[] }) => {
      if (e.type === 'InitiativeSet') state.order = e.order!;
    },
  };
  return { state, ctx: ctx as unknown as Resolution };
}

const entry = (creatureId: string, total: number): InitiativeEntry => ({ creatureId, total, tiebreak: [], group: null, delayed: false });

/** The engine's order for creatures that start the fight at `totals` (rollInitiativeFor's sort and settleTies), a d20 from `faces` per roll-off. */
function engineOrder(totals: readonly number[], faces: () => number): number[] {
  const ids = totals.map((_, k) => `c${k}`);
  const { ctx } = table(ids, faces);
  return settleTies(ctx, sortOrder(totals.map((total, k) => entry(ids[k]!, total)), ids)).map((e) => ids.indexOf(e.creatureId));
}

/** The engine's `insertInOrder` for creatures joining one after another at `joining` totals after the fight's own settled. */
function engineJoins(totals: readonly number[], joining: readonly number[], faces: () => number): number[] {
  const ids = [...totals, ...joining].map((_, k) => `c${k}`);
  const own = ids.slice(0, totals.length);
  const { state, ctx } = table(own, faces);
  state.order = settleTies(ctx, sortOrder(totals.map((total, k) => entry(ids[k]!, total)), own));
  joining.forEach((total, j) => {
    const id = ids[totals.length + j]!;
    state.creatureIds.push(id);
    insertInOrder(ctx, id, total, `${id} joins`);
  });
  return state.order.map((e) => ids.indexOf(e.creatureId));
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

  it('A5E-INIT-3 A5E-INIT-7 roll-offs past the 50-pass limit are kept whole, as the engine keeps them, when creatures join', () => {
    // c0 and c1 tie at 3 and roll off (2 then 3); c2 joins tied with them and rolls a 3, so c1 and c2
    // tie on every pass and the 50-pass limit leaves them so (51 roll-offs each); c3 joining at 0 settles
    // the order again: 50 more passes for c1 and c2 (101 roll-offs each), 203 dice in all.
    const script = [2, 3, 3, 2, 2, 2];
    const faces = () => {
      let at = 0;
      return () => script[at++ % script.length]!;
    };
    let engineDraws = 0;
    const engineFaces = faces();
    expect(engineJoins([3], [3, 3, 0], () => (engineDraws++, engineFaces()))).toEqual([1, 2, 0, 3]);
    expect(engineDraws).toBe(203);
    const kernel = new RollOffOrder(1, 4);
    const kernelFaces = faces();
    let kernelDraws = 0;
    kernel.total.set([3]);
    kernel.settle({ next: () => 0 }, () => (kernelDraws++, kernelFaces()));
    for (const [j, total] of [3, 3, 0].entries()) kernel.join(1 + j, total, { next: () => 0 }, () => (kernelDraws++, kernelFaces()));
    expect([...kernel.order]).toEqual([1, 2, 0, 3]);
    expect(kernelDraws).toBe(203);
  });

  it('A5E-INIT-7 a fight under way loads roll-offs longer than one pass limit whole', () => {
    // c0 and c1 are tied at 12 through 60 roll-offs and c1 won the 61st; c2 joins at 12 and rolls a 4: it has the highest first roll-off.
    const same = Array.from({ length: 60 }, (_, i) => 1 + (i % 3));
    const kernel = new RollOffOrder(2, 3);
    kernel.load([1, 0], [12, 12], [[...same, 1], [...same, 2]]);
    const faces = [4];
    kernel.join(2, 12, { next: () => 0 }, () => faces.shift()!);
    expect([...kernel.order]).toEqual([2, 1, 0]);
    expect(faces).toEqual([]);
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
