import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { buildA5eRuleset, a5eModules, a5eRuleset, damageTypes, massiveDamageThreshold, type A5eModule, type StatBlock } from '../src/index';
import { bruno, brute, cleric, dummy, fatigue, fight, strife } from './damage-fixtures';

const allTypes = [...damageTypes];
const damage = (t: TestTable, targets: string[], expr: string, type: string, extra: Record<string, unknown> = {}, dice?: string) =>
  t.run({ type: 'a5e.damage', targets, damage: expr, damageType: type, ...extra } as never, dice ? { dice } : {});
const applied = (events: ReturnType<TestTable['run']>) => TestTable.ofType(events, 'DamageApplied');
const steps = (events: ReturnType<TestTable['run']>, i = 0) => applied(events)[i]!.rows.map((r) => [r.step, r.type, r.before, r.after]);

/** A condition granting resistance to all damage, for A5E-DMG-13 (a spell such as stoneskin). */
const testModule: A5eModule = {
  id: 'test.damage',
  conditions: [{ id: 'test-warded', name: 'Warded', effects: [{ kind: 'damageAdjust', adjust: 'resistance', types: 'all' }] }],
};
const withWard = buildA5eRuleset([...a5eModules, testModule]);

describe('A5E damage', () => {
  it('A5E-DMG-1 a penalty can bring damage to 0 but never below', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp')] });
    const ev = damage(t, ['imp'], '1d4 - 3', 'bludgeoning', {}, 'd4:2');
    expect(applied(ev)[0]).toMatchObject({ total: 0, toHp: 0, hpAfter: 60 });
    expect(steps(ev)).toEqual([['rolled', 'bludgeoning', 0, 0]]);
  });

  it('A5E-DMG-1 a penalty labelled with the damage type still lowers that type (signed parts add before the floor)', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp')] });
    const ev = damage(t, ['imp'], '1d6 - 1 slashing', 'slashing', {}, 'd6:6');
    expect(applied(ev)[0]!.total).toBe(5);
  });

  it('A5E-DMG-2 a weapon attack adds the ability modifier used for the attack roll to its damage', () => {
    const t = fight([bruno(), dummy('imp')]);
    const ev = t.run({ type: 'takeAction', actorId: 'bruno', action: 'attack', targets: ['imp'] }, { dice: 'd20:12 d8:5' });
    expect(steps(ev)).toEqual([['rolled', 'slashing', 8, 8]]);
    expect(t.creature('imp').hp).toBe(52);
  });

  it('A5E-DMG-3 one roll for every target: a failed save takes it all, a success half, a resistant failure half', () => {
    const t = new TestTable(a5eRuleset, { creatures: [bruno(), dummy('ogre', { abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 } }), dummy('imp', { resist: ['fire'] })] });
    // saves: bruno 5 (fails DC 15), ogre 13 + 2 = 15 (succeeds), imp 3 (fails); then 8d6 once = 28
    const ev = damage(t, ['bruno', 'ogre', 'imp'], '8d6', 'fire', { save: { ability: 'dex', dc: 15 } }, 'd20:5 d20:13 d20:3 d6:1 d6:2 d6:3 d6:4 d6:5 d6:6 d6:4 d6:3');
    expect(TestTable.ofType(ev, 'DiceRolled').filter((e) => e.purpose.endsWith('damage'))).toHaveLength(1);
    expect(applied(ev).map((d) => [d.target, d.total])).toEqual([['bruno', 28], ['ogre', 14], ['imp', 14]]);
    expect(steps(ev, 1)).toEqual([['rolled', 'fire', 28, 28], ['adjust', 'fire', 28, 14]]);
    expect(steps(ev, 2)).toEqual([['rolled', 'fire', 28, 28], ['resistance', 'fire', 28, 14]]);
  });

  it('A5E-DMG-3 a save that negates leaves that target out of the single roll', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('a'), dummy('b')] });
    const ev = damage(t, ['a', 'b'], '2d6', 'cold', { save: { ability: 'con', dc: 12, onSuccess: 'none' } }, 'd20:15 d20:2 d6:3 d6:3');
    expect(applied(ev).map((d) => [d.target, d.total])).toEqual([['b', 6]]);
  });

  it('A5E-DMG-4 a critical hit doubles the whole damage against the target, static modifier included', () => {
    const t = fight([bruno(), dummy('imp')]);
    const ev = t.run({ type: 'takeAction', actorId: 'bruno', action: 'attack', targets: ['imp'] }, { dice: 'd20:20 d8:5' });
    expect(steps(ev)).toEqual([['rolled', 'slashing', 16, 16]]);
    // a monster without a shield has nothing to turn the critical hit with: no question asked
    expect(t.state.pending).toBeNull();
    expect(t.creature('imp').hp).toBe(44);
  });

  it('A5E-DMG-5 the target may sacrifice its shield with its reaction to turn a critical hit into a hit', () => {
    const t = fight([dummy('ogre', { attacks: [{ id: 'club', name: 'Club', kind: 'melee', bonus: 5, damage: '2d8', damageType: 'bludgeoning', addAbilityToDamage: false }] }), bruno({}, { shield: true })]);
    t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['bruno'] }, { dice: 'd20:20' });
    const prompt = t.state.pending!.open[0]!;
    expect([prompt.key, prompt.to, prompt.options.map((o) => o.id), prompt.default]).toEqual(['a5e.crit.block', { role: 'player', seat: 'seat-bruno' }, ['take', 'block', 'sacrifice-shield'], 'take']);
    const ev = t.answer('a5e.crit.block', 'sacrifice-shield', { dice: 'd8:3 d8:4' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.outcome).toBe('hit');
    expect(t.creature('bruno').hp).toBe(33);
    expect([t.creature('bruno').resources['reaction'], t.creature('bruno').vars['shieldSacrificed'], fatigue(t, 'bruno')]).toEqual([0, true, 0]);
  });

  it('A5E-DMG-5 a sacrificed shield is gone: the next critical hit offers only the fatigue block', () => {
    const t = fight([dummy('ogre', { attacks: [{ id: 'club', name: 'Club', kind: 'melee', bonus: 5, damage: '2d8', damageType: 'bludgeoning', addAbilityToDamage: false }] }), bruno({ vars: { shieldSacrificed: true } }, { shield: true })]);
    t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['bruno'] }, { dice: 'd20:20' });
    expect(t.state.pending!.open[0]!.options.map((o) => o.id)).toEqual(['take', 'block']);
  });

  it('A5E-DMG-6 blocking a critical hit costs the reaction and a level of fatigue, once per rest', () => {
    const t = fight([dummy('ogre', { attacks: [{ id: 'club', name: 'Club', kind: 'melee', bonus: 5, damage: '1d8 + 3', damageType: 'bludgeoning', addAbilityToDamage: false }] }), bruno()]);
    const ev = t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['bruno'] }, { dice: 'd20:20 d8:5', preAnswers: { 'a5e.crit.block': 'block' } });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.outcome).toBe('hit');
    expect(applied(ev)[0]!.total).toBe(8);
    expect([fatigue(t, 'bruno'), t.creature('bruno').vars['critBlockUsed'], t.creature('bruno').resources['reaction']]).toEqual([1, true, 0]);
    // next round: the reaction is back but the block is spent, and without a shield nothing is offered
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const ev2 = t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['bruno'] }, { dice: 'd20:20 d8:5' });
    expect(t.state.pending).toBeNull();
    expect(applied(ev2)[0]!.total).toBe(16);
  });

  it('A5E-DMG-6 a creature with no reaction left cannot block', () => {
    const t = fight([dummy('ogre', { attacksPerAction: 2, attacks: [{ id: 'club', name: 'Club', kind: 'melee', bonus: 5, damage: '1d8', damageType: 'bludgeoning', addAbilityToDamage: false }] }), bruno({}, { shield: true })]);
    t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['bruno'] }, { dice: 'd20:20 d8:4', preAnswers: { 'a5e.crit.block': 'sacrifice-shield' } });
    const ev = t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['bruno'] }, { dice: 'd20:20 d8:4' });
    expect([t.state.pending, applied(ev)[0]!.total]).toEqual([null, 8]);
  });

  it('A5E-DMG-7 the thirteen damage types; anything else is refused', () => {
    expect(allTypes).toEqual(['acid', 'bludgeoning', 'cold', 'fire', 'force', 'lightning', 'necrotic', 'piercing', 'poison', 'psychic', 'radiant', 'slashing', 'thunder']);
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp')] });
    const err = t.rejects({ type: 'a5e.damage', targets: ['imp'], damage: '2d6 sonic', damageType: 'fire' }, 'unknown-damage-type');
    expect(err.ruleId).toBe('A5E-DMG-7');
    t.rejects({ type: 'a5e.damage', targets: ['imp'], damage: '2d6', damageType: 'sonic' }, 'malformed');
  });

  it('A5E-DMG-8 typed ongoing damage meets resistance at the end of the creature\'s own turn', () => {
    const t = fight([bruno(), dummy('imp', { resist: ['fire'] })]);
    t.run({ type: 'a5e.ongoingDamage', creatureId: 'imp', damage: '1d10 fire', name: 'burning', source: 'bruno' } as never);
    t.run({ type: 'endTurn' }); // bruno's turn ends, imp's starts: nothing yet
    expect(t.creature('imp').hp).toBe(60);
    const ev = t.run({ type: 'endTurn' }, { dice: 'd10:9' });
    expect(steps(ev)).toEqual([['rolled', 'fire', 9, 9], ['resistance', 'fire', 9, 4]]);
    expect(t.creature('imp').hp).toBe(56);
  });

  it('A5E-DMG-8 untyped ongoing damage ignores resistance and vulnerability, even to all damage', () => {
    const t = fight([bruno(), dummy('imp', { resist: allTypes })], {}, withWard);
    t.run({ type: 'gm.addCondition', creatureId: 'imp', conditionId: 'test-warded' });
    t.run({ type: 'a5e.ongoingDamage', creatureId: 'imp', damage: '1d6', name: 'bleeding' } as never);
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'endTurn' }, { dice: 'd6:5' });
    expect(steps(ev)).toEqual([['rolled', 'untyped', 5, 5]]);
  });

  it('A5E-DMG-9 an action ends ongoing damage that allows it; the effect is gone before the turn ends', () => {
    const t = fight([bruno(), dummy('imp')]);
    t.run({ type: 'a5e.ongoingDamage', creatureId: 'bruno', damage: '1d10 fire', name: 'burning' } as never);
    t.run({ type: 'takeAction', actorId: 'bruno', action: 'endOngoingDamage', targets: ['bruno'] });
    expect([t.creature('bruno').conditions.length, t.creature('bruno').resources['action']]).toEqual([0, 0]);
    t.run({ type: 'endTurn' }); // no d10 to roll
    expect(t.creature('bruno').hp).toBe(40);
    t.rejects({ type: 'takeAction', actorId: 'imp', action: 'endOngoingDamage', targets: ['bruno'] }, 'no-ongoing-damage');
  });

  it('A5E-DMG-9 ongoing damage that its effect ends by duration stops then, and an action cannot end it', () => {
    const t = fight([bruno(), dummy('imp')]);
    t.run({ type: 'a5e.ongoingDamage', creatureId: 'imp', damage: '1d4 acid', name: 'acid', endsWithAction: false, duration: { kind: 'rounds', rounds: 1, creatureId: 'imp', boundary: 'end' } } as never);
    t.rejects({ type: 'takeAction', actorId: 'bruno', action: 'endOngoingDamage', targets: ['imp'] }, 'no-ongoing-damage');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd4:3' });
    expect([t.creature('imp').hp, t.creature('imp').conditions.length]).toEqual([57, 0]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(t.creature('imp').hp).toBe(57);
  });

  it('A5E-DMG-10 resistance halves damage of that type, rounding down', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp', { resist: ['fire'] })] });
    expect(steps(damage(t, ['imp'], '17', 'fire'))).toEqual([['rolled', 'fire', 17, 17], ['resistance', 'fire', 17, 8]]);
  });

  it('A5E-DMG-11 vulnerability doubles damage of that type', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp', { vulnerable: ['radiant'] })] });
    expect(steps(damage(t, ['imp'], '9', 'radiant'))).toEqual([['rolled', 'radiant', 9, 9], ['vulnerability', 'radiant', 9, 18]]);
  });

  it('A5E-DMG-12 flat reductions come first, then resistance, then vulnerability (the imp in the cage)', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp', { resist: ['cold'] }, { vars: { damageReductions: [{ types: 'all', amount: 5, source: 'magical cage' }] } }), dummy('odd', { resist: ['fire'], vulnerable: ['fire'] })] });
    expect(steps(damage(t, ['imp'], '25', 'cold'))).toEqual([['rolled', 'cold', 25, 25], ['reduction', 'cold', 25, 20], ['resistance', 'cold', 20, 10]]);
    expect(steps(damage(t, ['odd'], '25', 'fire'))).toEqual([['rolled', 'fire', 25, 25], ['resistance', 'fire', 25, 12], ['vulnerability', 'fire', 12, 24]]);
  });

  it('A5E-DMG-13 resistance from two sources counts once', () => {
    const t = new TestTable(withWard, { creatures: [dummy('imp', { resist: ['cold'] }, { conditions: [{ id: 'test-warded' }] })] });
    const ev = damage(t, ['imp'], '25', 'cold');
    expect(applied(ev)[0]!.total).toBe(12);
  });

  it('A5E-DMG-14 immunity: the damage does not affect the creature at all, so nothing that needs damage happens', () => {
    const t = fight([dummy('imp'), bruno({ hp: 0, status: 'dying', conditions: [{ id: 'unconscious' }] }, { immune: ['poison'] })]);
    const ev = damage(t, ['bruno'], '10', 'poison');
    expect(steps(ev)).toEqual([['rolled', 'poison', 10, 10], ['immunity', 'poison', 10, 0]]);
    expect([t.creature('bruno').tallies['deathSaveFailures'] ?? 0, TestTable.ofType(ev, 'TallySet')]).toEqual([0, []]);
  });

  it('A5E-DMG-15 a creature immune to a condition does not gain it', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('golem', { conditionImmunities: ['prone'] })] });
    const ev = t.run({ type: 'gm.addCondition', creatureId: 'golem', conditionId: 'prone' });
    expect(TestTable.ofType(ev, 'RuleApplied')[0]!.text).toMatch(/immune to Prone/);
    expect(t.creature('golem').conditions).toEqual([]);
  });

  it('A5E-DMG-16 damage of 20 + 3 × level that drops a creature to 0 calls for a DC 15 Constitution save: failure kills', () => {
    const t = new TestTable(a5eRuleset, { creatures: [cleric()] });
    const ev = damage(t, ['cleric'], '54', 'acid', {}, 'd20:12');
    const save = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect([save.against, save.breakdown.total, save.outcome]).toEqual([{ label: 'massive damage DC', value: 15 }, 14, 'failure']);
    expect(t.creature('cleric').status).toBe('dead');
  });

  it('A5E-DMG-16 surviving the save costs a level of fatigue and of strife, and the creature falls unconscious', () => {
    const t = new TestTable(a5eRuleset, { creatures: [cleric()] });
    damage(t, ['cleric'], '54', 'acid', {}, 'd20:13');
    expect([t.creature('cleric').status, fatigue(t, 'cleric'), strife(t, 'cleric'), t.creature('cleric').conditions.some((c) => c.conditionId === 'unconscious')]).toEqual(['dying', 1, 1, true]);
  });

  it('A5E-DMG-16 halved to 27 (under the 29 threshold) it still drops the cleric but asks no save', () => {
    const t = new TestTable(a5eRuleset, { creatures: [cleric({}, { resist: ['acid'] })] });
    const ev = damage(t, ['cleric'], '54', 'acid');
    expect([applied(ev)[0]!.total, TestTable.ofType(ev, 'TestResolved').length, t.creature('cleric').status]).toEqual([27, 0, 'dying']);
    expect([massiveDamageThreshold(bruno().sheet as StatBlock), massiveDamageThreshold(dummy('x', { hitDice: 7 }).sheet as StatBlock)]).toEqual([35, 41]);
  });

  it('A5E-DMG-16 the damage compared includes what temporary hit points absorbed (AMB-5)', () => {
    const t = new TestTable(a5eRuleset, { creatures: [cleric({ tempHp: 10 })] });
    // 34 acid: 10 into temporary hit points, 24 to hit points; 34 is at least 29
    const ev = damage(t, ['cleric'], '34', 'acid', {}, 'd20:15');
    expect([applied(ev)[0]!.toHp, TestTable.ofType(ev, 'TestResolved')[0]!.outcome, t.creature('cleric').status]).toEqual([24, 'success', 'dying']);
  });

  it('A5E-DMG-17 underwater, fire is halved before resistance, so the two stack', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp', { resist: ['fire'] }, { vars: { underwater: true } })] });
    expect(steps(damage(t, ['imp'], '13', 'fire'))).toEqual([['rolled', 'fire', 13, 13], ['adjust', 'fire', 13, 6], ['resistance', 'fire', 6, 3]]);
    expect(steps(damage(t, ['imp'], '13', 'cold'))).toEqual([['rolled', 'cold', 13, 13]]);
  });

  it('A5E-DMG-18 a damage threshold is checked after vulnerability: below it nothing, at or above it all', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('door', { vulnerable: ['fire'] }, { vars: { damageThreshold: 19 } })] });
    expect(applied(damage(t, ['door'], '12', 'fire'))[0]!.total).toBe(24);
    const ev = damage(t, ['door'], '12', 'slashing');
    expect(steps(ev)).toEqual([['rolled', 'slashing', 12, 12], ['threshold', 'total', 12, 0]]);
    expect(t.creature('door').hp).toBe(36);
  });

  it('A5E-DMG-19 temporary hit points take damage before hit points', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp', {}, { tempHp: 5 })] });
    const ev = damage(t, ['imp'], '8', 'force');
    expect(applied(ev)[0]).toMatchObject({ absorbed: 5, toHp: 3, tempAfter: 0, hpAfter: 57 });
  });

  it('A5E-DMG-20 the whole pipeline: crit doubling, resistance, then temporary hit points', () => {
    const t = fight([brute(), dummy('imp', { resist: ['slashing'] }, { tempHp: 5 })]);
    const ev = t.run({ type: 'takeAction', actorId: 'brute', action: 'attack', targets: ['imp'] }, { dice: 'd20:20 d6:3 d6:5' });
    expect(steps(ev)).toEqual([['rolled', 'slashing', 24, 24], ['resistance', 'slashing', 24, 12], ['tempHp', 'total', 12, 7]]);
    expect([t.creature('imp').tempHp, t.creature('imp').hp]).toEqual([0, 53]);
  });

  it('A5E-DMG-20 a save halves before the flat reduction and resistance', () => {
    const t = new TestTable(a5eRuleset, { creatures: [dummy('imp', { resist: ['cold'] }, { vars: { damageReductions: [{ types: ['cold'], amount: 5, source: 'cage' }] } })] });
    const ev = damage(t, ['imp'], '25', 'cold', { save: { ability: 'con', dc: 10 } }, 'd20:14');
    expect(steps(ev)).toEqual([['rolled', 'cold', 25, 25], ['adjust', 'cold', 25, 12], ['reduction', 'cold', 12, 7], ['resistance', 'cold', 7, 3]]);
  });
});
