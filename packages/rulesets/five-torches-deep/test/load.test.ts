import { describe, expect, it } from 'vitest';
import { ftdRuleset, speedOf, coinLoad } from '../src/index';
import { TestTable, brenna, brennaSheet, gob, grid, sheetWith, table } from './fixtures';

const carrier = (str: number, load: number, coins = 0) => brenna({ sheet: sheetWith(brennaSheet(), { abilities: { str, dex: 15, con: 12, int: 10, wis: 13, cha: 8 }, load, coins }) });

function onGrid(c = brenna()) {
  const t = table([c, gob()], { space: grid({ brenna: [0, 0], gob: [20, 20] }) });
  t.run({ type: 'startCombat' });
  return t;
}

describe('LOAD: speed and load', () => {
  it('FTD-LOAD-1 base speed 30 ft per movement action', () => {
    const t = onGrid();
    expect(speedOf(ftdRuleset, t.creature('brenna'))).toBe(30);
    t.rejects({ type: 'move', creatureId: 'brenna', to: { x: 7, y: 0 } }, 'too-far');
    t.run({ type: 'move', creatureId: 'brenna', to: { x: 6, y: 0 } });
    expect(t.creature('brenna').resources['movement']).toBe(0);
  });

  it('FTD-LOAD-2 climbing is half speed: 15 ft at 30, 10 ft at 25', () => {
    const t = onGrid();
    t.rejects({ type: 'move', creatureId: 'brenna', to: { x: 4, y: 0, mode: 'climb' } }, 'too-far');
    const ev = t.run({ type: 'move', creatureId: 'brenna', to: { x: 3, y: 0, mode: 'climb' } });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]!.ruleId).toBe('FTD-LOAD-2');
    const slow = onGrid(carrier(10, 11));
    slow.run({ type: 'move', creatureId: 'brenna', to: { x: 2, y: 0, mode: 'climb' } });
    slow.rejects({ type: 'move', creatureId: 'brenna', to: { x: 3, y: 0, mode: 'climb' } }, 'too-far');
  });

  it('FTD-LOAD-2 difficult terrain halves speed too', () => {
    const t = table([brenna(), gob()], { space: grid({ brenna: [0, 0], gob: [20, 20] }, [[4, 0]]) });
    t.run({ type: 'startCombat' });
    t.rejects({ type: 'move', creatureId: 'brenna', to: { x: 4, y: 0 } }, 'too-far');
  });

  it('FTD-LOAD-3 each load over STR costs 5 ft and any overload means disadvantage on every check', () => {
    const t = table([carrier(10, 11)]);
    expect(speedOf(ftdRuleset, t.creature('brenna'))).toBe(25);
    expect(speedOf(ftdRuleset, table([carrier(12, 14)]).creature('brenna'))).toBe(20);
    expect(speedOf(ftdRuleset, table([carrier(12, 12)]).creature('brenna'))).toBe(30);
    const ev = t.run({ type: 'ftd.check', creatureId: 'brenna', ability: 'dex', dc: 10 }, { dice: 'd20:12 d20:6' });
    const c = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect(c.breakdown.rollMode.sources[0]).toMatchObject({ mode: 'disadvantage', ruleId: 'FTD-LOAD-3', applied: true });
    expect(c.breakdown.natural).toBe(6);
  });

  it('FTD-LOAD-4 at 0 ft the creature cannot move, but may still trade movement for a quick action', () => {
    const t = onGrid(carrier(8, 14));
    expect(speedOf(ftdRuleset, t.creature('brenna'))).toBe(0);
    expect(speedOf(ftdRuleset, table([carrier(8, 15)]).creature('brenna'))).toBe(0);
    t.rejects({ type: 'move', creatureId: 'brenna', to: { x: 1, y: 0 } }, 'immobile');
    t.run({ type: 'ftd.tradeDown', creatureId: 'brenna', from: 'movement', to: 'quick' });
    expect(t.creature('brenna').resources['quick']).toBe(2);
  });

  it('FTD-RESIL-5 an exhausted creature at speed 0 is refused for its exhaustion, not its load', () => {
    const t = onGrid();
    t.run({ type: 'ftd.exhaust', creatureId: 'brenna', cause: 'poison' });
    expect(speedOf(ftdRuleset, t.creature('brenna'))).toBe(0);
    const err = t.rejects({ type: 'move', creatureId: 'brenna', to: { x: 1, y: 0 } }, 'immobile');
    expect(err.message).toBe('Brenna is exhausted: speed 0 ft');
    expect(err.ruleId).toBe('FTD-RESIL-5');
    const loaded = onGrid(carrier(8, 14));
    expect(loaded.rejects({ type: 'move', creatureId: 'brenna', to: { x: 1, y: 0 } }, 'immobile').message).toBe('Brenna carries so much that its speed is 0 ft: drop some load');
  });

  it('FTD-LOAD-5 coins count: 500 to a load, any part of 500 a whole load', () => {
    expect([coinLoad(0), coinLoad(1), coinLoad(500), coinLoad(501), coinLoad(1200)]).toEqual([0, 1, 1, 2, 3]);
    const t = table([carrier(10, 8, 1200)]);
    expect(speedOf(ftdRuleset, t.creature('brenna'))).toBe(25);
    const ev = t.run({ type: 'ftd.setLoad', creatureId: 'brenna', coins: 400 });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]).toMatchObject({ ruleId: 'FTD-LOAD-5', text: 'Brenna carries 9 load (1 of it coins) against STR 10: speed 30 ft' });
    expect(speedOf(ftdRuleset, t.creature('brenna'))).toBe(30);
  });
});
