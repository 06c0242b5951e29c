import { describe, expect, it } from 'vitest';
import { breakdownOf } from '@fray/engine';
import { a5eRuleset } from '../src/index';
import { campaign, kel } from './rest-fixtures';

/**
 * The saving throws a GM reads off a creature (`derivedNumbers` save.*, `statistics` save.* in short): the save
 * as it would be made now, conditions included, with the rows that make the number and what the number
 * cannot hold (disadvantage, an automatic failure). Kel: STR +7, DEX +1, CON +6, INT 0, WIS +1, CHA 0.
 */
const saves = (t: ReturnType<typeof campaign>) => {
  const n = a5eRuleset.derivedNumbers!(t.state, 'kel');
  return ['str', 'dex', 'con', 'int', 'wis', 'cha'].map((a) => n[`save.${a}`]);
};
const breakdown = (t: ReturnType<typeof campaign>, ability: string) => breakdownOf(a5eRuleset.statistics!(t.state, 'kel')[`save.${ability}`]!);

describe('A5E saving throws as shown, with their conditions', () => {
  it('A5E-CORE-1 with no condition: ability and proficiency, one row', () => {
    const t = campaign([kel()]);
    expect(saves(t)).toEqual([7, 1, 6, 0, 1, 0]);
    expect(breakdown(t, 'str')).toEqual({ value: 7, rows: [{ label: 'STR save', value: 7 }] });
  });

  it('A5E-COND-12 enervated: −2 to every save, in the number and as a row', () => {
    const t = campaign([kel()]);
    t.run({ type: 'gm.addCondition', creatureId: 'kel', conditionId: 'enervated' });
    expect(saves(t)).toEqual([5, -1, 4, -2, -1, -2]);
    expect(breakdown(t, 'wis')).toEqual({ value: -1, rows: [{ label: 'WIS save', value: 1 }, { label: 'enervated', value: -2, ruleId: 'A5E-COND-12' }] });
  });

  it('A5E-COND-27 slowed: −2 to Dexterity saves only', () => {
    const t = campaign([kel()]);
    t.run({ type: 'gm.addCondition', creatureId: 'kel', conditionId: 'slowed' });
    expect(saves(t)).toEqual([7, -1, 6, 0, 1, 0]);
    expect(breakdown(t, 'dex').rows).toEqual([{ label: 'DEX save', value: 1 }, { label: 'slowed', value: -2, ruleId: 'A5E-COND-27' }]);
  });

  it('A5E-FATIGUE-4 fatigue level 4: disadvantage on Strength, Dexterity and Constitution saves, not the others', () => {
    const t = campaign([kel()]);
    t.run({ type: 'gm.setTrack', creatureId: 'kel', track: 'fatigue', value: 4 });
    expect(saves(t)).toEqual([7, 1, 6, 0, 1, 0]);
    expect(breakdown(t, 'con')).toEqual({ value: 6, rows: [{ label: 'CON save', value: 6 }], rollMode: { mode: 'disadvantage', sources: [{ mode: 'disadvantage', label: 'fatigue', ruleId: 'A5E-FATIGUE-4' }] } });
    expect(breakdown(t, 'wis').rollMode).toBeUndefined();
  });

  it('A5E-FATIGUE-4 fatigue level 3 brings no save disadvantage yet', () => {
    const t = campaign([kel()]);
    t.run({ type: 'gm.setTrack', creatureId: 'kel', track: 'fatigue', value: 3 });
    expect(breakdown(t, 'str').rollMode).toBeUndefined();
  });

  it('A5E-STRIFE-4 strife level 4: disadvantage on Intelligence, Wisdom and Charisma saves', () => {
    const t = campaign([kel()]);
    t.run({ type: 'gm.setTrack', creatureId: 'kel', track: 'strife', value: 4 });
    expect(['str', 'dex', 'con', 'int', 'wis', 'cha'].map((a) => breakdown(t, a)!.rollMode?.mode ?? 'normal')).toEqual(['normal', 'normal', 'normal', 'disadvantage', 'disadvantage', 'disadvantage']);
    expect(breakdown(t, 'cha').rollMode!.sources).toEqual([{ mode: 'disadvantage', label: 'strife', ruleId: 'A5E-STRIFE-4' }]);
  });

  it('A5E-COND-26 restrained: disadvantage on Dexterity saves', () => {
    const t = campaign([kel()]);
    t.run({ type: 'gm.addCondition', creatureId: 'kel', conditionId: 'restrained' });
    expect(breakdown(t, 'dex').rollMode).toEqual({ mode: 'disadvantage', sources: [{ mode: 'disadvantage', label: 'restrained', ruleId: 'A5E-COND-26' }] });
  });

  it('A5E-COND-20 paralyzed: Strength and Dexterity saves fail automatically, the others are made as usual', () => {
    const t = campaign([kel()]);
    t.run({ type: 'gm.addCondition', creatureId: 'kel', conditionId: 'paralyzed' });
    expect(breakdown(t, 'str')!.autoFail).toEqual({ reason: 'paralyzed', ruleId: 'A5E-COND-20' });
    expect(breakdown(t, 'dex')!.autoFail).toEqual({ reason: 'paralyzed', ruleId: 'A5E-COND-20' });
    expect(breakdown(t, 'con')!.autoFail).toBeUndefined();
  });

  it('A5E-COND-12 A5E-COND-27 A5E-FATIGUE-4 the numbers and the rolls agree: the shown DEX save is what the save adds to its d20', () => {
    const t = campaign([kel()]);
    t.run({ type: 'gm.addCondition', creatureId: 'kel', conditionId: 'enervated' });
    t.run({ type: 'gm.addCondition', creatureId: 'kel', conditionId: 'slowed' });
    const shown = a5eRuleset.derivedNumbers!(t.state, 'kel')['save.dex']!;
    const ev = t.run({ type: 'a5e.test', creatureId: 'kel', kind: 'save', ability: 'dex', dc: 10 }, { dice: 'd20:12' });
    const test = ev.find((e) => e.type === 'TestResolved') as { breakdown: { total: number } } | undefined;
    expect([shown, test!.breakdown.total - 12]).toEqual([-3, -3]);
  });
});

describe('one breakdown hook: AC and the saves are the ruleset\'s explained statistics (ADR 0006)', () => {
  it('A5E-COND-1 A5E-COND-12 a save explained keeps the suppressed row of a second enervated; its total is the derived number', () => {
    const t = campaign([kel()]);
    t.run({ type: 'gm.addCondition', creatureId: 'kel', conditionId: 'enervated' });
    t.run({ type: 'gm.addCondition', creatureId: 'kel', conditionId: 'enervated' });
    const stats = a5eRuleset.statistics!(t.state, 'kel');
    expect(Object.keys(stats)).toEqual(['ac', 'save.str', 'save.dex', 'save.con', 'save.int', 'save.wis', 'save.cha']);
    const wis = stats['save.wis']!;
    expect([wis.label, wis.total]).toEqual(['WIS save', -1]);
    expect(wis.rows.map((r) => [r.label, r.value, r.applied, r.reason ?? null])).toEqual([['WIS save', 1, true, null], ['enervated', -2, true, null], ['enervated', -2, false, 'suppressed']]);
    const numbers = a5eRuleset.derivedNumbers!(t.state, 'kel');
    expect(Object.entries(stats).map(([k, s]) => s.total - numbers[k]!)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(breakdown(t, 'wis')).toEqual({ value: -1, rows: [{ label: 'WIS save', value: 1 }, { label: 'enervated', value: -2, ruleId: 'A5E-COND-12' }] });
  });
});
