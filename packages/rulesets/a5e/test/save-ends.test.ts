import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { ana, ogre } from './fixtures';

describe('effects that end on a save', () => {
  it('A5E-COND-1 a condition with a save-ends duration repeats the save at the end of each of its turns', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 })] });
    t.run({ type: 'startCombat' });
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'poisoned', duration: { kind: 'saveEnds', save: { ability: 'con', dc: 13 }, timing: 'end' } });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd20:8' }); // 8 + 3 = 11 < 13
    expect(t.creature('ogre').conditions.map((c) => c.conditionId)).toContain('poisoned');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd20:10' }); // 10 + 3 = 13
    expect(t.creature('ogre').conditions.map((c) => c.conditionId)).not.toContain('poisoned');
  });

  it('A5E-COND-1 a save-ends duration without an ability and DC is refused', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 })] });
    t.run({ type: 'startCombat' });
    t.rejects({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'poisoned', duration: { kind: 'saveEnds', save: { dc: 13 }, timing: 'end' } }, 'bad-duration');
  });
});

describe('armor class from conditions', () => {
  it('A5E-COND-27 slowed lowers AC by 2; A5E-COND-1 a second slowed from another source does not lower it again', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 })] });
    t.run({ type: 'startCombat' });
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'slowed' });
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'slowed' });
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:3' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.against).toEqual({ label: 'AC', value: 9 });
  });
});
