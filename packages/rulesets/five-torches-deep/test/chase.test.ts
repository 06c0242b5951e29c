import { describe, expect, it } from 'vitest';
import { chaseDc } from '../src/index';
import { TestTable, brenna, gob, odo, table, tusk } from './fixtures';

const tests = (ev: ReturnType<TestTable['run']>) => TestTable.ofType(ev, 'TestResolved');
const party = () => table([brenna(), odo(), gob('scout', { sheet: { ...(gob().sheet as object), speed: 40 } }), tusk()]);

describe('CHASE: chases', () => {
  it('FTD-CHASE-1 the GM names the ground: open is STR, uneven DEX', () => {
    const t = party();
    t.run({ type: 'ftd.chase', creatureIds: ['brenna'], otherIds: ['scout'] });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.chase.terrain', to: { role: 'gm' } });
    const ev = t.answer('ftd.chase.terrain', 'uneven', { dice: 'd20:11' });
    expect(tests(ev)[0]!.breakdown.rows[0]).toMatchObject({ label: 'DEX mod', value: 2 });
  });

  it('FTD-CHASE-2 DC 11 at 30 ft, one per 5 ft either way', () => {
    expect([15, 20, 25, 30, 35, 40, 45, 50, 60, 33].map(chaseDc)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 17, 11]);
    const t = party();
    const ev = t.run({ type: 'ftd.chase', creatureIds: ['brenna'], otherIds: ['scout'], terrain: 'open' }, { dice: 'd20:8' });
    expect(tests(ev)[0]!.against).toEqual({ label: 'chase DC', value: 13 });
  });

  it('FTD-CHASE-3 only closing to bow range lowers the DC by 2', () => {
    const t = party();
    const ev = t.run({ type: 'ftd.chase', creatureIds: ['brenna'], speed: 40, terrain: 'open', bowRange: true }, { dice: 'd20:8' });
    expect(tests(ev)[0]!.against!.value).toBe(11);
    expect(TestTable.ofType(ev, 'RuleApplied')[0]).toMatchObject({ ruleId: 'FTD-CHASE-3', text: 'chase DC 11 (40 ft → DC 13, bow range -2)' });
  });

  it('FTD-CHASE-4 the party chooses: each rolls, or the worst modifier rolls for all', () => {
    const t = party();
    t.run({ type: 'ftd.chase', creatureIds: ['brenna', 'odo'], speed: 30, terrain: 'uneven' });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'ftd.chase.grouping', to: { role: 'player', seat: 'seat-brenna' }, default: 'individual' });
    const ev = t.answer('ftd.chase.grouping', 'group', { dice: 'd20:12' });
    expect(tests(ev).map((x) => [x.actor, x.breakdown.total])).toEqual([['odo', 11]]);
    expect(t.creature('brenna').vars['ftd.chase']).toBe('caught the quarry');
  });

  it('FTD-CHASE-5 success catches the quarry, failure loses it', () => {
    const t = party();
    const ev = t.run({ type: 'ftd.chase', creatureIds: ['brenna', 'odo'], speed: 30, terrain: 'open', grouping: 'individual' }, { dice: 'd20:6 d20:5' });
    expect(TestTable.ofType(ev, 'RuleApplied').slice(1).map((r) => r.text)).toEqual(['Brenna: caught the quarry', 'Odo: lost the quarry']);
  });

  it('FTD-CHASE-6 a quarry that can break line of sight means disadvantage: the scout in the thicket gets away', () => {
    const t = party();
    const ev = t.run({ type: 'ftd.chase', creatureIds: ['brenna'], otherIds: ['scout'], terrain: 'uneven', mode: 'disadvantage' }, { dice: 'd20:17 d20:2' });
    expect(tests(ev)[0]!.breakdown.total).toBe(4);
    expect(t.creature('brenna').vars['ftd.chase']).toBe('lost the quarry');
  });

  it('FTD-CHASE-7 each stalling trick adds 2 to the DC', () => {
    const t = party();
    const ev = t.run({ type: 'ftd.chase', creatureIds: ['brenna'], speed: 30, terrain: 'open', stalls: 2 }, { dice: 'd20:9' });
    expect(tests(ev)[0]!.against!.value).toBe(15);
  });

  it("FTD-CHASE-8 long chases use CON; outmanoeuvring a force uses the commander's CHA or the enemy's morale", () => {
    const t = party();
    const con = t.run({ type: 'ftd.chase', creatureIds: ['brenna'], speed: 30, terrain: 'endurance' }, { dice: 'd20:9' });
    expect(tests(con)[0]!.breakdown.rows[0]!.label).toBe('CON mod');
    const cha = t.run({ type: 'ftd.chase', creatureIds: ['odo', 'brenna'], speed: 30, terrain: 'command' }, { dice: 'd20:9' });
    expect(tests(cha).map((x) => [x.actor, x.breakdown.rows[0]!.label])).toEqual([['odo', 'CHA mod']]);
    const morale = t.run({ type: 'ftd.chase', creatureIds: ['brenna'], otherIds: ['tusk'], terrain: 'morale' }, { dice: 'd20:15' });
    expect(tests(morale)[0]).toMatchObject({ kind: 'morale', actor: 'tusk' });
  });

  it('FTD-CHASE-9 fleeing runs it in reverse: 35 ft wolves on open ground are DC 12 STR to escape', () => {
    const t = party();
    const ev = t.run({ type: 'ftd.chase', creatureIds: ['brenna'], direction: 'flee', speed: 35, terrain: 'open' }, { dice: 'd20:7' });
    expect(tests(ev)[0]).toMatchObject({ against: { value: 12 }, outcome: 'success', ruleId: 'FTD-CHASE-9' });
    expect(t.creature('brenna').vars['ftd.chase']).toBe('escaped');
  });
});
