import { describe, expect, it } from 'vitest';
import { TestTable, brenna, brennaSheet, fight, gob, odo, table } from './fixtures';

describe('HEAL: hit points and healing', () => {
  it('FTD-HEAL-1 HP never rises above the maximum nor drops below 0', () => {
    const t = fight();
    t.run({ type: 'gm.setHp', creatureId: 'odo', hp: 4 });
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'heal', targets: ['odo'], options: { dice: '2d6' } }, { dice: 'd6:6 d6:6' });
    expect(TestTable.ofType(ev, 'HealingApplied')[0]).toMatchObject({ amount: 2, hpAfter: 6 });
    const hit = table([brenna(), gob()]);
    const d = hit.run({ type: 'ftd.check', creatureId: 'gob', ability: 'dex', dc: 30, damage: '3d6' }, { dice: 'd20:5 d6:6 d6:6 d6:6' });
    expect(TestTable.ofType(d, 'DamageApplied')[0]).toMatchObject({ total: 18, hpAfter: 0 });
  });

  it('FTD-HEAL-2 the maximum HP is the sheet\'s: level or hit dice are worked out in it', () => {
    const t = table([brenna(), gob()]);
    expect([t.creature('brenna').maxHp, t.creature('gob').maxHp]).toEqual([14, 7]);
  });

  it('FTD-HEAL-3 a treatment check can end a penalty but never restores HP', () => {
    const t = fight();
    t.run({ type: 'gm.addCondition', creatureId: 'odo', conditionId: 'injured' });
    t.run({ type: 'gm.setHp', creatureId: 'odo', hp: 2 });
    const first = t.run({ type: 'takeAction', actorId: 'brenna', action: 'treat', targets: ['odo'] }, { preAnswers: { 'ftd.treat.dc': '11' }, dice: 'd20:9' });
    expect(TestTable.ofType(first, 'RuleApplied')[0]).toMatchObject({ ruleId: 'FTD-HEAL-3', text: 'treatment restores no HP' });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.treat.remove', default: 'injured#1' });
    const ev = t.answer('ftd.treat.remove', 'injured#1');
    expect(TestTable.ofType(ev, 'HealingApplied')).toHaveLength(0);
    expect(t.creature('odo')).toMatchObject({ hp: 2, conditions: [] });
  });

  it('FTD-HEAL-4 a night of safe rest heals 1 HP per level', () => {
    const t = table([brenna({ hp: 2 })]);
    t.run({ type: 'ftd.rest', safe: true });
    expect(t.creature('brenna').hp).toBe(5);
    t.run({ type: 'ftd.rest', safe: true, nights: 3 });
    expect(t.creature('brenna').hp).toBe(14);
  });

  it('FTD-HEAL-4 FTD-HEAL-5 the seed\'s example: a level 4 PC heals 4 HP in a night of safe rest, 1 HP in a dungeon', () => {
    const t = table([brenna({ hp: 2, sheet: { ...brennaSheet(), level: 4 } })]);
    t.run({ type: 'ftd.rest', safe: true });
    expect(t.creature('brenna').hp).toBe(6);
    t.run({ type: 'ftd.rest', safe: false });
    expect(t.creature('brenna').hp).toBe(7);
  });

  it('FTD-HEAL-5 a night of unsafe rest heals 1 HP whatever the level', () => {
    const t = table([brenna({ hp: 2 })]);
    const ev = t.run({ type: 'ftd.rest', safe: false, nights: 3 });
    expect(TestTable.ofType(ev, 'HealingApplied')[0]).toMatchObject({ amount: 3, ruleId: 'FTD-HEAL-5' });
    expect(t.creature('brenna').hp).toBe(5);
  });

  it('FTD-HEAL-6 magic and medicine heal the dice they list', () => {
    const t = fight();
    t.run({ type: 'gm.setHp', creatureId: 'brenna', maxHp: 30, hp: 1 });
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'heal', options: { dice: '3d6' } }, { dice: 'd6:2 d6:5 d6:6' });
    expect(TestTable.ofType(ev, 'HealingApplied')[0]).toMatchObject({ amount: 13, ruleId: 'FTD-HEAL-6' });
    expect(t.creature('brenna').hp).toBe(14);
  });

  it('FTD-HEAL-7 care without magic restores no HP: a heal that lists no dice is refused', () => {
    const t = fight();
    t.rejects({ type: 'takeAction', actorId: 'brenna', action: 'heal', targets: ['odo'] }, 'no-hp-stated');
  });

  it('FTD-HEAL-8 lost ability points come back one a week, up to the original score', () => {
    const t = table([odo({ vars: { abilities: { str: 10, dex: 9, con: 7, int: 12, wis: 16, cha: 12 } } })]);
    t.run({ type: 'ftd.recover', creatureId: 'odo', ability: 'con', weeks: 3 });
    expect(t.creature('odo').vars['abilities']).toMatchObject({ con: 10 });
    t.run({ type: 'ftd.recover', creatureId: 'odo', ability: 'con', weeks: 5 });
    expect(t.creature('odo').vars['abilities']).toMatchObject({ con: 11 });
    t.rejects({ type: 'ftd.recover', creatureId: 'odo', ability: 'con', weeks: 1 }, 'nothing-to-recover');
  });
});
