import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { ftdRuleset } from '../src/index';
import { brennaSheet, fight } from './fixtures';

// Issue 18 item 5: AC is a statistic explained like a roll; an attack records the rows of the AC it was against.
describe('Five Torches Deep AC as a statistic', () => {
  it('FTD-ATK-1 an attack records the stat block AC it had to reach as its one row', () => {
    const t = fight();
    const ev = t.run({ type: 'takeAction', actorId: 'brenna', action: 'attack', targets: ['gob'] }, { dice: 'd20:2' });
    const test = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect([test.against, test.againstRows]).toEqual([{ label: 'AC', value: 12 }, [{ id: 'base', label: 'stat block AC', value: 12, type: 'base', source: 'gob', applied: true }]]);
    const ac = ftdRuleset.statistics!(t.state, 'brenna')['ac']!;
    expect(ac).toEqual({ label: 'AC', total: brennaSheet().ac, rows: [{ id: 'base', label: 'stat block AC', value: brennaSheet().ac, type: 'base', source: 'brenna', applied: true }] });
    expect(ftdRuleset.derivedNumbers!(t.state, 'brenna')['ac']).toBe(ac.total);
  });
});
