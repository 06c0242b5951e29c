import { describe, expect, it } from 'vitest';
import { ftdRuleset, speedOf } from '../src/index';
import { TestTable, brenna, brennaSheet, gob, grid, sheetWith, table } from './fixtures';

/** The seed's own worked examples, played exactly as written. */
describe("the seed's worked examples", () => {
  it('FTD-LOAD-3 a 10 STR, 30 ft PC carrying 11 load moves 25 ft: five squares, not six', () => {
    const pc = brenna({ sheet: sheetWith(brennaSheet(), { abilities: { str: 10, dex: 15, con: 12, int: 10, wis: 13, cha: 8 }, speed: 30, load: 11, coins: 0 }) });
    const t = table([pc, gob()], { space: grid({ brenna: [0, 0], gob: [20, 20] }) });
    t.run({ type: 'startCombat' });
    expect(speedOf(ftdRuleset, t.creature('brenna'))).toBe(25);
    t.rejects({ type: 'move', creatureId: 'brenna', to: { x: 6, y: 0 } }, 'too-far');
    t.run({ type: 'move', creatureId: 'brenna', to: { x: 5, y: 0 } });
    expect(t.creature('brenna').resources).toMatchObject({ movement: 0, moveFeet: 0 });
  });

  it('FTD-CHASE-6 a 40 ft scout fleeing through a thicket: DC 13 DEX at disadvantage; a 4 lets it elude capture', () => {
    const scout = gob('scout', { sheet: sheetWith(gob().sheet as Record<string, never>, { name: 'Scout', speed: 40 }) });
    const t = table([brenna(), scout]);
    const ev = t.run({ type: 'ftd.chase', creatureIds: ['brenna'], otherIds: ['scout'], terrain: 'uneven', mode: 'disadvantage' }, { dice: 'd20:17 d20:2' });
    const check = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect(check.against).toEqual({ label: 'chase DC', value: 13 });
    expect(check.breakdown.rows[0]).toMatchObject({ label: 'DEX mod', value: 2 });
    expect(check.breakdown.rollMode.mode).toBe('disadvantage');
    expect([check.breakdown.natural, check.breakdown.total, check.outcome]).toEqual([2, 4, 'failure']);
    expect(t.creature('brenna').vars['ftd.chase']).toBe('lost the quarry');
  });
});
