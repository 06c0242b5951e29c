import { describe, expect, it } from 'vitest';
import { createGridSpace, placeCreature, type FrayEvent, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset, type A5eModule } from '../src/index';
import { roundStartHook, turnEndHook, turnStartHook } from '../src/flow/phases';
import { act, ana, fight, goblin, ogre, rulesetWith } from './flow-fixtures';

const rules = (events: FrayEvent[], ruleId: string) => TestTable.ofType(events, 'RuleApplied').filter((e) => e.ruleId === ruleId);
const conditionIds = (t: TestTable, id: string) => t.creature(id).conditions.map((c) => c.conditionId);

describe('A5E encounter set-up and surprise', () => {
  it('A5E-ENC-1 the Narrator starts Turn-Based Action and the reason is recorded', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 })] });
    const ev = t.run({ type: 'a5e.beginEncounter', reason: 'hostile-action', note: 'the ogre charges' });
    expect(t.state.vars['a5e.encounterReason']).toEqual({ reason: 'hostile-action', note: 'the ogre charges' });
    expect(rules(ev, 'A5E-ENC-1').map((e) => e.text)).toEqual(['Turn-Based Action begins: hostile action (the ogre charges)']);
    expect([t.state.phase, t.state.round]).toEqual(['combat', 1]);
  });

  it('A5E-ENC-2 set-up, then initiative rounds, until the Narrator ends it', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 })] });
    expect(t.state.phase).toBe('setup');
    t.rejects(act('ana', 'dodge'), 'not-your-turn');
    t.run({ type: 'a5e.beginEncounter', reason: 'competition' });
    expect(t.state.phase).toBe('combat');
    t.rejects({ type: 'a5e.beginEncounter', reason: 'competition' }, 'not-in-setup');
    t.run({ type: 'gm.endEncounter', reason: 'the ogre flees' });
    expect([t.state.phase, t.state.endedReason]).toEqual(['ended', 'the ogre flees']);
    t.rejects(act('ana', 'dodge'), 'encounter-ended');
  });

  it('A5E-ENC-3 set-up records the active elements and known world bonuses', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 }), goblin('gob', { initiative: 3 })] });
    const ev = t.run({ type: 'a5e.setScene', activeElements: ['a rickety rope bridge'], worldBonuses: ['high ground on the ridge'] });
    expect(t.state.vars['a5e.scene']).toEqual({ activeElements: ['a rickety rope bridge'], worldBonuses: ['high ground on the ridge'] });
    expect(rules(ev, 'A5E-ENC-3')[0]!.text).toBe('set-up: 3 participants, round of 6 s');
    t.run({ type: 'startCombat' });
    t.rejects({ type: 'a5e.setScene', notes: 'too late' }, 'not-in-setup');
  });

  it('A5E-ENC-4 a 1-minute effect lasts one round when rounds are a minute, ten when they are 6 seconds; other lengths are refused', () => {
    const make = (roundSeconds?: number) => {
      const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 })], ...(roundSeconds ? { options: { roundSeconds } } : {}) });
      t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'blinded', duration: { kind: 'gameTime', seconds: 60 } });
      return t;
    };
    const minute = make(60);
    minute.run({ type: 'startCombat' });
    minute.run({ type: 'endTurn' });
    const round2 = minute.run({ type: 'endTurn' });
    expect([minute.state.round, minute.state.clockSeconds]).toEqual([2, 60]);
    expect(TestTable.ofType(round2, 'ConditionRemoved').map((e) => [e.conditionId, e.reason])).toEqual([['blinded', 'time ran out']]);

    const six = make();
    six.run({ type: 'startCombat' });
    for (let i = 0; i < 18; i++) six.run({ type: 'endTurn' });
    expect([six.state.round, six.state.clockSeconds, conditionIds(six, 'ana')]).toEqual([10, 54, ['blinded']]);
    six.run({ type: 'endTurn' });
    six.run({ type: 'endTurn' });
    expect([six.state.round, conditionIds(six, 'ana')]).toEqual([11, []]);

    const odd = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 })], options: { roundSeconds: 30 } });
    expect(odd.rejects({ type: 'startCombat' }, 'bad-round-length').ruleId).toBe('A5E-ENC-4');
  });

  it('A5E-ENC-5 hiders\' Stealth totals against passive Perception: surprised only if no hostile was noticed; a tie is noticed', () => {
    // ana's passive Perception is 11; goblins roll Dex (Stealth) +2.
    const noticed = new TestTable(a5eRuleset, { creatures: [ana(), goblin('g1'), goblin('g2')] });
    noticed.run({ type: 'a5e.setSurprise', stealthy: ['g1', 'g2'] }, { dice: 'd20:10 d20:8' });
    expect(noticed.state.vars['a5e.surprise']).toEqual({ stealthy: ['g1', 'g2'], surprised: [] });
    expect([noticed.creature('g1').vars['a5e.hidden'], noticed.creature('g2').vars['a5e.hidden']]).toEqual([{ stealth: 12, from: ['ana'] }, undefined]);

    const ambushed = new TestTable(a5eRuleset, { creatures: [ana(), goblin('g1'), goblin('g2')] });
    ambushed.run({ type: 'a5e.setSurprise', stealthy: ['g1', 'g2'] }, { dice: 'd20:10 d20:11' });
    expect(conditionIds(ambushed, 'ana')).toEqual(['surprised']);
    expect([conditionIds(ambushed, 'g1'), conditionIds(ambushed, 'g2')]).toEqual([[], []]);

    const tie = new TestTable(a5eRuleset, { creatures: [ana(), goblin('g1')] });
    tie.run({ type: 'a5e.setSurprise', stealthy: ['g1'] }, { dice: 'd20:9' });
    expect(conditionIds(tie, 'ana')).toEqual([]);
    tie.rejects({ type: 'a5e.setSurprise', stealthy: [] }, 'surprise-already-set');
  });

  it('A5E-ENC-6 surprised: no move or action on its first turn, no reaction until that turn ends; bonus actions allowed unless the option says', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana(), goblin('g1'), goblin('g2')] });
    t.run({ type: 'a5e.setSurprise', stealthy: ['g1', 'g2'], totals: { g1: 15, g2: 14 } });
    t.run({ type: 'startCombat' }, { dice: 'd20:9' });
    expect(t.state.order.map((e) => e.creatureId)).toEqual(['g1', 'g2', 'ana']);
    const reaction = act('ana', 'cast-spell', [], { spell: 'shield', castingTime: 'reaction' });
    expect(t.rejects(reaction, 'cannot-take-reaction').ruleId).toBe('A5E-ENC-6');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(t.creature('ana').resources['movementFeet']).toBe(0);
    expect(t.rejects(act('ana', 'dash'), 'cannot-take-action').ruleId).toBe('A5E-ENC-6');
    t.run(act('ana', 'tumble', ['g1'], { cost: 'bonusAction' }), { preAnswers: { 'a5e.letPass': 'let-pass' } });
    expect(t.creature('ana').resources['bonusAction']).toBe(0);
    const end = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(end, 'ConditionRemoved').map((e) => e.conditionId)).toContain('surprised');
    t.run(reaction);
    expect(t.creature('ana').resources['reaction']).toBe(0);

    const strict = new TestTable(a5eRuleset, { creatures: [ana(), goblin('g1')], options: { surpriseBlocksBonusAction: true } });
    strict.run({ type: 'a5e.setSurprise', stealthy: ['g1'], totals: { g1: 15 } });
    strict.run({ type: 'startCombat' }, { dice: 'd20:9' });
    strict.run({ type: 'endTurn' });
    expect(strict.rejects(act('ana', 'tumble', ['g1'], { cost: 'bonusAction' }), 'cannot-take-bonus-action').ruleId).toBe('A5E-ENC-6');
  });

  it('A5E-ENC-7 nobody surprised, but the instigators roll initiative with advantage', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana(), goblin('g1')] });
    const ev = t.run({ type: 'a5e.grantInitiativeAdvantage', side: 'foes' });
    expect(rules(ev, 'A5E-ENC-7')).toHaveLength(1);
    const start = t.run({ type: 'startCombat' }, { dice: 'd20:10 d20:3 d20:15' });
    const goblinRoll = TestTable.ofType(start, 'TestResolved').find((e) => e.actor === 'g1')!;
    expect([goblinRoll.breakdown.rollMode.mode, goblinRoll.breakdown.total]).toEqual(['advantage', 17]);
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['g1', 17], ['ana', 11]]);
    expect(conditionIds(t, 'ana')).toEqual([]);
  });

  it('A5E-ENC-8 with nobody sneaking there is no surprise step: straight to initiative', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana(), goblin('g1')] });
    const start = t.run({ type: 'startCombat' }, { dice: 'd20:10 d20:5' });
    expect(rules(start, 'A5E-ENC-8')).toHaveLength(1);
    expect(TestTable.ofType(start, 'ConditionAdded')).toEqual([]);
    const none = new TestTable(a5eRuleset, { creatures: [ana(), goblin('g1')] });
    expect(rules(none.run({ type: 'a5e.setSurprise', stealthy: [] }), 'A5E-ENC-8')).toHaveLength(1);
  });

  it('A5E-ENC-9 a Stealth total from the surprise step is kept as initiative; observers roll as usual', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana(), goblin('g1'), goblin('g2')] });
    t.run({ type: 'a5e.setSurprise', stealthy: ['g1', 'g2'] }, { dice: 'd20:10 d20:8' });
    const start = t.run({ type: 'startCombat' }, { dice: 'd20:7' });
    expect(TestTable.ofType(start, 'TestResolved').map((e) => e.actor)).toEqual(['ana']);
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['g1', 12], ['g2', 10], ['ana', 8]]);
  });
});

const probe = (id: string, hooks: A5eModule['hooks']): A5eModule => ({ id, hooks: hooks ?? [] });
const say = (text: string) => (ctx: Parameters<Parameters<typeof roundStartHook>[2]>[0]) => ctx.emit({ type: 'RuleApplied', ruleId: 'TEST', text });

describe('A5E rounds and turns', () => {
  it('A5E-ROUND-1 each round: the start-of-round phase, then one turn each in initiative order, then a new round', () => {
    const t = fight();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      for (const e of t.run({ type: 'endTurn' })) {
        if (e.type === 'TurnStarted') seen.push(`turn ${e.round} ${e.creatureId}`);
        if (e.type === 'RoundStarted') seen.push(`round ${e.round}`);
      }
    }
    expect(seen).toEqual(['turn 1 ogre', 'turn 1 gob', 'round 2', 'turn 2 ana']);
  });

  it('A5E-ROUND-2 start of round: countdowns, then recharges, then the world action, then other effects, before anyone acts', () => {
    const rs = rulesetWith(probe('test.round-start', [
      roundStartHook('other', 'test.other', say('other effects')),
      roundStartHook('worldAction', 'test.world', say('world action')),
      roundStartHook('countdown', 'test.countdown', say('countdown')),
      roundStartHook('recharge', 'test.recharge', say('recharge')),
    ]));
    const t = new TestTable(rs, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 })] });
    const ev = t.run({ type: 'startCombat' });
    const order = ev.filter((e) => (e.type === 'RuleApplied' && e.ruleId === 'TEST') || e.type === 'TurnStarted').map((e) => (e.type === 'RuleApplied' ? e.text : 'first turn'));
    expect(order).toEqual(['countdown', 'recharge', 'world action', 'other effects', 'first turn']);
  });

  it('A5E-ROUND-3 movement splits around actions: move 15 ft, attack, move 15 ft, attack', () => {
    let space = createGridSpace();
    space = placeCreature(space, 'ana', { x: 0, y: 0, size: 'medium' });
    space = placeCreature(space, 'ogre', { x: 4, y: 0, size: 'large' });
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15, sheet: { ...(ana().sheet as object), attacksPerAction: 2 } }), ogre({ initiative: 10 })], space: space as unknown as Json });
    t.run({ type: 'startCombat' });
    t.run({ type: 'move', creatureId: 'ana', to: { x: 3, y: 0 } });
    t.run(act('ana', 'attack', ['ogre']), { dice: 'd20:2' });
    expect([t.creature('ana').resources['attacksLeft'], t.creature('ana').resources['movementFeet']]).toEqual([1, 15]);
    t.run({ type: 'move', creatureId: 'ana', to: { x: 3, y: 2 } });
    t.run({ type: 'move', creatureId: 'ana', to: { x: 4, y: 2 } });
    t.run(act('ana', 'attack', ['ogre']), { dice: 'd20:3' });
    expect([t.creature('ana').resources['attacksLeft'], t.creature('ana').resources['movementFeet']]).toEqual([0, 0]);
  });

  it('A5E-ROUND-4 one action and one bonus action per turn; one reaction per round, regained at the start of its own turn', () => {
    const t = fight();
    t.run(act('ana', 'dodge'));
    t.rejects(act('ana', 'dash'), 'no-action-left');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }); // gob's turn
    const shield = act('ana', 'cast-spell', [], { spell: 'shield', castingTime: 'reaction' });
    t.run(shield);
    t.rejects(shield, 'no-reaction-left');
    const round2 = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(round2, 'ResourceSet').filter((e) => e.creatureId === 'ana').map((e) => [e.key, e.value])).toEqual([['action', 1], ['reaction', 1]]);
    t.run(shield);
  });

  it('A5E-ROUND-5 start of turn: budget renewed, "until your next turn" effects end, then rolling movement, suffocation, death save, confusion', () => {
    const rs = rulesetWith(probe('test.turn-start', [
      turnStartHook('confusion', 'test.confusion', say('confusion')),
      turnStartHook('deathSave', 'test.death-save', say('death save')),
      turnStartHook('suffocation', 'test.suffocation', say('suffocation')),
      turnStartHook('rollingMovement', 'test.rolling', say('rolling movement')),
    ]));
    const t = new TestTable(rs, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 })] });
    t.run({ type: 'startCombat' });
    t.run(act('ana', 'dodge'));
    t.run({ type: 'endTurn' });
    t.run(act('ana', 'cast-spell', [], { spell: 'shield', castingTime: 'reaction' }));
    t.run(act('ogre', 'ready', ['ana'], { trigger: 'ana comes close', readied: 'attack' }));
    const ev = t.run({ type: 'endTurn' });
    const story = ev.flatMap((e) => {
      if (e.type === 'ConditionRemoved') return [`ended ${e.conditionId}`];
      if (e.type === 'ResourceSet' && e.key === 'reaction') return [`reaction ${e.value}`];
      if (e.type === 'RuleApplied' && e.ruleId === 'TEST') return [e.text];
      return [];
    });
    expect(story).toEqual(['ended dodging', 'reaction 1', 'rolling movement', 'suffocation', 'death save', 'confusion']);
    const ogreTurn = t.run({ type: 'endTurn' });
    expect(rules(ogreTurn, 'A5E-ACT-15').map((e) => e.text)).toEqual(["Ogre's readied attack is wasted: its next turn began"]);
  });

  it('A5E-ROUND-6 end of turn: ongoing damage, then environmental triggers, then "until the end of its turn" effects expire', () => {
    const rs = rulesetWith(probe('test.turn-end', [
      turnEndHook('environment', 'test.environment', say('environment')),
      turnEndHook('ongoingDamage', 'test.ongoing', say('ongoing damage')),
    ]));
    const t = new TestTable(rs, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 })] });
    t.run({ type: 'startCombat' });
    t.run(act('ana', 'disengage'));
    const ev = t.run({ type: 'endTurn' });
    const story = ev.flatMap((e) => (e.type === 'ConditionRemoved' ? [`ended ${e.conditionId}`] : e.type === 'RuleApplied' && e.ruleId === 'TEST' ? [e.text] : e.type === 'TurnEnded' ? ['turn ended'] : []));
    expect(story).toEqual(['ongoing damage', 'environment', 'ended disengaged', 'turn ended']);
  });

  it('A5E-ROUND-7 participants act outside their turns: a reaction on another creature\'s turn', () => {
    const t = fight();
    t.run(act('ana', 'ready', ['ogre'], { trigger: 'the ogre raises its club', readied: 'attack', readiedOptions: { attack: 'longsword' } }));
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'a5e.releaseReadied', creatureId: 'ana', decision: 'release' }, { dice: 'd20:12 d8:4' });
    expect(TestTable.ofType(ev, 'TestResolved').map((e) => [e.actor, e.target, e.outcome])).toEqual([['ana', 'ogre', 'hit']]);
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('ogre');
    expect([t.creature('ana').resources['reaction'], t.creature('ogre').hp]).toEqual([0, 59 - 7]);
  });

  it('A5E-ROUND-8 when the encounter ends, designations, readied actions, hiding and surprise are cleared', () => {
    const t = fight();
    t.run(act('ana', 'press-the-attack', ['ogre']), { preAnswers: { 'a5e.fallBack': 'hold' } });
    t.run(act('ana', 'ready', ['ogre'], { trigger: 'the ogre moves', readied: 'attack' }));
    expect(Object.keys(t.creature('ana').vars).sort()).toEqual(['a5e.press', 'a5e.readied']);
    const ev = t.run({ type: 'gm.endEncounter', reason: 'the ogre surrenders' });
    expect(Object.keys(t.creature('ana').vars)).toEqual([]);
    expect(conditionIds(t, 'ana')).toEqual([]);
    expect(rules(ev, 'A5E-ROUND-8').map((e) => e.text)).toContain('Turn-Based Action ends; cleared Ana: a5e.press');

    // Fatigue gained during the fight takes effect now (A5E-FATIGUE-9).
    const tired = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15, tallies: { pendingFatigue: 1 } }), ogre({ initiative: 10 })] });
    tired.run({ type: 'startCombat' });
    expect(conditionIds(tired, 'ana')).toEqual([]);
    tired.run({ type: 'gm.endEncounter' });
    expect(tired.creature('ana').conditions.map((c) => [c.conditionId, c.level])).toEqual([['fatigue', 1]]);
  });
});
