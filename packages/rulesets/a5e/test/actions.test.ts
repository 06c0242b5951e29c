import { describe, expect, it } from 'vitest';
import { createGridSpace, legalCommands, placeCreature, type Command, type CreatureSetup, type FrayEvent, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { act, ana, fight, goblin, ogre, rogue } from './flow-fixtures';

const rules = (events: FrayEvent[], ruleId: string) => TestTable.ofType(events, 'RuleApplied').filter((e) => e.ruleId === ruleId).map((e) => e.text);
const tests = (events: FrayEvent[]) => TestTable.ofType(events, 'TestResolved');
const res = (t: TestTable, id: string, key: string) => t.creature(id).resources[key];
const conds = (t: TestTable, id: string) => t.creature(id).conditions.map((c) => c.conditionId);
const table = (creatures: CreatureSetup[], opts: { space?: Json; options?: Record<string, Json> } = {}) => {
  const t = new TestTable(a5eRuleset, { creatures, ...opts });
  t.run({ type: 'startCombat' });
  return t;
};
const twoAttacks = (over: Partial<CreatureSetup> = {}) => ana({ initiative: 15, sheet: { ...(ana().sheet as object), attacksPerAction: 2 }, ...over });
/** A command's takeAction fields, for reading legal-command lists. */
const fields = (c: Command) => c as { type: string; action?: string; targets?: string[]; options?: { cost?: string } };
const reactionSpell = (id: string) => act(id, 'cast-spell', [], { spell: 'shield', castingTime: 'reaction' });

/** ana at (0,0), then the others where given, on a bounded or open grid. */
function grid(at: Record<string, { x: number; y: number; size: string }>, bounds?: { width: number; height: number }): Json {
  let space = createGridSpace(bounds ? { bounds } : {});
  for (const [id, p] of Object.entries(at)) space = placeCreature(space, id, p);
  return space as unknown as Json;
}

describe('A5E actions: improvised, free and basic', () => {
  it('A5E-ACT-1 an improvised action: the Narrator says whether it is possible and which check decides it', () => {
    const t = fight();
    t.run(act('ana', 'improvise', [], { description: 'swing from the chandelier', check: { ability: 'dex', skill: 'acrobatics', dc: 12 } }));
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'a5e.improvise', to: { role: 'gm' } });
    const ev = t.answer('a5e.improvise', 'possible', { dice: 'd20:10' });
    expect(tests(ev).map((e) => [e.breakdown.total, e.outcome])).toEqual([[11, 'failure']]);
    expect(res(t, 'ana', 'action')).toBe(0);
    const no = fight();
    const refused = no.run(act('ana', 'improvise', [], { description: 'lift the portcullis alone' }), { preAnswers: { 'a5e.improvise': 'impossible' } });
    expect(rules(refused, 'A5E-ACT-1')).toEqual(['the Narrator rules Ana cannot lift the portcullis alone; nothing spent']);
    expect(res(no, 'ana', 'action')).toBe(1);
  });

  it('A5E-ACT-2 free actions happen on one\'s own turn: one quick object interaction per turn costs nothing', () => {
    const t = fight();
    const ev = t.run(act('ana', 'use-object', [], { object: 'the lever' }));
    expect(rules(ev, 'A5E-ACT-2')).toEqual(['Ana handles the lever (its free object interaction)']);
    expect([res(t, 'ana', 'objectInteraction'), res(t, 'ana', 'action')]).toEqual([0, 1]);
    t.run(act('ana', 'use-object', [], { object: 'the door' }));
    expect(res(t, 'ana', 'action')).toBe(0);
    t.rejects(act('ana', 'use-object'), 'no-action-left');
    t.run({ type: 'endTurn' });
    expect(t.rejects(act('ana', 'use-object'), 'not-your-turn').ruleId).toBe('A5E-ACT-2');
  });

  it('A5E-ACT-4 a basic maneuver takes the place of one attack of the Attack action', () => {
    const t = table([twoAttacks(), ogre({ initiative: 10 })]);
    const ev = t.run(act('ana', 'maneuver', ['ogre'], { maneuver: 'shove' }), { preAnswers: { 'a5e.maneuverResult': 'success' } });
    expect(rules(ev, 'A5E-ACT-4')).toEqual(["Ana's shove against Ogre: it works"]);
    expect([res(t, 'ana', 'action'), res(t, 'ana', 'attacksLeft')]).toEqual([0, 1]);
    t.run(act('ana', 'attack', ['ogre']), { dice: 'd20:2' });
    t.rejects(act('ana', 'maneuver', ['ogre'], { maneuver: 'disarm' }), 'no-action-left');
  });

  it('A5E-ACT-5 a combat maneuver with its own cost is recorded and paid for', () => {
    const t = fight();
    const ev = t.run(act('ana', 'maneuver', ['ogre'], { maneuver: 'rising strike', cost: 'bonusAction' }), { preAnswers: { 'a5e.maneuverResult': 'failure' } });
    expect(rules(ev, 'A5E-ACT-5')).toEqual(["Ana's rising strike against Ogre: it fails"]);
    expect([res(t, 'ana', 'bonusAction'), res(t, 'ana', 'action')]).toEqual([0, 1]);
  });

  it('A5E-ACT-6 casting a spell pays its casting time; at strife 6 only cantrips', () => {
    const t = fight();
    expect(rules(t.run(act('ana', 'cast-spell', [], { spell: 'fire bolt', castingTime: 'action', level: 0 })), 'A5E-ACT-6')).toEqual(['Ana casts fire bolt (1 action)']);
    expect(res(t, 'ana', 'action')).toBe(0);
    t.run(act('ana', 'cast-spell', [], { spell: 'healing word', castingTime: 'bonusAction' }));
    expect(res(t, 'ana', 'bonusAction')).toBe(0);
    const s = table([ana({ initiative: 15, conditions: [{ id: 'strife', level: 6 }] }), ogre({ initiative: 10 })]);
    expect(s.rejects(act('ana', 'cast-spell', [], { spell: 'bless', castingTime: 'action', level: 1 }), 'cannot-cast-spells').ruleId).toBe('A5E-STRIFE-6');
    s.run(act('ana', 'cast-spell', [], { spell: 'light', castingTime: 'action', level: 0 }));
  });

  it('A5E-ACT-20 Use an Object for a complex use, or a second object, takes the action', () => {
    const t = fight();
    const ev = t.run(act('ana', 'use-object', [], { object: 'the winch', complex: true }));
    expect(rules(ev, 'A5E-ACT-20')).toEqual(['Ana uses the winch (Use an Object action)']);
    expect([res(t, 'ana', 'action'), res(t, 'ana', 'objectInteraction')]).toEqual([0, 1]);
  });

  it('A5E-ACT-21 other rules\' actions (pushing over a table for cover) cost the action', () => {
    const t = fight();
    const ev = t.run(act('ana', 'improvise', [], { description: 'push over a table for cover' }), { preAnswers: { 'a5e.improvise': 'possible' } });
    expect(rules(ev, 'A5E-ACT-21')).toEqual(['Ana: push over a table for cover (action)']);
    t.rejects(act('ana', 'improvise', [], { description: 'dislodge the boulder' }), 'no-action-left');
  });
});

describe('A5E movement actions', () => {
  it('A5E-ACT-7 Dash doubles Speed for the turn after other changes; fatigue in effect forbids it, deferred fatigue does not', () => {
    const t = fight();
    const ev = t.run(act('ana', 'dash'));
    expect(rules(ev, 'A5E-ACT-7')).toEqual(['Ana dashes: Speed 30 doubled for this turn']);
    expect([res(t, 'ana', 'movementFeet'), res(t, 'ana', 'movementMaxFeet')]).toEqual([60, 60]);
    const slowed = table([ana({ initiative: 15, conditions: [{ id: 'slowed' }] }), ogre({ initiative: 10 })]);
    expect(res(slowed, 'ana', 'movementFeet')).toBe(15);
    slowed.run(act('ana', 'dash'));
    expect(res(slowed, 'ana', 'movementFeet')).toBe(30);
    const tired = table([ana({ initiative: 15, conditions: [{ id: 'fatigue', level: 1 }] }), ogre({ initiative: 10 })]);
    expect(tired.rejects(act('ana', 'dash'), 'cannot-dash').ruleId).toBe('A5E-ACT-7');
    const later = table([ana({ initiative: 15, tallies: { pendingFatigue: 1 } }), ogre({ initiative: 10 })]);
    later.run(act('ana', 'dash'));
    const walked = table([ana({ initiative: 15 }), ogre({ initiative: 10 })], { space: grid({ ana: { x: 0, y: 0, size: 'medium' }, ogre: { x: 9, y: 0, size: 'large' } }) });
    walked.run({ type: 'move', creatureId: 'ana', to: { x: 4, y: 0 } });
    walked.run(act('ana', 'dash'));
    expect(res(walked, 'ana', 'movementFeet')).toBe(40);
  });

  it('A5E-ACT-8 Disengage: its movement provokes no opportunity attacks for the rest of the turn', () => {
    const t = fight();
    t.run(act('ana', 'disengage'));
    const inst = t.creature('ana').conditions.find((c) => c.conditionId === 'disengaged')!;
    expect(a5eRuleset.conditionById['disengaged']!.effects).toEqual([{ kind: 'flag', flag: 'provokes-no-opportunity-attacks', ruleId: 'A5E-ACT-8' }]);
    expect(inst.duration).toEqual({ kind: 'turns', creatureId: 'ana', boundary: 'end', count: 1, skipCurrent: false });
    const end = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(end, 'ConditionRemoved').map((e) => e.conditionId)).toEqual(['disengaged']);

    const space = grid({ ana: { x: 0, y: 0, size: 'medium' }, ogre: { x: 1, y: 0, size: 'large' } });
    const stay = table([ana({ initiative: 15 }), ogre({ initiative: 10 })], { space });
    stay.run({ type: 'move', creatureId: 'ana', to: { x: 0, y: 5 } });
    expect(stay.state.pending!.open.map((p) => p.key)).toEqual(['a5e.opportunityAttack']);
    const away = table([ana({ initiative: 15 }), ogre({ initiative: 10 })], { space });
    away.run(act('ana', 'disengage'));
    away.run({ type: 'move', creatureId: 'ana', to: { x: 0, y: 5 } });
    expect(away.state.pending).toBeNull();
  });

  it('A5E-ACT-9 Dodge: attacks from seen attackers have disadvantage, Dex saves advantage; not at Speed 0; ends if incapacitated', () => {
    const t = fight();
    t.run(act('ana', 'dodge'));
    t.run({ type: 'endTurn' });
    const swing = tests(t.run(act('ogre', 'attack', ['ana']), { dice: 'd20:15 d20:4' }))[0]!;
    expect([swing.breakdown.rollMode.mode, swing.breakdown.total, swing.outcome]).toEqual(['disadvantage', 10, 'miss']);
    const save = tests(t.run({ type: 'a5e.test', creatureId: 'ana', kind: 'save', ability: 'dex', dc: 10 }, { dice: 'd20:3 d20:12' }))[0]!;
    expect([save.breakdown.rollMode.mode, save.breakdown.total]).toEqual(['advantage', 13]);

    const blind = fight();
    blind.run(act('ana', 'dodge'));
    blind.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'blinded' });
    blind.run({ type: 'endTurn' });
    const unseen = tests(blind.run(act('ogre', 'attack', ['ana']), { dice: 'd20:4 d20:15 d8:1 d8:1' }))[0]!;
    expect(unseen.breakdown.rollMode.mode).toBe('advantage');
    expect(unseen.breakdown.rollMode.sources.find((s) => s.label === 'target dodging')).toMatchObject({ applied: false });

    const held = table([ana({ initiative: 15, conditions: [{ id: 'grappled' }] }), ogre({ initiative: 10 })]);
    expect(held.rejects(act('ana', 'dodge'), 'speed-zero').ruleId).toBe('A5E-ACT-9');

    const stunned = fight();
    stunned.run(act('ana', 'dodge'));
    const ev = stunned.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'stunned' });
    expect(TestTable.ofType(ev, 'ConditionRemoved').filter((e) => e.conditionId === 'dodging').map((e) => [e.reason, e.ruleId])).toEqual([['incapacitated: the dodge ends', 'A5E-ACT-9']]);
    expect(conds(stunned, 'ana')).toEqual(['stunned', 'incapacitated']);
  });

  it('A5E-ACT-18 Sprint (minimal ruling): a Dash that gives up the bonus action and reactions until its next turn; fatigue forbids it', () => {
    const t = fight();
    t.run(act('ana', 'sprint'));
    expect(res(t, 'ana', 'movementFeet')).toBe(60);
    t.rejects(act('ana', 'tumble', ['ogre'], { cost: 'bonusAction' }), 'cannot-take-bonus-action');
    t.run({ type: 'endTurn' });
    t.rejects(reactionSpell('ana'), 'cannot-take-reaction');
    t.run({ type: 'endTurn' });
    const back = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(back, 'ConditionRemoved').map((e) => e.conditionId)).toEqual(['sprinting']);
    const tired = table([ana({ initiative: 15, conditions: [{ id: 'fatigue', level: 1 }] }), ogre({ initiative: 10 })]);
    expect(tired.rejects(act('ana', 'sprint'), 'cannot-sprint').ruleId).toBe('A5E-ACT-18');
  });

  it('A5E-ACT-18 Sprint (extended ruling): Speed ×4 (×3 in heavy armour), attacks against it have advantage, a Con check past Con modifier turns in a row', () => {
    const t = table([ana({ initiative: 15 }), ogre({ initiative: 10 })], { options: { sprintRules: 'extended' } });
    t.run(act('ana', 'sprint'));
    expect(res(t, 'ana', 'movementFeet')).toBe(120);
    t.run({ type: 'endTurn' });
    expect(tests(t.run(act('ogre', 'attack', ['ana']), { dice: 'd20:3 d20:5' }))[0]!.breakdown.rollMode.mode).toBe('advantage');
    t.run({ type: 'endTurn' });
    t.run(act('ana', 'sprint')); // second in a row: Con +2 allows two
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const third = t.run(act('ana', 'sprint'), { dice: 'd20:5' });
    expect(tests(third).map((e) => [e.breakdown.total, e.against?.value, e.outcome])).toEqual([[9, 10, 'failure']]);
    expect(t.creature('ana').tallies['pendingFatigue']).toBe(1);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const fourth = t.run(act('ana', 'sprint'), { dice: 'd20:9' });
    expect(tests(fourth).map((e) => [e.breakdown.total, e.against?.value, e.outcome])).toEqual([[13, 11, 'success']]);
    const armoured = table([ana({ initiative: 15 }), ogre({ initiative: 10 })], { options: { sprintRules: 'extended' } });
    armoured.run(act('ana', 'sprint', [], { heavyArmor: true }));
    expect(res(armoured, 'ana', 'movementFeet')).toBe(90);
  });

  it('A5E-ACT-19 Tumble: Dex save against the maneuver DC; size gives advantage or disadvantage, two sizes larger needs none; it may be let through', () => {
    const t = table([rogue({ initiative: 20 }), ogre({ initiative: 10 }), goblin('gob', { initiative: 5 })]);
    t.run(act('rue', 'tumble', ['ogre']));
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'a5e.letPass', to: { role: 'gm' }, default: 'resist' });
    const ev = t.answer('a5e.letPass', 'resist', { dice: 'd20:6 d20:11 d4:2' });
    const save = tests(ev)[0]!;
    expect([save.breakdown.rollMode.mode, save.breakdown.dice, save.breakdown.total, save.against]).toEqual(['advantage', '2d20kh1 + 1d4 expertise', 18, { label: "Ogre's maneuver DC", value: 14 }]);
    expect(t.creature('rue').conditions.find((c) => c.conditionId === 'tumbling')!.data).toEqual({ through: 'ogre' });
    expect(res(t, 'rue', 'action')).toBe(0);
    t.run(act('rue', 'tumble', ['gob'], { cost: 'bonusAction' }), { preAnswers: { 'a5e.letPass': 'let-pass' } });
    expect(res(t, 'rue', 'bonusAction')).toBe(0);
    t.run({ type: 'endTurn' });
    const big = t.run(act('ogre', 'tumble', ['rue']));
    expect(rules(big, 'A5E-ACT-19')).toEqual(['Ogre is two or more sizes larger than Rue: it moves through without a save']);

    const fail = table([ana({ initiative: 15 }), goblin('gob', { initiative: 5 })]);
    const miss = fail.run(act('ana', 'tumble', ['gob']), { preAnswers: { 'a5e.letPass': 'resist' }, dice: 'd20:15 d20:4' });
    expect([tests(miss)[0]!.breakdown.rollMode.mode, tests(miss)[0]!.breakdown.total, tests(miss)[0]!.against!.value]).toEqual(['disadvantage', 5, 12]);
    expect(rules(miss, 'A5E-ACT-19')).toEqual(['Ana fails to tumble through and stays where it is, movement intact']);
    expect([conds(fail, 'ana'), res(fail, 'ana', 'action'), res(fail, 'ana', 'movementFeet')]).toEqual([[], 0, 30]);

    const acrobat = table([rogue({ initiative: 20, vars: { 'a5e.tumblingSpecialty': true } }), ogre({ initiative: 10 })]);
    const d6 = acrobat.run(act('rue', 'tumble', ['ogre']), { preAnswers: { 'a5e.letPass': 'resist' }, dice: 'd20:6 d20:11 d6:5' });
    expect(tests(d6)[0]!.breakdown.total).toBe(21);
  });
});

describe('A5E help, hiding and searching', () => {
  it('A5E-ACT-10 Help with a task: the next check for it has advantage, until the helper\'s next turn', () => {
    const t = table([ana({ initiative: 15 }), rogue({ initiative: 10 }), ogre({ initiative: 5 })]);
    t.run(act('ana', 'help', ['rue'], { mode: 'task', task: 'pick the lock' }));
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'a5e.helpPossible', to: { role: 'gm' }, text: 'Can Ana meaningfully help Rue with pick the lock?' });
    t.answer('a5e.helpPossible', 'yes');
    expect(res(t, 'ana', 'action')).toBe(0);
    const first = tests(t.run({ type: 'a5e.test', creatureId: 'rue', kind: 'check', ability: 'dex', dc: 15 }, { dice: 'd20:4 d20:14' }))[0]!;
    expect([first.breakdown.rollMode.mode, first.breakdown.total, first.outcome]).toEqual(['advantage', 17, 'success']);
    const second = tests(t.run({ type: 'a5e.test', creatureId: 'rue', kind: 'check', ability: 'dex', dc: 15 }, { dice: 'd20:4' }))[0]!;
    expect(second.breakdown.rollMode.mode).toBe('normal');

    const unused = table([ana({ initiative: 15 }), rogue({ initiative: 10 }), ogre({ initiative: 5 })]);
    unused.run(act('ana', 'help', ['rue'], { mode: 'task', task: 'climb' }), { preAnswers: { 'a5e.helpPossible': 'yes' } });
    for (let i = 0; i < 2; i++) unused.run({ type: 'endTurn' });
    expect(conds(unused, 'rue')).toEqual(['helped']);
    unused.run({ type: 'endTurn' });
    expect(conds(unused, 'rue')).toEqual([]);

    const pointless = fight();
    pointless.run(act('ana', 'help', ['gob'], { mode: 'task', task: 'knit' }), { preAnswers: { 'a5e.helpPossible': 'no' } });
    expect(res(pointless, 'ana', 'action')).toBe(1);
  });

  it('A5E-ACT-11 Help against a foe within 5 ft: the ally\'s first attack on it before the helper\'s next turn has advantage', () => {
    const t = table([rogue({ initiative: 20 }), twoAttacks(), ogre({ initiative: 5 })]);
    t.run(act('rue', 'help', ['ogre'], { mode: 'attack', ally: 'ana' }));
    t.run({ type: 'endTurn' });
    const first = tests(t.run(act('ana', 'attack', ['ogre']), { dice: 'd20:3 d20:12 d8:4' }))[0]!;
    expect([first.breakdown.rollMode.mode, first.breakdown.total, t.creature('ogre').hp]).toEqual(['advantage', 17, 59 - 7]);
    expect(tests(t.run(act('ana', 'attack', ['ogre']), { dice: 'd20:3' }))[0]!.breakdown.rollMode.mode).toBe('normal');

    const far = new TestTable(a5eRuleset, {
      creatures: [rogue({ initiative: 20 }), ana({ initiative: 15 }), ogre({ initiative: 5 })],
      space: grid({ ana: { x: 0, y: 0, size: 'medium' }, ogre: { x: 1, y: 0, size: 'large' }, rue: { x: 6, y: 6, size: 'small' } }),
    });
    far.run({ type: 'startCombat' });
    expect(far.rejects(act('rue', 'help', ['ogre'], { mode: 'attack', ally: 'ana' }), 'out-of-reach').ruleId).toBe('A5E-ACT-11');
    far.rejects(act('rue', 'help', ['ogre'], { mode: 'attack', ally: 'ogre' }), 'illegal-target');
  });

  it('A5E-ACT-12 Hide: Stealth against each observer\'s passive Perception, hidden only from those it strictly beats; attacking gives it away', () => {
    const t = fight();
    t.run(act('ana', 'hide'));
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'a5e.hidePossible', default: 'no' });
    const ev = t.answer('a5e.hidePossible', 'yes', { dice: 'd20:8' });
    expect(rules(ev, 'A5E-CORE-12')).toEqual(["Stealth 9 vs Ogre's passive Perception 8: hidden", "Stealth 9 vs Goblin's passive Perception 9: noticed"]);
    expect(t.creature('ana').vars['a5e.hidden']).toEqual({ stealth: 9, from: ['ogre'] });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const strike = tests(t.run(act('ana', 'attack', ['ogre']), { dice: 'd20:3 d20:14 d8:2' }))[0]!;
    expect(strike.breakdown.rollMode.mode).toBe('advantage');
    expect(t.creature('ana').vars['a5e.hidden']).toBeUndefined();

    const nowhere = fight();
    const refused = nowhere.run(act('ana', 'hide'), { preAnswers: { 'a5e.hidePossible': 'no' } });
    expect(rules(refused, 'A5E-ACT-12')).toEqual(['the Narrator rules Ana has nowhere to hide; no action spent']);
    expect(res(nowhere, 'ana', 'action')).toBe(1);
    nowhere.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'invisible' });
    nowhere.run(act('ana', 'hide'));
    expect(nowhere.state.pending!.open[0]!.default).toBe('yes');
  });

  it('A5E-ACT-17 Search: the Narrator picks Perception or Investigation; a hider is found only if the check beats its Stealth', () => {
    const hidden = { vars: { 'a5e.hidden': { stealth: 12, from: ['ana'] } } };
    const tie = table([ana({ initiative: 15 }), goblin('gob', { initiative: 5, ...hidden })]);
    tie.run(act('ana', 'search'));
    expect(tie.state.pending!.open[0]).toMatchObject({ key: 'a5e.searchCheck', to: { role: 'gm' }, default: 'perception' });
    const ev = tie.answer('a5e.searchCheck', 'perception', { dice: 'd20:11' });
    expect(tests(ev)[0]!.breakdown.rows[0]!.label).toBe('WIS (perception)');
    expect(tie.creature('gob').vars['a5e.hidden']).toEqual({ stealth: 12, from: ['ana'] });

    const found = table([ana({ initiative: 15 }), goblin('gob', { initiative: 5, ...hidden })]);
    const ok = found.run(act('ana', 'search', [], { skill: 'investigation' }), { preAnswers: { 'a5e.searchCheck': 'investigation' }, dice: 'd20:13' });
    expect(tests(ok)[0]!.breakdown.rows[0]!.label).toBe('INT (investigation)');
    expect(rules(ok, 'A5E-ACT-17')).toEqual(['Ana finds Goblin (13 beats Stealth 12)']);
    expect(found.creature('gob').vars['a5e.hidden']).toBeUndefined();
  });
});

describe('A5E Press the Attack and Fall Back', () => {
  it('A5E-ACT-13 Press the Attack: an expertise die on melee attacks against the designee, advantage on attacks against the presser', () => {
    const t = table([ana({ initiative: 15 }), rogue({ initiative: 12 }), ogre({ initiative: 10 })]);
    t.run(act('ana', 'press-the-attack', ['ogre']), { preAnswers: { 'a5e.fallBack': 'hold' } });
    expect([res(t, 'ana', 'bonusAction'), t.creature('ana').vars['a5e.press']]).toEqual([0, { target: 'ogre', fellBack: false }]);
    const hit = tests(t.run(act('ana', 'attack', ['ogre']), { dice: 'd20:11 d4:3 d8:5' }))[0]!;
    expect([hit.breakdown.dice, hit.breakdown.total, t.creature('ogre').hp]).toEqual(['1d20 + 1d4 expertise', 19, 59 - 8]);
    t.run({ type: 'endTurn' });
    expect(t.rejects(act('rue', 'press-the-attack', ['ogre']), 'already-pressed').ruleId).toBe('A5E-ACT-13');
    t.run({ type: 'endTurn' });
    const back = tests(t.run(act('ogre', 'attack', ['ana']), { dice: 'd20:2 d20:9' }))[0]!;
    expect([back.breakdown.rollMode.mode, back.outcome]).toEqual(['advantage', 'miss']);
    const next = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(next, 'ConditionRemoved').map((e) => e.conditionId)).toEqual(['pressing']);
    expect(t.creature('ana').vars['a5e.press']).toBeUndefined();

    const late = fight();
    late.run(act('ana', 'attack', ['ogre']), { dice: 'd20:2' });
    late.rejects(act('ana', 'press-the-attack', ['ogre']), 'attack-already-taken');

    const poisoned = table([ana({ initiative: 15, conditions: [{ id: 'poisoned' }] }), ogre({ initiative: 10 })]);
    poisoned.run(act('ana', 'press-the-attack', ['ogre']), { preAnswers: { 'a5e.fallBack': 'hold' } });
    const ev = poisoned.run(act('ana', 'attack', ['ogre']), { dice: 'd20:15 d20:6 d8:5' });
    expect([tests(ev)[0]!.breakdown.dice, tests(ev)[0]!.breakdown.total]).toEqual(['2d20kl1', 11]);
    expect(rules(ev, 'A5E-CORE-7')).toEqual(['attack with disadvantage: no Press the Attack die']);
  });

  it('A5E-ACT-14 Fall Back: the designee steps 5 ft back with its reaction and the die is lost; the presser may follow; not while raging or with no room', () => {
    const space = grid({ ana: { x: 0, y: 0, size: 'medium' }, gob: { x: 1, y: 0, size: 'small' } });
    const t = table([ana({ initiative: 15 }), goblin('gob', { initiative: 5 })], { space });
    t.run(act('ana', 'press-the-attack', ['gob']));
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'a5e.fallBack', to: { role: 'gm' }, default: 'hold' });
    t.answer('a5e.fallBack', 'fall-back');
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'a5e.pressFollow', to: { role: 'player', seat: 'seat-ana' } });
    t.answer('a5e.pressFollow', 'follow');
    const at = (id: string) => { const p = (t.state.space as { creatures: Record<string, { x: number; y: number }> }).creatures[id]!; return [p.x, p.y]; };
    expect([at('gob'), at('ana'), res(t, 'gob', 'reaction'), res(t, 'ana', 'movementFeet')]).toEqual([[2, 0], [1, 0], 0, 30]);
    expect(t.creature('ana').vars['a5e.press']).toEqual({ target: 'gob', fellBack: true });
    const hit = tests(t.run(act('ana', 'attack', ['gob']), { dice: 'd20:11 d8:2' }))[0]!;
    expect([hit.breakdown.dice, hit.breakdown.total]).toEqual(['1d20', 16]);
    expect(conds(t, 'ana')).toEqual(['pressing']);

    const raging = table([ana({ initiative: 15 }), goblin('gob', { initiative: 5, vars: { 'a5e.raging': true } })], { space });
    raging.run(act('ana', 'press-the-attack', ['gob']));
    expect(raging.state.pending).toBeNull();
    const cornered = table([ana({ initiative: 15 }), goblin('gob', { initiative: 5 })], { space: grid({ ana: { x: 0, y: 0, size: 'medium' }, gob: { x: 1, y: 0, size: 'small' } }, { width: 2, height: 1 }) });
    cornered.run(act('ana', 'press-the-attack', ['gob']));
    expect(cornered.state.pending).toBeNull();
  });
});

describe('A5E readied actions', () => {
  it('A5E-ACT-15 Ready: a trigger and an action, released with the reaction or ignored and wasted', () => {
    const t = fight();
    t.rejects(act('ana', 'ready', ['ogre'], { readied: 'attack' }), 'no-trigger');
    const ev = t.run(act('ana', 'ready', ['ogre'], { trigger: 'the ogre steps close', readied: 'attack' }));
    expect(rules(ev, 'A5E-ACT-15')).toEqual(['Ana readies attack for: the ogre steps close']);
    expect(res(t, 'ana', 'action')).toBe(0);
    t.run({ type: 'endTurn' });
    t.run({ type: 'a5e.releaseReadied', creatureId: 'ana' });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'a5e.releaseReadied', to: { role: 'player', seat: 'seat-ana' }, default: 'release' });
    const out = t.answer('a5e.releaseReadied', 'release', { dice: 'd20:14 d8:3' });
    expect(tests(out).map((e) => [e.actor, e.outcome])).toEqual([['ana', 'hit']]);
    expect([res(t, 'ana', 'reaction'), res(t, 'ana', 'action'), t.creature('ana').vars['a5e.readied']]).toEqual([0, 0, undefined]);
    t.rejects({ type: 'a5e.releaseReadied', creatureId: 'ana' }, 'nothing-readied');

    const wasted = fight();
    wasted.run(act('ana', 'ready', ['ogre'], { trigger: 'the ogre steps close', readied: 'attack' }));
    wasted.run({ type: 'endTurn' });
    const ignored = wasted.run({ type: 'a5e.releaseReadied', creatureId: 'ana', decision: 'ignore' });
    expect(rules(ignored, 'A5E-ACT-15')).toEqual(["Ana's readied attack is wasted: the trigger was ignored"]);
    expect(res(wasted, 'ana', 'reaction')).toBe(1);
  });

  it('A5E-ACT-16 a readied spell must take 1 action; it is cast now and held with concentration, and lost with it', () => {
    const t = table([ana({ initiative: 15, vars: { concentrating: 'bless' } }), ogre({ initiative: 10 })]);
    const spell = (castingTime: string) => act('ana', 'ready', ['ogre'], { trigger: 'the ogre charges', readied: 'cast-spell', spell: { name: 'hold person', castingTime } });
    expect(t.rejects(spell('bonusAction'), 'not-readyable').ruleId).toBe('A5E-ACT-16');
    const ev = t.run(spell('action'));
    expect(rules(ev, 'A5E-CORE-14')).toEqual(['Ana loses concentration on bless: holding hold person instead']);
    expect(t.creature('ana').vars['concentrating']).toBe('hold person');
    t.run({ type: 'endTurn' });
    const released = t.run({ type: 'a5e.releaseReadied', creatureId: 'ana', decision: 'release' });
    expect(rules(released, 'A5E-ACT-16')).toEqual(['Ana releases its readied hold person: the ogre charges']);
    expect(t.creature('ana').vars['concentrating']).toBeUndefined();

    const lost = table([ana({ initiative: 15 }), ogre({ initiative: 10 })]);
    lost.run(act('ana', 'ready', ['ogre'], { trigger: 'the ogre charges', readied: 'cast-spell', spell: { name: 'hold person', castingTime: 'action' } }));
    lost.run({ type: 'endTurn' });
    const hit = lost.run(act('ogre', 'attack', ['ana']), { dice: 'd20:15 d8:3 d8:3 d20:2' });
    expect(rules(hit, 'A5E-ACT-16')).toEqual(["Ana's readied hold person is wasted: concentration was lost"]);
    expect(lost.creature('ana').vars['a5e.readied']).toBeUndefined();
  });
});

describe('A5E action economy', () => {
  it('A5E-ACT-22 the bonus-action menu: Press the Attack, Tumble and commands while the bonus action is unspent', () => {
    const t = fight();
    const bonus = (cmds: ReturnType<typeof legalCommands>) => cmds.map(fields).filter((c) => c.type === 'takeAction' && (c.action === 'press-the-attack' || (c.action === 'tumble' && c.options?.cost === 'bonusAction'))).map((c) => `${c.action} ${c.targets?.join()}`);
    expect(bonus(legalCommands(t.state, { role: 'player', seat: 'seat-ana' }, a5eRuleset))).toEqual(['tumble ogre', 'tumble gob', 'press-the-attack ogre', 'press-the-attack gob']);
    t.run(act('ana', 'tumble', ['gob'], { cost: 'bonusAction' }), { preAnswers: { 'a5e.letPass': 'let-pass' } });
    expect(bonus(legalCommands(t.state, { role: 'player', seat: 'seat-ana' }, a5eRuleset))).toEqual([]);
    expect(legalCommands(t.state, { role: 'player', seat: 'seat-rue' }, a5eRuleset)).toEqual([]);
  });

  it('A5E-ACT-23 no reactions while incapacitated, slowed, confused or rattled', () => {
    for (const condition of ['stunned', 'slowed', 'confused', 'rattled']) {
      const t = fight();
      t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: condition });
      t.run({ type: 'endTurn' });
      t.rejects(reactionSpell('ana'), 'cannot-take-reaction');
    }
  });

  it('A5E-ACT-24 incapacitated: nothing; slowed or strife 3: action or bonus action, one attack; placid: no hostile action; manic: action or move', () => {
    const stunned = table([ana({ initiative: 15, conditions: [{ id: 'stunned' }] }), ogre({ initiative: 10 })]);
    stunned.rejects(act('ana', 'disengage'), 'cannot-take-action');
    stunned.rejects(act('ana', 'tumble', ['ogre'], { cost: 'bonusAction' }), 'cannot-take-bonus-action');

    for (const limit of [{ id: 'slowed' }, { id: 'strife', level: 3 }]) {
      const t = table([twoAttacks({ conditions: [limit] }), ogre({ initiative: 10 })]);
      t.run(act('ana', 'dodge'));
      t.rejects(act('ana', 'tumble', ['ogre'], { cost: 'bonusAction' }), 'cannot-take-bonus-action');
    }
    const slowed = table([twoAttacks({ conditions: [{ id: 'slowed' }] }), ogre({ initiative: 10 })]);
    slowed.run(act('ana', 'attack', ['ogre']), { dice: 'd20:2' });
    expect(slowed.rejects(act('ana', 'attack', ['ogre']), 'one-attack-per-turn').ruleId).toBe('A5E-ACT-24');

    const placid = table([ana({ initiative: 15, conditions: [{ id: 'placid' }] }), ogre({ initiative: 10 })]);
    expect(placid.rejects(act('ana', 'press-the-attack', ['ogre']), 'placid').ruleId).toBe('A5E-COND-22');
    const manic = table([ana({ initiative: 15, conditions: [{ id: 'manic' }] }), ogre({ initiative: 10 })], { space: grid({ ana: { x: 0, y: 0, size: 'medium' }, ogre: { x: 6, y: 0, size: 'large' } }) });
    manic.run({ type: 'move', creatureId: 'ana', to: { x: 0, y: 1 } });
    manic.rejects(act('ana', 'dodge'), 'cannot-take-action');
    expect(legalCommands(placid.state, { role: 'gm' }, a5eRuleset).map(fields).filter((c) => ['attack', 'press-the-attack', 'tumble', 'maneuver'].includes(c.action ?? ''))).toEqual([]);
  });
});
