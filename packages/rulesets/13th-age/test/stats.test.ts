import { describe, expect, it } from 'vitest';
import { ContentError, type Modifier } from '@fray/engine';
import {
  abilityMod, levelMultiplier, middleOf, defense, thirteenStacking, thirteenthAgeRuleset as R,
} from '../src/index';
import { kira, ostin, brute, grunt, table, ofType } from './fixtures';

const catalogPc = (level = 3, extra: Record<string, unknown> = {}) => kira({ sheet: { level, abilities: { str: 16, con: 14, dex: 12, int: 8, wis: 10, cha: 13 }, ...extra } });

describe('ability scores and core stats', () => {
  it('13A-STAT-1 13A-GEN-3 modifiers round toward negative infinity', () => {
    expect([3, 7, 8, 9, 10, 11, 13, 14, 16, 18, 20].map(abilityMod)).toEqual([-4, -2, -1, -1, 0, 0, 1, 2, 3, 4, 5]);
  });

  it('13A-STAT-2 the level multiplier is x1 at 1-4, x2 at 5-7, x3 at 8 and up (negatives too)', () => {
    expect([1, 4, 5, 7, 8, 10, 12].map(levelMultiplier)).toEqual([1, 1, 2, 2, 3, 3, 3]);
    expect(abilityMod(8) * levelMultiplier(5)).toBe(-2);
  });

  it('13A-STAT-3 13A-WPN-1 13A-DMG-2 M multiplies the damage modifier but never the attack roll', () => {
    const t = table([kira({ sheet: { level: 5, abilities: { str: 18, dex: 14, con: 14, int: 8, wis: 12, cha: 10 } } }), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['brute'] });
    // attack: d20 10 + Str 4 + level 5 = 19 vs 17 → hit; damage 5d8 + 8 = 3+6+8+1+4 + 8 = 30
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, { dice: 'd20:10 d8:3 d8:6 d8:8 d8:1 d8:4' });
    const test = ofType(ev, 'TestResolved')[0]!;
    expect(test.breakdown.rows.slice(0, 2).map((r) => [r.id, r.value])).toEqual([['base', 4], ['level', 5]]);
    expect(test.breakdown.total).toBe(19);
    expect(ofType(ev, 'DamageApplied')[0]!.total).toBe(30);
  });

  it('13A-STAT-5 maximum hit points come from the stat block', () => {
    const t = table([kira(), brute()]);
    expect([t.creature('kira').maxHp, t.creature('brute').maxHp]).toEqual([40, 60]);
  });

  it('13A-STAT-6 a speed check is a check the GM sets the DC for', () => {
    const t = table([kira(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'check', options: { ability: 'dex', purpose: 'speed' } }, { dice: 'd20:10', preAnswers: { '13a.checkDc': 15 } });
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ kind: 'check', outcome: 'success', against: { value: 15 }, breakdown: { total: 15 }, ruleId: '13A-STAT-6' });
  });

  it('13A-STAT-7 damage types are a closed list; the stat block rejects others with the path', () => {
    const bad = { ...(brute().sheet as Record<string, unknown>), attacks: [{ id: 'roar', name: 'Roar', kind: 'close', bonus: 5, damage: '1d6', damageType: 'sonic' }] };
    try {
      R.parseStatBlock(bad, 'x.yaml');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ContentError);
      expect((e as ContentError).path).toEqual(['attacks', 0, 'damageType']);
    }
    expect(R.damageTypes).toContain('negative energy');
  });

  it('13A-GEN-5 a stat block without its attack bonus is refused with the path', () => {
    const bad = { ...(grunt('g').sheet as Record<string, unknown>), attacks: [{ id: 'spear', name: 'Spear', kind: 'melee', damage: '1d8' }] };
    expect(() => R.parseStatBlock(bad, 'g.yaml')).toThrow(/bonus/);
    const t = table([kira(), grunt('g1')]);
    expect([t.creature('kira').tags, t.creature('g1').tags]).toEqual([['pc'], ['monster']]);
  });
});

describe('defenses', () => {
  it('13A-DEF-1 each attack names its defense: a spell against PD', () => {
    const t = table([ostin(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    const ev = t.run({ type: 'takeAction', actorId: 'ostin', action: 'ember-dart', targets: ['brute'] }, { dice: 'd20:3' });
    expect(ofType(ev, 'TestResolved')[0]!.against).toEqual({ label: 'PD', value: 16 });
  });

  it('13A-DEF-5 the middle value keeps duplicates', () => {
    expect([middleOf(14, 14, 10), middleOf(12, 12, 12), middleOf(10, 14, 14), middleOf(16, 12, 14)]).toEqual([14, 12, 14, 14]);
  });

  it('13A-DEF-6 score mode by default; base+modifier mode with class bases; monsters use the stat block', () => {
    const a = table([catalogPc(3, { defenseBases: { ac: 12, pd: 10, md: 10 } }), brute()]);
    expect((['AC', 'PD', 'MD'] as const).map((d) => defense(R, a.state, 'kira', d).total)).toEqual([15, 17, 13]);
    const b = table([catalogPc(3, { defenseBases: { ac: 12, pd: 10, md: 10 } }), brute()], { '13a.defenseMode': 'base+modifier' });
    expect((['AC', 'PD', 'MD'] as const).map((d) => defense(R, b.state, 'kira', d).total)).toEqual([16, 15, 13]);
    expect((['AC', 'PD', 'MD'] as const).map((d) => defense(R, b.state, 'brute', d).total)).toEqual([17, 16, 12]);
  });

  it('13A-DEF-7 condition penalties to defenses count once; no-recovery penalties stack on top', () => {
    const t = table([kira({ tallies: { phantomRecoveries: 2 } }), brute()]);
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'weakened' });
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'stunned' });
    const d = defense(R, t.state, 'kira', 'AC');
    expect(d.total).toBe(17 - 4 - 2);
    expect(d.rows.map((r) => [r.id, r.applied])).toEqual([['weakened', true], ['stunned', false], ['no-recoveries', true]]);
  });

  it('13A-DEF-7 the derived numbers (expect and --json) are the defenses with their modifiers now, and the initiative bonus', () => {
    const t = table([kira(), brute()]);
    expect(R.derivedNumbers!(t.state, 'kira')).toEqual({ ac: 17, pd: 17, md: 13, initiative: 5 });
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'weakened' });
    expect(R.derivedNumbers!(t.state, 'kira')).toEqual({ ac: 13, pd: 13, md: 9, initiative: 5 });
    expect(R.derivedNumbers!(t.state, 'brute')).toEqual({ ac: 17, pd: 16, md: 12, initiative: 2 });
  });
});

const m = (id: string, value: number, type = 'untyped'): Modifier => ({ id, label: id, value, type, source: 's' });

describe('stacking', () => {
  it('13A-STACK-1 bonuses and penalties of different kinds add', () => {
    const rows = thirteenStacking([m('a', 2), m('b', -1), m('c', 3)], new Set());
    expect(rows.every((r) => r.applied)).toBe(true);
  });

  it('13A-STACK-2 only the best magic-item bonus counts', () => {
    const rows = thirteenStacking([m('sword', 1, 'item'), m('ring', 2, 'item')], new Set());
    expect(rows.map((r) => [r.id, r.applied, r.reason])).toEqual([['sword', false, 'superseded'], ['ring', true, undefined]]);
  });

  it('13A-STACK-3 only the worst condition penalty counts; other penalties stack', () => {
    const rows = thirteenStacking([m('dazed', -4, 'condition'), m('weakened', -4, 'condition'), m('extra-foes', -1), m('grabbed', -5)], new Set());
    expect(rows.filter((r) => r.applied).map((r) => r.id)).toEqual(['dazed', 'extra-foes', 'grabbed']);
  });

  it('13A-STACK-4 the same-named effect does not stack with itself; the largest stays', () => {
    const rows = thirteenStacking([m('bless', 1), m('bless', 2)], new Set());
    expect(rows.map((r) => [r.value, r.applied, r.reason])).toEqual([[1, false, 'same-effect'], [2, true, undefined]]);
  });

  it('13A-STACK-5 the catalog example totals d20 + 6', () => {
    const mods = [m('level', 4, 'level'), m('sword', 1, 'item'), m('amulet', 2, 'item'), m('escalation-die', 2, 'escalation'), m('fight-in-spirit', 1),
      m('dazed', -4, 'condition'), m('weakened', -4, 'condition'), m('no-recoveries', -2)];
    const total = thirteenStacking(mods, new Set()).filter((r) => r.applied).reduce((a, r) => a + r.value, 3);
    expect(total).toBe(6);
  });
});

describe('general conventions', () => {
  it('13A-GEN-1 13A-GEN-2 one d20 per attack with its natural face kept; meeting the defense hits', () => {
    const t = table([kira(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['brute'] });
    // 11 + 3 + 3 = 17 vs AC 17 → hit
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, { dice: 'd20:11 d8:1 d8:1 d8:1' });
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ outcome: 'hit', breakdown: { natural: 11, total: 17 } });
    t.undo();
    const ev2 = t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, { dice: 'd20:10' });
    expect(ofType(ev2, 'TestResolved')[0]).toMatchObject({ outcome: 'miss', breakdown: { natural: 10, total: 16 } });
  });

  it('13A-GEN-7 13A-ESC-3 a specific ability beats the general rule: a monster that uses the escalation die', () => {
    const t = table([kira(), brute({ sheet: { usesEscalation: true } }), grunt('g1')]);
    t.run({ type: 'gm.setCounter', key: 'escalation', value: 3 });
    t.run({ type: 'startCombat' }, { dice: 'd20:1 d20:15 d20:10' });
    t.run({ type: 'gm.setCounter', key: 'escalation', value: 3 });
    t.run({ type: 'takeAction', actorId: 'brute', action: 'engage', targets: ['kira'] }, { preAnswers: { '13a.intercept': 'let-pass' } });
    const ev = t.run({ type: 'takeAction', actorId: 'brute', action: 'club', targets: ['kira'] }, { dice: 'd20:2' });
    expect(ofType(ev, 'TestResolved')[0]!.breakdown.rows.find((r) => r.id === 'escalation-die')).toMatchObject({ value: 3 });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'g1', action: 'engage', targets: ['kira'] });
    const ev2 = t.run({ type: 'takeAction', actorId: 'g1', action: 'spear', targets: ['kira'] }, { dice: 'd20:2' });
    expect(ofType(ev2, 'TestResolved')[0]!.breakdown.rows.some((r) => r.id === 'escalation-die')).toBe(false);
  });
});
