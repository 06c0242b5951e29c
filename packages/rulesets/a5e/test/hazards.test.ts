import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { createGridSpace, placeCreature, type CreatureSetup, type FrayEvent, type Json } from '@fray/engine';
import { a5eRuleset, fallDice } from '../src/index';
import { breathRounds, suffocationRounds } from '../src/hazards/breath';
import { longRestTrackLevels } from '../src/conditions/tracks';
import { ana } from './fixtures';
import { dummy, kit, othersTakeDefaults, probeRuleset } from './hazards-probe';

const rules = (ev: FrayEvent[], ruleId: string) => TestTable.ofType(ev, 'RuleApplied').filter((e) => e.ruleId === ruleId).map((e) => e.text);
const attack = (attackId: string, target: string, actorId = 'kit') => ({ type: 'takeAction', actorId, action: 'attack', targets: [target], options: { attack: attackId } });
const ogre = () => dummy('ogre', {}, { initiative: 1 });
const diver = (con: number, over: Partial<CreatureSetup> = {}) => dummy('diver', { abilities: { str: 10, dex: 10, con, int: 10, wis: 10, cha: 10 } }, { initiative: 10, ...over });

function fight(creatures: CreatureSetup[], opts: { ruleset?: typeof a5eRuleset; space?: Json } = {}) {
  const t = new TestTable(opts.ruleset ?? a5eRuleset, { creatures, ...(opts.space ? { space: opts.space } : {}) }, { policy: othersTakeDefaults });
  t.run({ type: 'startCombat' });
  return t;
}

/** Ends turns until it is `id`'s turn in `round`. */
function advanceTo(t: TestTable, round: number, id: string) {
  while (!(t.state.round === round && t.state.order[t.state.turnIndex]?.creatureId === id)) t.run({ type: 'endTurn' });
}

describe('A5E falling', () => {
  it('A5E-ENV-1 a fall deals 1d6 bludgeoning per 10 ft, at most 20d6, and the faller lands prone', () => {
    expect([fallDice(5), fallDice(35), fallDice(250)]).toEqual([0, 3, 20]);
    const t = fight([kit({ initiative: 20 }), ogre()]);
    const ev = t.run({ type: 'a5e.fall', creatureId: 'kit', feet: 35 }, { dice: 'd6:1 d6:2 d6:3' });
    expect(TestTable.ofType(ev, 'DamageApplied')[0]).toMatchObject({ target: 'kit', total: 6, rows: [{ step: 'rolled', type: 'bludgeoning', before: 6 }] });
    expect(t.creature('kit').conditions.map((c) => c.conditionId)).toContain('prone');
    t.run({ type: 'a5e.fall', creatureId: 'ogre', feet: 250 }, { dice: Array.from({ length: 20 }, () => 'd6:1').join(' ') });
    expect(t.creature('ogre').hp).toBe(10);
    t.run({ type: 'gm.removeCondition', creatureId: 'ogre', conditionId: 'prone' });
    const short = t.run({ type: 'a5e.fall', creatureId: 'ogre', feet: 5 });
    expect([TestTable.ofType(short, 'DamageApplied').length, TestTable.ofType(short, 'ConditionAdded').map((e) => [e.condition.conditionId, e.ruleId])]).toEqual([0, [['prone', 'A5E-ENV-1']]]);
    t.rejects({ type: 'a5e.fall', creatureId: 'nobody', feet: 10 }, 'unknown-creature');
  });

  it('A5E-ENV-2 into water: half damage, or none after a successful dive (Athletics, DC distance ÷ 5); no prone', () => {
    const t = fight([ana({ initiative: 20 }), ogre()]);
    const plain = t.run({ type: 'a5e.fall', creatureId: 'ana', feet: 60, intoWater: true }, { dice: 'd6:6 d6:5 d6:4 d6:3 d6:2 d6:1', preAnswers: { 'a5e.fall.dive': 'no' } });
    expect(rules(plain, 'A5E-ENV-2')).toEqual(['Ana falls 60 ft into water', 'landing in water halves the falling damage: 21 → 10']);
    expect(t.creature('ana').hp).toBe(18);
    t.run({ type: 'a5e.fall', creatureId: 'ana', feet: 60, intoWater: true });
    expect(t.state.pending?.open[0]).toMatchObject({ key: 'a5e.fall.dive', to: { role: 'player', seat: 'seat-ana' }, default: 'dive' });
    // Ana: Strength (Athletics) +5; 7 + 5 = 12 meets DC 12.
    const dove = t.answer('a5e.fall.dive', 'dive', { dice: 'd20:7' });
    expect(TestTable.ofType(dove, 'TestResolved')[0]).toMatchObject({ against: { label: 'dive DC', value: 12 }, outcome: 'success', ruleId: 'A5E-ENV-2' });
    expect([t.creature('ana').hp, t.creature('ana').conditions]).toEqual([18, []]);
  });
});

describe('A5E breath and suffocation', () => {
  it('A5E-ENV-3 a held breath lasts 1 + Con modifier minutes, never under 30 seconds', () => {
    const t = new TestTable(a5eRuleset, { creatures: [diver(16), dummy('frail', { abilities: { str: 10, dex: 10, con: 8, int: 10, wis: 10, cha: 10 } })] }, { policy: othersTakeDefaults });
    t.run({ type: 'a5e.setBreathing', creatureId: 'diver', canBreathe: false, cause: 'drowning' });
    t.run({ type: 'a5e.setBreathing', creatureId: 'frail', canBreathe: false, cause: 'smothering' });
    expect([t.creature('diver').vars['breathTurns'], t.creature('frail').vars['breathTurns']]).toEqual([40, 5]);
    expect(breathRounds({ abilities: { con: 16 } } as never, 10)).toBe(24);
  });

  it('A5E-ENV-4 without air a creature suffocates once its breath is gone, at once if it had none to hold; air ends it', () => {
    const t = fight([kit({ initiative: 20 }), diver(14)]);
    const ev = t.run({ type: 'a5e.setBreathing', creatureId: 'diver', canBreathe: false, holdBreath: false, cause: 'strangling' });
    expect(rules(ev, 'A5E-ENV-4')).toEqual(['Diver is out of breath and suffocating: 2 rounds before it drops']);
    expect([t.creature('diver').vars['noAir'], t.creature('diver').vars['suffocating'], t.creature('diver').vars['suffocationTurns']]).toEqual([true, true, 2]);
    t.rejects({ type: 'a5e.setBreathing', creatureId: 'diver', canBreathe: false }, 'no-change');
    t.run({ type: 'a5e.setBreathing', creatureId: 'diver', canBreathe: true });
    expect(t.creature('diver').vars).toEqual({});
  });

  it('A5E-ENV-5 Con 16 under water: breath for rounds 1-40, suffocating from 41, acts in 41-43, drops to 0 at the start of 44', () => {
    expect(suffocationRounds({ abilities: { con: 16 } } as never)).toBe(3);
    const t = new TestTable(a5eRuleset, { creatures: [kit({ initiative: 20 }), diver(16)] }, { policy: othersTakeDefaults });
    t.run({ type: 'a5e.setUnderwater', creatureId: 'diver', underwater: true });
    t.run({ type: 'startCombat' });
    advanceTo(t, 40, 'diver');
    expect([t.creature('diver').vars['breathTurns'], t.creature('diver').vars['suffocating']]).toEqual([0, undefined]);
    advanceTo(t, 41, 'diver');
    expect([t.creature('diver').vars['suffocating'], t.creature('diver').vars['suffocationTurns']]).toEqual([true, 2]);
    advanceTo(t, 43, 'diver');
    expect([t.creature('diver').hp, t.creature('diver').vars['suffocationTurns']]).toEqual([30, 0]);
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'endTurn' });
    expect(rules(ev, 'A5E-ENV-5')).toEqual(['Diver suffocates: 0 hit points']);
    expect([t.creature('diver').hp, t.creature('diver').status]).toEqual([0, 'dead']);
  });

  it('A5E-ENV-6 at 0 hit points from suffocation it cannot be healed while it has no air (A5E-DYING-19)', () => {
    const t = fight([ana({ initiative: 20 }), ogre()], { ruleset: probeRuleset });
    t.run({ type: 'a5e.setBreathing', creatureId: 'ana', canBreathe: false, holdBreath: false });
    t.run({ type: 'gm.setHp', creatureId: 'ana', hp: 0 });
    const ev = t.run({ type: 'probe.heal', creatureId: 'ana', amount: 5 });
    expect([TestTable.ofType(ev, 'HealingApplied').length, t.creature('ana').hp]).toEqual([0, 0]);
    expect(['A5E-ENV-6', 'A5E-DYING-19']).toContain(TestTable.ofType(ev, 'RuleApplied')[0]!.ruleId);
    t.run({ type: 'a5e.setBreathing', creatureId: 'ana', canBreathe: true });
    t.run({ type: 'probe.heal', creatureId: 'ana', amount: 5 });
    expect(t.creature('ana').hp).toBe(5);
  });

  it('A5E-ENV-7 underwater, a creature that cannot breathe water holds its breath; a water breather does not', () => {
    const t = fight([kit({ initiative: 20 }), ogre(), dummy('merrow', { waterBreathing: true, speed: { walk: 10, swim: 40 } }, { initiative: 5 })]);
    const ev = t.run({ type: 'a5e.setUnderwater', creatureId: 'kit', underwater: true });
    expect(rules(ev, 'A5E-ENV-7')).toEqual(['Kit holds its breath (drowning): 30 rounds']);
    // Kit's round-1 turn has begun, so this round's breath is already spent.
    expect(t.creature('kit').vars['breathTurns']).toBe(29);
    t.run({ type: 'a5e.setUnderwater', creatureId: 'merrow', underwater: true });
    expect(t.creature('merrow').vars).toEqual({ underwater: true });
    t.run({ type: 'a5e.setUnderwater', creatureId: 'kit', underwater: false });
    expect(t.creature('kit').vars).toEqual({});
    t.rejects({ type: 'a5e.setUnderwater', creatureId: 'kit', underwater: false }, 'no-change');
  });
});

describe('A5E underwater combat', () => {
  const wet = (extra: CreatureSetup[] = [], space?: Json) => {
    const t = fight([kit({ initiative: 20 }), ogre(), ...extra], space ? { space } : {});
    t.run({ type: 'a5e.setUnderwater', creatureId: 'kit', underwater: true });
    return t;
  };
  const mode = (ev: FrayEvent[]) => TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.rollMode;

  it('A5E-ENV-8 without a swim speed, weapons other than the six underwater weapons attack with disadvantage', () => {
    const t = wet();
    const club = mode(t.run(attack('club', 'ogre'), { dice: 'd20:15 d20:4' }));
    expect([club.mode, club.sources.map((s) => s.ruleId)]).toEqual(['disadvantage', ['A5E-ENV-8']]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(mode(t.run(attack('spear', 'ogre'), { dice: 'd20:4' })).mode).toBe('normal');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(mode(t.run(attack('bite', 'ogre'), { dice: 'd20:4' })).mode).toBe('normal');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(mode(t.run(attack('fire-bolt', 'ogre'), { dice: 'd20:4' })).mode).toBe('normal');
    const swimmer = fight([kit({ initiative: 20, sheet: { ...(kit().sheet as object), speed: { walk: 30, swim: 30 } } }), ogre()]);
    swimmer.run({ type: 'a5e.setUnderwater', creatureId: 'kit', underwater: true });
    expect(mode(swimmer.run(attack('club', 'ogre'), { dice: 'd20:4' })).mode).toBe('normal');
  });

  it('A5E-ENV-9 underwater, a ranged weapon attack past its normal range misses without a roll', () => {
    let space = createGridSpace();
    space = placeCreature(space, 'kit', { x: 0, y: 0, size: 'medium' });
    space = placeCreature(space, 'ogre', { x: 40, y: 0, size: 'medium' });
    const t = wet([], space as unknown as Json);
    const ev = t.run(attack('longbow', 'ogre'));
    expect(TestTable.ofType(ev, 'TestResolved')[0]).toMatchObject({ outcome: 'miss', ruleId: 'A5E-ENV-9', breakdown: { natural: null } });
    const dry = fight([kit({ initiative: 20 }), ogre()], { space: space as unknown as Json });
    // Out of the water the same shot is rolled (at long range, so with disadvantage).
    expect(TestTable.ofType(dry.run(attack('longbow', 'ogre'), { dice: 'd20:3 d20:5' }), 'TestResolved')[0]!.breakdown.natural).toBe(3);
  });

  it('A5E-ENV-10 underwater, bludgeoning and fire damage are halved (A5E-DMG-17)', () => {
    const t = fight([kit({ initiative: 20 }), ogre()]);
    t.run({ type: 'a5e.setUnderwater', creatureId: 'ogre', underwater: true });
    // The ogre holds its breath down there, so each hit also costs it a concentration check (A5E-ENV-11).
    const club = t.run(attack('club', 'ogre'), { dice: 'd20:15 d6:5 d20:10' });
    expect(rules(club, 'A5E-ENV-10')).toEqual(['underwater: bludgeoning 5 → 2']);
    expect(TestTable.ofType(club, 'DamageApplied')[0]!.toHp).toBe(2);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const bolt = t.run(attack('fire-bolt', 'ogre'), { dice: 'd20:15 d10:9 d20:10' });
    expect(TestTable.ofType(bolt, 'DamageApplied')[0]!.toHp).toBe(4);
    expect(t.creature('ogre').hp).toBe(24);
  });

  it('A5E-ENV-11 hurt while holding its breath underwater, a failed concentration check starts suffocation at once', () => {
    const t = fight([kit({ initiative: 20 }), ogre()], { ruleset: probeRuleset });
    t.run({ type: 'a5e.setUnderwater', creatureId: 'kit', underwater: true });
    // 14 piercing: DC max(10, 7) = 10; Con +2, so 8 holds and 7 fails.
    const held = t.run({ type: 'probe.damage', creatureId: 'kit', damageType: 'piercing', amount: 14 }, { dice: 'd20:8' });
    expect(TestTable.ofType(held, 'TestResolved')[0]).toMatchObject({ kind: 'save', against: { label: 'concentration DC', value: 10 }, outcome: 'success', ruleId: 'A5E-ENV-11' });
    expect(t.creature('kit').vars['suffocating']).toBeUndefined();
    const lost = t.run({ type: 'probe.damage', creatureId: 'kit', damageType: 'piercing', amount: 4 }, { dice: 'd20:7' });
    expect(rules(lost, 'A5E-ENV-11')).toEqual(['Kit is out of breath and suffocating: 2 rounds before it drops']);
    expect([t.creature('kit').vars['suffocating'], t.creature('kit').vars['suffocationTurns'], t.creature('kit').vars['breathTurns']]).toEqual([true, 2, 0]);
  });
});

describe('A5E food and water', () => {
  it('A5E-ENV-12 a long rest without food and water (Supply) costs one level of fatigue, the same level as A5E-TRACK-8, not a second', () => {
    expect(longRestTrackLevels({ fatigue: 2, strife: 1 }, { inHaven: true, suppliesConsumed: false })).toEqual({ fatigue: 3, strife: 1, ruleId: 'A5E-TRACK-8' });
    expect(longRestTrackLevels({ fatigue: 2, strife: 1 }, { inHaven: true, suppliesConsumed: true })).toEqual({ fatigue: 1, strife: 0, ruleId: 'A5E-TRACK-6' });
  });
});
