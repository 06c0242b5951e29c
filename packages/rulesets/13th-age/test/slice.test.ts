import { describe, expect, it } from 'vitest';
import { kira, brute, grunt, table, ofType, ruleIds } from './fixtures';
import { defense, initiativeBonus } from '../src/index';
import { thirteenthAgeRuleset as R } from '../src/index';

describe('vertical slice: stat block → initiative → escalation → attack → staggered → death saves', () => {
  it('13A-DEF-2 13A-DEF-3 13A-DEF-4 13A-STAT-4 a PC stat block gives its defenses and initiative bonus', () => {
    const t = table([kira(), brute()]);
    expect(defense(R, t.state, 'kira', 'AC').total).toBe(17);
    expect(defense(R, t.state, 'kira', 'PD').total).toBe(17);
    expect(defense(R, t.state, 'kira', 'MD').total).toBe(13);
    expect(initiativeBonus(t.state, 'kira')).toBe(5);
    expect(initiativeBonus(t.state, 'brute')).toBe(2);
  });

  it('13A-INIT-1 13A-INIT-3 13A-INIT-4 13A-ESC-1 identical monsters share a roll, ties go to the higher bonus; the escalation die is 0 then rises', () => {
    const t = table([kira(), grunt('g1'), grunt('g2'), brute()]);
    const ev = t.run({ type: 'startCombat' }, { dice: 'd20:10 d20:12 d20:4' });
    expect(ofType(ev, 'DiceRolled').filter((e) => e.purpose === 'initiative')).toHaveLength(3);
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['kira', 15], ['g1', 15], ['g2', 15], ['brute', 6]]);
    expect(t.state.counters['escalation']).toBe(0);
    for (let i = 0; i < 4; i++) t.run({ type: 'endTurn' });
    expect(t.state.round).toBe(2);
    expect(t.state.counters['escalation']).toBe(1);
  });

  it('13A-ATK-7 13A-CRIT-3 13A-HP-4 a miss deals miss damage, a natural 20 crits for double, the brute is staggered', () => {
    const t = table([kira(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:2' });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['brute'] });
    // d20 5 + Str 3 + level 3 = 11 vs AC 17: miss → level (3) damage
    let ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, { dice: 'd20:5' });
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ outcome: 'miss', breakdown: { total: 11 } });
    expect(ruleIds(ev)).toContain('13A-ATK-7');
    expect(t.creature('brute').hp).toBe(57);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    // round 2: escalation 1; natural 20 crit: 3d8+3 = 8+7+6+3 = 24 → 48
    ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, { dice: 'd20:20 d8:8 d8:7 d8:6' });
    const test = ofType(ev, 'TestResolved')[0]!;
    expect(test.outcome).toBe('crit');
    expect(test.breakdown.rows.find((r) => r.id === 'escalation-die')).toMatchObject({ value: 1, applied: true });
    expect(ofType(ev, 'DamageApplied')[0]).toMatchObject({ total: 48, hpAfter: 9 });
    expect(t.creature('brute').conditions.map((c) => c.conditionId)).toEqual(['staggered']);
  });

  it('13A-HP-5 13A-DYING-1 13A-DYING-4 13A-DYING-2 a PC drops below 0, fails a death save, then wakes on 16+', () => {
    const t = table([kira({ hp: 6 }), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:2 d20:15' });
    t.run({ type: 'takeAction', actorId: 'brute', action: 'engage', targets: ['kira'] });
    // 2d6+4 = 6+5+4 = 15 → 6 - 15 = -9
    t.run({ type: 'takeAction', actorId: 'brute', action: 'club', targets: ['kira'] }, { dice: 'd20:14 d6:6 d6:5' });
    expect(t.creature('kira').hp).toBe(-9);
    expect(t.creature('kira').status).toBe('unconscious');
    expect(t.creature('kira').conditions.map((c) => c.conditionId)).toEqual(['staggered', 'unconscious', 'helpless']);
    // Kira's turn: death save natural 9 → first failure
    let ev = t.run({ type: 'endTurn' }, { dice: 'd20:9' });
    expect(t.creature('kira').tallies['deathSaveFailures']).toBe(1);
    t.run({ type: 'endTurn' });
    // round 2: death save 17 → recovery 3d10+2 = 4+6+2+2 = 14 from 0 → 14, conscious, no actions
    ev = t.run({ type: 'endTurn' }, { dice: 'd20:17 d10:4 d10:6 d10:2' });
    expect(t.creature('kira').hp).toBe(14);
    expect(t.creature('kira').status).toBe('conscious');
    expect(t.creature('kira').resources['recoveries']).toBe(7);
    expect(t.creature('kira').resources['standard']).toBe(0);
    expect(ruleIds(ev)).toEqual(expect.arrayContaining(['13A-HEAL-3', '13A-DYING-2']));
  });
});
