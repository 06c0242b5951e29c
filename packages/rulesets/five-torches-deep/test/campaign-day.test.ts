import { canonicalJson, clockAt, encounterHistory, fold, formatClock } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { brenna, gob, odo, tusk } from './fixtures';
import { TestTable, campaign, defaults, said } from './campaign-fixtures';

describe('an adventuring day: travel, a fight, a rest, another fight', () => {
  it('FTD-TRAVEL-1 FTD-HEAL-5 FTD-LIGHT-7 wounds, spent light, hours out and the clock carry across the day', () => {
    const t = campaign({ creatures: [brenna(), odo()], clockSeconds: clockAt(1, 8), policy: defaults });
    t.run({ type: 'ftd.lightSource', creatureId: 'odo', source: 'lantern' });
    t.run({ type: 'ftd.travel', hours: 2, stance: 'normal' }, { dice: 'd20:13 d20:6' });
    expect(t.creature('brenna').vars['ftd.hoursOut']).toBe(2);

    // The first fight: the lantern (an hour left) lights the dark hall; Brenna takes a spear.
    const first = t.startFight({ id: 'hall', seed: 1, foes: [gob()], options: { light: 'darkness' } });
    expect(first.creature('odo').conditions.map((c) => c.conditionId)).toEqual(['lantern']);
    first.run({ type: 'startCombat' });
    first.run({ type: 'endTurn' });
    const spear = first.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['brenna'] }, { dice: 'd20:14 d6:5' });
    expect(TestTable.ofType(spear, 'TestResolved')[0]!.breakdown.rollMode.mode).toBe('normal');
    first.run({ type: 'gm.endEncounter', reason: 'the gob flees' });
    t.recordFight(first);
    expect(t.creature('brenna').hp).toBe(9);

    // A night's unsafe camp: 1 HP, the lantern long gone, hours out reset.
    const camp = t.run({ type: 'ftd.camp', safe: false });
    expect(said(camp, 'FTD-LIGHT-3')).toEqual(["Odo's lantern burns out"]);
    expect([t.creature('brenna').hp, t.creature('brenna').vars['ftd.hoursOut']]).toEqual([10, 0]);
    expect(formatClock(t.state.clockSeconds)).toBe('day 2, 10:00:06');

    // The second fight, in the dark with no light: Brenna's blow is at disadvantage.
    t.run({ type: 'ftd.travel', hours: 1, stance: 'cautious' }, { dice: 'd20:1 d20:3' });
    const second = t.startFight({ id: 'vault', seed: 2, foes: [tusk()], options: { light: 'darkness' } });
    expect(second.creature('brenna').hp).toBe(10);
    second.run({ type: 'startCombat' });
    const swing = second.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['tusk'] }, { dice: 'd20:17 d20:5' });
    expect(TestTable.ofType(swing, 'TestResolved')[0]).toMatchObject({ outcome: 'miss' });
    second.run({ type: 'gm.setHp', creatureId: 'odo', hp: 2 });
    second.run({ type: 'gm.endEncounter', reason: 'the brute bars the vault' });
    t.recordFight(second);
    expect([t.creature('brenna').hp, t.creature('odo').hp]).toEqual([10, 2]);
    expect(encounterHistory(t.state).map((r) => [r.id, r.startedAt])).toEqual([['hall', clockAt(1, 10)], ['vault', clockAt(2, 11) + 6]]);
    expect(t.state.vars['ftd.travelTurns']).toBe(3);
    expect(canonicalJson(fold(t.encounter.events))).toBe(canonicalJson(t.state));
  });
});
