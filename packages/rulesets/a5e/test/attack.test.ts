import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { ana, goblin, ogre } from './fixtures';

const fight = () => {
  const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 }), goblin('gob', { initiative: 5 })] });
  t.run({ type: 'startCombat' });
  return t;
};

describe('A5E attacks', () => {
  it('A5E-ATK-2 the attack roll is d20 + ability + proficiency against AC; damage adds the ability (A5E-DMG-2)', () => {
    const t = fight();
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'], options: { attack: 'longsword' } }, { dice: 'd20:6 d8:5' });
    const test = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect([test.breakdown.total, test.outcome]).toEqual([11, 'hit']);
    expect(test.breakdown.rows[0]).toMatchObject({ label: 'Longsword', value: 5 });
    expect(t.creature('ogre').hp).toBe(59 - 8);
  });

  it('A5E-DMG-4 a critical hit doubles the whole damage, static modifier included', () => {
    const t = fight();
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:20 d8:5' });
    expect(t.creature('ogre').hp).toBe(59 - 16);
  });

  it('A5E-ATK-6 a natural 1 misses whatever the total; a natural 20 hits whatever the AC', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10, sheet: { ...(ogre().sheet as object), ac: 30 } })] });
    t.run({ type: 'startCombat' });
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:20 d8:1' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.outcome).toBe('crit');
  });

  it('A5E-DYING-15 a monster at 0 hit points dies', () => {
    const t = fight();
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'gm.setHp', creatureId: 'gob', hp: 3 });
    t.run({ type: 'endTurn' }); // round 2, ana
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['gob'] }, { dice: 'd20:15 d8:2' });
    expect([t.creature('gob').hp, t.creature('gob').status]).toEqual([0, 'dead']);
  });

  it('A5E-ACT-3 one Attack action makes as many attacks as the stat block allows', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15, sheet: { ...(ana().sheet as object), attacksPerAction: 2 } }), ogre({ initiative: 10 })] });
    t.run({ type: 'startCombat' });
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:2' });
    expect(t.creature('ana').resources['attacksLeft']).toBe(1);
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:3' });
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, 'no-action-left');
  });

  it('A5E-INIT-1 initiative is a Dexterity check; A5E-INIT-3 ties are settled by a d20 roll-off', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana(), goblin('gob')] });
    // ana: d20 11 + 1 = 12; goblin: d20 10 + 2 = 12; roll-off ana 4, goblin 17
    t.run({ type: 'startCombat' }, { dice: 'd20:11 d20:10 d20:4 d20:17' });
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['gob', 12], ['ana', 12]]);
  });

  it('A5E-DMG-1 a bad stat block is refused with its path', () => {
    expect(() => new TestTable(a5eRuleset, { creatures: [ogre({ sheet: { ...(ogre().sheet as object), ac: 'high' } })] })).toThrow(/ac/);
  });
});
