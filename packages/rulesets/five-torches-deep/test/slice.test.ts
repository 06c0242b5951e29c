import { describe, expect, it } from 'vitest';
import { TestTable, fight } from './fixtures';

describe('vertical slice: DEX order, a natural 20, 0 HP, stabilize, injury', () => {
  it('FTD-INIT-1 FTD-CRIT-1 FTD-DEATH-1 FTD-DEATH-3 FTD-INJURY-4 a PC crit down by a gob is stabilized and rolls an injury', () => {
    const t = fight();
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['brenna', 15], ['gob', 12], ['odo', 9]]);
    t.run({ type: 'endTurn' });
    const hit = t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['odo'] }, { dice: 'd20:20 d6:4' });
    expect(TestTable.ofType(hit, 'TestResolved')[0]!.outcome).toBe('crit');
    expect(TestTable.ofType(hit, 'DamageApplied')[0]!.total).toBe(8);
    expect(t.creature('odo').hp).toBe(0);
    expect(t.creature('odo').status).toBe('dying');
    expect(t.creature('odo').conditions.map((c) => c.conditionId)).toEqual(['incapacitated']);
    t.run({ type: 'endTurn' });
    // Odo is dying: the round turns over to Brenna.
    expect(t.state.round).toBe(2);
    const st = t.run({ type: 'takeAction', actorId: 'brenna', action: 'stabilize', targets: ['odo'] }, { dice: 'd20:8 d20:16' });
    const check = TestTable.ofType(st, 'TestResolved')[0]!;
    expect(check.breakdown.total).toBe(11);
    expect(check.outcome).toBe('success');
    expect(t.creature('odo').hp).toBe(1);
    expect(t.creature('odo').status).toBe('conscious');
    expect(t.creature('odo').conditions.map((c) => c.conditionId)).toEqual(['injured']);
  });
});
