import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { act, at, fight, grid, move, orc, path, pc, rules, tests, texts, zones } from './movement-fixtures';

const mode = (ev: ReturnType<TestTable['run']>, i = 0) => tests(ev)[i]!.breakdown.rollMode.mode;
const sources = (ev: ReturnType<TestTable['run']>, i = 0) =>
  tests(ev)[i]!.breakdown.rollMode.sources.filter((s) => s.applied).map((s) => [s.ruleId ?? s.label, s.mode]);
const noProne = { 'a5e.dropProneReaction': 'off' as const };

const archer = (id: string, over: Record<string, unknown> = {}) => pc(id, {
  sheet: {
    abilities: { str: 10, dex: 16, con: 12, int: 10, wis: 12, cha: 8 },
    attacks: [
      { id: 'rapier', name: 'Rapier', kind: 'melee', damage: '1d8', damageType: 'piercing', properties: ['finesse'] },
      { id: 'shortbow', name: 'Shortbow', kind: 'ranged', damage: '1d6', damageType: 'piercing', rangeFeet: [80, 320], properties: ['two-handed'] },
      { id: 'handaxe', name: 'Handaxe', kind: 'melee', damage: '1d6', damageType: 'slashing', properties: ['light', 'thrown', 'dual-wielding'], rangeFeet: [20, 60] },
      { id: 'club', name: 'Club', kind: 'melee', damage: '1d4', damageType: 'bludgeoning', proficient: false },
      { id: 'sling', name: 'Sling', kind: 'ranged', damage: '1d4', damageType: 'bludgeoning', rangeFeet: 30 },
      { id: 'glaive', name: 'Glaive', kind: 'melee', damage: '1d10', damageType: 'slashing', reachFeet: 10, properties: ['heavy', 'reach', 'two-handed'] },
    ],
    ...over,
  },
});

describe('A5E attacks on the map', () => {
  it('A5E-ATK-1 every attack is melee or ranged: a prone attacker has disadvantage only on its melee attacks', () => {
    const t = fight([archer('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'prone' });
    expect(mode(t.run(act('ana', 'attack', ['orc'], { attack: 'rapier' }), { dice: 'd20:5 d20:9' }))).toBe('disadvantage');
    const u = fight([archer('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 6, y: 0 } }), noProne);
    u.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'prone' });
    expect(mode(u.run(act('ana', 'attack', ['orc'], { attack: 'shortbow' }), { dice: 'd20:5' }))).toBe('normal');
  });

  it('A5E-ATK-3 finesse takes the better of Str and Dex, ranged weapons Dex, a thrown melee weapon its melee ability', () => {
    const t = fight([archer('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    expect(tests(t.run(act('ana', 'attack', ['orc'], { attack: 'rapier' }), { dice: 'd20:2' }))[0]!.breakdown.rows[0]).toMatchObject({ label: 'Rapier', value: 3 + 2 });
    const u = fight([archer('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 3, y: 0 } }), noProne);
    const thrown = u.run(act('ana', 'attack', ['orc'], { attack: 'handaxe', thrown: true }), { dice: 'd20:2' });
    expect(tests(thrown)[0]!.breakdown.rows[0]).toMatchObject({ label: 'Handaxe', value: 0 + 2 });
    const v = fight([archer('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 3, y: 0 } }), noProne);
    v.rejects(act('ana', 'attack', ['orc'], { attack: 'rapier', thrown: true }), 'not-thrown');
  });

  it('A5E-ATK-4 no proficiency bonus with a weapon it is not proficient with', () => {
    const t = fight([archer('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    expect(tests(t.run(act('ana', 'attack', ['orc'], { attack: 'club' }), { dice: 'd20:2' }))[0]!.breakdown.rows[0]).toMatchObject({ label: 'Club', value: 0 });
  });

  it('A5E-ATK-5 expertise dice join the roll: flanking and high ground together step up to a d6 (A5E-CORE-6)', () => {
    const t = fight([pc('ana'), pc('bo'), orc('orc')], grid({ ana: { x: 0, y: 1, elevation: 5 }, bo: { x: 2, y: 1 }, orc: { x: 1, y: 1 } }), noProne);
    const ev = t.run(act('ana', 'attack', ['orc']), { dice: 'd20:9 d6:5 d8:1' });
    expect([tests(ev)[0]!.breakdown.dice, tests(ev)[0]!.breakdown.total]).toEqual(['1d20 + 1d6 expertise', 9 + 5 + 5]);
  });

  it('A5E-ATK-7 a hit from within 5 ft on a paralyzed creature is a critical hit; from 10 ft it is not', () => {
    const t = fight([archer('ana'), orc('orc', { conditions: [{ id: 'paralyzed' }] })], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    const near = t.run(act('ana', 'attack', ['orc'], { attack: 'rapier' }), { dice: 'd20:8 d20:4 d8:3' });
    expect([tests(near)[0]!.outcome, rules(near)]).toEqual(['crit', ['A5E-ATK-7', 'A5E-DMG-4']]);
    const u = fight([archer('ana'), orc('orc', { conditions: [{ id: 'paralyzed' }] })], grid({ ana: { x: 0, y: 0 }, orc: { x: 2, y: 0 } }), noProne);
    const far = u.run(act('ana', 'attack', ['orc'], { attack: 'glaive' }), { dice: 'd20:15 d20:4 d10:3' });
    expect(tests(far)[0]!.outcome).toBe('hit');
  });

  it('A5E-ATK-8 attacking a target it cannot see (location known) is at disadvantage: invisible, or in darkness', () => {
    const t = fight([pc('ana'), orc('orc', { conditions: [{ id: 'invisible' }] })], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    expect(sources(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:5 d20:15' }))).toEqual([['A5E-COND-18', 'disadvantage'], ['A5E-ATK-8', 'disadvantage']]);
    // the orc sees in the dark, so only Ana is unseeing (a creature in darkness without it is blind too: A5E-ATK-11)
    const u = fight([pc('ana'), orc('orc', { sheet: { senses: { darkvision: 60 } } })], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    u.run({ type: 'a5e.setLight', level: 'dark', squares: [{ x: 1, y: 0 }] });
    const ev = u.run(act('ana', 'attack', ['orc']), { dice: 'd20:5 d20:15' });
    expect(tests(ev)[0]!.breakdown.rollMode.sources.map((s) => s.label)).toEqual(['unseen target: Orc is heavily obscured']);
  });

  it('A5E-ATK-9 an unseen, undetected target: the attacker names a space; a wrong guess simply misses', () => {
    const hidden = { 'a5e.hidden': { stealth: 18, from: ['ana'] } };
    const t = fight([pc('ana'), orc('orc', { vars: hidden })], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 1 } }), noProne);
    t.rejects(act('ana', 'attack', ['orc']), 'name-a-space');
    const wrong = t.run(act('ana', 'attack', ['orc'], { space: { x: 1, y: 0 } }));
    expect([texts(wrong), tests(wrong)]).toEqual([['Ana attacks the space (1,0): the attack misses', 'Orc was not there'], []]);
    expect(TestTable.ofType(t.encounter.events, 'RuleApplied').at(-1)!.visibility).toBe('gm');
    const u = fight([pc('ana'), orc('orc', { vars: hidden })], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 1 } }), noProne);
    const right = u.run(act('ana', 'attack', ['orc'], { space: { x: 1, y: 1 } }), { dice: 'd20:15 d20:4' });
    expect([mode(right), tests(right)[0]!.outcome]).toEqual(['disadvantage', 'miss']);
  });

  it('A5E-ATK-10 a target that cannot see its attacker is attacked with advantage; a hidden attacker gives itself away', () => {
    const t = fight([pc('ana', { vars: { 'a5e.hidden': { stealth: 17, from: ['orc'] } } }), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    const ev = t.run(act('ana', 'attack', ['orc']), { dice: 'd20:4 d20:16 d8:5' });
    expect([sources(ev), texts(ev)[0]]).toEqual([[['A5E-ATK-10', 'advantage']], 'Ana attacked and is no longer hidden']);
    expect(t.creature('ana').vars['a5e.hidden']).toBeUndefined();
    const u = fight([pc('ana'), orc('orc', { conditions: [{ id: 'blinded' }] })], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    expect(mode(u.run(act('ana', 'attack', ['orc']), { dice: 'd20:4 d20:16 d8:5' }))).toBe('advantage');
  });

  it('A5E-ATK-11 when neither sees the other every attack between them is at disadvantage; other advantages still cancel it', () => {
    const both = [pc('ana', { conditions: [{ id: 'invisible' }] }), orc('orc', { conditions: [{ id: 'invisible' }] })];
    const t = fight(both, grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    const ev = t.run(act('ana', 'attack', ['orc']), { dice: 'd20:17 d20:3' });
    expect([mode(ev), sources(ev)]).toEqual(['disadvantage', [['A5E-ATK-11', 'disadvantage']]]);
    t.run({ type: 'gm.addCondition', creatureId: 'orc', conditionId: 'restrained' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(mode(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:3' }))).toBe('normal');
    const dark = fight([pc('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    dark.run({ type: 'a5e.setLight', level: 'magical-dark' });
    expect(sources(dark.run(act('ana', 'attack', ['orc']), { dice: 'd20:17 d20:3' }))).toEqual([['A5E-ATK-11', 'disadvantage']]);
  });

  it('A5E-ATK-12 blindsight perceives within its range: an invisible creature is no unseen target there', () => {
    const bat = pc('ana', { sheet: { senses: { blindsight: 10 }, attacks: [
      { id: 'spear', name: 'Pike', kind: 'melee', damage: '1d10', damageType: 'piercing', reachFeet: 10 },
      { id: 'sling', name: 'Sling', kind: 'ranged', damage: '1d4', damageType: 'bludgeoning', rangeFeet: [30, 120] },
    ] } });
    const t = fight([bat, orc('orc', { conditions: [{ id: 'invisible' }] }), orc('far', { conditions: [{ id: 'invisible' }] })], grid({ ana: { x: 0, y: 0 }, orc: { x: 2, y: 0 }, far: { x: 0, y: 3 } }), noProne);
    expect(mode(t.run(act('ana', 'attack', ['orc'], { attack: 'spear' }), { dice: 'd20:5' }))).toBe('normal');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(sources(t.run(act('ana', 'attack', ['far'], { attack: 'sling' }), { dice: 'd20:5 d20:6' }))).toEqual([['A5E-COND-18', 'disadvantage'], ['A5E-ATK-8', 'disadvantage']]);
  });

  it('A5E-ATK-13 ranged attacks: past normal range at disadvantage, past long range (or a single range) refused', () => {
    const t = fight([archer('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 17, y: 0 } }), noProne);
    expect(sources(t.run(act('ana', 'attack', ['orc'], { attack: 'shortbow' }), { dice: 'd20:5 d20:9' }))).toEqual([['A5E-ATK-13', 'disadvantage']]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(t.rejects(act('ana', 'attack', ['orc'], { attack: 'sling' }), 'out-of-range').ruleId).toBe('A5E-ATK-13');
    const u = fight([archer('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 65, y: 0 } }), noProne);
    u.rejects(act('ana', 'attack', ['orc'], { attack: 'shortbow' }), 'out-of-range');
    const v = fight([archer('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 16, y: 0 } }), noProne);
    expect(mode(v.run(act('ana', 'attack', ['orc'], { attack: 'shortbow' }), { dice: 'd20:5' }))).toBe('normal');
  });

  it('A5E-ATK-14 a ranged attack within a hostile creature\'s reach is at disadvantage, unless that creature is incapacitated', () => {
    const t = fight([archer('ana'), orc('orc'), orc('far')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 }, far: { x: 6, y: 0 } }), noProne);
    expect(sources(t.run(act('ana', 'attack', ['far'], { attack: 'shortbow' }), { dice: 'd20:5 d20:9' }))).toEqual([['A5E-ATK-14', 'disadvantage']]);
    const u = fight([archer('ana'), orc('orc', { conditions: [{ id: 'stunned' }] }), orc('far')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 }, far: { x: 6, y: 0 } }), noProne);
    expect(mode(u.run(act('ana', 'attack', ['far'], { attack: 'shortbow' }), { dice: 'd20:5' }))).toBe('normal');
  });

  it('A5E-ATK-15 a melee attack needs its target within reach: 5 ft, or more with a reach weapon; in zones, engaged', () => {
    const t = fight([archer('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 2, y: 0 } }), noProne);
    expect(t.rejects(act('ana', 'attack', ['orc'], { attack: 'rapier' }), 'out-of-reach').ruleId).toBe('A5E-ATK-15');
    expect(tests(t.run(act('ana', 'attack', ['orc'], { attack: 'glaive' }), { dice: 'd20:2' }))[0]!.outcome).toBe('miss');
    const z = fight([archer('ana'), orc('orc'), orc('orc2')], zones({ ana: 'yard', orc: 'yard', orc2: 'yard' }, [['ana', 'orc']]), noProne);
    z.rejects(act('ana', 'attack', ['orc2'], { attack: 'rapier' }), 'out-of-reach');
    z.run(act('ana', 'attack', ['orc'], { attack: 'rapier' }), { dice: 'd20:2' });
  });

  it('A5E-ATK-16 leaving a hostile\'s reach lets it make one melee attack with its reaction, just before', () => {
    const t = fight([pc('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }));
    const ev = t.run(move('ana', path([0, 1], [-1, 1], [-2, 1])), { preAnswers: { 'a5e.opportunityAttack': 'attack:greataxe' }, dice: 'd20:15 d12:6' });
    const spaces = TestTable.ofType(ev, 'SpaceChanged');
    expect(spaces).toHaveLength(2);
    expect(rules(ev)).toContain('A5E-ATK-16');
    expect([t.creature('ana').hp, t.creature('orc').resources['reaction'], at(t, 'ana').x]).toEqual([28 - 9, 0, -2]);
    const u = fight([pc('ana', { hp: 5 }), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }));
    const down = u.run(move('ana', path([-1, 0], [-2, 0])), { preAnswers: { 'a5e.opportunityAttack': 'attack:greataxe' }, dice: 'd20:15 d12:6' });
    expect([u.creature('ana').status, at(u, 'ana').x, texts(down)]).toEqual(['dying', 0, expect.arrayContaining(['Ana cannot go on moving'])]);
    const blind = fight([pc('ana'), orc('orc', { conditions: [{ id: 'blinded' }] })], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }));
    expect(TestTable.ofType(blind.run(move('ana', path([-1, 0], [-2, 0]))), 'PromptAnswered')).toEqual([]);
    // in zones, breaking off from an engaged hostile is leaving its reach
    const z = fight([pc('ana'), orc('orc'), orc('orc2')], zones({ ana: 'yard', orc: 'yard', orc2: 'yard' }, [['ana', 'orc'], ['ana', 'orc2']]));
    const away = z.run(move('ana', { zone: 'gate', feet: 20 }), { preAnswers: { 'a5e.opportunityAttack': 'decline' } });
    expect(TestTable.ofType(away, 'PromptAnswered').map((p) => p.promptId.split('.').slice(2).join('.'))).toEqual(['a5e.opportunityAttack.orc', 'a5e.opportunityAttack.orc2']);
    expect(z.creature('ana').resources['movementFeet']).toBe(10);
  });

  it('A5E-ATK-17 no opportunity attacks after Disengage, for teleportation or forced movement', () => {
    const t = fight([pc('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }));
    t.run(act('ana', 'disengage'));
    expect(TestTable.ofType(t.run(move('ana', path([-1, 0], [-2, 0]))), 'ResolutionPaused')).toEqual([]);
    const u = fight([pc('ana', { vars: { disengaged: true } }), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }));
    u.run(move('ana', path([-1, 0], [-2, 0])));
    u.run({ type: 'endTurn' });
    expect(u.creature('ana').vars['disengaged']).toBeUndefined();
    const v = fight([orc('orc'), pc('ana')], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }));
    const pushed = v.run(move('ana', { x: -3, y: 0, kind: 'forced' }));
    expect(TestTable.ofType(pushed, 'ResolutionPaused')).toEqual([]);
  });

  it('A5E-ATK-18 after an Attack action with a one-handed weapon, a bonus-action attack with a dual-wielding weapon, ability to damage only if negative', () => {
    const fighter = archer('ana', { attacks: [
      { id: 'shortsword', name: 'Shortsword', kind: 'melee', damage: '1d6', damageType: 'piercing', properties: ['finesse', 'light', 'dual-wielding'] },
      { id: 'handaxe', name: 'Handaxe', kind: 'melee', damage: '1d6', damageType: 'slashing', properties: ['light', 'thrown', 'dual-wielding'], rangeFeet: [20, 60] },
      { id: 'maul', name: 'Maul', kind: 'melee', damage: '2d6', damageType: 'bludgeoning', properties: ['heavy', 'two-handed'] },
    ] });
    const t = fight([fighter, orc('orc', { sheet: { hp: 40 } })], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    t.rejects(act('ana', 'off-hand-attack', ['orc'], { attack: 'shortsword' }), 'no-attack-action');
    t.run(act('ana', 'attack', ['orc'], { attack: 'handaxe' }), { dice: 'd20:2' });
    t.rejects(act('ana', 'off-hand-attack', ['orc'], { attack: 'handaxe' }), 'same-weapon');
    // the shortsword's finesse Dexterity (+3) is not added to the off-hand damage
    const off = t.run(act('ana', 'off-hand-attack', ['orc'], { attack: 'shortsword' }), { dice: 'd20:14 d6:4' });
    expect([TestTable.ofType(off, 'DamageApplied')[0]!.total, t.creature('ana').resources['bonusAction']]).toEqual([4, 0]);
    const weak = archer('ana', { abilities: { str: 8, dex: 8, con: 12, int: 10, wis: 12, cha: 8 }, attacks: fighter.sheet && (fighter.sheet as { attacks: unknown }).attacks });
    const u = fight([weak, orc('orc', { sheet: { hp: 40 } })], grid({ ana: { x: 0, y: 0 }, orc: { x: 3, y: 0 } }), noProne);
    u.run(move('ana', path([1, 0], [2, 0])));
    u.run(act('ana', 'attack', ['orc'], { attack: 'shortsword' }), { dice: 'd20:2' });
    // thrown from within the orc's reach: disadvantage too (A5E-ATK-14)
    const thrown = u.run(act('ana', 'off-hand-attack', ['orc'], { attack: 'handaxe', thrown: true }), { dice: 'd20:19 d20:18 d6:4' });
    expect(TestTable.ofType(thrown, 'DamageApplied')[0]!.total).toBe(3);
    const v = fight([fighter, orc('orc', { sheet: { hp: 40 } })], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    v.run(act('ana', 'attack', ['orc'], { attack: 'maul' }), { dice: 'd20:2' });
    v.rejects(act('ana', 'off-hand-attack', ['orc'], { attack: 'shortsword' }), 'no-attack-action');
  });

  it('A5E-ATK-19 with Extra Attack the bonus action makes two off-hand attacks', () => {
    const fighter = archer('ana', { attacksPerAction: 2, attacks: [
      { id: 'shortsword', name: 'Shortsword', kind: 'melee', damage: '1d6', damageType: 'piercing', properties: ['finesse', 'light', 'dual-wielding'] },
      { id: 'dagger', name: 'Dagger', kind: 'melee', damage: '1d4', damageType: 'piercing', properties: ['finesse', 'light', 'thrown', 'dual-wielding'], rangeFeet: [20, 60] },
    ] });
    const t = fight([fighter, orc('orc', { sheet: { hp: 60 } })], grid({ ana: { x: 0, y: 0 }, orc: { x: 1, y: 0 } }), noProne);
    t.run(act('ana', 'attack', ['orc'], { attack: 'shortsword' }), { dice: 'd20:2' });
    const first = t.run(act('ana', 'off-hand-attack', ['orc'], { attack: 'dagger' }), { dice: 'd20:2' });
    expect(rules(first)).toEqual(['A5E-ATK-19']);
    t.run(act('ana', 'off-hand-attack', ['orc'], { attack: 'dagger' }), { dice: 'd20:2' });
    t.rejects(act('ana', 'off-hand-attack', ['orc'], { attack: 'dagger' }), 'no-bonus-action-left');
  });

  it('A5E-ATK-20 the sources combine: beyond normal range (disadvantage) against a restrained target (advantage) cancel', () => {
    const t = fight([archer('ana'), orc('orc', { conditions: [{ id: 'restrained' }] })], grid({ ana: { x: 0, y: 0 }, orc: { x: 20, y: 0 } }), noProne);
    const ev = t.run(act('ana', 'attack', ['orc'], { attack: 'shortbow' }), { dice: 'd20:5' });
    expect([mode(ev), tests(ev)[0]!.breakdown.rollMode.verdict, sources(ev)]).toEqual(['normal', 'cancelled', [['A5E-ATK-13', 'disadvantage'], ['A5E-COND-26', 'advantage']]]);
  });

  it('A5E-ATK-21 a controlled group attacks with the target\'s saving throw instead of attack rolls (A5E-SUMMON-7)', () => {
    const wolf = (id: string) => orc(id, { side: 'party', sheet: { name: 'Wolf', attacks: [{ id: 'bite', name: 'Bite', kind: 'melee', bonus: 4, damage: '2d4', damageType: 'piercing' }] } });
    const t = fight([pc('ana'), wolf('w1'), wolf('w2'), orc('orc', { sheet: { hp: 40 } })], grid({ ana: { x: 0, y: 0 }, w1: { x: 4, y: 0 }, w2: { x: 4, y: 2 }, orc: { x: 5, y: 1 } }), noProne, {
      setup: (u) => {
        u.run({ type: 'a5e.setController', creatureId: 'w1', controllerId: 'ana' });
        u.run({ type: 'a5e.setController', creatureId: 'w2', controllerId: 'ana' });
        u.run({ type: 'a5e.formGroup', groupId: 'wolves', creatureIds: ['w1', 'w2'] });
      },
    });
    t.run(act('ana', 'command', ['w1']));
    const ev = t.run(act('w1', 'group-attack', ['orc']), { dice: 'd20:5 d4:2 d4:3' });
    expect(tests(ev).map((x) => [x.kind, x.actor, x.against?.value])).toEqual([['save', 'orc', 8 + 4 + 1]]);
  });
});
