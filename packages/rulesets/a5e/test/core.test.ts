import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { RecordingMode, Resolution, type Json } from '@fray/engine';
import {
  a5eModules, a5eRuleset, beatsOpposed, buildA5eRuleset, concentrationDc, divideDown, expertiseDie, halve, maneuverDC, passiveScore,
  type A5eModule, type StatBlock,
} from '../src/index';
import { bruno, dummy, fight } from './damage-fixtures';

const testModule: A5eModule = {
  id: 'test.core',
  conditions: [
    { id: 'test-keen', name: 'Keen', effects: [{ kind: 'rollMode', selector: 'check', subject: 'self', mode: 'advantage' }] },
    { id: 'test-shaken', name: 'Shaken', effects: [{ kind: 'rollMode', selector: 'check', subject: 'self', mode: 'disadvantage' }] },
    { id: 'test-clumsy', name: 'Clumsy', effects: [{ kind: 'rollMode', selector: 'check', subject: 'self', mode: 'disadvantage' }] },
    { id: 'test-dim', name: 'Dim light', effects: [{ kind: 'rollMode', selector: 'check:perception', subject: 'self', mode: 'disadvantage' }] },
    { id: 'test-guided', name: 'Guided', effects: [{ kind: 'modifier', selector: 'check', value: 1 }] },
  ],
};
const ruleset = buildA5eRuleset([...a5eModules, testModule]);

const check = (t: TestTable, extra: Record<string, Json>, dice?: string) =>
  t.run({ type: 'a5e.test', creatureId: 'bruno', kind: 'check', ...extra }, dice ? { dice } : {});
const resolved = (events: ReturnType<TestTable['run']>) => TestTable.ofType(events, 'TestResolved')[0]!;
/** A resolution over the table's current state, for helpers that read rules without a command. */
const probe = (t: TestTable) => new Resolution({ ruleset: t.encounter.rt.ruleset }, { id: 'probe', issuedBy: { role: 'gm' }, command: { type: 'probe' } }, new RecordingMode(structuredClone(t.state), () => t.state));

describe('A5E core d20 mechanics', () => {
  it('A5E-CORE-1 d20 + modifiers against the DC: equal succeeds, one less fails', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno()] });
    const ok = resolved(check(t, { ability: 'str', skill: 'athletics', dc: 15 }, 'd20:9'));
    expect([ok.breakdown.total, ok.outcome]).toEqual([15, 'success']);
    expect(resolved(check(t, { ability: 'str', skill: 'athletics', dc: 15 }, 'd20:8')).outcome).toBe('failure');
  });

  it('A5E-CORE-1 an attack hits when its total equals the AC', () => {
    const t = fight([bruno(), dummy('imp', { ac: 16 })]);
    const test = resolved(t.run({ type: 'takeAction', actorId: 'bruno', action: 'attack', targets: ['imp'] }, { dice: 'd20:10 d8:1' }));
    expect([test.breakdown.total, test.outcome]).toEqual([16, 'hit']);
  });

  it('A5E-CORE-2 the natural face is recorded; checks and saves get no automatic success or failure from it', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno()] });
    const high = resolved(check(t, { ability: 'str', skill: 'athletics', dc: 30 }, 'd20:20'));
    expect([high.breakdown.natural, high.breakdown.total, high.outcome]).toEqual([20, 26, 'failure']);
    const low = resolved(t.run({ type: 'a5e.test', creatureId: 'bruno', kind: 'save', ability: 'con', dc: 5 }, { dice: 'd20:1' }));
    expect([low.breakdown.natural, low.outcome]).toEqual([1, 'success']);
  });

  it('A5E-CORE-3 advantage keeps the higher of two d20s; any advantage and any disadvantage cancel to one die', () => {
    const t = new TestTable(ruleset, { creatures: [bruno({ conditions: [{ id: 'test-keen' }] })] });
    const adv = resolved(check(t, { ability: 'str', skill: 'athletics', dc: 15 }, 'd20:7 d20:15'));
    expect([adv.breakdown.dice, adv.breakdown.natural, adv.breakdown.total]).toEqual(['2d20kh1', 15, 21]);
    t.run({ type: 'gm.addCondition', creatureId: 'bruno', conditionId: 'test-shaken' });
    t.run({ type: 'gm.addCondition', creatureId: 'bruno', conditionId: 'test-clumsy' });
    const flat = resolved(check(t, { ability: 'str', skill: 'athletics', dc: 15 }, 'd20:7'));
    expect([flat.breakdown.dice, flat.breakdown.rollMode.verdict]).toEqual(['1d20', 'cancelled']);
  });

  it('A5E-CORE-4 an automatic failure rolls no die (unconscious: Strength and Dexterity saves)', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno({ conditions: [{ id: 'unconscious' }] })] });
    const ev = t.run({ type: 'a5e.test', creatureId: 'bruno', kind: 'save', ability: 'dex', dc: 1 });
    expect([TestTable.ofType(ev, 'DiceRolled').length, resolved(ev).outcome, resolved(ev).ruleId]).toEqual([0, 'failure', 'A5E-COND-29']);
    expect(resolved(t.run({ type: 'a5e.test', creatureId: 'bruno', kind: 'save', ability: 'con', dc: 10 }, { dice: 'd20:5' })).outcome).toBe('success');
  });

  it('A5E-CORE-5 an expertise die (a d4 unless its source says otherwise) adds to the total', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno({}, { skills: { athletics: 'expertise' } })] });
    const test = resolved(check(t, { ability: 'str', skill: 'athletics', dc: 15 }, 'd20:11 d4:3'));
    expect([test.breakdown.dice, test.breakdown.total]).toEqual(['1d20 + 1d4 expertise', 20]);
  });

  it('A5E-CORE-6 more expertise dice step one die up, d4 → d6 → d8 and no further; highest-only keeps the best', () => {
    expect([1, 2, 3, 4].map((n) => expertiseDie(Array.from({ length: n }, (_, i) => ({ source: `s${i}` }))))).toEqual([4, 6, 8, 8]);
    expect(expertiseDie([{ source: 'tumbling', sides: 6 }, { source: 'flanking' }])).toBe(8);
    expect(expertiseDie([{ source: 'tumbling', sides: 6 }, { source: 'flanking' }], 'highest-only')).toBe(6);
    expect(expertiseDie([])).toBeNull();
    const t = new TestTable(a5eRuleset, { creatures: [bruno()], options: { expertiseStacking: 'highest-only' } });
    const test = resolved(check(t, { ability: 'str', dc: 10, expertise: [{ source: 'flanking' }, { source: 'high ground' }] }, 'd20:2 d4:4'));
    expect(test.breakdown.dice).toBe('1d20 + 1d4 expertise');
  });

  it('A5E-CORE-7 a rattled creature gets no expertise die', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno({ conditions: [{ id: 'rattled' }] }, { skills: { athletics: 'expertise' } })] });
    expect(resolved(check(t, { ability: 'str', skill: 'athletics', dc: 15 }, 'd20:11')).breakdown.dice).toBe('1d20');
  });

  it('A5E-CORE-8 expertise dice from several sources on one roll become one stepped-up die', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno()] });
    const test = resolved(check(t, { ability: 'str', dc: 10, expertise: [{ source: 'flanking' }, { source: 'high ground' }] }, 'd20:2 d6:6'));
    expect([test.breakdown.dice, test.breakdown.total]).toEqual(['1d20 + 1d6 expertise', 11]);
  });

  it('A5E-CORE-9 flat modifiers add to the total and to each other', () => {
    const t = new TestTable(ruleset, { creatures: [bruno({ conditions: [{ id: 'enervated' }, { id: 'test-guided' }] })] });
    const test = resolved(check(t, { ability: 'str', skill: 'athletics', dc: 10 }, 'd20:10'));
    expect(test.breakdown.rows.map((r) => [r.label, r.value])).toEqual([['STR (athletics)', 6], ['enervated', -2], ['test-guided', 1]]);
    expect(test.breakdown.total).toBe(15);
  });

  it('A5E-CORE-10 proficiency is added only for a skill the creature is proficient in', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno()] });
    expect(resolved(check(t, { ability: 'wis', skill: 'medicine', dc: 10 }, 'd20:10')).breakdown.rows[0]).toMatchObject({ label: 'WIS (medicine)', value: 5 });
    expect(resolved(check(t, { ability: 'dex', skill: 'stealth', dc: 10 }, 'd20:10')).breakdown.rows[0]).toMatchObject({ label: 'DEX (stealth)', value: 0 });
  });

  it('A5E-CORE-10 a check named only by its skill: the Narrator picks the ability, the usual one by default', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno()] });
    check(t, { skill: 'athletics', dc: 12 });
    const p = t.state.pending!.open[0]!;
    expect([p.key, p.to, p.default, p.options.length]).toEqual(['a5e.check.ability', { role: 'gm' }, 'str', 6]);
    const ev = t.answer('a5e.check.ability', 'con', { dice: 'd20:10' });
    expect(resolved(ev).breakdown.rows[0]).toMatchObject({ label: 'CON (athletics)', value: 5 });
  });

  it('A5E-CORE-11 passive score: 10 + the check\'s modifiers, +5 with advantage, −5 with disadvantage', () => {
    const t = new TestTable(ruleset, { creatures: [bruno()] });
    expect(passiveScore(probe(t), 'bruno', { ability: 'wis', skill: 'perception' })).toEqual({ score: 15, modifier: 5, mode: 'normal' });
    t.run({ type: 'gm.addCondition', creatureId: 'bruno', conditionId: 'test-dim' });
    expect(passiveScore(probe(t), 'bruno', { ability: 'wis', skill: 'perception' }).score).toBe(10);
    t.run({ type: 'gm.addCondition', creatureId: 'bruno', conditionId: 'test-keen' });
    expect(passiveScore(probe(t), 'bruno', { ability: 'wis', skill: 'perception' })).toEqual({ score: 15, modifier: 5, mode: 'normal' });
  });

  it('A5E-CORE-12 opposed: the side changing things must beat the other strictly (Stealth 16 vs passive 16 stays seen)', () => {
    expect([beatsOpposed(16, 16), beatsOpposed(16, 15), beatsOpposed(15, 16)]).toEqual([false, true, false]);
  });

  it('A5E-CORE-13 divisions round down', () => {
    expect([halve(25), divideDown(30, 4), halve(1), concentrationDc(23)]).toEqual([12, 7, 0, 11]);
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp', { resist: ['cold'] })] });
    t.run({ type: 'a5e.damage', targets: ['imp'], damage: '25', damageType: 'cold' });
    expect(t.creature('imp').hp).toBe(48);
  });

  it('A5E-CORE-14 damage calls for a Constitution save against max(10, half the damage); failing ends concentration', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno({ vars: { concentrating: 'bless' } })] });
    const ev = t.run({ type: 'a5e.damage', targets: ['bruno'], damage: '14', damageType: 'fire' }, { dice: 'd20:5' });
    expect([resolved(ev).against, resolved(ev).breakdown.total, resolved(ev).outcome, t.creature('bruno').vars['concentrating']]).toEqual([{ label: 'concentration DC', value: 10 }, 10, 'success', 'bless']);
    const ev2 = t.run({ type: 'a5e.damage', targets: ['bruno'], damage: '23', damageType: 'fire' }, { dice: 'd20:5' });
    expect([resolved(ev2).against?.value, resolved(ev2).outcome, t.creature('bruno').vars['concentrating']]).toEqual([11, 'failure', undefined]);
    expect(TestTable.ofType(ev2, 'RuleApplied').map((e) => e.text)).toContain('Bruno loses concentration on bless: failed a concentration check');
  });

  it('A5E-CORE-14 damage into temporary hit points still calls for the check; strife 2 makes it at disadvantage', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno({ tempHp: 20, vars: { concentrating: true }, conditions: [{ id: 'strife', level: 2 }] })] });
    const ev = t.run({ type: 'a5e.damage', targets: ['bruno'], damage: '8', damageType: 'fire' }, { dice: 'd20:15 d20:4' });
    expect([resolved(ev).breakdown.dice, resolved(ev).outcome, t.creature('bruno').hp]).toEqual(['2d20kl1', 'failure', 40]);
  });

  it('A5E-CORE-14 no check without concentration, or for damage an immunity stops', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno({}, { immune: ['poison'] }), bruno({ id: 'ana', vars: { concentrating: true } }, { immune: ['poison'] })] });
    expect(TestTable.ofType(t.run({ type: 'a5e.damage', targets: ['bruno', 'ana'], damage: '12', damageType: 'poison' }), 'TestResolved')).toEqual([]);
  });

  it('A5E-CORE-15 the Narrator sets a DC the request leaves open (moderate 15 by default)', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno()] });
    check(t, { ability: 'str', skill: 'athletics' });
    const p = t.state.pending!.open[0]!;
    expect([p.key, p.to, p.input, p.default]).toEqual(['a5e.dc', { role: 'gm' }, { kind: 'number', min: 0, max: 40 }, 15]);
    const test = resolved(t.answer('a5e.dc', 17, { dice: 'd20:10' }));
    expect([test.against, test.outcome]).toEqual([{ label: 'DC', value: 17 }, 'failure']);
  });

  it('A5E-CORE-16 combat maneuver DC: 8 + proficiency + the better of Strength and Dexterity, unless stated', () => {
    const sheet = (over: Record<string, Json>) => a5eRuleset.parseStatBlock({ name: 'x', proficiency: 2, abilities: { str: 16, dex: 12, con: 10, int: 10, wis: 10, cha: 10 }, ac: 10, hp: 10, ...over }, 't') as unknown as StatBlock;
    expect([maneuverDC(sheet({})), maneuverDC(sheet({ maneuverDC: 17 }))]).toEqual([13, 17]);
  });
});
