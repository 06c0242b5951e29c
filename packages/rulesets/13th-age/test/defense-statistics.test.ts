import { describe, expect, it } from 'vitest';
import { thirteenthAgeRuleset as R } from '../src/index';
import { brute, kira, ofType, ostin, table } from './fixtures';

// Issue 18 item 5: AC, PD and MD are statistics explained like a roll; an attack records the rows of the defense it was against.
describe('defenses as statistics', () => {
  it('13A-DEF-1 13A-ATK-4 a spell against a monster\'s PD records the stat block\'s PD as its row: 16', () => {
    const t = table([ostin(), brute()]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:1' });
    const test = ofType(t.run({ type: 'takeAction', actorId: 'ostin', action: 'ember-dart', targets: ['brute'] }, { dice: 'd20:3' }), 'TestResolved')[0]!;
    expect([test.against, test.againstRows]).toEqual([{ label: 'PD', value: 16 }, [
      { id: 'base', label: 'PD (stat block)', value: 16, type: 'base', source: 'brute', applied: true, ruleId: '13A-DEF-1' },
    ]]);
  });

  it('13A-DEF-2 13A-DEF-6 13A-DEF-7 13A-COND-10 a weakened PC: AC from its middle score and level, the penalty row; 17 - 4 = 13', () => {
    const t = table([kira(), brute()]);
    t.run({ type: 'gm.addCondition', creatureId: 'kira', conditionId: 'weakened' });
    const inst = t.creature('kira').conditions[0]!.instanceId;
    const ac = R.statistics!(t.state, 'kira')['ac']!;
    expect(ac).toEqual({ label: 'AC', total: 13, rows: [
      { id: 'base', label: 'AC: middle score 14 + level 3', value: 17, type: 'base', source: 'kira', applied: true, ruleId: '13A-DEF-2' },
      { id: 'weakened', label: 'weakened', value: -4, type: 'condition', source: inst, applied: true, ruleId: '13A-COND-10' },
    ] });
    const stats = R.statistics!(t.state, 'kira');
    expect(Object.fromEntries(Object.entries(stats).map(([k, s]) => [k, s.total]))).toEqual({ ac: 13, pd: 13, md: 9 });
    expect([stats['pd']!.rows[0]!.ruleId, stats['md']!.rows[0]!.ruleId]).toEqual(['13A-DEF-3', '13A-DEF-4']);
  });
});
