import { describe, expect, it } from 'vitest';
import {
  bestBonusWorstPenaltyPerType, calculateDamage, cancelOut, computeModified, emptyProfile, flatSteps, loadRuleset, sumAll,
  testPredicate, tickDuration, uniqueBy, ContentError, type Modifier,
} from '@fray/engine';
import { miniRulesetDef } from '../src/index';

const mod = (id: string, value: number, type = 'untyped', source = 's'): Modifier => ({ id, label: id, value, type, source });

describe('modifiers and stacking', () => {
  it('sumAll applies everything whose predicate holds and explains the rest', () => {
    const m = computeModified(5, [mod('a', 2), { ...mod('b', 3), predicate: 'attack:melee' }], sumAll, new Set(['attack:ranged']));
    expect(m.total).toBe(7);
    expect(m.rows.map((r) => [r.id, r.applied, r.reason])).toEqual([['a', true, undefined], ['b', false, 'predicate-false']]);
  });

  it('uniqueBy keeps the same effect once, the larger one', () => {
    const rows = uniqueBy()([mod('bless', 2, 'untyped', 'x'), mod('bless', 3, 'untyped', 'y'), mod('aid', 1)], new Set());
    expect(rows.map((r) => [r.id, r.value, r.applied, r.reason])).toEqual([['bless', 2, false, 'same-effect'], ['bless', 3, true, undefined], ['aid', 1, true, undefined]]);
  });

  it('best bonus and worst penalty per type; untyped always adds', () => {
    const rows = bestBonusWorstPenaltyPerType()([mod('i1', 1, 'item'), mod('i2', 2, 'item'), mod('p1', -1, 'item'), mod('p2', -3, 'item'), mod('u', 1)], new Set());
    expect(rows.filter((r) => r.applied).map((r) => r.id)).toEqual(['i2', 'p2', 'u']);
    expect(rows.find((r) => r.id === 'i1')).toMatchObject({ applied: false, reason: 'superseded', by: 'i2' });
  });

  it('roll modes: any advantage and any disadvantage cancel; flat steps do the same with numbers', () => {
    const srcs = [{ mode: 'advantage' as const, source: 'a', label: 'a' }, { mode: 'advantage' as const, source: 'b', label: 'b' }, { mode: 'disadvantage' as const, source: 'c', label: 'c' }];
    expect(cancelOut(srcs, new Set()).mode).toBe('normal');
    expect(cancelOut(srcs.slice(0, 2), new Set()).mode).toBe('advantage');
    expect(flatSteps(2)(srcs.slice(0, 1), new Set()).bonus).toBe(2);
    expect(flatSteps(2)(srcs, new Set()).bonus).toBe(0);
  });

  it('predicates: and/or/not and numeric comparisons on atoms', () => {
    const o = new Set(['roll:natural:18', 'attack:melee']);
    expect(testPredicate({ gte: ['roll:natural', 18] }, o)).toBe(true);
    expect(testPredicate({ and: ['attack:melee', { not: 'attack:ranged' }] }, o)).toBe(true);
    expect(testPredicate({ or: ['x', { lte: ['roll:natural', 17] }] }, o)).toBe(false);
  });
});

describe('damage calculation', () => {
  it('steps run in the ruleset\'s order, one row each, halving rounds down', () => {
    const profile = { ...emptyProfile(4), resist: ['fire'], reductions: [{ types: ['fire'] as string[], amount: 3, source: 'ring' }], immune: ['poison'], vulnerable: ['cold'] };
    const calc = calculateDamage([{ type: 'fire', amount: 12 }, { type: 'poison', amount: 5 }, { type: 'cold', amount: 3 }], profile,
      [{ step: 'immunity' }, { step: 'reduction' }, { step: 'resistance' }, { step: 'vulnerability' }, { step: 'tempHp' }]);
    expect(calc.rows.filter((r) => r.step !== 'rolled').map((r) => [r.step, r.type, r.before, r.after])).toEqual([
      ['immunity', 'poison', 5, 0], ['reduction', 'fire', 12, 9], ['resistance', 'fire', 9, 4], ['vulnerability', 'cold', 3, 6], ['tempHp', 'total', 10, 6],
    ]);
    expect([calc.total, calc.absorbed, calc.toHp]).toEqual([10, 4, 6]);
  });

  it('a damage threshold ignores smaller hits entirely', () => {
    const calc = calculateDamage([{ type: 'bludgeoning', amount: 7 }], { ...emptyProfile(), threshold: 10 }, [{ step: 'threshold', ruleId: 'X-1' }]);
    expect(calc.toHp).toBe(0);
    expect(calc.rows.at(-1)).toMatchObject({ step: 'threshold', ruleId: 'X-1' });
  });
});

describe('durations', () => {
  it('counts down only at the named creature\'s named boundary', () => {
    const d = { kind: 'turns' as const, creatureId: 'a', boundary: 'end' as const, count: 2 };
    expect(tickDuration(d, { creatureId: 'b', boundary: 'end' }).next).toBe(d);
    expect(tickDuration(d, { creatureId: 'a', boundary: 'end' })).toEqual({ expired: false, next: { ...d, count: 1 } });
    expect(tickDuration({ ...d, count: 1 }, { creatureId: 'a', boundary: 'end' }).expired).toBe(true);
  });
});

describe('ruleset loading', () => {
  it('refuses a hook on an unknown stage, naming the path', () => {
    const bad = { ...miniRulesetDef, hooks: [...miniRulesetDef.hooks, { stage: 'attack.explode', id: 'x', priority: 0, run: () => {} }] } as never;
    expect(() => loadRuleset(bad)).toThrow(ContentError);
    expect(() => loadRuleset(bad)).toThrow(/hooks\.3\.stage: unknown stage 'attack.explode'/);
  });

  it('refuses a condition implying an unknown one', () => {
    const bad = { ...miniRulesetDef, conditions: [...miniRulesetDef.conditions, { id: 'x', name: 'X', implies: ['nope'], effects: [] }] };
    expect(() => loadRuleset(bad)).toThrow(/implies unknown condition 'nope'/);
  });

  it('sorts hooks by priority, then registration', () => {
    const noop = () => {};
    const r = loadRuleset({ ...miniRulesetDef, hooks: [
      { stage: 'turn.end', id: 'b', priority: 5, run: noop }, { stage: 'turn.end', id: 'a', priority: 1, run: noop }, { stage: 'turn.end', id: 'c', priority: 5, run: noop },
    ] });
    expect(r.hooksByStage['turn.end']!.map((h) => h.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('damage parts', () => {
  it('a negative part of the same type lowers that type before the floor at 0', () => {
    const calc = calculateDamage([{ type: 'slashing', amount: 3 }, { type: 'slashing', amount: -1 }, { type: 'fire', amount: -2 }], emptyProfile(), []);
    expect(calc.rows).toEqual([{ step: 'rolled', type: 'slashing', before: 2, after: 2 }, { step: 'rolled', type: 'fire', before: 0, after: 0 }]);
    expect(calc.total).toBe(2);
  });
});
