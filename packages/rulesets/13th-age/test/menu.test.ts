import { describe, expect, it } from 'vitest';
import { actionMenu, type ActionMenu } from '@fray/engine';
import { thirteenthAgeRuleset } from '../src/index';
import { kira, grunt, kiraEngagedWithTwoGrunts, table } from './fixtures';

const action = (m: ActionMenu, id: string) => {
  const a = m.actions.find((x) => x.id === id);
  if (!a) throw new Error(`no action '${id}' in ${m.actions.map((x) => x.id).join(', ')}`);
  return a;
};
const target = (m: ActionMenu, id: string, t: string) => action(m, id).targets!.find((x) => x.creatureId === t)!;
describe('13th Age action menu', () => {
  it('13A-ENGAGE-3 an engaged creature\'s ranged attack shows the opportunity attacks it draws from the foes it does not target', () => {
    const t = kiraEngagedWithTwoGrunts();
    const m = actionMenu(t.state, 'kira', { role: 'gm' }, thirteenthAgeRuleset);
    expect(target(m, 'attack:javelin', 'g1')).toMatchObject({ valid: true, provokes: ['g2'] });
    expect(target(m, 'attack:javelin', 'g2')).toMatchObject({ valid: true, provokes: ['g1'] });
    expect(target(m, 'attack:longsword', 'g1').provokes).toBeUndefined();
    expect(action(m, 'attack:javelin')).toMatchObject({ available: true, cost: [{ resource: 'standard', amount: 1 }] });
  });

  it('13A-ENGAGE-2 a melee attack on a foe it is not engaged with is listed invalid in the words the attack is refused with', () => {
    const t = table([kira(), grunt('g1')]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    const m = actionMenu(t.state, 'kira', { role: 'gm' }, thirteenthAgeRuleset);
    const reason = 'Kira must be engaged with Mire Grunt to make a melee attack: engage it first (a move action)';
    expect(target(m, 'attack:longsword', 'g1')).toEqual({ creatureId: 'g1', valid: false, reason, ruleId: '13A-ENGAGE-2' });
    expect(t.rejects({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['g1'] }, 'not-engaged').message).toBe(reason);
    expect(target(m, 'engage', 'g1')).toMatchObject({ valid: true });
    expect(m.movement).toEqual({
      mode: 'zones',
      reachable: [
        { to: { engage: 'g1' }, cost: 1, provokes: [], command: { type: 'takeAction', actorId: 'kira', action: 'engage', targets: ['g1'] } },
        { to: { away: true }, cost: 1, provokes: [], command: { type: 'takeAction', actorId: 'kira', action: 'moveAway', targets: [] } },
      ],
      costUnit: 'move action',
    });
  });

  it('13A-ATK-2 13A-ESC-2 13A-CRIT-3 13A-ATK-7 odds: Kira\'s longsword +3 Str +3 level +1 escalation against AC 16, 3d8 + 3, doubled on a crit, 3 miss damage', () => {
    const t = kiraEngagedWithTwoGrunts();
    expect(t.state.counters['escalation']).toBe(1);
    const o = target(actionMenu(t.state, 'kira', { role: 'gm' }, thirteenthAgeRuleset), 'attack:longsword', 'g1').odds!;
    // natural 9..19 hit (9 + 7 = 16): 11/20; 20 crits; 2..8 miss for 3
    expect(o.hit).toBeCloseTo(11 / 20, 12);
    expect(o.crit).toBeCloseTo(1 / 20, 12);
    expect(o.expectedDamage).toBeCloseTo((11 / 20) * 16.5 + (1 / 20) * 33 + (7 / 20) * 3, 10);
  });

  it('13A-ACT-2 after its standard action a creature\'s standard attacks and rally are unavailable, with the economy\'s words', () => {
    const t = kiraEngagedWithTwoGrunts();
    t.run({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['g1'] }, { dice: 'd20:2' });
    const m = actionMenu(t.state, 'kira', { role: 'gm' }, thirteenthAgeRuleset);
    const reason = 'Kira has no standard action left this turn (a standard can pay for a move or quick, a move for a quick)';
    expect(action(m, 'attack:longsword')).toMatchObject({ available: false, reason });
    expect(action(m, 'rally')).toMatchObject({ available: false, reason });
    expect(m.resources.map((r) => [r.id, r.left])).toEqual([['standard', 0], ['move', 1], ['quick', 1], ['interrupt', 1], ['recoveries', 8]]);
    expect(t.rejects({ type: 'takeAction', actorId: 'kira', action: 'longsword', targets: ['g2'] }, 'no-action-left').message).toBe(reason);
  });
});
