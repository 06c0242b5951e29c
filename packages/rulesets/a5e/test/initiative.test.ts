import { describe, expect, it } from 'vitest';
import { joinCreature, type CreatureSetup, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset, type A5eModule } from '../src/index';
import { roundStartHook } from '../src/flow/phases';
import { act, ana, fight, goblin, ogre, rogue, rulesetWith, wolf } from './flow-fixtures';

/** A creature setup as a command field. */
const json = (c: CreatureSetup) => c as unknown as Json;
const order = (t: TestTable) => t.state.order.map((e) => [e.creatureId, e.total]);
const turns = (events: ReturnType<TestTable['run']>) => TestTable.ofType(events, 'TurnStarted').map((e) => `${e.round}:${e.creatureId}`);

describe('A5E initiative', () => {
  it('A5E-INIT-1 everyone makes a Dexterity check; turns run from the highest total down', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana(), ogre(), goblin('gob')] });
    const ev = t.run({ type: 'startCombat' }, { dice: 'd20:11 d20:15 d20:4' });
    expect(TestTable.ofType(ev, 'TestResolved').map((e) => [e.actor, e.breakdown.rows[0]!.label, e.breakdown.total, e.ruleId])).toEqual([
      ['ana', 'DEX check', 12, 'A5E-INIT-1'], ['ogre', 'DEX check', 14, 'A5E-INIT-1'], ['gob', 'DEX check', 6, 'A5E-INIT-1'],
    ]);
    expect(order(t)).toEqual([['ogre', 14], ['ana', 12], ['gob', 6]]);
  });

  it('A5E-INIT-2 the Narrator may call for another check, with a skill, for one participant', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana(), rogue(), goblin('gob')] });
    const ev = t.run({ type: 'a5e.rollInitiative', creatureId: 'rue', ability: 'wis', skill: 'perception' }, { dice: 'd20:10' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.total).toBe(13); // 10 + Wis 1 + proficiency 2
    t.rejects({ type: 'a5e.rollInitiative', creatureId: 'rue', ability: 'dex' }, 'initiative-already-rolled');
    const start = t.run({ type: 'startCombat' }, { dice: 'd20:11 d20:4' });
    expect(TestTable.ofType(start, 'TestResolved').map((e) => e.actor)).toEqual(['ana', 'gob']);
    expect(order(t)).toEqual([['rue', 13], ['ana', 12], ['gob', 6]]);
    t.rejects({ type: 'a5e.rollInitiative', creatureId: 'gob', ability: 'wis' }, 'not-in-setup');
  });

  it('A5E-INIT-3 tied participants roll a d20 each, highest first, again while still tied; totals stay', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana(), ogre(), goblin('gob')] });
    // ana 14, ogre 17, gob 14; roll-off ana 8, gob 13
    t.run({ type: 'startCombat' }, { dice: 'd20:13 d20:18 d20:12 d20:8 d20:13' });
    expect(order(t)).toEqual([['ogre', 17], ['gob', 14], ['ana', 14]]);
    const again = new TestTable(a5eRuleset, { creatures: [ana(), ogre(), goblin('gob')] });
    again.run({ type: 'startCombat' }, { dice: 'd20:13 d20:18 d20:12 d20:8 d20:8 d20:9 d20:3' });
    expect(order(again)).toEqual([['ogre', 17], ['ana', 14], ['gob', 14]]);
  });

  it('A5E-INIT-4 initiative with advantage rolls two d20s and keeps the higher', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana(), rogue()] });
    t.run({ type: 'a5e.grantInitiativeAdvantage', creatureIds: ['ana', 'rue'] });
    const named = t.run({ type: 'a5e.rollInitiative', creatureId: 'rue', ability: 'wis', skill: 'insight' }, { dice: 'd20:2 d20:9' });
    expect(TestTable.ofType(named, 'TestResolved')[0]!.breakdown.total).toBe(10);
    const start = t.run({ type: 'startCombat' }, { dice: 'd20:4 d20:16' });
    const roll = TestTable.ofType(start, 'TestResolved')[0]!;
    expect([roll.breakdown.dice, roll.breakdown.rollMode.mode, roll.breakdown.total]).toEqual(['2d20kh1', 'advantage', 17]);
    t.rejects({ type: 'a5e.grantInitiativeAdvantage', creatureIds: ['ana'] }, 'initiative-already-rolled');
  });

  it('A5E-INIT-5 a creature made by a world action acts on count 20: after those above, before those below, rolling off a tie', () => {
    const shadowPuppet: A5eModule = {
      id: 'test.shadow-puppet',
      hooks: [roundStartHook('worldAction', 'test.shadow', (ctx, p) => {
        if (p.round === 2) joinCreature(ctx, { ...goblin('shadow'), side: 'haze', initiative: 20 }, { ruleId: 'A5E-INIT-5' });
      })],
    };
    const t = new TestTable(rulesetWith(shadowPuppet), { creatures: [ana({ initiative: 25 }), ogre({ initiative: 20 }), goblin('gob', { initiative: 10 })] });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const round2 = t.run({ type: 'endTurn' }, { dice: 'd20:5 d20:12' }); // roll-off: ogre 5, shadow 12
    expect(order(t)).toEqual([['ana', 25], ['shadow', 20], ['ogre', 20], ['gob', 10]]);
    expect(turns(round2)).toEqual(['2:ana']);
    expect(turns(t.run({ type: 'endTurn' }))).toEqual(['2:shadow']);

    // Made after count 20 has passed this round: its first turn is next round.
    const late = fight();
    late.run({ type: 'endTurn' });
    late.run({ type: 'a5e.addCreature', creature: json({ ...goblin('shade'), initiative: 12 }) });
    expect(order(late)).toEqual([['ana', 15], ['shade', 12], ['ogre', 10], ['gob', 5]]);
    expect(turns(late.run({ type: 'endTurn' }))).toEqual(['1:gob']);
    expect(turns(late.run({ type: 'endTurn' }))).toEqual(['2:ana']);
    expect(turns(late.run({ type: 'endTurn' }))).toEqual(['2:shade']);
  });

  it('A5E-INIT-6 a controlled creature has no initiative of its own and acts on its controller\'s turn', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana(), ogre(), wolf('fang')] });
    t.run({ type: 'a5e.setController', creatureId: 'fang', controllerId: 'ana' });
    expect([t.creature('fang').controller, t.creature('fang').tags]).toEqual(['seat-ana', ['monster', 'no-initiative']]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:3' });
    expect(order(t)).toEqual([['ana', 16], ['ogre', 2]]);
    const asAna = { as: { role: 'player' as const, seat: 'seat-ana' } };
    t.rejects(act('fang', 'attack', ['ogre']), 'not-commanded', asAna);
    t.run(act('ana', 'command', ['fang']), asAna);
    t.run(act('fang', 'attack', ['ogre']), { ...asAna, dice: 'd20:10 d4:2 d4:3' });
    expect(t.creature('ogre').hp).toBe(59 - 5);
    t.run({ type: 'endTurn' });
    t.rejects(act('fang', 'attack', ['ogre']), 'not-your-turn');
    const back = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(back, 'ResourceSet').filter((e) => e.creatureId === 'fang').map((e) => [e.key, e.value])).toEqual([['action', 1], ['attacksMade', 0]]);
    expect(t.creature('fang').vars['a5e.commanded']).toBeUndefined();
  });

  it('A5E-INIT-7 a creature joining mid-encounter rolls, is seated, and first acts when its count next comes up', () => {
    const t = fight();
    t.run({ type: 'endTurn' }); // the ogre's turn
    const ev = t.run({ type: 'a5e.addCreature', creature: json(goblin('gob2')) }, { dice: 'd20:14' });
    expect(TestTable.ofType(ev, 'RuleApplied').filter((e) => e.ruleId === 'A5E-INIT-7').map((e) => e.text)).toEqual(['Goblin joins the encounter at initiative 16']);
    expect(order(t)).toEqual([['gob2', 16], ['ana', 15], ['ogre', 10], ['gob', 5]]);
    t.run({ type: 'endTurn' });
    expect(turns(t.run({ type: 'endTurn' }))).toEqual(['2:gob2']);
    t.rejects({ type: 'a5e.addCreature', creature: json(goblin('gob2')) }, 'duplicate-creature');
    const bad = t.rejects({ type: 'a5e.addCreature', creature: json({ ...goblin('gob3'), sheet: { ...(goblin('x').sheet as object), ac: 'high' } }) }, 'bad-stat-block');
    expect(bad.message).toBe('gob3: creature.sheet.ac: Invalid input: expected number, received string');
    t.run({ type: 'addCreature', creature: json({ ...goblin('gob4'), initiative: 1 }) });
    expect(order(t).at(-1)).toEqual(['gob4', 1]);
  });
});
