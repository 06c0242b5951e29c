import { describe, expect, it } from 'vitest';
import { TestTable, brenna, brennaSheet, gob, odo, sheetWith, table } from './fixtures';

const checkOf = (events: ReturnType<TestTable['run']>) => TestTable.ofType(events, 'TestResolved')[0]!;

describe('CHECK: checks in place of saves', () => {
  it('FTD-CHECK-1 a save is a check; with no ability named the GM picks one', () => {
    const t = table([brenna()]);
    t.run({ type: 'ftd.check', creatureId: 'brenna', dc: 12, label: 'falling rocks' });
    expect(t.state.pending!.open[0]!.key).toBe('ftd.check.ability');
    expect(t.state.pending!.open[0]!.default).toBe('dex');
    const ev = t.answer('ftd.check.ability', 'dex', { dice: 'd20:10' });
    const c = checkOf(ev);
    expect(c.kind).toBe('check');
    expect(c.breakdown.rows[0]).toMatchObject({ label: 'DEX mod', value: 2 });
    expect(c.breakdown.total).toBe(12);
    expect(c.outcome).toBe('success');
  });

  it('FTD-CHECK-2 d20 + mod + PB meets the DC to succeed, one short fails', () => {
    const t = table([odo()]);
    const hit = checkOf(t.run({ type: 'ftd.check', creatureId: 'odo', ability: 'wis', dc: 13 }, { dice: 'd20:8' }));
    expect(hit.breakdown.total).toBe(13);
    expect(hit.outcome).toBe('success');
    const miss = checkOf(t.run({ type: 'ftd.check', creatureId: 'odo', ability: 'wis', dc: 14 }, { dice: 'd20:8' }));
    expect(miss.outcome).toBe('failure');
  });

  it('FTD-CHECK-3 advantage keeps the higher d20; advantage with disadvantage is one straight d20', () => {
    const t = table([brenna()]);
    const adv = checkOf(t.run({ type: 'ftd.check', creatureId: 'brenna', ability: 'dex', dc: 10, mode: 'advantage' }, { dice: 'd20:4 d20:15' }));
    expect(adv.breakdown.dice).toBe('2d20kh1');
    expect(adv.breakdown.natural).toBe(15);
    t.run({ type: 'ftd.setLoad', creatureId: 'brenna', load: 17 });
    const both = checkOf(t.run({ type: 'ftd.check', creatureId: 'brenna', ability: 'dex', dc: 10, mode: 'advantage' }, { dice: 'd20:4' }));
    expect(both.breakdown.dice).toBe('1d20');
    expect(both.breakdown.rollMode.verdict).toBe('cancelled');
  });

  it('FTD-CHECK-4 PB is added only to the check categories the sheet lists', () => {
    const t = table([brenna()]);
    const str = checkOf(t.run({ type: 'ftd.check', creatureId: 'brenna', ability: 'str', dc: 10 }, { dice: 'd20:5' }));
    expect(str.breakdown.rows.map((r) => [r.id, r.value])).toEqual([['base', 3], ['proficiency', 2]]);
    expect(str.breakdown.total).toBe(10);
    const dex = checkOf(t.run({ type: 'ftd.check', creatureId: 'brenna', ability: 'dex', dc: 10 }, { dice: 'd20:5' }));
    expect(dex.breakdown.rows.map((r) => r.id)).toEqual(['base']);
    expect(dex.breakdown.total).toBe(7);
  });
});

describe('CRIT-2: a natural 1 on a check that hurts a PC', () => {
  it('FTD-CRIT-2 a PC rolling a natural 1 on a dart trap fails even at the DC and takes double', () => {
    const t = table([brenna()]);
    const ev = t.run({ type: 'ftd.check', creatureId: 'brenna', ability: 'str', dc: 6, damage: '1d6', label: 'dart trap' }, { dice: 'd20:1 d6:4' });
    expect(checkOf(ev).breakdown.total).toBe(6);
    expect(checkOf(ev).outcome).toBe('failure');
    expect(TestTable.ofType(ev, 'RuleApplied').map((r) => r.ruleId)).toContain('FTD-CRIT-2');
    expect(TestTable.ofType(ev, 'DamageApplied')[0]!.total).toBe(8);
    expect(t.creature('brenna').hp).toBe(6);
  });

  it('FTD-CRIT-2 a monster rolling a natural 1 takes the damage once', () => {
    const t = table([gob()]);
    const ev = t.run({ type: 'ftd.check', creatureId: 'gob', ability: 'dex', dc: 12, damage: '1d6', label: 'dart trap' }, { dice: 'd20:1 d6:4' });
    expect(TestTable.ofType(ev, 'DamageApplied')[0]!.total).toBe(4);
  });
});

const darts = { name: 'Dart wall', foreshadowing: 'tiny holes stud the wall at chest height', ability: 'dex', dc: 12, damage: '1d6' } as const;

describe('TRAP: traps', () => {
  it('FTD-TRAP-1 a sprung trap is a dangerous check for each creature caught', () => {
    const t = table([brenna(), odo()]);
    const ev = t.run({ type: 'ftd.springTrap', creatureIds: ['brenna', 'odo'], trap: darts }, { dice: 'd20:5 d6:3 d20:15' });
    expect(TestTable.ofType(ev, 'TestResolved').map((c) => [c.actor, c.outcome, c.ruleId])).toEqual([['brenna', 'failure', 'FTD-TRAP-1'], ['odo', 'success', 'FTD-TRAP-1']]);
    expect(t.creature('brenna').hp).toBe(11);
    expect(t.creature('odo').hp).toBe(6);
  });

  it('FTD-TRAP-2 a vague search earns no check unless the GM allows one; a specific one gets its check', () => {
    const t = table([brenna()]);
    t.run({ type: 'ftd.searchTrap', creatureId: 'brenna', trap: darts, intent: 'notice', where: 'the wall' });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.trap.allowCheck', default: 'no' });
    const ev = t.answer('ftd.trap.allowCheck', 'no');
    expect(TestTable.ofType(ev, 'TestResolved')).toHaveLength(0);
    expect(TestTable.ofType(ev, 'RuleApplied')[0]!.ruleId).toBe('FTD-TRAP-2');
    const ok = t.run({ type: 'ftd.searchTrap', creatureId: 'brenna', trap: darts, intent: 'notice', when: 'before stepping in', where: 'the wall', how: 'tapping with a pole' }, { dice: 'd20:11' });
    expect(checkOf(ok)).toMatchObject({ outcome: 'success', ruleId: 'FTD-TRAP-2' });
    expect(checkOf(ok).breakdown.total).toBe(12);
  });

  it('FTD-TRAP-3 a trap without foreshadowing is refused', () => {
    const t = table([brenna()]);
    t.rejects({ type: 'ftd.springTrap', creatureIds: ['brenna'], trap: { ...darts, foreshadowing: '  ' } }, 'malformed');
  });

  it('FTD-TRAP-4 a magical trap with an effect and a story consequence is recorded and applied', () => {
    const t = table([brenna({ sheet: sheetWith(brennaSheet(), { proficient: [] }) })]);
    const ev = t.run({ type: 'ftd.springTrap', creatureIds: ['brenna'], trap: { name: 'Hex glyph', magical: true, foreshadowing: 'scorched runes', ability: 'wis', dc: 13, condition: 'injured', consequence: 'the vault door seals' } }, { dice: 'd20:3' });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]).toMatchObject({ ruleId: 'FTD-TRAP-4', text: 'magical trap sprung: Hex glyph; the vault door seals' });
    expect(t.creature('brenna').conditions.map((c) => c.conditionId)).toEqual(['injured']);
  });
});
