import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import type { CreatureSetup } from '@fray/engine';
import { a5eModules, a5eRuleset, buildA5eRuleset, type A5eModule } from '../src/index';
import { bruno, cleric, conditionIds, dummy, fatigue, fight, strife } from './damage-fixtures';

const clubber = (id = 'ogre', over: Partial<CreatureSetup> = {}) =>
  dummy(id, { attacks: [{ id: 'club', name: 'Club', kind: 'melee', bonus: 5, damage: '1d8', damageType: 'bludgeoning', addAbilityToDamage: false }] }, over);
const archer = (id = 'archer', over: Partial<CreatureSetup> = {}) =>
  dummy(id, { attacks: [{ id: 'bow', name: 'Bow', kind: 'ranged', bonus: 5, damage: '1d8', damageType: 'piercing', addAbilityToDamage: false }] }, over);
const down = (over: Partial<CreatureSetup> = {}) => bruno({ hp: 0, status: 'dying', conditions: [{ id: 'unconscious' }], ...over });
const hit = (t: TestTable, id: string, amount: number, opts: { dice?: string; preAnswers?: Record<string, string> } = {}) =>
  t.run({ type: 'a5e.damage', targets: [id], damage: String(amount), damageType: 'fire' }, opts);
const tallies = (t: TestTable, id: string) => [t.creature(id).tallies['deathSaveSuccesses'] ?? 0, t.creature(id).tallies['deathSaveFailures'] ?? 0];
/** The dying creature's turn comes round: the creature before it ends its turn. */
const toTurnOf = (t: TestTable, dice?: string) => t.run({ type: 'endTurn' }, dice ? { dice } : {});

const testModule: A5eModule = {
  id: 'test.dying',
  conditions: [
    { id: 'test-blessed', name: 'Blessed', effects: [{ kind: 'modifier', selector: 'save', value: 1 }] },
    { id: 'test-sapped', name: 'Sapped', effects: [{ kind: 'modifier', selector: 'save:con', value: -5 }] },
  ],
};
const withTestConditions = buildA5eRuleset([...a5eModules, testModule]);

describe('A5E dropping to 0 hit points', () => {
  it('A5E-DYING-1 damage to 0 knocks a character unconscious; any healing wakes it (still prone)', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno({ hp: 10 })] });
    hit(t, 'bruno', 12);
    expect([t.creature('bruno').status, conditionIds(t, 'bruno')]).toEqual(['dying', ['bloodied', 'incapacitated', 'prone', 'unconscious']]);
    t.run({ type: 'a5e.heal', creatureId: 'bruno', amount: 5 });
    expect([t.creature('bruno').status, t.creature('bruno').hp, conditionIds(t, 'bruno')]).toEqual(['conscious', 5, ['bloodied', 'prone']]);
  });

  it('A5E-DYING-2 each fall to 0 from damage during a fight costs a level of fatigue; outside a fight it does not', () => {
    const t = fight([bruno({ hp: 10 }), dummy('imp')]);
    hit(t, 'bruno', 12);
    t.run({ type: 'a5e.heal', creatureId: 'bruno', amount: 5 });
    hit(t, 'bruno', 10);
    expect(fatigue(t, 'bruno')).toBe(2);
    const calm = new TestTable(a5eRuleset, { creatures: [bruno({ hp: 10 })] });
    hit(calm, 'bruno', 12);
    expect(fatigue(calm, 'bruno')).toBe(0);
  });

  it('A5E-DYING-3 a dying creature makes a death saving throw as its turn starts', () => {
    const t = fight([dummy('imp'), down()]);
    const ev = toTurnOf(t, 'd20:12');
    const save = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect([save.actor, save.kind, save.against, save.ruleId, save.outcome]).toEqual(['bruno', 'save', { label: 'DC', value: 10 }, 'A5E-DYING-4', 'success']);
    expect(tallies(t, 'bruno')).toEqual([1, 0]);
  });

  it('A5E-DYING-4 10 or more succeeds; three successes make it stable and reset both tallies', () => {
    const t = fight([dummy('imp'), down({ tallies: { deathSaveSuccesses: 1 } })]);
    toTurnOf(t, 'd20:9');
    expect(tallies(t, 'bruno')).toEqual([1, 1]);
    t.run({ type: 'endTurn' });
    toTurnOf(t, 'd20:10');
    t.run({ type: 'endTurn' });
    toTurnOf(t, 'd20:17 d4:2');
    expect([t.creature('bruno').status, tallies(t, 'bruno')]).toEqual(['stable', [0, 0]]);
  });

  it('A5E-DYING-4 three failures and it dies', () => {
    const t = fight([dummy('imp'), down({ tallies: { deathSaveFailures: 2, deathSaveSuccesses: 2 } })]);
    const ev = toTurnOf(t, 'd20:4');
    expect([t.creature('bruno').status, tallies(t, 'bruno')]).toEqual(['dead', [2, 3]]);
    expect(TestTable.ofType(ev, 'RuleApplied').some((e) => e.ruleId === 'A5E-DYING-18')).toBe(true);
  });

  it('A5E-DYING-4 bonuses to all saves count; bonuses tied to one ability do not', () => {
    const t = fight([dummy('imp'), down({ conditions: [{ id: 'unconscious' }, { id: 'test-blessed' }, { id: 'test-sapped' }] })], {}, withTestConditions);
    const save = TestTable.ofType(toTurnOf(t, 'd20:9'), 'TestResolved')[0]!;
    expect([save.breakdown.total, save.outcome]).toEqual([10, 'success']);
    expect(save.breakdown.rows.map((r) => r.label)).toEqual(['death save', 'test-blessed']);
  });

  it('A5E-DYING-4 an enervated creature (−2 to saves) rolling 11 fails', () => {
    const t = fight([dummy('imp'), down({ conditions: [{ id: 'unconscious' }, { id: 'enervated' }] })]);
    const save = TestTable.ofType(toTurnOf(t, 'd20:11'), 'TestResolved')[0]!;
    expect([save.breakdown.total, save.outcome]).toEqual([9, 'failure']);
  });

  it('A5E-DYING-5 a natural 1 costs a level of fatigue and of strife, and counts as one failure', () => {
    const t = fight([dummy('imp'), down({ conditions: [{ id: 'unconscious' }, { id: 'test-blessed' }] })], {}, withTestConditions);
    const ev = toTurnOf(t, 'd20:1');
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.outcome).toBe('failure');
    expect([fatigue(t, 'bruno'), strife(t, 'bruno'), tallies(t, 'bruno')]).toEqual([1, 1, [0, 1]]);
  });

  it('A5E-DYING-5 option deathSaveNatural1Failures: 2 counts it twice', () => {
    const t = fight([dummy('imp'), down()], { deathSaveNatural1Failures: 2 });
    toTurnOf(t, 'd20:1');
    expect(tallies(t, 'bruno')).toEqual([0, 2]);
  });

  it('A5E-DYING-6 a natural 20: 1 hit point, conscious at once, tallies cleared, and it acts this turn (still prone)', () => {
    const t = fight([dummy('imp'), down({ tallies: { deathSaveFailures: 2, deathSaveSuccesses: 1 } })]);
    toTurnOf(t, 'd20:20');
    expect([t.creature('bruno').hp, t.creature('bruno').status, tallies(t, 'bruno'), conditionIds(t, 'bruno')]).toEqual([1, 'conscious', [0, 0], ['bloodied', 'prone']]);
    // prone: disadvantage on its own melee attack
    const ev = t.run({ type: 'takeAction', actorId: 'bruno', action: 'attack', targets: ['imp'] }, { dice: 'd20:15 d20:12 d8:3' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.outcome).toBe('hit');
  });

  it('A5E-DYING-7 an attack on a creature at 0: the attacker picks a failed save, fatigue or strife', () => {
    const t = fight([archer(), down()]);
    t.run({ type: 'takeAction', actorId: 'archer', action: 'attack', targets: ['bruno'] }, { dice: 'd20:12 d8:4' });
    const p = t.state.pending!.open[0]!;
    expect([p.key, p.to, p.about, p.options.map((o) => o.id), p.default]).toEqual(['a5e.dying.attackedAtZero', { role: 'gm' }, 'bruno', ['failure', 'fatigue', 'strife'], 'failure']);
    t.answer('a5e.dying.attackedAtZero', 'strife');
    expect([strife(t, 'bruno'), fatigue(t, 'bruno'), tallies(t, 'bruno')]).toEqual([1, 0, [0, 0]]);
  });

  it('A5E-DYING-7 a player attacker is asked at its own seat; choosing a failure marks one', () => {
    const t = fight([bruno(), down({ id: 'ana', controller: 'seat-ana' })]);
    t.run({ type: 'takeAction', actorId: 'bruno', action: 'attack', targets: ['ana'] }, { dice: 'd20:12 d20:3 d8:4' });
    expect(t.state.pending!.open[0]!.to).toEqual({ role: 'player', seat: 'seat-bruno' });
    t.answer('a5e.dying.attackedAtZero', 'failure');
    expect(tallies(t, 'ana')).toEqual([0, 1]);
  });

  it('A5E-DYING-8 other damage at 0 is a failed death save, without asking anyone', () => {
    const t = fight([dummy('imp'), down()]);
    const ev = hit(t, 'bruno', 3);
    expect([tallies(t, 'bruno'), TestTable.ofType(ev, 'TallySet')[0]!.ruleId, t.state.pending]).toEqual([[0, 1], 'A5E-DYING-8', null]);
  });

  it('A5E-DYING-8 the Narrator may make it fatigue or strife instead (pre-answer, or asked with otherDamageAtZeroPrompt)', () => {
    const t = fight([dummy('imp'), down()], { otherDamageAtZeroPrompt: true });
    hit(t, 'bruno', 3, { preAnswers: { 'a5e.dying.otherDamageAtZero': 'fatigue' } });
    expect([fatigue(t, 'bruno'), tallies(t, 'bruno')]).toEqual([1, [0, 0]]);
    hit(t, 'bruno', 3);
    expect(t.state.pending!.open[0]!).toMatchObject({ key: 'a5e.dying.otherDamageAtZero', to: { role: 'gm' }, default: 'failure' });
    t.answer('a5e.dying.otherDamageAtZero', 'strife');
    expect(strife(t, 'bruno')).toBe(1);
  });

  it('A5E-DYING-9 a critical hit on a creature at 0 adds a level of fatigue on top of the attacker\'s choice', () => {
    const t = fight([clubber(), down()]);
    t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['bruno'] }, { dice: 'd20:20 d20:4 d8:4', preAnswers: { 'a5e.dying.attackedAtZero': 'failure' } });
    expect([fatigue(t, 'bruno'), tallies(t, 'bruno')]).toEqual([1, [0, 1]]);
  });

  it('A5E-DYING-10 massive damage at 0 hit points can kill outright (threshold 20 + 3 × level)', () => {
    const t = fight([dummy('imp'), down()]);
    hit(t, 'bruno', 34);
    expect([t.creature('bruno').status, tallies(t, 'bruno')]).toEqual(['dying', [0, 1]]);
    const ev = hit(t, 'bruno', 35, { dice: 'd20:5' });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]!.ruleId).toBe('A5E-DYING-10');
    expect(t.creature('bruno').status).toBe('dead');
  });

  it('A5E-DYING-10 option massiveDamageAtZero: level uses seed 002\'s 20 + level at 0 hit points', () => {
    const t = fight([dummy('imp'), down()], { massiveDamageAtZero: 'level' });
    hit(t, 'bruno', 25, { dice: 'd20:15' });
    expect([t.creature('bruno').status, fatigue(t, 'bruno'), strife(t, 'bruno'), tallies(t, 'bruno')]).toEqual(['dying', 1, 1, [0, 1]]);
  });

  it('A5E-DYING-11 first aid: an action and a DC 10 Wisdom (Medicine) check make a dying creature stable', () => {
    const t = fight([cleric(), down()]);
    const ev = t.run({ type: 'takeAction', actorId: 'cleric', action: 'firstAid', targets: ['bruno'] }, { dice: 'd20:5 d4:2' });
    const check = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect([check.breakdown.total, check.against?.value, check.outcome]).toEqual([10, 10, 'success']);
    expect([t.creature('bruno').status, t.creature('cleric').resources['action'], conditionIds(t, 'bruno').includes('unconscious')]).toEqual(['stable', 0, true]);
  });

  it('A5E-DYING-11 a failed check leaves it dying; first aid needs an unconscious, dying patient and an action', () => {
    const t = fight([cleric(), down(), bruno({ id: 'ana' })]);
    t.rejects({ type: 'takeAction', actorId: 'cleric', action: 'firstAid', targets: ['ana'] }, 'not-unconscious');
    t.rejects({ type: 'takeAction', actorId: 'cleric', action: 'firstAid', targets: [] }, 'no-target');
    t.run({ type: 'takeAction', actorId: 'cleric', action: 'firstAid', targets: ['bruno'] }, { dice: 'd20:4' });
    expect(t.creature('bruno').status).toBe('dying');
    t.rejects({ type: 'takeAction', actorId: 'cleric', action: 'firstAid', targets: ['bruno'] }, 'no-action-left');
  });

  it('A5E-DYING-12 a stable creature makes no death saves and stays unconscious', () => {
    const t = fight([dummy('imp'), down({ status: 'stable' })]);
    const ev = toTurnOf(t);
    expect([TestTable.ofType(ev, 'TestResolved').length, t.creature('bruno').status, conditionIds(t, 'bruno').includes('unconscious')]).toEqual([0, 'stable', true]);
  });

  it('A5E-DYING-13 a stable creature regains 1 hit point 1d4 hours later (recorded as a game-time duration)', () => {
    const t = fight([cleric(), down()]);
    t.run({ type: 'takeAction', actorId: 'cleric', action: 'firstAid', targets: ['bruno'] }, { dice: 'd20:15 d4:3' });
    const timer = t.creature('bruno').conditions.find((c) => c.conditionId === 'stable-recovery')!;
    expect([timer.duration, timer.data]).toEqual([{ kind: 'gameTime', seconds: 10800, endsAtSeconds: 10800 }, { hours: 3 }]);
    t.run({ type: 'a5e.gm.advanceClock', seconds: 10799 } as never);
    expect(t.creature('bruno').hp).toBe(0);
    t.run({ type: 'a5e.gm.advanceClock', seconds: 1 } as never);
    expect([t.creature('bruno').hp, t.creature('bruno').status, conditionIds(t, 'bruno').includes('unconscious')]).toEqual([1, 'conscious', false]);
  });

  it('A5E-DYING-13 healing first cancels the timer', () => {
    const t = fight([cleric(), down()]);
    t.run({ type: 'takeAction', actorId: 'cleric', action: 'firstAid', targets: ['bruno'] }, { dice: 'd20:15 d4:1' });
    t.run({ type: 'a5e.heal', creatureId: 'bruno', amount: 4 });
    t.run({ type: 'a5e.gm.advanceClock', seconds: 3600 } as never);
    expect([t.creature('bruno').hp, conditionIds(t, 'bruno').includes('stable-recovery')]).toEqual([4, false]);
  });

  it('A5E-DYING-14 any damage ends stability: dying again, and the damage costs a failure', () => {
    const t = fight([dummy('imp'), down({ status: 'stable' })]);
    hit(t, 'bruno', 2);
    expect([t.creature('bruno').status, tallies(t, 'bruno')]).toEqual(['dying', [0, 1]]);
    expect(TestTable.ofType(toTurnOf(t, 'd20:11'), 'TestResolved')).toHaveLength(1);
  });

  it('A5E-DYING-15 a monster at 0 hit points dies, with no question about a knock-out unless one is declared', () => {
    const t = fight([bruno(), dummy('gob', {}, { hp: 5 })]);
    t.run({ type: 'takeAction', actorId: 'bruno', action: 'attack', targets: ['gob'] }, { dice: 'd20:15 d8:4' });
    expect([t.creature('gob').status, conditionIds(t, 'gob').includes('unconscious'), t.state.pending]).toEqual(['dead', false, null]);
  });

  it('A5E-DYING-16 an important NPC follows the player-character rules', () => {
    const t = fight([bruno(), dummy('captain', { kind: 'npc', important: true }, { hp: 5 })]);
    hit(t, 'captain', 10);
    expect([t.creature('captain').status, fatigue(t, 'captain')]).toEqual(['dying', 1]);
  });

  it('A5E-DYING-16 any other NPC: the Narrator picks, and a doomed NPC gets one final turn', () => {
    const t = fight([bruno(), dummy('villain', { kind: 'npc' }, { hp: 5 })]);
    hit(t, 'villain', 10);
    expect(t.state.pending!.open[0]!).toMatchObject({ key: 'a5e.dying.npcRules', to: { role: 'gm' }, default: 'monster' });
    t.answer('a5e.dying.npcRules', 'doomed-at-zero');
    expect([t.creature('villain').status, conditionIds(t, 'villain')]).toEqual(['doomed', ['bloodied', 'doomed']]);
    t.run({ type: 'endTurn' }); // the villain's final turn begins
    expect(t.creature('villain').status).toBe('doomed');
    const ev = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(ev, 'StatusSet').map((e) => [e.creatureId, e.status])).toEqual([['villain', 'dead']]);
  });

  it('A5E-DYING-16 a creature var dyingRules overrides its kind; npcDyingPrompt: false lets NPCs die unasked', () => {
    const t = fight([bruno(), dummy('wolf', {}, { hp: 5, vars: { dyingRules: 'pc' } }), dummy('guard', { kind: 'npc' }, { hp: 5 })], { npcDyingPrompt: false });
    hit(t, 'wolf', 10);
    hit(t, 'guard', 10);
    expect([t.creature('wolf').status, t.creature('guard').status]).toEqual(['dying', 'dead']);
  });

  it('A5E-DYING-17 a declared knock-out: unconscious, one level of fatigue, stable — even a monster', () => {
    const t = fight([bruno(), dummy('gob', {}, { hp: 5 })]);
    const ev = t.run({ type: 'takeAction', actorId: 'bruno', action: 'attack', targets: ['gob'] }, { dice: 'd20:15 d8:4 d4:1', preAnswers: { 'a5e.dying.knockOut': 'knock-out' } });
    expect([t.creature('gob').status, fatigue(t, 'gob'), conditionIds(t, 'gob').includes('unconscious')]).toEqual(['stable', 1, true]);
    expect(TestTable.ofType(ev, 'PromptAnswered').map((e) => [e.answer, e.by])).toEqual([['knock-out', 'preAnswer']]);
  });

  it('A5E-DYING-17 with knockOutPrompt: always the attacker is asked at every melee drop; a knocked-out character gains one fatigue, not two', () => {
    const t = fight([clubber(), bruno({ hp: 3 })], { knockOutPrompt: 'always' });
    t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['bruno'] }, { dice: 'd20:15 d8:6' });
    expect(t.state.pending!.open[0]!).toMatchObject({ key: 'a5e.dying.knockOut', to: { role: 'gm' }, default: 'normal' });
    t.answer('a5e.dying.knockOut', 'knock-out', { dice: 'd4:4' });
    expect([t.creature('bruno').status, fatigue(t, 'bruno')]).toEqual(['stable', 1]);
  });

  it('A5E-DYING-17 only melee attacks can knock out', () => {
    const t = fight([archer(), dummy('gob', {}, { hp: 5 })], { knockOutPrompt: 'always' });
    t.run({ type: 'takeAction', actorId: 'archer', action: 'attack', targets: ['gob'] }, { dice: 'd20:15 d8:6' });
    expect([t.state.pending, t.creature('gob').status]).toEqual([null, 'dead']);
  });

  it('A5E-DYING-18 the dead take no turns and make no death saves; a doomed creature stays doomed after death', () => {
    const t = fight([dummy('imp'), down({ tallies: { deathSaveFailures: 2 } }), dummy('villain', { kind: 'npc' }, { hp: 5, vars: { dyingRules: 'doomed-at-zero' } })]);
    toTurnOf(t, 'd20:2');
    expect(t.creature('bruno').status).toBe('dead');
    t.run({ type: 'endTurn' }); // bruno's last turn ends; the villain's begins
    hit(t, 'villain', 10);
    t.run({ type: 'endTurn' }); // its own turn ends before its final one
    const ev = t.run({ type: 'endTurn' }); // imp's turn ends; bruno is skipped
    expect(TestTable.ofType(ev, 'TurnStarted').map((e) => e.creatureId)).toEqual(['villain']);
    t.run({ type: 'endTurn' }); // the final turn is over
    expect([t.creature('villain').status, conditionIds(t, 'villain')]).toEqual(['dead', ['bloodied', 'doomed']]);
  });

  it('A5E-DYING-19 a creature at 0 from suffocation with no air yet can be neither healed nor stabilized', () => {
    const t = fight([cleric(), down({ vars: { noAir: true, suffocating: true } })]);
    const ev = t.run({ type: 'a5e.heal', creatureId: 'bruno', amount: 5 });
    expect([TestTable.ofType(ev, 'RuleApplied')[0]!.ruleId, t.creature('bruno').hp]).toEqual(['A5E-DYING-19', 0]);
    const err = t.rejects({ type: 'takeAction', actorId: 'cleric', action: 'firstAid', targets: ['bruno'] }, 'cannot-stabilize');
    expect(err.ruleId).toBe('A5E-DYING-19');
  });
});
