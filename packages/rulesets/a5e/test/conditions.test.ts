import { describe, expect, it } from 'vitest';
import { createGridSpace, placeCreature, type GridSpaceState, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import {
  actBlock, attacksPerTurnLimit, canAct, canTakeReactions, closestEnemies, DOOMED_VAR, expandImmunities, hasConditionFlag,
  hostileActionBlock, isBloodied, movementLimits, NEEDS_HEARING, NEEDS_SIGHT, SOCIAL, speedOf, speedSteps, standUpCost, CONFUSED_VAR,
  WITHIN_5_FEET, CONCENTRATION,
} from '../src/index';
import { ana, goblin, ogre } from './fixtures';
import { attack, conditionIds, onlyTest, roll, rs, table } from './conditions-harness';

const sheetOf = (setup: { sheet: unknown }) => setup.sheet as Record<string, Json>;
/** Ana without a shield, so critical hits on her raise no prompt. */
const anaNoShield = (over: Parameters<typeof ana>[0] = {}) => ana({ ...over, sheet: { ...sheetOf(ana()), shield: false } });
const fight = (...creatures: Parameters<typeof table>[0]) => {
  const t = table(creatures);
  t.run({ type: 'startCombat' });
  return t;
};
const mode = (e: ReturnType<typeof onlyTest>) => e.breakdown.rollMode.mode;
const grid = (placements: Record<string, { x: number; y: number; size?: string }>): Json => {
  let g: GridSpaceState = createGridSpace();
  for (const [id, p] of Object.entries(placements)) g = placeCreature(g, id, { x: p.x, y: p.y, size: p.size ?? 'medium' });
  return g as unknown as Json;
};

describe('A5E conditions', () => {
  it('A5E-COND-1 a second source does not intensify a condition; each source keeps its own duration', () => {
    const t = fight(ana({ initiative: 15 }), ogre({ initiative: 10 }));
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'enervated', duration: { kind: 'rounds', rounds: 1, creatureId: 'ana' } });
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'enervated', duration: { kind: 'rounds', rounds: 2, creatureId: 'ana' } });
    const r = roll(t, 'ana', { kind: 'check', ability: 'str' }, 'd20:10');
    expect(r.breakdown.total).toBe(10 + 3 - 2);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }); // round 2: the one-round source ends
    expect(conditionIds(t.state, 'ana')).toEqual(['enervated']);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }); // round 3: no source left
    expect(conditionIds(t.state, 'ana')).toEqual([]);
  });

  it('A5E-COND-2 immunity to a condition brings its linked immunities, transitively', () => {
    const t = table([ana(), goblin('gob', { sheet: { ...sheetOf(goblin('gob')), conditionImmunities: ['stunned', 'charmed'] } })]);
    const ev = t.run({ type: 'gm.addCondition', creatureId: 'gob', conditionId: 'agonized' });
    expect(TestTable.ofType(ev, 'RuleApplied').map((e) => e.text)).toEqual(['Goblin is immune to Agonized']);
    t.run({ type: 'gm.addCondition', creatureId: 'gob', conditionId: 'manic' });
    t.run({ type: 'gm.addCondition', creatureId: 'gob', conditionId: 'rattled' });
    t.run({ type: 'gm.addCondition', creatureId: 'gob', conditionId: 'placid' });
    expect(conditionIds(t.state, 'gob')).toEqual(['placid']);
    expect(expandImmunities(['stunned']).sort()).toEqual(['agonized', 'rattled', 'stunned']);
    expect(expandImmunities(['charmed', 'confused', 'frightened']).sort()).toEqual(['amnesiac', 'charmed', 'confused', 'enraged', 'fixated', 'frightened', 'manic', 'placid']);
  });

  it('A5E-COND-3 agonized: disadvantage on Str/Dex/Con checks, concentration fails automatically and ends at once', () => {
    const t = table([ana({ vars: { concentrating: 'bless' } })]);
    const ev = t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'agonized' });
    expect(t.creature('ana').vars['concentrating']).toBeUndefined();
    expect(TestTable.ofType(ev, 'RuleApplied').at(-1)).toMatchObject({ ruleId: 'A5E-COND-3', text: 'Ana is agonized and loses concentration' });
    const str = roll(t, 'ana', { kind: 'check', ability: 'str' }, 'd20:15 d20:4');
    expect([mode(str), str.breakdown.total]).toEqual(['disadvantage', 4 + 3]);
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'wis' }, 'd20:15'))).toBe('normal');
    const conc = roll(t, 'ana', { kind: 'save', ability: 'con', options: [CONCENTRATION] }, '');
    expect([conc.outcome, conc.ruleId]).toEqual(['failure', 'A5E-COND-3']);
  });

  it('A5E-COND-4 amnesiac: no proficiency bonus on skill checks; only its primary language', () => {
    const t = table([ana()]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'amnesiac' });
    const athletics = roll(t, 'ana', { kind: 'check', ability: 'str', skill: 'athletics' }, 'd20:10');
    expect(athletics.breakdown.total).toBe(10 + 3 + 2 - 2);
    expect(athletics.breakdown.rows.find((r) => r.label === 'amnesiac: no proficiency')).toMatchObject({ value: -2, ruleId: 'A5E-COND-4' });
    expect(roll(t, 'ana', { kind: 'check', ability: 'str' }, 'd20:10').breakdown.total).toBe(13);
    expect(hasConditionFlag(t.state, 'ana', 'primary-language-only', rs)).toBe(true);
  });

  it('A5E-COND-5 blinded: sight checks fail, attacks against it have advantage, its attacks disadvantage', () => {
    const t = table([ana(), ogre()]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'blinded' });
    const look = roll(t, 'ana', { kind: 'check', ability: 'wis', skill: 'perception', options: [NEEDS_SIGHT] }, '');
    expect([look.outcome, look.breakdown.natural]).toEqual(['failure', null]);
    const against = onlyTest(attack(t, 'ogre', 'ana', 'd20:2 d20:9'));
    expect([mode(against), against.breakdown.total, against.outcome]).toEqual(['advantage', 15, 'miss']);
    const own = onlyTest(attack(t, 'ana', 'ogre', 'd20:15 d20:2'));
    expect([mode(own), own.breakdown.total]).toEqual(['disadvantage', 7]);
  });

  it('A5E-COND-6 bloodied is kept in step with hit points: at half the maximum or less', () => {
    const t = table([ana({ initiative: 15 }), ogre({ initiative: 10 })]);
    const hit = t.run({ type: 'test.damage', creatureId: 'ana', amount: 14, damageType: 'slashing' });
    expect(TestTable.ofType(hit, 'ConditionAdded').map((e) => e.condition.conditionId)).toEqual(['bloodied']);
    t.run({ type: 'test.heal', creatureId: 'ana', amount: 1 });
    expect(conditionIds(t.state, 'ana')).toEqual([]);
    expect([isBloodied({ hp: 15, maxHp: 31 }), isBloodied({ hp: 16, maxHp: 31 })]).toEqual([true, false]);
    // hit points set by hand are caught up when the fight starts
    t.run({ type: 'gm.setHp', creatureId: 'ogre', hp: 29 });
    t.run({ type: 'startCombat' });
    expect(conditionIds(t.state, 'ogre')).toEqual(['bloodied']);
  });

  it('A5E-COND-7 charmed: no hostile action against the charmer, who has advantage on social checks against it', () => {
    const t = table([ana(), goblin('gob'), ogre()]);
    t.run({ type: 'test.addCondition', creatureId: 'gob', conditionId: 'charmed', source: 'ana' });
    expect(hostileActionBlock(t.state, 'gob', 'ana', rs)).toMatchObject({ code: 'charmed', ruleId: 'A5E-COND-7' });
    expect(hostileActionBlock(t.state, 'gob', 'ogre', rs)).toBeNull();
    const talk = roll(t, 'ana', { kind: 'check', ability: 'cha', skill: 'persuasion', options: [SOCIAL] }, 'd20:4 d20:17', ['gob']);
    expect([mode(talk), talk.breakdown.total]).toEqual(['advantage', 17 - 1]);
    expect(mode(roll(t, 'ogre', { kind: 'check', ability: 'cha', skill: 'persuasion', options: [SOCIAL] }, 'd20:4', ['gob']))).toBe('normal');
  });

  it('A5E-COND-8 confused: a d8 at the start of its turn; 1-4 it does nothing, no reactions', () => {
    const t = table([ana({ initiative: 15 }), goblin('gob', { initiative: 10, conditions: [{ id: 'confused' }] })]);
    t.run({ type: 'startCombat' });
    const ev = t.run({ type: 'endTurn' }, { dice: 'd8:3' });
    expect(TestTable.ofType(ev, 'RuleApplied').find((e) => e.ruleId === 'A5E-COND-8')!.text).toBe('Goblin is confused (d8 3): it does nothing this turn');
    const gob = t.creature('gob');
    expect(gob.vars[CONFUSED_VAR]).toEqual({ round: 1, roll: 3, behaviour: 'nothing' });
    expect([gob.resources['action'], gob.resources['bonusAction'], gob.resources['movementFeet']]).toEqual([0, 0, 0]);
    expect(actBlock(t.state, 'gob', 'move', rs)).toMatchObject({ code: 'cannot-move', ruleId: 'A5E-COND-8' });
    expect(canTakeReactions(t.state, 'gob', rs)).toBe(false);
  });

  it('A5E-COND-8 confused: 5-6 it wanders in a d8 compass direction; 7-8 it attacks a random creature in reach', () => {
    const space = grid({ ana: { x: 0, y: 0 }, gob: { x: 1, y: 0 }, ogre: { x: 2, y: 0, size: 'large' } });
    const t = table([ana({ initiative: 15 }), goblin('gob', { initiative: 10, conditions: [{ id: 'confused' }] }), ogre({ initiative: 5 })], { space });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' }, { dice: 'd8:5 d8:3' });
    expect(t.creature('gob').vars[CONFUSED_VAR]).toEqual({ round: 1, roll: 5, behaviour: 'wander', direction: 'E' });
    expect([canAct(t.state, 'gob', 'action', rs), canAct(t.state, 'gob', 'bonusAction', rs), canAct(t.state, 'gob', 'move', rs)]).toEqual([false, false, true]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    // ana and the ogre are both within 5 ft: a d2 picks the second, the ogre
    t.run({ type: 'endTurn' }, { dice: 'd8:8 d2:2' });
    expect(t.creature('gob').vars[CONFUSED_VAR]).toEqual({ round: 2, roll: 8, behaviour: 'attack', target: 'ogre' });
    expect([canAct(t.state, 'gob', 'action', rs), canAct(t.state, 'gob', 'bonusAction', rs)]).toEqual([true, false]);
  });

  it('A5E-COND-8 confused: 7-8 with nobody in reach it does nothing', () => {
    const space = grid({ ana: { x: 0, y: 0 }, gob: { x: 5, y: 0 } });
    const t = table([ana({ initiative: 15 }), goblin('gob', { initiative: 10, conditions: [{ id: 'confused' }] })], { space });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' }, { dice: 'd8:7' });
    expect(t.creature('gob').vars[CONFUSED_VAR]).toEqual({ round: 1, roll: 7, behaviour: 'nothing' });
  });

  it('A5E-COND-9 deafened: checks that need hearing fail automatically', () => {
    const t = table([ana()]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'deafened' });
    expect(roll(t, 'ana', { kind: 'check', ability: 'wis', options: [NEEDS_HEARING] }, '').outcome).toBe('failure');
    expect(roll(t, 'ana', { kind: 'check', ability: 'wis', dc: 10 }, 'd20:12').outcome).toBe('success');
  });

  it('A5E-COND-10 doomed: dies within 2d12 hours of game time, stays doomed after death, only 7th-level magic lifts it', () => {
    const t = table([ana(), ogre()]);
    const ev = t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'doomed' }, { dice: 'd12:3 d12:10' });
    expect(TestTable.ofType(ev, 'RuleApplied').at(-1)!.text).toBe('Ana is doomed: it dies in 13 hours');
    expect(t.creature('ana').vars[DOOMED_VAR]).toEqual({ hours: 13, diesAtSeconds: 13 * 3600 });
    t.run({ type: 'test.damage', creatureId: 'ana', amount: 5, damageType: 'slashing' });
    t.run({ type: 'test.heal', creatureId: 'ana', amount: 5 });
    t.run({ type: 'a5e.gm.advanceClock', seconds: 13 * 3600 - 1 });
    expect(t.creature('ana').status).toBe('conscious');
    t.run({ type: 'a5e.gm.advanceClock', seconds: 1 });
    expect(t.creature('ana').status).toBe('dead');
    expect(conditionIds(t.state, 'ana')).toEqual(['doomed']);
    t.rejects({ type: 'test.liftDoom', creatureId: 'ana', spellLevel: 5 }, 'doom-needs-7th-level-magic');
    t.run({ type: 'test.liftDoom', creatureId: 'ana', spellLevel: 7 });
    expect([conditionIds(t.state, 'ana'), t.creature('ana').vars[DOOMED_VAR]]).toEqual([[], undefined]);
  });

  it('A5E-COND-10 doomed: with the doomedTimer option at narrator, no timer is rolled', () => {
    const t = table([ana()], { options: { doomedTimer: 'narrator' } });
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'doomed' });
    t.run({ type: 'a5e.gm.advanceClock', seconds: 30 * 3600 });
    expect([t.creature('ana').status, t.creature('ana').vars[DOOMED_VAR]]).toEqual(['conscious', { hours: null, diesAtSeconds: null }]);
  });

  it('A5E-COND-11 encumbered: Speed 5 ft, 10 ft with Dash', () => {
    const t = table([ana()]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'encumbered' });
    expect([speedOf(rs, t.state, 'ana'), speedOf(rs, t.state, 'ana', { dash: true })]).toEqual([5, 10]);
  });

  it('A5E-COND-12 enervated: -2 to checks, saves and attack rolls; no psionics', () => {
    const t = table([ana(), ogre()]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'enervated' });
    const hit = onlyTest(attack(t, 'ana', 'ogre', 'd20:10 d8:4'));
    expect(hit.breakdown.total).toBe(10 + 5 - 2);
    expect(hit.breakdown.rows.find((r) => r.label === 'enervated')).toMatchObject({ value: -2, applied: true, ruleId: 'A5E-COND-12' });
    expect(t.creature('ogre').hp).toBe(59 - 7);
    expect(roll(t, 'ana', { kind: 'save', ability: 'con' }, 'd20:10').breakdown.total).toBe(10 + 4 - 2);
    expect(hasConditionFlag(t.state, 'ana', 'no-psionics', rs)).toBe(true);
  });

  it('A5E-COND-13 enraged: charges the closest enemy, must attack, disadvantage on mental checks, ignores frightened and placid', () => {
    const space = grid({ ana: { x: 0, y: 0 }, gob: { x: 2, y: 0 }, ogre: { x: 4, y: 0, size: 'large' } });
    const t = table([ana(), goblin('gob'), ogre()], { space });
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'enraged' });
    const int = roll(t, 'ana', { kind: 'check', ability: 'int' }, 'd20:15 d20:5');
    expect([mode(int), int.breakdown.total]).toEqual(['disadvantage', 5]);
    expect(closestEnemies(t.state, 'ana')).toEqual(['gob']);
    t.run({ type: 'test.addCondition', creatureId: 'ana', conditionId: 'frightened', source: 'ogre' });
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'placid' });
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'str' }, 'd20:9'))).toBe('normal');
    expect(movementLimits(t.state, 'ana', rs)).toEqual({ crawlOnly: false, cannotApproach: [], doubleCostAwayFrom: [], mustApproachClosestEnemy: true });
    expect(hostileActionBlock(t.state, 'ana', 'ogre', rs)).toBeNull();
    expect(hasConditionFlag(t.state, 'ana', 'must-attack-enemy-in-reach', rs)).toBe(true);
  });

  it('A5E-COND-14 fixated: disadvantage on Perception about anything but the source; moving away costs double', () => {
    const t = table([ana(), goblin('gob'), ogre()]);
    t.run({ type: 'test.addCondition', creatureId: 'ana', conditionId: 'fixated', source: 'ogre' });
    const other = roll(t, 'ana', { kind: 'check', ability: 'wis', skill: 'perception' }, 'd20:14 d20:6', ['gob']);
    expect([mode(other), other.breakdown.total]).toEqual(['disadvantage', 6 + 1]);
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'wis', skill: 'perception' }, 'd20:14', ['ogre']))).toBe('normal');
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'str', skill: 'athletics' }, 'd20:14', ['gob']))).toBe('normal');
    expect(movementLimits(t.state, 'ana', rs).doubleCostAwayFrom).toEqual(['ogre']);
  });

  it('A5E-COND-15 frightened: disadvantage on checks and attacks while the source is in sight; cannot approach it', () => {
    const t = table([ana(), ogre()]);
    t.run({ type: 'test.addCondition', creatureId: 'ana', conditionId: 'frightened', source: 'ogre' });
    const seen = roll(t, 'ana', { kind: 'check', ability: 'str' }, 'd20:12 d20:3');
    expect([mode(seen), seen.breakdown.total]).toEqual(['disadvantage', 6]);
    expect(mode(onlyTest(attack(t, 'ana', 'ogre', 'd20:12 d20:1')))).toBe('disadvantage');
    expect(movementLimits(t.state, 'ana', rs).cannotApproach).toEqual(['ogre']);
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'invisible' });
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'str' }, 'd20:12'))).toBe('normal');
  });

  it('A5E-COND-16 grappled: Speed 0; escape with an Athletics check against the grappler\'s maneuver DC', () => {
    const space = grid({ ana: { x: 0, y: 0 }, ogre: { x: 1, y: 0, size: 'large' } });
    const t = table([ana({ initiative: 15 }), ogre({ initiative: 10 })], { space });
    t.run({ type: 'startCombat' });
    t.run({ type: 'test.addCondition', creatureId: 'ana', conditionId: 'grappled', source: 'ogre' });
    expect(speedSteps(rs, t.state, 'ana').map((s) => [s.step, s.feet])).toEqual([['base', 30], ['zero', 0]]);
    // ogre maneuver DC 8 + 2 + 4 = 14; ana Athletics +5
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'escape-grapple' }, { dice: 'd20:9' });
    expect(onlyTest(ev)).toMatchObject({ against: { label: 'escape DC', value: 14 }, outcome: 'success' });
    expect(conditionIds(t.state, 'ana')).toEqual([]);
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'escape-grapple' }, 'not-grappled');
  });

  it('A5E-COND-16 grappled: ends when the grappler is incapacitated or the grappled creature leaves its reach', () => {
    const space = grid({ ana: { x: 0, y: 0 }, ogre: { x: 1, y: 0, size: 'large' } });
    const t = table([ana(), ogre()], { space });
    t.run({ type: 'test.addCondition', creatureId: 'ana', conditionId: 'grappled', source: 'ogre' });
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'stunned' });
    expect(conditionIds(t.state, 'ana')).toEqual([]);
    t.run({ type: 'gm.removeCondition', creatureId: 'ogre', conditionId: 'stunned' });
    t.run({ type: 'test.addCondition', creatureId: 'ana', conditionId: 'grappled', source: 'ogre' });
    t.run({ type: 'test.moveTo', creatureId: 'ana', x: 0, y: 1 });
    expect(conditionIds(t.state, 'ana')).toEqual(['grappled']);
    t.run({ type: 'test.moveTo', creatureId: 'ana', x: -2, y: 0 });
    expect(conditionIds(t.state, 'ana')).toEqual([]);
  });

  it('A5E-COND-17 incapacitated: no actions, bonus actions or reactions; it may still move', () => {
    const t = table([ana()]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'incapacitated' });
    expect(actBlock(t.state, 'ana', 'action', rs)).toEqual({ code: 'cannot-take-action', message: 'Ana is incapacitated and cannot take actions', ruleId: 'A5E-COND-17' });
    expect([canAct(t.state, 'ana', 'bonusAction', rs), canTakeReactions(t.state, 'ana', rs), canAct(t.state, 'ana', 'move', rs)]).toEqual([false, false, true]);
  });

  it('A5E-COND-18 invisible: its attacks have advantage, attacks against it disadvantage, unless the other sees it', () => {
    const t = table([ana(), ogre(), ogre({ id: 'seer', sheet: { ...sheetOf(ogre()), senses: { truesight: 30 } } })]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'invisible' });
    expect(mode(onlyTest(attack(t, 'ana', 'ogre', 'd20:1 d20:4')))).toBe('advantage');
    expect(mode(onlyTest(attack(t, 'ogre', 'ana', 'd20:15 d20:3')))).toBe('disadvantage');
    expect(mode(onlyTest(attack(t, 'seer', 'ana', 'd20:3')))).toBe('normal');
    expect(mode(onlyTest(attack(t, 'ana', 'seer', 'd20:4')))).toBe('normal');
    expect(hasConditionFlag(t.state, 'ana', 'heavily-obscured-for-hiding', rs)).toBe(true);
  });

  it('A5E-COND-19 manic: an action or a move on its turn, never both, and no bonus action', () => {
    const t = fight(ana({ initiative: 15, conditions: [{ id: 'manic' }] }), ogre({ initiative: 10 }));
    expect(actBlock(t.state, 'ana', 'bonusAction', rs)).toMatchObject({ code: 'cannot-take-bonus-action', ruleId: 'A5E-COND-19' });
    expect([canAct(t.state, 'ana', 'action', rs), canAct(t.state, 'ana', 'move', rs)]).toEqual([true, true]);
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:2' });
    expect(actBlock(t.state, 'ana', 'move', rs)).toMatchObject({ code: 'cannot-move', ruleId: 'A5E-COND-19' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'test.resource', creatureId: 'ana', key: 'movementFeet', value: 25 });
    expect(actBlock(t.state, 'ana', 'action', rs)).toMatchObject({ code: 'cannot-take-action', ruleId: 'A5E-COND-19' });
  });

  it('A5E-COND-20 paralyzed: incapacitated, Str/Dex saves fail, advantage against it, a hit from within 5 ft is a critical hit', () => {
    const t = table([ana(), goblin('gob', { sheet: { ...sheetOf(goblin('gob')), hp: 30 } })]);
    t.run({ type: 'gm.addCondition', creatureId: 'gob', conditionId: 'paralyzed' });
    expect(conditionIds(t.state, 'gob')).toEqual(['incapacitated', 'paralyzed']);
    expect(roll(t, 'gob', { kind: 'save', ability: 'dex' }, '').outcome).toBe('failure');
    const far = attack(t, 'ana', 'gob', 'd20:12 d20:3 d8:4');
    expect([mode(onlyTest(far)), onlyTest(far).outcome, t.creature('gob').hp]).toEqual(['advantage', 'hit', 30 - 7]);
    const near = attack(t, 'ana', 'gob', 'd20:12 d20:3 d8:4', [WITHIN_5_FEET]);
    expect(onlyTest(near).outcome).toBe('crit');
    expect(TestTable.ofType(near, 'RuleApplied').map((e) => e.ruleId)).toContain('A5E-ATK-7');
    expect(t.creature('gob').hp).toBe(23 - 14);
    expect(speedOf(rs, t.state, 'gob')).toBe(0);
  });

  it('A5E-COND-21 petrified: incapacitated, resists all damage, immune to poison, no advantage for attackers', () => {
    const t = table([ana(), ogre()]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'petrified' });
    t.run({ type: 'test.damage', creatureId: 'ana', amount: 11, damageType: 'slashing' });
    expect(t.creature('ana').hp).toBe(28 - 5);
    t.run({ type: 'test.damage', creatureId: 'ana', amount: 6, damageType: 'poison' });
    expect(t.creature('ana').hp).toBe(23);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'poisoned' });
    expect(conditionIds(t.state, 'ana')).toEqual(['incapacitated', 'petrified']);
    expect(roll(t, 'ana', { kind: 'save', ability: 'str' }, '').outcome).toBe('failure');
    expect(mode(onlyTest(attack(t, 'ogre', 'ana', 'd20:2')))).toBe('normal');
    expect([hasConditionFlag(t.state, 'ana', 'weight-x10', rs), hasConditionFlag(t.state, 'ana', 'poison-and-disease-paused', rs)]).toEqual([true, true]);
  });

  it('A5E-COND-22 placid: no hostile or aggressive actions; frightened immunity covers it', () => {
    const t = table([ana(), ogre({ sheet: { ...sheetOf(ogre()), conditionImmunities: ['frightened'] } })]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'placid' });
    expect(hostileActionBlock(t.state, 'ana', 'ogre', rs)).toMatchObject({ code: 'placid', ruleId: 'A5E-COND-22' });
    t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'placid' });
    expect(conditionIds(t.state, 'ogre')).toEqual([]);
  });

  it('A5E-COND-23 poisoned: disadvantage on attack rolls and ability checks, not saves', () => {
    const t = table([ana(), ogre()]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'poisoned' });
    expect(mode(onlyTest(attack(t, 'ana', 'ogre', 'd20:15 d20:2')))).toBe('disadvantage');
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'dex' }, 'd20:15 d20:2'))).toBe('disadvantage');
    expect(mode(roll(t, 'ana', { kind: 'save', ability: 'dex' }, 'd20:15'))).toBe('normal');
  });

  it('A5E-COND-24 prone: crawls, standing costs half its speed, melee attacks at disadvantage, attackers within 5 ft have advantage', () => {
    const t = table([ana(), ogre(), goblin('gob')]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'prone' });
    t.run({ type: 'gm.addCondition', creatureId: 'gob', conditionId: 'prone' });
    expect(mode(onlyTest(attack(t, 'ana', 'ogre', 'd20:15 d20:2')))).toBe('disadvantage');
    expect(mode(onlyTest(attack(t, 'gob', 'ogre', 'd20:2', [], 'shortbow')))).toBe('normal');
    expect(mode(onlyTest(attack(t, 'ogre', 'ana', 'd20:2 d20:8', [WITHIN_5_FEET])))).toBe('advantage');
    expect(mode(onlyTest(attack(t, 'ogre', 'ana', 'd20:9 d20:4')))).toBe('disadvantage');
    expect([movementLimits(t.state, 'ana', rs).crawlOnly, standUpCost(rs, t.state, 'ana')]).toEqual([true, 15]);
  });

  it('A5E-COND-25 rattled: no expertise dice and no reactions', () => {
    const t = table([ana({ sheet: { ...sheetOf(ana()), skills: { athletics: 'expertise' } } })]);
    expect(roll(t, 'ana', { kind: 'check', ability: 'str', skill: 'athletics' }, 'd20:10 d4:3').breakdown.total).toBe(10 + 5 + 3);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'rattled' });
    expect(roll(t, 'ana', { kind: 'check', ability: 'str', skill: 'athletics' }, 'd20:10').breakdown.total).toBe(15);
    expect(actBlock(t.state, 'ana', 'reaction', rs)).toMatchObject({ code: 'cannot-take-reaction', ruleId: 'A5E-COND-25' });
  });

  it('A5E-COND-26 restrained: Speed 0, advantage against it, disadvantage on its attacks and Dexterity saves', () => {
    const t = table([ana(), ogre()]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'restrained' });
    expect(speedOf(rs, t.state, 'ana')).toBe(0);
    expect(mode(onlyTest(attack(t, 'ogre', 'ana', 'd20:2 d20:8')))).toBe('advantage');
    expect(mode(onlyTest(attack(t, 'ana', 'ogre', 'd20:15 d20:2')))).toBe('disadvantage');
    expect(mode(roll(t, 'ana', { kind: 'save', ability: 'dex' }, 'd20:15 d20:2'))).toBe('disadvantage');
    expect(mode(roll(t, 'ana', { kind: 'save', ability: 'str' }, 'd20:15'))).toBe('normal');
  });

  it('A5E-COND-27 slowed: half Speed, -2 AC and Dex saves, no reactions, an action or a bonus action, one attack', () => {
    const t = fight(anaNoShield({ initiative: 15 }), ogre({ initiative: 10 }));
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'slowed' });
    expect(speedOf(rs, t.state, 'ana')).toBe(15);
    const hit = onlyTest(attack(t, 'ogre', 'ana', 'd20:8 d8:1 d8:1'));
    expect([hit.against, hit.outcome]).toEqual([{ label: 'AC', value: 14 }, 'hit']);
    expect(roll(t, 'ana', { kind: 'save', ability: 'dex' }, 'd20:10').breakdown.total).toBe(10 + 1 - 2);
    expect(canTakeReactions(t.state, 'ana', rs)).toBe(false);
    expect(attacksPerTurnLimit(t.state, 'ana', rs)).toBe(1);
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:2' });
    expect(actBlock(t.state, 'ana', 'bonusAction', rs)).toMatchObject({ code: 'cannot-take-bonus-action', ruleId: 'A5E-COND-27' });
    // Speed 30, slowed and at fatigue 3: 30 → 15 → 7; Dash → 14 (A5E-MOVE-22 example)
    t.run({ type: 'gm.setTrack', creatureId: 'ana', track: 'fatigue', value: 3 });
    expect(speedSteps(rs, t.state, 'ana', { dash: true }).map((s) => s.feet)).toEqual([30, 15, 7, 14]);
  });

  it('A5E-COND-28 stunned: incapacitated, cannot move, Str/Dex saves fail, advantage against it', () => {
    const t = table([ana(), ogre()]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'stunned' });
    expect(conditionIds(t.state, 'ana')).toEqual(['incapacitated', 'stunned']);
    expect([speedOf(rs, t.state, 'ana'), canAct(t.state, 'ana', 'action', rs)]).toEqual([0, false]);
    expect(roll(t, 'ana', { kind: 'save', ability: 'str' }, '').outcome).toBe('failure');
    expect(mode(onlyTest(attack(t, 'ogre', 'ana', 'd20:2 d20:8')))).toBe('advantage');
    expect(hasConditionFlag(t.state, 'ana', 'speaks-haltingly', rs)).toBe(true);
  });

  it('A5E-COND-29 unconscious: incapacitated, drops what it holds, falls prone and stays prone when it wakes', () => {
    const t = table([ana(), goblin('gob', { sheet: { ...sheetOf(goblin('gob')), hp: 30 } })]);
    const ev = t.run({ type: 'gm.addCondition', creatureId: 'gob', conditionId: 'unconscious' });
    expect(TestTable.ofType(ev, 'RuleApplied').map((e) => e.text)).toContain('Goblin drops whatever it is holding and falls prone');
    expect(conditionIds(t.state, 'gob')).toEqual(['incapacitated', 'prone', 'unconscious']);
    expect(roll(t, 'gob', { kind: 'save', ability: 'dex' }, '').outcome).toBe('failure');
    const near = attack(t, 'ana', 'gob', 'd20:3 d20:12 d8:2', [WITHIN_5_FEET]);
    expect([mode(onlyTest(near)), onlyTest(near).outcome, t.creature('gob').hp]).toEqual(['advantage', 'crit', 30 - 10]);
    t.run({ type: 'gm.removeCondition', creatureId: 'gob', conditionId: 'unconscious' });
    expect(conditionIds(t.state, 'gob')).toEqual(['prone']);
  });

  it('A5E-COND-30 temporary hit points end neither dying nor unconsciousness', () => {
    const t = fight(anaNoShield({ initiative: 15 }), ogre({ initiative: 10 }));
    t.run({ type: 'test.damage', creatureId: 'ana', amount: 28, damageType: 'slashing' });
    const status = t.creature('ana').status;
    expect(status).not.toBe('conscious');
    expect(conditionIds(t.state, 'ana')).toContain('unconscious');
    t.run({ type: 'gm.setHp', creatureId: 'ana', tempHp: 5 });
    expect([t.creature('ana').status, conditionIds(t.state, 'ana').includes('unconscious'), t.creature('ana').tempHp]).toEqual([status, true, 5]);
  });

  it('A5E-COND-31 corruption is a marker without rules of its own', () => {
    const t = table([ana()]);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'corruption' });
    expect(conditionIds(t.state, 'ana')).toEqual(['corruption']);
    const r = roll(t, 'ana', { kind: 'check', ability: 'cha' }, 'd20:10');
    expect([mode(r), r.breakdown.total]).toEqual(['normal', 9]);
  });

  it('A5E-COND-32 fatigue and strife are the two tracked conditions, leveled 1 to 7', () => {
    expect([rs.conditionById['fatigue']!.levels!.max, rs.conditionById['strife']!.levels!.max]).toEqual([7, 7]);
    const t = table([ana()]);
    t.run({ type: 'gm.setTrack', creatureId: 'ana', track: 'strife', value: 2 });
    expect(t.creature('ana').conditions.map((c) => [c.conditionId, c.level])).toEqual([['strife', 2]]);
  });
});
