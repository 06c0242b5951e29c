import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestBonusWorstPenaltyPerType, onceEachEffect, statistic, sumAll, type Modifier } from '@fray/engine';

// Issue 18 item 5: the same effect from two sources counts once through the stacking policy, and
// every modifier keeps its row.
const mod = (over: Partial<Modifier>): Modifier => ({ id: 'slowed', label: 'slowed', value: -2, type: 'untyped', source: 'i1', ...over });

describe('statistics and the same effect', () => {
  it('the second source of one effect is a row not applied, suppressed by the first; other modifiers add', () => {
    const s = statistic('AC', { label: 'stat block AC', value: 15, source: 'orc' }, [
      mod({ source: 'i1', sameEffect: 'slowed:-2' }), mod({ source: 'i2', sameEffect: 'slowed:-2' }), mod({ id: 'shield', label: 'shield', value: 2, source: 'orc' }),
    ], onceEachEffect(sumAll));
    expect(s).toEqual({ label: 'AC', total: 15, rows: [
      { id: 'base', label: 'stat block AC', value: 15, type: 'base', source: 'orc', applied: true },
      { id: 'slowed', label: 'slowed', value: -2, type: 'untyped', source: 'i1', applied: true },
      { id: 'slowed', label: 'slowed', value: -2, type: 'untyped', source: 'i2', applied: false, reason: 'suppressed', by: 'slowed' },
      { id: 'shield', label: 'shield', value: 2, type: 'untyped', source: 'orc', applied: true },
    ] });
  });

  it('a source whose predicate fails does not count as the first', () => {
    const s = statistic('AC', { label: 'base', value: 10, source: 'x' }, [
      mod({ source: 'i1', sameEffect: 'k', predicate: 'attack:ranged' }), mod({ source: 'i2', sameEffect: 'k' }),
    ], onceEachEffect(sumAll), new Set(['attack:melee']));
    expect(s.rows.map((r) => [r.source, r.applied, r.reason ?? null])).toEqual([['x', true, null], ['i1', false, 'predicate-false'], ['i2', true, null]]);
    expect(s.total).toBe(8);
  });

  it('property: every modifier keeps its row, and the total is the base plus the applied rows', () => {
    const arbMod = fc.record({
      id: fc.constantFrom('a', 'b', 'c'), value: fc.integer({ min: -5, max: 5 }), type: fc.constantFrom('untyped', 'item', 'condition'),
      source: fc.constantFrom('s1', 's2', 's3'), sameEffect: fc.option(fc.constantFrom('k1', 'k2'), { nil: undefined }),
    }).map((m): Modifier => ({ label: m.id, ...m, ...(m.sameEffect === undefined ? { sameEffect: undefined } : {}) }));
    fc.assert(fc.property(fc.integer({ min: 0, max: 20 }), fc.array(arbMod, { maxLength: 8 }), fc.boolean(), (base, mods, best) => {
      const policy = onceEachEffect(best ? bestBonusWorstPenaltyPerType() : sumAll);
      const s = statistic('X', { label: 'base', value: base, source: 'x' }, mods, policy);
      expect(s.rows.length).toBe(mods.length + 1);
      expect(s.total).toBe(s.rows.filter((r) => r.applied).reduce((a, r) => a + r.value, 0));
      const counted = new Set<string>();
      mods.forEach((m, i) => {
        if (m.sameEffect === undefined) return;
        if (counted.has(m.sameEffect)) expect(s.rows[i + 1]!.reason).toBe('suppressed');
        counted.add(m.sameEffect);
      });
    }), { numRuns: 300 });
  });
});
