import { describe, expect, it } from 'vitest';
import { TestTable, brenna, brennaSheet, fight, gob, odo, sheetWith, table, tusk } from './fixtures';

const test0 = (ev: ReturnType<TestTable['run']>) => TestTable.ofType(ev, 'TestResolved')[0]!;

function odoFirst() {
  const t = table([odo(), gob()]);
  t.run({ type: 'startCombat' });
  t.run({ type: 'endTurn' });
  return t;
}

describe('ATK: attacks and damage', () => {
  it('FTD-ATK-1 an attack is a check against AC: meeting it hits', () => {
    const t = fight();
    const hit = test0(t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { dice: 'd20:7 d8:1' }));
    expect(hit).toMatchObject({ kind: 'attack', outcome: 'hit', against: { label: 'AC', value: 12 } });
    expect(hit.breakdown.total).toBe(12);
    t.run({ type: 'endTurn' });
    const miss = test0(t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['brenna'] }, { dice: 'd20:11' }));
    expect(miss.breakdown.total).toBe(14);
    expect(miss.outcome).toBe('miss');
  });

  it('FTD-ATK-1 with edgePrompt always, the GM may give any attack advantage or disadvantage', () => {
    const t = fight([], { options: { edgePrompt: 'always' } });
    t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.edge', ruleId: 'FTD-ATK-1', default: 'none' });
    const ev = t.answer('ftd.edge', 'disadvantage', { dice: 'd20:18 d20:3' });
    expect(test0(ev).breakdown.dice).toBe('2d20kl1');
    expect(test0(ev).outcome).toBe('miss');
  });

  it('FTD-ATK-2 melee adds STR, ranged DEX, arcane INT, divine WIS', () => {
    const t = fight();
    const melee = test0(t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'longsword' } }, { dice: 'd20:2' }));
    expect(melee.breakdown.rows[0]).toMatchObject({ label: 'STR mod', value: 3 });
    const t2 = fight();
    const ranged = test0(t2.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'], options: { attack: 'shortbow' } }, { dice: 'd20:2' }));
    expect(ranged.breakdown.rows[0]).toMatchObject({ label: 'DEX mod', value: 2 });
    const t3 = odoFirst();
    const divine = test0(t3.run({ type: 'takeAction', actorId: 'odo', action: 'attack', targets: ['gob'], options: { attack: 'sacred-flame' } }, { dice: 'd20:2' }));
    expect(divine.breakdown.rows[0]).toMatchObject({ label: 'WIS mod', value: 3 });
    const t4 = odoFirst();
    const arcane = test0(t4.run({ type: 'takeAction', actorId: 'odo', action: 'attack', targets: ['gob'], options: { attack: 'firebolt' } }, { dice: 'd20:11 d10:3' }));
    expect(arcane.breakdown.rows.map((r) => [r.label, r.value])).toEqual([['INT mod', 1]]);
    expect(arcane.breakdown.total).toBe(12);
  });

  it('FTD-ATK-3 PB is added when proficient with the attack, not otherwise', () => {
    const t = fight();
    const prof = test0(t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { dice: 'd20:2' }));
    expect(prof.breakdown.rows.map((r) => [r.id, r.value])).toEqual([['base', 3], ['proficiency', 2]]);
    const clumsy = brenna({ sheet: sheetWith(brennaSheet(), { attacks: [{ id: 'club', name: 'Club', kind: 'melee', damage: '1d4', proficient: false }] }) });
    const t2 = table([clumsy, gob()]);
    t2.run({ type: 'startCombat' });
    const plain = test0(t2.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { dice: 'd20:2' }));
    expect(plain.breakdown.rows.map((r) => r.id)).toEqual(['base']);
  });

  it('FTD-ATK-7 a hit deals the dice plus the attack mod, never below 0', () => {
    const t = table([brenna(), tusk()]);
    t.run({ type: 'startCombat' });
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['tusk'] }, { dice: 'd20:12 d8:5' });
    expect(TestTable.ofType(ev, 'DamageApplied')[0]).toMatchObject({ total: 8, hpAfter: 7 });
    const weak = brenna({ sheet: sheetWith(brennaSheet(), { abilities: { str: 6, dex: 15, con: 12, int: 10, wis: 13, cha: 8 }, load: 0 }) });
    const t2 = table([weak, tusk()]);
    t2.run({ type: 'startCombat' });
    const ev2 = t2.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['tusk'] }, { dice: 'd20:19 d8:1' });
    expect(TestTable.ofType(ev2, 'DamageApplied')[0]).toMatchObject({ total: 0, hpAfter: 15 });
  });

  it("FTD-ATK-8 a monster attacks with its statistics' modifier against the PC's AC", () => {
    const t = fight();
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['brenna'] }, { dice: 'd20:12 d6:3' });
    const a = test0(ev);
    expect(a.breakdown.rows.map((r) => [r.label, r.value])).toEqual([['Spear bonus', 3]]);
    expect(a).toMatchObject({ outcome: 'hit', ruleId: 'FTD-ATK-8', against: { value: 15 } });
    expect(t.creature('brenna').hp).toBe(11);
  });
});

describe('CRIT-1: natural 20', () => {
  it('FTD-CRIT-1 a natural 20 always hits and doubles dice plus mod; a natural 1 is just a miss', () => {
    const t = table([brenna(), tusk('tusk', { sheet: { ...(tusk().sheet as object), ac: 30, hp: 20 } })]);
    t.run({ type: 'startCombat' });
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['tusk'] }, { dice: 'd20:20 d8:5' });
    expect(test0(ev).outcome).toBe('crit');
    expect(TestTable.ofType(ev, 'RuleApplied')[0]).toMatchObject({ ruleId: 'FTD-CRIT-1', text: 'critical hit: 8 doubled to 16' });
    expect(t.creature('tusk').hp).toBe(4);
    t.run({ type: 'endTurn' });
    const fumble = t.run({ type: 'takeAction', actorId: 'tusk', action: 'attack', targets: ['brenna'] }, { dice: 'd20:1' });
    expect(test0(fumble).outcome).toBe('miss');
    expect(TestTable.ofType(fumble, 'DamageApplied')).toHaveLength(0);
    expect(t.creature('brenna').hp).toBe(14);
  });
});
