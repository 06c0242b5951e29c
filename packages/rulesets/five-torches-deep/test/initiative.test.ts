import { describe, expect, it } from 'vitest';
import { TestTable, brenna, fight, gob, odo, table } from './fixtures';

const order = (t: TestTable) => t.state.order.map((e) => e.creatureId);

describe('INIT: initiative', () => {
  it('FTD-INIT-1 no roll: the DEX score sets the order, highest first', () => {
    const t = table([odo(), gob(), brenna()]);
    const ev = t.run({ type: 'startCombat' });
    expect(TestTable.ofType(ev, 'DiceRolled')).toHaveLength(0);
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['brenna', 15], ['gob', 12], ['odo', 9]]);
  });

  it('FTD-INIT-2 the order is the same every round', () => {
    const t = fight();
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      seen.push(t.state.order[t.state.turnIndex]!.creatureId);
      t.run({ type: 'endTurn' });
    }
    expect(seen).toEqual(['brenna', 'gob', 'odo', 'brenna', 'gob', 'odo']);
  });

  it('FTD-INIT-2 an ambushing side takes its turns first in round 1, then the DEX order returns', () => {
    const t = table([brenna(), gob(), odo(), gob('gob2')]);
    t.run({ type: 'ftd.declareAmbush', side: 'foes' });
    t.run({ type: 'startCombat' }, { dice: 'd20:10 d20:4' });
    expect(order(t)).toEqual(['gob', 'gob2', 'brenna', 'odo']);
    for (let i = 0; i < 4; i++) t.run({ type: 'endTurn' });
    expect(t.state.round).toBe(2);
    expect(order(t)).toEqual(['brenna', 'gob', 'gob2', 'odo']);
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('brenna');
    t.rejects({ type: 'ftd.declareAmbush', side: 'foes' }, 'already-started');
  });

  it('FTD-INIT-3 delaying moves a creature later for good, never earlier', () => {
    const t = fight();
    t.rejects({ type: 'ftd.delay', creatureId: 'brenna', after: 'brenna' }, 'cannot-delay-earlier');
    t.run({ type: 'ftd.delay', creatureId: 'brenna', after: 'odo' });
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('gob');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('brenna');
    expect(order(t)).toEqual(['gob', 'odo', 'brenna']);
    t.run({ type: 'endTurn' });
    expect(t.state.round).toBe(2);
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('gob');
    t.rejects({ type: 'ftd.delay', creatureId: 'gob', after: 'gob' }, 'cannot-delay-earlier');
  });

  it('FTD-INIT-4 equal DEX scores roll off once with a d20; the winner goes first all fight', () => {
    const t = table([gob('a'), gob('b')]);
    const ev = t.run({ type: 'startCombat' }, { dice: 'd20:7 d20:16' });
    expect(TestTable.ofType(ev, 'DiceRolled').map((d) => d.purpose)).toEqual(['initiative tie-break', 'initiative tie-break']);
    expect(order(t)).toEqual(['b', 'a']);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(order(t)).toEqual(['b', 'a']);
  });
});
