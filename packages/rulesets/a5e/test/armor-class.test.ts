import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import type { BreakdownRow, FrayEvent } from '@fray/engine';
import { a5eRuleset } from '../src/index';
import { ana, ogre } from './fixtures';
import { act, fight, grid, orc, pc } from './movement-fixtures';

// Issue 18 item 5: AC is a statistic explained like a roll, and no code deletes a breakdown row.
type Resolved = Extract<FrayEvent, { type: 'TestResolved' }>;
const resolved = (ev: readonly FrayEvent[]) => ev.filter((e): e is Resolved => e.type === 'TestResolved');
const base = (label: string, value: number, source: string): BreakdownRow => ({ id: 'base', label, value, type: 'base', source, applied: true });
const instances = (t: TestTable, id: string, conditionId: string) => t.creature(id).conditions.filter((c) => c.conditionId === conditionId).map((c) => c.instanceId);

describe('A5E armor class as a statistic', () => {
  it('A5E-COND-1 A5E-COND-27 slowed from two sources: AC shows both rows, the second suppressed by the first; 11 - 2 = 9', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 20 }), ogre({ initiative: 5, conditions: [{ id: 'slowed', source: 'ana' }, { id: 'slowed', source: 'gm' }] })] });
    const [first, second] = instances(t, 'ogre', 'slowed');
    const rows: BreakdownRow[] = [
      base('stat block AC', 11, 'ogre'),
      { id: 'slowed', label: 'slowed', value: -2, type: 'untyped', source: first!, applied: true, ruleId: 'A5E-COND-27' },
      { id: 'slowed', label: 'slowed', value: -2, type: 'untyped', source: second!, applied: false, reason: 'suppressed', by: 'slowed', ruleId: 'A5E-COND-27' },
    ];
    expect(a5eRuleset.statistics!(t.state, 'ogre')['ac']).toEqual({ label: 'AC', total: 9, rows });
    expect(a5eRuleset.derivedNumbers!(t.state, 'ogre')['ac']).toBe(9);
    t.run({ type: 'startCombat' });
    const attack = resolved(t.run(act('ana', 'attack', ['ogre']), { dice: 'd20:3' }))[0]!;
    expect([attack.against, attack.againstRows, attack.outcome]).toEqual([{ label: 'AC', value: 9 }, rows, 'miss']);
  });

  it('A5E-COND-1 A5E-COND-12 enervated from two sources: the attack roll keeps both rows, the second suppressed; 10 + 5 - 2 = 13', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 20, conditions: [{ id: 'enervated', source: 'ogre' }, { id: 'enervated', source: 'gm' }] }), ogre({ initiative: 5 })] });
    const [first, second] = instances(t, 'ana', 'enervated');
    t.run({ type: 'startCombat' });
    const attack = resolved(t.run(act('ana', 'attack', ['ogre']), { dice: 'd20:10 d8:4' }))[0]!;
    expect(attack.breakdown.rows).toEqual([
      base('Longsword', 5, 'ana'),
      { id: 'enervated', label: 'enervated', value: -2, type: 'untyped', source: first!, applied: true, ruleId: 'A5E-COND-12' },
      { id: 'enervated', label: 'enervated', value: -2, type: 'untyped', source: second!, applied: false, reason: 'suppressed', by: 'enervated', ruleId: 'A5E-COND-12' },
    ]);
    expect([attack.breakdown.total, attack.outcome]).toEqual([13, 'hit']);
  });

  it('A5E-ATK-2 A5E-COVER-4 an attack records the AC it had to reach with the cover this attacker faces: 13 + 5 = 18', () => {
    const t = fight([pc('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), { 'a5e.dropProneReaction': 'off' });
    t.run({ type: 'a5e.setCover', target: 'orc', from: 'ana', degree: 'three-quarters' });
    const attack = resolved(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:2' }))[0]!;
    expect([attack.against, attack.againstRows]).toEqual([{ label: 'AC (three-quarters cover +5)', value: 18 }, [
      base('stat block AC', 13, 'orc'),
      { id: 'cover', label: 'three-quarters cover', value: 5, type: 'cover', source: 'a5e.cover', applied: true, ruleId: 'A5E-COVER-4' },
    ]]);
    // cover is the attacker's: the creature's own AC (its derived number) leaves it out
    expect(a5eRuleset.statistics!(t.state, 'orc')['ac']!.rows).toEqual([base('stat block AC', 13, 'orc')]);
  });
});
