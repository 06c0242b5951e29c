import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ContentError, legalCommands, type CreatureSetup, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset, readyRechargeAction, SPENT_PREFIX } from '../src/index';
import { fight, grid, orc, pc } from './movement-fixtures';
import { campaign } from './rest-fixtures';

/** Our own test creatures: a fire drake with a breath, a corpse eater with paralysing claws, a hedge mage, a healer. */
const drake = (over: Partial<CreatureSetup> & { sheet?: Record<string, unknown> } = {}): CreatureSetup => ({
  id: 'drake', side: 'foes', ...over,
  sheet: {
    name: 'Drake', kind: 'monster', size: 'large', hitDice: 8, proficiency: 3,
    abilities: { str: 19, dex: 10, con: 17, int: 8, wis: 10, cha: 10 },
    ac: 17, hp: 80, speed: { walk: 30 },
    attacks: [{ id: 'bite', name: 'Bite', kind: 'melee', bonus: 7, damage: '2d10', damageType: 'piercing' }],
    actions: [{
      id: 'breath', name: 'Fire Breath', recharge: { min: 5 }, targets: { area: '30-foot cone', rangeFeet: 30 },
      effects: [{ kind: 'save', ability: 'dex', dc: 13, fail: [{ kind: 'damage', dice: '4d6', type: 'fire' }], success: [{ kind: 'damage', dice: '4d6', type: 'fire', half: true }] }],
    }],
    ...(over.sheet ?? {}),
  },
});

const gnawer = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'gnawer', side: 'foes', ...over,
  sheet: {
    name: 'Gnawer', kind: 'monster', hitDice: 5, proficiency: 2,
    abilities: { str: 13, dex: 15, con: 11, int: 7, wis: 10, cha: 6 },
    ac: 12, hp: 24, speed: { walk: 30 }, attacksPerAction: 2,
    attacks: [{
      id: 'claws', name: 'Claws', kind: 'melee', bonus: 4, damage: '2d4', damageType: 'slashing',
      onHit: [{ kind: 'save', ability: 'con', dc: 10, fail: [{ kind: 'applyCondition', condition: 'paralyzed', duration: { kind: 'saveEnds', save: { ability: 'con', dc: 10 }, timing: 'end' } }] }],
    }],
  },
});

const mage = (over: Partial<CreatureSetup> = {}): CreatureSetup => ({
  id: 'mage', side: 'foes', ...over,
  sheet: {
    name: 'Mage', kind: 'npc', hitDice: 6, proficiency: 2,
    abilities: { str: 9, dex: 14, con: 12, int: 17, wis: 12, cha: 11 },
    ac: 12, hp: 27, speed: { walk: 30 },
    attacks: [{ id: 'dagger', name: 'Dagger', kind: 'melee', bonus: 4, damage: '1d4', damageType: 'piercing' }],
    actions: [{
      id: 'frost-lance', name: 'Frost Lance', usesPerDay: 2, targets: { count: 1, rangeFeet: 60 },
      effects: [{ kind: 'attack', bonus: 5, options: ['attack:ranged', 'ability:int'], hit: [{ kind: 'damage', dice: '2d8', type: 'cold' }, { kind: 'applyCondition', condition: 'slowed', duration: { kind: 'nextTurn', creatureId: '$target', boundary: 'end' } }] }],
    }],
    reactions: [{ id: 'warding-flare', name: 'Warding Flare', usesPerDay: 1, targets: { count: 0 }, trigger: { text: 'an attack hits her', on: 'hit' }, effects: [{ kind: 'hook', hook: 'a5e.raise-ac', params: { bonus: 5 } }] }],
  },
});

const healer = (over: Record<string, unknown> = {}) => pc('ilse', {
  sheet: {
    abilities: { str: 14, dex: 12, con: 14, int: 10, wis: 16, cha: 11 },
    actions: [
      { id: 'mending-touch', name: 'Mending Touch', usesPerDay: 1, targets: { count: 1, rangeFeet: 5 }, effects: [{ kind: 'heal', dice: '1d8+3' }] },
      { id: 'smite', name: 'Searing Smite', targets: { count: 1 }, effects: [{ kind: 'attack', bonus: 5, hit: [{ kind: 'damage', dice: '2d6', type: 'radiant' }] }] },
    ],
    ...over,
  },
});

const use = (actorId: string, id: string, targets: string[] = []) => ({ type: 'takeAction', actorId, action: 'use-action', targets, options: { id } });

describe('A5E stat-block actions as effect trees', () => {
  it('A5E-DMG-3 a breath over two creatures rolls its damage once; each saves on its own and a success halves it', () => {
    const t = fight([drake(), pc('ana'), pc('bob')], null);
    // Ana: Dex save d20 5 + 1 = 6 vs 13, fails: 4d6 (3, 4, 5, 6) = 18. Bob: d20 15 + 1 = 16, saves: the same 18 halved to 9.
    const ev = t.run(use('drake', 'breath', ['ana', 'bob']), { dice: 'd20:5 d6:3 d6:4 d6:5 d6:6 d20:15' });
    expect(TestTable.ofType(ev, 'DiceRolled').filter((e) => e.purpose === 'Fire Breath damage')).toHaveLength(1);
    expect(TestTable.ofType(ev, 'TestResolved').map((e) => [e.actor, e.outcome])).toEqual([['ana', 'failure'], ['bob', 'success']]);
    expect([t.creature('ana').hp, t.creature('bob').hp]).toEqual([28 - 18, 28 - 9]);
    expect(TestTable.ofType(ev, 'RuleApplied').filter((e) => e.ruleId === 'A5E-DMG-20').map((e) => e.text)).toEqual(['a successful save halves Fire Breath: 18 → 9']);
    expect(t.creature('drake').resources['action']).toBe(0);
  });

  it('A5E-COND-20 a paralysed creature fails the breath\'s Dexterity save without a roll (saves are A5E tests)', () => {
    const t = fight([drake(), pc('ana'), pc('bob')], null);
    t.run({ type: 'gm.addCondition', creatureId: 'bob', conditionId: 'paralyzed' });
    // Ana rolls 15 (saves); Bob fails automatically; one 4d6 roll of 12 for both.
    const ev = t.run(use('drake', 'breath', ['ana', 'bob']), { dice: 'd20:15 d6:3 d6:3 d6:3 d6:3' });
    expect(TestTable.ofType(ev, 'TestResolved').map((e) => [e.actor, e.outcome])).toEqual([['ana', 'success'], ['bob', 'failure']]);
    expect([t.creature('ana').hp, t.creature('bob').hp]).toEqual([28 - 6, 28 - 12]);
  });

  it('a recharge action is spent until a d6 at the start of its turn reaches the recharge number', () => {
    const t = fight([drake(), pc('ana')], null);
    t.run(use('drake', 'breath', ['ana']), { dice: 'd20:20 d6:1 d6:1 d6:1 d6:1' });
    expect(t.creature('drake').vars[SPENT_PREFIX + 'breath']).toBe(true);
    t.run({ type: 'endTurn' });
    // round 2: the d6 rolls 4, short of 5
    t.run({ type: 'endTurn' }, { dice: 'd6:4' });
    expect(t.creature('drake').vars[SPENT_PREFIX + 'breath']).toBe(true);
    t.rejects(use('drake', 'breath', ['ana']), 'not-recharged');
  });

  it('a recharge roll of 5 makes the breath ready again, and legal commands list it only while ready', () => {
    const t = new TestTable(a5eRuleset, { creatures: [{ ...drake(), initiative: 20 }, { ...pc('ana'), initiative: 10 }] });
    t.run({ type: 'startCombat' });
    const listed = () => legalCommands(t.state, { role: 'gm' }, a5eRuleset).filter((c) => (c as { action?: string }).action === 'use-action');
    expect(listed()).toEqual([use('drake', 'breath', ['ana'])]);
    expect(readyRechargeAction(a5eRuleset, t.state, 'drake')).toEqual(use('drake', 'breath', ['ana']));
    t.run(use('drake', 'breath', ['ana']), { dice: 'd20:20 d6:1 d6:1 d6:1 d6:1' });
    expect(listed()).toEqual([]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd6:5' });
    expect(t.creature('drake').vars[SPENT_PREFIX + 'breath']).toBeUndefined();
    expect(readyRechargeAction(a5eRuleset, t.state, 'drake')).toEqual(use('drake', 'breath', ['ana']));
  });

  it('A5E-DMG-4 a critical hit from an attack action doubles its damage', () => {
    const t = fight([healer(), orc('orc')], null);
    // natural 20: 2d6 (3, 4) = 7 radiant, doubled to 14
    const ev = t.run(use('ilse', 'smite', ['orc']), { dice: 'd20:20 d6:3 d6:4' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.outcome).toBe('crit');
    expect(TestTable.ofType(ev, 'RuleApplied').filter((e) => e.ruleId === 'A5E-DMG-4').map((e) => e.text)).toEqual(['critical hit: damage doubled, 7 → 14']);
    expect(t.creature('orc').hp).toBe(15 - 14);
  });

  it('A5E-ATK-6 an attack action that rolls a natural 1 misses and deals nothing', () => {
    const t = fight([healer(), orc('orc', { sheet: { ac: 1 } })], null);
    const ev = t.run(use('ilse', 'smite', ['orc']), { dice: 'd20:1' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.outcome).toBe('miss');
    expect(t.creature('orc').hp).toBe(15);
  });

  it('A5E-COND-20 a claw\'s on-hit rider paralyses on a failed Constitution save, after the damage', () => {
    const t = fight([gnawer(), pc('ana')], null);
    // d20 15 + 4 = 19 vs AC 16, hit; 2d4 (2, 3) + 1 = 6; Con save d20 4 + 2 + 2 = 8 vs DC 10, fails
    const ev = t.run({ type: 'takeAction', actorId: 'gnawer', action: 'attack', targets: ['ana'], options: { attack: 'claws' } }, { dice: 'd20:15 d4:2 d4:3 d20:4' });
    expect(ev.findIndex((e) => e.type === 'DamageApplied')).toBeLessThan(ev.findIndex((e) => e.type === 'ConditionAdded'));
    expect(t.creature('ana').hp).toBe(22);
    expect(t.creature('ana').conditions.map((c) => c.conditionId)).toEqual(['paralyzed', 'incapacitated']);
    // the second claw: advantage on the paralysed target, and within 5 ft the hit is a critical one (A5E-ATK-7)
    const second = t.run({ type: 'takeAction', actorId: 'gnawer', action: 'attack', targets: ['ana'], options: { attack: 'claws' } }, { dice: 'd20:3 d20:12 d4:1 d4:1 d20:19' });
    expect(TestTable.ofType(second, 'TestResolved')[0]!.outcome).toBe('crit');
    expect(t.creature('ana').hp).toBe(22 - 6);
  });

  it('A5E-COND-1 the paralysis ends on a successful save at the end of the victim\'s turn', () => {
    const t = fight([gnawer(), pc('ana')], null);
    t.run({ type: 'takeAction', actorId: 'gnawer', action: 'attack', targets: ['ana'], options: { attack: 'claws' } }, { dice: 'd20:15 d4:2 d4:3 d20:4' });
    t.run({ type: 'endTurn' });
    // Ana's turn ends: Con save d20 6 + 4 = 10 vs DC 10, success
    const ev = t.run({ type: 'endTurn' }, { dice: 'd20:6' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]).toMatchObject({ actor: 'ana', outcome: 'success', ruleId: 'A5E-COND-1' });
    expect(t.creature('ana').conditions).toEqual([]);
  });

  it('a missed claw has no rider: no save is rolled', () => {
    const t = fight([gnawer(), pc('ana')], null);
    t.run({ type: 'takeAction', actorId: 'gnawer', action: 'attack', targets: ['ana'], options: { attack: 'claws' } }, { dice: 'd20:2' });
    expect(t.creature('ana').conditions).toEqual([]);
  });

  it('a spell attack action: damage, a condition until the end of the target\'s next turn, and daily uses', () => {
    const t = fight([mage(), pc('ana')], null);
    // d20 12 + 5 = 17 vs AC 16, hit; 2d8 (4, 5) = 9 cold; slowed until the end of Ana's next turn
    t.run(use('mage', 'frost-lance', ['ana']), { dice: 'd20:12 d8:4 d8:5' });
    expect(t.creature('ana').hp).toBe(19);
    expect(t.creature('ana').conditions.map((c) => [c.conditionId, c.duration])).toEqual([['slowed', { kind: 'turns', creatureId: 'ana', boundary: 'end', count: 1, skipCurrent: false }]]);
    expect(t.creature('mage').vars['a5e.action.used:frost-lance']).toBe(1);
    t.rejects(use('mage', 'frost-lance', ['ana']), 'no-action-left');
  });

  it('a reaction set off by a hit is offered by prompt and, used, raises AC so the attack misses', () => {
    const t = fight([pc('ana'), mage()], null);
    // d20 10 + 5 = 15 vs AC 12 would hit; Warding Flare makes it 17: a miss, no damage
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['mage'], options: { attack: 'longsword' } }, { dice: 'd20:10', preAnswers: { 'a5e.reaction': 'warding-flare' } });
    expect(TestTable.ofType(ev, 'PromptAnswered').map((e) => [e.key, e.answer, e.by])).toEqual([['a5e.reaction', 'warding-flare', 'preAnswer']]);
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.outcome).toBe('miss');
    expect(t.creature('mage').hp).toBe(27);
    expect(t.creature('mage').resources['reaction']).toBe(0);
    // once a day: not offered again (and the reaction is spent)
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['mage'], options: { attack: 'longsword' } }, { dice: 'd20:10 d8:1' });
    expect(t.creature('mage').hp).toBe(27 - 4);
  });

  it('a reaction can be declined (the prompt\'s default); raising AC outside an attack is refused', () => {
    const t = fight([pc('ana'), mage()], null);
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['mage'], options: { attack: 'longsword' } }, { dice: 'd20:10' });
    expect(t.state.pending?.open.map((p) => [p.key, p.to, p.default, p.options.map((o) => o.id)])).toEqual([['a5e.reaction', { role: 'gm' }, 'decline', ['warding-flare', 'decline']]]);
    t.answer('a5e.reaction', 'decline', { dice: 'd8:2' });
    expect(t.creature('mage').hp).toBe(27 - 5);
    expect(t.creature('mage').resources['reaction']).toBe(1);
    t.rejects(use('mage', 'warding-flare'), 'no-attack');
  });

  it('a manual reaction is taken by command on another\'s turn, and spends the reaction', () => {
    const rally = { id: 'rally', name: 'Rallying Cry', targets: { count: 1, rangeFeet: 30 }, trigger: { text: 'an ally is hurt', on: 'manual' }, effects: [{ kind: 'heal', dice: '1d6' }] };
    const t = fight([pc('ana'), pc('bob', { sheet: { reactions: [rally] } })], null);
    t.run({ type: 'gm.setHp', creatureId: 'ana', hp: 10 });
    t.run(use('bob', 'rally', ['ana']), { dice: 'd6:4' });
    expect([t.creature('ana').hp, t.creature('bob').resources['reaction']]).toEqual([14, 0]);
    t.rejects(use('bob', 'rally', ['ana']), 'no-reaction-left');
  });

  it('a heal node restores hit points; its daily use is then gone', () => {
    const t = fight([healer(), pc('ana')], null);
    t.run({ type: 'gm.setHp', creatureId: 'ana', hp: 10 });
    // 1d8 (5) + 3 = 8
    t.run(use('ilse', 'mending-touch', ['ana']), { dice: 'd8:5' });
    expect(t.creature('ana').hp).toBe(18);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.rejects(use('ilse', 'mending-touch', ['ana']), 'no-uses-left');
  });

  it('a long rest gives back the uses of a limited action', () => {
    const t = campaign([{ ...healer(), vars: { 'a5e.action.used:mending-touch': 1 } }]);
    t.run({ type: 'a5e.longRest', creatureIds: ['ilse'], inHaven: false } as never);
    expect(t.creature('ilse').vars['a5e.action.used:mending-touch']).toBeUndefined();
  });

  it('refuses bad uses: unknown ids, too many or too few targets, out of range, another\'s turn', () => {
    const t = fight([drake(), pc('ana'), pc('bob')], grid({ drake: { x: 0, y: 0, size: 'large' }, ana: { x: 3, y: 0 }, bob: { x: 12, y: 0 } }));
    t.rejects(use('drake', 'roar', ['ana']), 'unknown-action');
    t.rejects(use('drake', 'breath', []), 'no-target');
    t.rejects(use('drake', 'breath', ['ana', 'ana']), 'duplicate-target');
    t.rejects(use('drake', 'breath', ['bob']), 'out-of-range');
    const h = fight([healer(), pc('ana'), orc('orc')], null);
    h.rejects(use('ilse', 'mending-touch', ['ana', 'orc']), 'too-many-targets');
    h.rejects(use('orc', 'breath', ['ana']), 'unknown-action');
  });
});

describe('A5E effect trees in stat blocks are checked at load', () => {
  const rejection = (raw: Json): ContentError => {
    try {
      a5eRuleset.parseStatBlock(raw, 'broken.yaml');
    } catch (e) {
      if (e instanceof ContentError) return e;
      throw e;
    }
    throw new Error('the broken stat block was accepted');
  };
  const withBreath = (effects: Json): Json => ({ ...(drake().sheet as Record<string, Json>), actions: [{ id: 'breath', name: 'Breath', effects }] });

  it.each([
    ['an unknown condition', withBreath([{ kind: 'save', ability: 'dex', dc: 13, fail: [{ kind: 'applyCondition', condition: 'petrifed' }] }]), ['actions', 0, 'effects', 0, 'fail', 0, 'condition'], /unknown condition/],
    ['an unknown damage type', withBreath([{ kind: 'damage', dice: '2d6', type: 'sonic' }]), ['actions', 0, 'effects', 0, 'type'], /fire/],
    ['bad dice', withBreath([{ kind: 'heal', dice: '2d' }]), ['actions', 0, 'effects', 0, 'dice'], /bad dice '2d'/],
    ['a save-ends duration without a DC', withBreath([{ kind: 'applyCondition', condition: 'stunned', duration: { kind: 'saveEnds', save: { ability: 'con' }, timing: 'end' } }]), ['actions', 0, 'effects', 0, 'duration', 'save'], /needs \{ability, dc\}/],
    ['an unknown hook', withBreath([{ kind: 'hook', hook: 'teleport' }]), ['actions', 0, 'effects', 0, 'hook'], /a5e.raise-ac/],
    ['an unknown ability', withBreath([{ kind: 'save', ability: 'luck', dc: 10, fail: [] }]), ['actions', 0, 'effects', 0, 'ability'], /str/],
    ['a field the node does not have', withBreath([{ kind: 'damage', dice: '1d6', type: 'fire', amount: 3 }]), ['actions', 0, 'effects', 0], /amount/],
    ['an empty effect list', withBreath([]), ['actions', 0, 'effects'], /1/],
    ['a bad recharge', { ...(drake().sheet as Record<string, Json>), actions: [{ id: 'breath', name: 'Breath', recharge: { min: 7 }, effects: [{ kind: 'heal', dice: '1d4' }] }] }, ['actions', 0, 'recharge', 'min'], /6/],
    ['a rider with bad dice', { ...(gnawer().sheet as Record<string, Json>), attacks: [{ id: 'claws', name: 'Claws', kind: 'melee', bonus: 4, damage: '1d4', damageType: 'slashing', onHit: [{ kind: 'damage', dice: 'd', type: 'fire' }] }] }, ['attacks', 0, 'onHit', 0, 'dice'], /bad dice 'd'/],
    ['a reaction without a trigger', { ...(mage().sheet as Record<string, Json>), reactions: [{ id: 'flare', name: 'Flare', effects: [{ kind: 'heal', dice: '1d4' }] }] }, ['reactions', 0, 'trigger'], /expected object/],
  ])('rejects %s with its path', (_what, raw, path, message) => {
    const e = rejection(raw);
    expect(e.file).toBe('broken.yaml');
    expect(e.path).toEqual(path);
    expect(e.reason).toMatch(message);
  });
});

describe('the bundled content uses its actions (scenarios/content/a5e)', () => {
  const content = (rel: string): Json => parse(fs.readFileSync(fileURLToPath(new URL(`../../../../scenarios/content/a5e/${rel}`, import.meta.url)), 'utf8')) as Json;
  const table = () => fight([
    { id: 'storm', side: 'dragon', sheet: content('monsters/young-stormscale.yaml') },
    { id: 'perrin', side: 'party', sheet: content('characters/perrin-ashdown.yaml') },
    { id: 'ilse', side: 'party', sheet: content('characters/ilse-marrow.yaml') },
    { id: 'brannoc', side: 'party', sheet: content('characters/brannoc-vale.yaml') },
  ], null);

  it('A5E-DMG-3 the Stormscale\'s breath: one 10d10 roll; Perrin fails and takes it all, Ilse saves for half', () => {
    const t = table();
    // Perrin: Dex save d20 3 + 2 = 5 vs DC 16, fails; 10d10 all 1s = 10 lightning. Ilse: d20 18 + 1 = 19, saves: 5.
    const ev = t.run(use('storm', 'lightning-breath', ['perrin', 'ilse']), { dice: `d20:3 ${'d10:1 '.repeat(10)}d20:18` });
    expect(TestTable.ofType(ev, 'DiceRolled').filter((e) => e.purpose === 'Lightning Breath damage')).toHaveLength(1);
    expect([t.creature('perrin').hp, t.creature('ilse').hp]).toEqual([17 - 10, 24 - 5]);
    expect(t.creature('storm').vars[SPENT_PREFIX + 'lightning-breath']).toBe(true);
  });

  it('Ilse\'s Word of Dawn heals an ally as a bonus action; Brannoc\'s Second Wind heals himself', () => {
    const t = table();
    t.run({ type: 'endTurn' });
    t.run({ type: 'gm.setHp', creatureId: 'perrin', hp: 5 });
    t.run({ type: 'gm.setHp', creatureId: 'brannoc', hp: 10 });
    t.run({ type: 'endTurn' });
    // 1d4 (2) + 3 = 5
    t.run(use('ilse', 'word-of-dawn', ['perrin']), { dice: 'd4:2' });
    expect([t.creature('perrin').hp, t.creature('ilse').resources['bonusAction'], t.creature('ilse').resources['action']]).toEqual([10, 0, 1]);
    t.run({ type: 'endTurn' });
    // 1d10 (6) + 3 = 9
    t.run(use('brannoc', 'second-wind'), { dice: 'd10:6' });
    expect(t.creature('brannoc').hp).toBe(19);
  });
});
