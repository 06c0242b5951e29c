import { describe, expect, it } from 'vitest';
import { kira, ostin, brute, grunt, table, ofType, ruleIds } from './fixtures';

const endTurns = (t: ReturnType<typeof table>, n: number) => { for (let i = 0; i < n; i++) t.run({ type: 'endTurn' }); };
const duel = () => {
  const t = table([kira(), brute()]);
  t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
  return t;
};

describe('escalation die', () => {
  it('13A-ESC-1 0, 1, 2 ... up to 6 and no further', () => {
    const t = duel();
    const seen = [t.state.counters['escalation']];
    for (let r = 2; r <= 8; r++) { endTurns(t, 2); seen.push(t.state.counters['escalation']); }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 6]);
  });

  it('13A-ESC-2 a PC adds the die to attack rolls (round 4: +3)', () => {
    const t = duel();
    endTurns(t, 6);
    t.run({ type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['brute'] });
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, { dice: 'd20:5' });
    expect(ofType(ev, 'TestResolved')[0]!.breakdown.total).toBe(5 + 3 + 3 + 3);
  });

  it('13A-ESC-3 monsters never add it', () => {
    const t = duel();
    endTurns(t, 6);
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'brute', action: 'engage', targets: ['kira'] });
    const ev = t.run({ type: 'takeAction', actorId: 'brute', action: 'club', targets: ['kira'] }, { dice: 'd20:5' });
    expect(ofType(ev, 'TestResolved')[0]!.breakdown.total).toBe(13);
  });

  it('13A-ESC-4 the GM holds the die for a round', () => {
    const t = duel();
    endTurns(t, 2);
    t.run({ type: '13a.escalation', mode: 'hold' });
    endTurns(t, 2);
    expect(t.state.counters['escalation']).toBe(1);
    endTurns(t, 2);
    expect(t.state.counters['escalation']).toBe(2);
    t.rejects({ type: '13a.escalation', mode: 'hold' }, 'forbidden', { as: { role: 'player', seat: 'seat-kira' } });
  });

  it('13A-ESC-5 the GM resets it to 0; it advances again from there', () => {
    const t = duel();
    endTurns(t, 6);
    t.run({ type: '13a.escalation', mode: 'reset' });
    expect(t.state.counters['escalation']).toBe(0);
    endTurns(t, 2);
    expect(t.state.counters['escalation']).toBe(1);
  });

  it('13A-ESC-6 13A-COND-4 a frightened PC cannot use the die and is dazed', () => {
    const t = duel();
    endTurns(t, 4);
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'fear' });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['brute'] });
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['brute'] }, { dice: 'd20:12' });
    const rows = ofType(ev, 'TestResolved')[0]!.breakdown.rows;
    expect(rows.find((r) => r.id === 'escalation-die')).toBeUndefined();
    expect(rows.find((r) => r.id === 'dazed')).toMatchObject({ value: -4, applied: true });
    expect(ruleIds(ev)).toContain('13A-ESC-6');
  });

  it('13A-ESC-8 13A-GEN-4 the die belongs to one battle: 0 at its end', () => {
    const t = duel();
    endTurns(t, 4);
    t.run({ type: 'gm.endEncounter' });
    expect(t.state.counters['escalation']).toBe(0);
  });
});

describe('actions', () => {
  it('13A-ACT-1 one standard, one move, one quick per turn', () => {
    const t = duel();
    t.run({ type: 'takeAction', actorId: 'kira', action: 'javelin', targets: ['brute'] }, { dice: 'd20:3' });
    expect(t.creature('kira').resources).toMatchObject({ standard: 0, move: 1, quick: 1 });
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'javelin', targets: ['brute'] }, 'no-action-left');
  });

  it('13A-ACT-2 a standard may be spent as a move (M+M+Q), never the other way', () => {
    const t = table([kira(), brute(), grunt('g1')]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1 d20:1' });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['brute'] }, { preAnswers: { '13a.intercept': 'let-pass' } });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'moveAway' }, { preAnswers: { '13a.opportunity': 'decline' } });
    expect(t.creature('kira').resources).toMatchObject({ standard: 0, move: 0, quick: 1 });
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'javelin', targets: ['brute'] }, 'no-action-left');
  });

  it('13A-ACT-3 13A-ACT-5 an opportunity attack is a free action off-turn and leaves the interrupt unused', () => {
    const t = duel();
    t.run({ type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['brute'] });
    const ev = t.run({ type: 'takeAction', actorId: 'kira', action: 'moveAway' }, { dice: 'd20:3', preAnswers: { '13a.opportunity': 'attack' } });
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ actor: 'brute', target: 'kira' });
    expect(t.creature('brute').resources).toMatchObject({ standard: 1, move: 1, quick: 1, interrupt: 1 });
  });

  it('13A-ACT-4 one interrupt off-turn, then none until the end of the next own turn', () => {
    const spark = { id: 'counter-spark', name: 'Counter Spark', kind: 'ranged', ability: 'int', damage: '1d4', damageType: 'lightning', spell: true, vs: 'PD', action: 'interrupt' };
    const t = table([kira(), ostin({ sheet: { attacks: [spark] } }), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:10 d20:1' });
    t.run({ type: 'takeAction', actorId: 'ostin', action: 'counter-spark', targets: ['brute'] }, { dice: 'd20:2' });
    expect(t.creature('ostin').resources['interrupt']).toBe(0);
    t.rejects({ type: 'takeAction', actorId: 'ostin', action: 'counter-spark', targets: ['brute'] }, 'no-interrupt');
    t.run({ type: 'endTurn' });
    t.rejects({ type: 'takeAction', actorId: 'ostin', action: 'counter-spark', targets: ['brute'] }, 'not-off-turn');
    t.run({ type: 'endTurn' });
    expect(t.creature('ostin').resources['interrupt']).toBe(1);
  });

  it('13A-ACT-6 costs: rally and ready take the standard action; engage and disengage a move', () => {
    const t = table([kira({ hp: 30 }), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'rally' }, { dice: 'd10:1 d10:1 d10:1' });
    expect(t.creature('kira').resources).toMatchObject({ standard: 0, move: 1 });
    t.run({ type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['brute'] });
    expect(t.creature('kira').resources['move']).toBe(0);
    t.rejects({ type: '13a.ready', creatureId: 'kira', attack: 'longsword', targets: ['brute'], trigger: 'x' }, 'no-action-left');
  });

  it('13A-ACT-7 stunned or unconscious creatures take no actions', () => {
    const t = duel();
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'stunned' });
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'javelin', targets: ['brute'] }, 'cannot-act');
    t.run({ type: 'gm.removeCondition', creatureId: 'kira', conditionId: 'stunned' });
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'unconscious' });
    t.rejects({ type: 'takeAction', actorId: 'kira', action: 'rally' }, 'cannot-act');
  });
});
