import { describe, expect, it } from 'vitest';
import { kira, ostin, brute, grunt, table, ofType, ruleIds } from './fixtures';

const wolf = () => ({ ...grunt('wolf'), sheet: { ...(grunt('wolf').sheet as Record<string, unknown>), name: 'Dust Wolf', initiative: 2 } });
const order = (t: ReturnType<typeof table>) => t.state.order.map((e) => e.creatureId);

describe('initiative, delay, ready', () => {
  it('13A-INIT-2 initiative is rolled once: later rounds roll nothing and keep the order', () => {
    const t = table([kira(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'endTurn' });
    expect(ofType(ev, 'DiceRolled')).toHaveLength(0);
    expect([t.state.round, order(t)]).toEqual([2, ['kira', 'brute']]);
  });

  it('13A-INIT-5 13A-THP-4 rolling initiative drops temporary hit points to 0', () => {
    const t = table([kira({ tempHp: 7 }), brute()]);
    const ev = t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    expect(t.creature('kira').tempHp).toBe(0);
    expect(ofType(ev, 'HitPointsSet')[0]).toMatchObject({ target: 'kira', tempHp: 0, ruleId: '13A-INIT-5' });
  });

  it('13A-INIT-6 13A-INIT-8 a delayed turn taken next round raises the initiative and skips the regular turn', () => {
    // Rogue 18, grunts 15 (shared), wizard 12
    const t = table([kira(), grunt('g1'), grunt('g2'), ostin()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:13 d20:12 d20:9' });
    expect(order(t)).toEqual(['kira', 'g1', 'g2', 'ostin']);
    for (let i = 0; i < 3; i++) t.run({ type: 'endTurn' });
    const ev = t.run({ type: '13a.delay', creatureId: 'ostin' });
    expect(ruleIds(ev)).toContain('13A-INIT-6');
    expect(t.state.round).toBe(2);
    t.run({ type: '13a.actNow', creatureId: 'ostin' });
    expect(order(t)).toEqual(['kira', 'ostin', 'g1', 'g2']);
    expect(t.state.order.find((e) => e.creatureId === 'ostin')!.total).toBe(18);
    t.run({ type: 'endTurn' });
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('ostin');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect([t.state.round, t.state.order[t.state.turnIndex]!.creatureId]).toEqual([3, 'kira']);
  });

  it('13A-INIT-7 a delayed turn not taken before the next regular turn is lost', () => {
    const t = table([kira(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    t.rejects({ type: '13a.delay', creatureId: 'brute' }, 'not-your-turn');
    t.run({ type: '13a.delay', creatureId: 'kira' });
    const ev = t.run({ type: 'endTurn' });
    expect(ruleIds(ev)).toContain('13A-INIT-7');
    expect(t.creature('kira').vars['delaying']).toBeUndefined();
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('kira');
  });

  it('13A-INIT-9 13A-INIT-10 a readied attack goes before the trigger and the readier acts ahead of it from then on', () => {
    const t = table([kira(), grunt('g1'), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:13 d20:12 d20:8' });
    expect(order(t)).toEqual(['kira', 'g1', 'brute']);
    t.run({ type: '13a.ready', creatureId: 'kira', attack: 'javelin', targets: ['brute'], trigger: 'the brute charges' });
    expect(t.creature('kira').resources['standard']).toBe(0);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: '13a.takeReadied', creatureId: 'kira', before: 'brute' }, { dice: 'd20:4', preAnswers: { '13a.readyTrigger': 'yes' } });
    expect(ofType(ev, 'TestResolved')[0]).toMatchObject({ actor: 'kira', target: 'brute' });
    expect(ruleIds(ev)).toContain('13A-INIT-10');
    expect(order(t)).toEqual(['g1', 'kira', 'brute']);
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('brute');
  });

  it('13A-INIT-11 a readied action lapses at the next turn; taken next round before the regular count it replaces the regular turn', () => {
    const t = table([kira(), grunt('g1')]);
    t.run({ type: 'startCombat' }, { dice: 'd20:9 d20:17' });
    expect(order(t)).toEqual(['g1', 'kira']);
    t.run({ type: 'endTurn' });
    t.run({ type: '13a.ready', creatureId: 'kira', attack: 'javelin', targets: ['g1'], trigger: 'the grunt moves' });
    t.run({ type: 'endTurn' });
    // round 2, the grunt's turn: the readied javelin goes first
    t.run({ type: '13a.takeReadied', creatureId: 'kira', before: 'g1' }, { dice: 'd20:2', preAnswers: { '13a.readyTrigger': 'yes' } });
    expect(order(t)).toEqual(['kira', 'g1']);
    const ev = t.run({ type: 'endTurn' });
    expect(t.state.round).toBe(3);
    expect(ofType(ev, 'TurnStarted').map((e) => e.creatureId)).toEqual(['kira']);
    // ready again and let it lapse
    t.run({ type: '13a.ready', creatureId: 'kira', attack: 'javelin', targets: ['g1'], trigger: 'never' });
    t.run({ type: 'endTurn' });
    const lapse = t.run({ type: 'endTurn' });
    expect(ruleIds(lapse)).toContain('13A-INIT-11');
    expect(t.creature('kira').vars['readied']).toBeUndefined();
  });
});

describe('ambush', () => {
  it('13A-AMB-1 13A-AMB-2 the ambushers roll; only the nominee and its highest-initiative ally act', () => {
    const t = table([kira(), brute(), grunt('g1'), grunt('g2'), wolf()]);
    const ev = t.run({ type: '13a.ambush', nominee: 'brute' }, { dice: 'd20:7 d20:13 d20:10' });
    expect(ofType(ev, 'DiceRolled')).toHaveLength(3);
    expect(t.state.vars['ambushActors']).toEqual(['brute', 'g1']);
    t.run({ type: 'startCombat' });
    expect(order(t)).toEqual(['g1', 'g2', 'wolf', 'brute']);
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('g1');
    const next = t.run({ type: 'endTurn' });
    expect(ofType(next, 'TurnStarted').map((e) => e.creatureId)).toEqual(['brute']);
  });

  it('13A-AMB-3 13A-AMB-4 13A-ESC-7 after the ambush round the ambushed roll (losing temp hp) and the GM decides on the die', () => {
    const t = table([kira({ tempHp: 4 }), brute(), grunt('g1')]);
    t.run({ type: '13a.ambush', nominee: 'brute' }, { dice: 'd20:7 d20:13' });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'endTurn' }, { dice: 'd20:18', preAnswers: { '13a.ambushEscalation': 'advance' } });
    expect(ruleIds(ev)).toContain('13A-AMB-4');
    expect(t.state.round).toBe(2);
    expect(order(t)).toEqual(['kira', 'g1', 'brute']);
    expect(t.creature('kira').tempHp).toBe(0);
    expect(t.state.counters['escalation']).toBe(1);
    const t2 = table([kira(), brute()]);
    t2.run({ type: '13a.ambush', nominee: 'brute' }, { dice: 'd20:7' });
    t2.run({ type: 'startCombat' });
    t2.run({ type: 'endTurn' }, { dice: 'd20:18', preAnswers: { '13a.ambushEscalation': 'hold' } });
    expect(t2.state.counters['escalation']).toBe(0);
  });
});
