import { describe, expect, it } from 'vitest';
import { ftdRuleset } from '../src/index';
import { brenna, odo, table } from './fixtures';
import { TestTable, campaign, said } from './campaign-fixtures';

const checkOf = (events: ReturnType<TestTable['run']>) => TestTable.ofType(events, 'TestResolved')[0]!;

describe('commands the rules allow in a fight and between fights alike', () => {
  it('FTD-CHECK-2 a check between fights is rolled as in a fight: d20 + mod + PB against the DC', () => {
    const t = campaign({ creatures: [odo()] });
    const c = checkOf(t.run({ type: 'ftd.check', creatureId: 'odo', ability: 'wis', dc: 13, label: 'the old map' }, { dice: 'd20:8' }));
    expect([c.breakdown.total, c.outcome]).toEqual([13, 'success']);
  });

  it('FTD-TRAP-1 a trap sprung while exploring, not in a fight: the check, then the damage on a failure', () => {
    const t = campaign({ creatures: [brenna()] });
    const ev = t.run({ type: 'ftd.springTrap', creatureIds: ['brenna'], trap: { name: 'swinging blade', foreshadowing: 'a groove worn in the floor', ability: 'dex', dc: 14, damage: '1d6' } }, { dice: 'd20:7 d6:3' });
    expect(said(ev, 'FTD-TRAP-4')).toEqual(['mundane trap sprung: swinging blade']);
    expect(checkOf(ev).outcome).toBe('failure');
    expect(t.creature('brenna').hp).toBe(t.creature('brenna').maxHp - 3);
  });

  it('FTD-LOAD-3 picking up loot between fights: one load over STR 16 costs 5 ft of speed', () => {
    const t = campaign({ creatures: [brenna()] });
    t.run({ type: 'ftd.setLoad', creatureId: 'brenna', load: 17 });
    expect(ftdRuleset.derivedNumbers!(t.state, 'brenna')).toEqual({ ac: 15, speed: 25, load: 17, loadLimit: 16 });
  });

  it('FTD-HEAL-8 weeks of recovery between fights bring a lost ability point back', () => {
    const t = campaign({ creatures: [brenna({ vars: { abilities: { str: 14, dex: 14, con: 14, int: 10, wis: 12, cha: 8 } } })] });
    const ev = t.run({ type: 'ftd.recover', creatureId: 'brenna', ability: 'str', weeks: 1 });
    expect(said(ev, 'FTD-HEAL-8')).toEqual(['Brenna recovers STR 14 → 15']);
  });

  it('FTD-LOAD-1 the derived numbers: AC, speed after load (FTD-LOAD-3) and exhaustion (FTD-RESIL-5), load with 501 coins counting 2 (FTD-LOAD-5)', () => {
    const t = table([brenna({ vars: { coins: 501 } })]);
    expect(ftdRuleset.derivedNumbers!(t.state, 'brenna')).toEqual({ ac: 15, speed: 30, load: 12, loadLimit: 16 });
    t.run({ type: 'gm.addCondition', creatureId: 'brenna', conditionId: 'exhausted' });
    expect(ftdRuleset.derivedNumbers!(t.state, 'brenna').speed).toBe(0);
  });
});
