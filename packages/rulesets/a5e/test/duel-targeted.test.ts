import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { attack, kass, ruleTexts, startedDuel, vey } from './duel-fixtures';

const twoAttacks = () => vey({ sheet: { ...(vey().sheet as object), attacksPerAction: 2 } });
const conds = (t: TestTable, id: string) => t.creature(id).conditions.map((c) => c.conditionId).filter((c) => c !== 'bloodied');

describe('A5E duel: targeted attacks', () => {
  it('DUEL-TARGET-1 once a round a duelist may aim an attack at a location; the allowance is spent on declaring', () => {
    const t = startedDuel({ creatures: [twoAttacks(), kass()] });
    t.run(attack('vey', 'kass', { target: 'head' }), { dice: 'd20:4 d20:3' }); // a miss still spends it
    const r = t.rejects(attack('vey', 'kass', { target: 'neck' }), 'targeted-attack-used');
    expect(r.ruleId).toBe('DUEL-TARGET-1');
    t.rejects(attack('vey', 'kass', { target: 'tail' }), 'bad-location');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run(attack('vey', 'kass', { target: 'neck' }), { dice: 'd20:2 d20:2' });
    expect(t.creature('vey').vars['a5e.duel.targetedRound']).toBe(2);
  });

  it('DUEL-TARGET-2 the location is declared before the d20 is rolled', () => {
    const t = startedDuel();
    const ev = t.run(attack('vey', 'kass', { target: 'neck' }), { dice: 'd20:15 d20:12 d8:5 d4:3' });
    const types = ev.map((e) => (e.type === 'RuleApplied' ? e.ruleId : e.type));
    expect(types.indexOf('DUEL-TARGET-2')).toBeGreaterThanOrEqual(0);
    expect(types.indexOf('DUEL-TARGET-2')).toBeLessThan(types.indexOf('DiceRolled'));
    expect(ruleTexts(ev, 'DUEL-TARGET-2')).toEqual(["Vey declares a targeted attack at Kass's neck before rolling, with disadvantage"]);
  });

  it('DUEL-TARGET-3 a targeted attack has disadvantage; not allowed when already at disadvantage; with advantage it is a straight roll', () => {
    const t = startedDuel();
    t.run({ type: 'gm.addCondition', creatureId: 'vey', conditionId: 'blinded' });
    const r = t.rejects(attack('vey', 'kass', { target: 'head' }), 'targeted-at-disadvantage');
    expect(r.ruleId).toBe('DUEL-TARGET-3');
    const u = startedDuel();
    u.run({ type: 'gm.addCondition', creatureId: 'kass', conditionId: 'blinded' });
    const ev = u.run(attack('vey', 'kass', { target: 'head' }), { dice: 'd20:15 d8:2' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.total).toBe(21);
    expect(ruleTexts(ev, 'DUEL-TARGET-2')).toEqual(["Vey declares a targeted attack at Kass's head before rolling: its advantage and the disadvantage cancel"]);
  });

  it('DUEL-TARGET-4 a hit deals its damage and the location effect; a miss has no effect', () => {
    const t = startedDuel();
    const miss = t.run(attack('vey', 'kass', { target: 'head' }), { dice: 'd20:3 d20:9' });
    expect(ruleTexts(miss, 'DUEL-TARGET-4')).toEqual(["the targeted attack misses: no effect on Kass's head"]);
    expect(conds(t, 'kass')).toEqual([]);
    const u = startedDuel();
    u.run(attack('vey', 'kass', { target: 'head' }), { dice: 'd20:15 d20:12 d8:5' });
    expect([u.creature('kass').hp, conds(u, 'kass')]).toEqual([22, ['blinded']]);
  });

  it('DUEL-TARGET-5 neck: 1d4 × the attacker\'s PB more damage of the attack\'s type; a critical hit doubles it too', () => {
    const t = startedDuel();
    const ev = t.run(attack('vey', 'kass', { target: 'neck' }), { dice: 'd20:15 d20:12 d8:5 d4:3' });
    expect(ruleTexts(ev, 'DUEL-TARGET-5')).toEqual(['neck: 3 × 3 = 9 more slashing damage']);
    expect(t.creature('kass').hp).toBe(30 - 8 - 9);
    const u = startedDuel();
    const crit = u.run(attack('vey', 'kass', { target: 'neck' }), { dice: 'd20:20 d20:20 d8:2 d4:1' });
    expect(ruleTexts(crit, 'DUEL-TARGET-5')).toEqual(['neck: 1 × 3 = 3 more slashing damage, doubled by the critical hit to 6']);
    expect(u.creature('kass').hp).toBe(30 - 10 - 6);
  });

  it('DUEL-TARGET-6 head: blinded until the end of the target\'s next turn', () => {
    const t = startedDuel();
    const ev = t.run(attack('vey', 'kass', { target: 'head' }), { dice: 'd20:15 d20:12 d8:5' });
    expect(TestTable.ofType(ev, 'ConditionAdded').map((e) => [e.condition.conditionId, e.ruleId, e.condition.duration])).toEqual([
      ['blinded', 'DUEL-TARGET-6', { kind: 'turns', creatureId: 'kass', boundary: 'end', count: 1, skipCurrent: false }],
    ]);
    t.run({ type: 'endTurn' });
    // blinded, Kass cannot aim its own attack this turn
    t.rejects(attack('kass', 'vey', { target: 'head' }), 'targeted-at-disadvantage');
    t.run({ type: 'endTurn' });
    expect(conds(t, 'kass')).toEqual([]);
  });

  it('DUEL-TARGET-7 arms or legs: slowed until the end of the target\'s next turn, so no reactions bought meanwhile', () => {
    const t = startedDuel();
    const ev = t.run(attack('vey', 'kass', { target: 'legs' }), { dice: 'd20:15 d20:12 d8:5' });
    expect(TestTable.ofType(ev, 'ConditionAdded').map((e) => [e.condition.conditionId, e.ruleId])).toEqual([['slowed', 'DUEL-TARGET-7']]);
    t.rejects({ type: 'takeAction', actorId: 'kass', action: 'cast-spell', targets: [], options: { spell: 'shield', castingTime: 'reaction' } }, 'cannot-take-reaction');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(conds(t, 'kass')).toEqual([]);
  });

  it('DUEL-TARGET-8 an unusual body: the Narrator rules at the start which locations can be aimed at', () => {
    const t = startedDuel({ creatures: [vey(), kass({ tags: ['unusual-anatomy'] })] });
    expect(t.state.pending?.open.map((p) => [p.key, p.about])).toEqual([['a5e.duel.anatomy', 'kass']]);
    const ev = t.answer('a5e.duel.anatomy', 'neck-head');
    expect(ruleTexts(ev, 'DUEL-TARGET-8')).toEqual(['Kass can be aimed at: neck, head']);
    const r = t.rejects(attack('vey', 'kass', { target: 'arms' }), 'location-not-targetable');
    expect(r.ruleId).toBe('DUEL-TARGET-8');
    t.run(attack('vey', 'kass', { target: 'head' }), { dice: 'd20:2 d20:2' });
  });

  it('DUEL-TARGET-9 a maneuver works the same on an unusual body: only the narration moves to another part', () => {
    const t = startedDuel({ creatures: [vey(), kass({ tags: ['unusual-anatomy'] })] });
    t.answer('a5e.duel.anatomy', 'neck-head');
    const ev = t.run({ type: 'takeAction', actorId: 'vey', action: 'maneuver', targets: ['kass'], options: { maneuver: 'knee strike', cost: 'bonusAction' } }, { preAnswers: { 'a5e.maneuverResult': 'success' } });
    expect(ruleTexts(ev, 'DUEL-TARGET-9')).toEqual(["Kass's anatomy differs: the maneuver works the same, on whatever part serves the same purpose"]);
    expect(ruleTexts(ev, 'A5E-ACT-5')).toEqual(["Vey's knee strike against Kass: it works"]);
  });
});
