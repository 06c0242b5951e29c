import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import {
  a5eModules, a5eRuleset, acStatistic, actBlock, attackLimitRefusal, buildA5eRuleset, economyRefusal, hostileActionBlock, movementLimits, speedOf,
  type A5eModule,
} from '../src/index';
import { ana, ogre } from './fixtures';

/**
 * Issue 18 item 4: a condition's effect lives in its definition, and every question reads the loaded
 * ruleset's conditions, so a condition defined by a module other than the conditions module (here a
 * test module, as a ruleset option or a spell's module would) counts wherever its effect matters.
 */
const hexModule: A5eModule = {
  id: 'test.hexes',
  conditions: [
    {
      id: 'hexed', name: 'Hexed', effects: [
        { kind: 'speed', multiply: 0.5, ruleId: 'A5E-COND-27' },
        { kind: 'modifier', selector: 'ac', value: -2, ruleId: 'A5E-COND-27' },
        { kind: 'forbid', what: 'reaction', ruleId: 'A5E-COND-27' },
        { kind: 'flag', flag: 'action-or-bonus', ruleId: 'A5E-COND-27' },
        { kind: 'flag', flag: 'one-attack-per-turn', ruleId: 'A5E-COND-27' },
        { kind: 'flag', flag: 'no-hostile-against-source', ruleId: 'A5E-COND-7' },
        { kind: 'flag', flag: 'cannot-approach-source', ruleId: 'A5E-COND-15' },
      ],
    },
    { id: 'hooded', name: 'Hooded', effects: [{ kind: 'flag', flag: 'cannot-see', ruleId: 'A5E-COND-5' }] },
  ],
};
const rs = buildA5eRuleset([...a5eModules, hexModule]);

const fight = (anaConditions: { id: string; source?: string }[]) => {
  const t = new TestTable(rs, { creatures: [ana({ initiative: 15, conditions: anaConditions }), ogre({ initiative: 10 })] });
  t.run({ type: 'startCombat' });
  return t;
};

describe('conditions defined by any module', () => {
  it('A5E-COND-27 A5E-MOVE-22 A5E-ACT-24 another module\'s condition halves speed, lowers AC, takes reactions and limits the turn', () => {
    const t = fight([{ id: 'hexed' }]);
    expect([speedOf(rs, t.state, 'ana'), rs.derivedNumbers!(t.state, 'ana')['speed']]).toEqual([15, 15]);
    expect(acStatistic(rs, t.state, 'ana').total).toBe(14);
    expect(acStatistic(rs, t.state, 'ana').rows.map((r) => [r.label, r.value, r.applied])).toEqual([['stat block AC', 16, true], ['hexed', -2, true]]);
    expect(actBlock(t.state, 'ana', 'reaction', rs)).toEqual({ code: 'cannot-take-reaction', message: 'Ana is hexed and cannot take reactions', ruleId: 'A5E-COND-27' });
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:2' });
    expect(economyRefusal(rs, t.state, 'ana', 'bonusAction')).toEqual({
      code: 'cannot-take-bonus-action', message: 'Ana (hexed) can take an action or a bonus action this turn, not both', ruleId: 'A5E-COND-27',
    });
    expect(attackLimitRefusal(rs, t.state, 'ana')).toEqual({ code: 'one-attack-per-turn', message: 'Ana is hexed and has already attacked this turn', ruleId: 'A5E-ACT-24' });
  });

  it('A5E-COND-7 A5E-COND-15 another module\'s condition names its source for the hostile-action and movement rules', () => {
    const t = fight([{ id: 'hexed', source: 'ogre' }]);
    expect(hostileActionBlock(t.state, 'ana', 'ogre', rs)).toMatchObject({ code: 'charmed', ruleId: 'A5E-COND-7' });
    expect(movementLimits(t.state, 'ana', rs).cannotApproach).toEqual(['ogre']);
  });

  it('A5E-COND-5 A5E-ATK-8 another module\'s condition that takes sight away gives its attacks disadvantage, named for it', () => {
    const t = fight([{ id: 'hooded' }]);
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:15 d20:2' });
    const test = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect(test.breakdown.rollMode.mode).toBe('disadvantage');
    expect(test.breakdown.rollMode.sources.filter((s) => s.applied).map((s) => [s.label, s.ruleId])).toEqual([['unseen target: Ana is hooded', 'A5E-ATK-8']]);
  });

  it('A5E-ENC-6 the flow module\'s surprised is seen by the conditions\' questions through the loaded ruleset', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15, conditions: [{ id: 'surprised' }] }), ogre({ initiative: 10 })] });
    t.run({ type: 'startCombat' });
    expect(actBlock(t.state, 'ana', 'action', a5eRuleset)).toEqual({ code: 'cannot-take-action', message: 'Ana is surprised and cannot take actions', ruleId: 'A5E-ENC-6' });
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'search' }, 'cannot-take-action');
  });
});
