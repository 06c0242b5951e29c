import { describe, expect, it } from 'vitest';
import type { Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import {
  actBlock, actionOrBonusOnly, allowedTravelPaces, canAct, canDash, canSprint, CONCENTRATION, fatigueTotal, hitDiceMultiplier,
  LONG_TERM_STRESS_VAR, longRestTrackLevels, namedActionBlock, PENDING_FATIGUE, SHORT_TERM_STRESS_VAR, speedOf, speedSteps, spellBlock,
  spendableHitDice, trackLevelOf, DOOMED_VAR,
} from '../src/index';
import { ana, goblin, ogre } from './fixtures';
import { attack, conditionIds, onlyTest, roll, rs, table } from './conditions-harness';

const sheetOf = (setup: { sheet: unknown }) => setup.sheet as Record<string, Json>;
/** Ana with a spell attack that uses Intelligence, and no shield. */
const caster = (over: Parameters<typeof ana>[0] = {}) => ana({
  ...over,
  sheet: {
    ...sheetOf(ana()), shield: false,
    attacks: [
      { id: 'longsword', name: 'Longsword', kind: 'melee', damage: '1d8', damageType: 'slashing' },
      { id: 'fire-bolt', name: 'Fire Bolt', kind: 'ranged', ability: 'int', damage: '1d10', damageType: 'fire', addAbilityToDamage: false, properties: ['spell'] },
    ],
  },
});
const withTrack = (track: 'fatigue' | 'strife', level: number, initiative?: number) =>
  caster({ conditions: [{ id: track, level }], ...(initiative !== undefined ? { initiative } : {}) });
const mode = (e: ReturnType<typeof onlyTest>) => e.breakdown.rollMode.mode;
const levels = (t: TestTable) => ({ fatigue: trackLevelOf(t.state, 'ana', 'fatigue'), strife: trackLevelOf(t.state, 'ana', 'strife') });
const track = (t: TestTable, op: string, extra: Record<string, Json> = {}, dice?: string) =>
  t.run({ type: 'test.track', creatureId: 'ana', op, ...extra }, dice ? { dice } : {});

describe('A5E tracked conditions', () => {
  it('A5E-TRACK-1 fatigue and strife run from 0 to 7 and are set with gm.setTrack', () => {
    const t = table([caster()]);
    t.run({ type: 'gm.setTrack', creatureId: 'ana', track: 'fatigue', value: 2 });
    expect(t.creature('ana').conditions.map((c) => [c.conditionId, c.level])).toEqual([['fatigue', 2]]);
    t.rejects({ type: 'gm.setTrack', creatureId: 'ana', track: 'strife', value: 8 }, 'out-of-bounds');
    t.run({ type: 'gm.setTrack', creatureId: 'ana', track: 'fatigue', value: 0 });
    expect(levels(t)).toEqual({ fatigue: 0, strife: 0 });
  });

  it('A5E-TRACK-2 a level brings every lower level: fatigue 3 stops Dash, hampers physical checks and halves Speed', () => {
    const t = table([withTrack('fatigue', 3)]);
    expect(canDash(t.state, 'ana', rs)).toBe(false);
    const str = roll(t, 'ana', { kind: 'check', ability: 'str' }, 'd20:12 d20:3');
    expect([mode(str), str.breakdown.total]).toEqual(['disadvantage', 6]);
    expect(speedOf(rs, t.state, 'ana')).toBe(15);
  });

  it('A5E-TRACK-3 levels from a new effect add to the current level', () => {
    const t = table([withTrack('fatigue', 2)]);
    const ev = track(t, 'gainFatigue', { n: 1 });
    expect(levels(t).fatigue).toBe(3);
    expect(TestTable.ofType(ev, 'RuleApplied')[0]).toMatchObject({ ruleId: 'A5E-FATIGUE-8', text: 'Ana: fatigue 2 → 3' });
  });

  it('A5E-TRACK-4 lowering a track below 1 ends all its effects', () => {
    const t = table([withTrack('fatigue', 2)]);
    const ev = track(t, 'loseFatigue', { n: 2 });
    expect(TestTable.ofType(ev, 'ConditionRemoved')[0]).toMatchObject({ conditionId: 'fatigue', ruleId: 'A5E-TRACK-4' });
    expect(conditionIds(t.state, 'ana')).toEqual([]);
    expect([canDash(t.state, 'ana', rs), mode(roll(t, 'ana', { kind: 'check', ability: 'str' }, 'd20:12'))]).toEqual([true, 'normal']);
  });

  it('A5E-TRACK-5 levels stop at 7; further gains do nothing more', () => {
    const t = table([withTrack('strife', 4)]);
    track(t, 'gainStrife', { n: 5 }, undefined);
    expect(t.state.pending?.open[0]?.key).toBe('a5e.strife.longTermStress');
    t.answer('a5e.strife.longTermStress', 'random');
    expect(levels(t).strife).toBe(7);
    expect(track(t, 'gainStrife', { n: 1 })).toEqual([]);
    expect(levels(t).strife).toBe(7);
  });

  it('A5E-TRACK-6 a long rest in a haven with Supply lowers fatigue and strife by 1 each', () => {
    expect(longRestTrackLevels({ fatigue: 1, strife: 2 }, { inHaven: true, suppliesConsumed: true })).toEqual({ fatigue: 0, strife: 1, ruleId: 'A5E-TRACK-6' });
    const t = table([caster({ conditions: [{ id: 'fatigue', level: 3 }, { id: 'strife', level: 2 }] })]);
    track(t, 'longRest', { inHaven: true });
    expect(levels(t)).toEqual({ fatigue: 2, strife: 1 });
  });

  it('A5E-TRACK-7 a long rest with Supply outside a haven only clears a track at level 1, each track on its own', () => {
    expect(longRestTrackLevels({ fatigue: 1, strife: 2 }, { inHaven: false, suppliesConsumed: true })).toEqual({ fatigue: 0, strife: 2, ruleId: 'A5E-TRACK-7' });
    expect(longRestTrackLevels({ fatigue: 1, strife: 1 }, { inHaven: false, suppliesConsumed: true })).toEqual({ fatigue: 0, strife: 0, ruleId: 'A5E-TRACK-7' });
    const t = table([caster({ conditions: [{ id: 'fatigue', level: 1 }, { id: 'strife', level: 2 }] })]);
    track(t, 'longRest', { inHaven: false });
    expect(levels(t)).toEqual({ fatigue: 0, strife: 2 });
  });

  it('A5E-TRACK-8 a long rest without Supply adds a level of fatigue and recovers nothing', () => {
    expect(longRestTrackLevels({ fatigue: 1, strife: 1 }, { inHaven: true, suppliesConsumed: false })).toEqual({ fatigue: 2, strife: 1, ruleId: 'A5E-TRACK-8' });
    const t = table([withTrack('fatigue', 1)]);
    track(t, 'longRest', { inHaven: true, supplies: false });
    expect(levels(t).fatigue).toBe(2);
  });

  it('A5E-TRACK-9 being raised from the dead lowers each track by 1', () => {
    const t = table([caster({ conditions: [{ id: 'fatigue', level: 2 }, { id: 'strife', level: 1 }] })]);
    track(t, 'raised');
    expect(levels(t)).toEqual({ fatigue: 1, strife: 0 });
  });
});

describe('A5E fatigue', () => {
  it('A5E-FATIGUE-1 level 1: no Dash or Sprint', () => {
    const t = table([withTrack('fatigue', 1), goblin('gob')]);
    expect(namedActionBlock(t.state, 'ana', 'dash', rs)).toEqual({ code: 'cannot-dash', message: 'Ana cannot dash: fatigue 1', ruleId: 'A5E-FATIGUE-1' });
    expect([canSprint(t.state, 'ana', rs), canDash(t.state, 'gob', rs), canSprint(t.state, 'gob', rs)]).toEqual([false, true, true]);
  });

  it('A5E-FATIGUE-2 level 2: disadvantage on Str, Dex and Con checks, initiative included', () => {
    const t = table([withTrack('fatigue', 2), goblin('gob')]);
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:4 d20:10' });
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['gob', 12], ['ana', 4 + 1]]);
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'con' }, 'd20:15 d20:4'))).toBe('disadvantage');
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'wis' }, 'd20:15'))).toBe('normal');
  });

  it('A5E-FATIGUE-3 level 3: Speed halved (30 → 15), no fast travel pace', () => {
    const t = table([withTrack('fatigue', 3)]);
    expect(speedSteps(rs, t.state, 'ana').map((s) => [s.step, s.feet, s.ruleId])).toEqual([['base', 30, undefined], ['halve', 15, 'A5E-FATIGUE-3']]);
    expect(allowedTravelPaces(t.state, 'ana')).toEqual(['slow', 'normal']);
  });

  it('A5E-FATIGUE-4 level 4: disadvantage on Str/Dex/Con attack rolls and saves; Int spell attacks are unaffected', () => {
    const t = table([withTrack('fatigue', 4), ogre()]);
    expect(mode(onlyTest(attack(t, 'ana', 'ogre', 'd20:15 d20:2')))).toBe('disadvantage');
    expect(mode(onlyTest(attack(t, 'ana', 'ogre', 'd20:2', [], 'fire-bolt')))).toBe('normal');
    expect(mode(roll(t, 'ana', { kind: 'save', ability: 'con' }, 'd20:15 d20:2'))).toBe('disadvantage');
    expect(mode(roll(t, 'ana', { kind: 'save', ability: 'wis' }, 'd20:15'))).toBe('normal');
    expect(allowedTravelPaces(t.state, 'ana')).toEqual(['slow']);
  });

  it('A5E-FATIGUE-5 level 5: Hit Dice halved — at most half the total may be spent', () => {
    const t = table([withTrack('fatigue', 5), goblin('gob')]);
    expect([hitDiceMultiplier(t.state, 'ana'), hitDiceMultiplier(t.state, 'gob')]).toEqual([0.5, 1]);
    expect([spendableHitDice(10, 7, 0.5), spendableHitDice(10, 4, 0.5), spendableHitDice(10, 7, 1)]).toEqual([5, 4, 7]);
  });

  it('A5E-FATIGUE-6 level 6: Speed at most 5 ft (the halving is superseded), no travel pace at all', () => {
    const t = table([withTrack('fatigue', 6)]);
    expect(speedSteps(rs, t.state, 'ana').map((s) => s.feet)).toEqual([30, 15, 5]);
    expect(allowedTravelPaces(t.state, 'ana')).toEqual([]);
  });

  it('A5E-FATIGUE-7 level 7: the creature becomes doomed, with the doomed timer', () => {
    const t = table([withTrack('fatigue', 6)]);
    t.run({ type: 'gm.setTrack', creatureId: 'ana', track: 'fatigue', value: 7 }, { dice: 'd12:2 d12:5' });
    expect(conditionIds(t.state, 'ana')).toEqual(['doomed', 'fatigue']);
    expect([t.creature('ana').status, t.creature('ana').vars[DOOMED_VAR]]).toEqual(['conscious', { hours: 7, diesAtSeconds: 7 * 3600 }]);
    const dies = table([withTrack('fatigue', 6)], { options: { fatigueLevel7: 'dies' } });
    dies.run({ type: 'test.track', creatureId: 'ana', op: 'gainFatigue', n: 1 }, { dice: 'd12:2 d12:5' });
    expect(dies.creature('ana').status).toBe('dead');
  });

  it('A5E-FATIGUE-8 each trigger adds its levels; in a fight they wait as pending fatigue', () => {
    const t = table([caster({ initiative: 15 }), ogre({ initiative: 10 })]);
    track(t, 'gainFatigue', { n: 1 });
    expect(levels(t).fatigue).toBe(1);
    t.run({ type: 'startCombat' });
    track(t, 'gainFatigue', { n: 2 });
    expect([levels(t).fatigue, t.creature('ana').tallies[PENDING_FATIGUE], fatigueTotal(t.state, 'ana')]).toEqual([1, 2, 3]);
  });

  it('A5E-FATIGUE-9 fatigue gained in a fight takes effect when it ends: the Dash example', () => {
    const t = table([caster({ initiative: 15 }), ogre({ initiative: 10 })]);
    t.run({ type: 'startCombat' });
    const ev = track(t, 'gainFatigue');
    expect(TestTable.ofType(ev, 'RuleApplied')[0]!.text).toBe('Ana gains 1 fatigue (total 1); it takes effect when the encounter ends');
    track(t, 'gainFatigue');
    expect(canDash(t.state, 'ana', rs)).toBe(true);
    t.run({ type: 'gm.endEncounter' });
    expect([levels(t).fatigue, t.creature('ana').tallies[PENDING_FATIGUE], canDash(t.state, 'ana', rs)]).toEqual([2, 0, false]);
  });

  it('A5E-FATIGUE-9 reaching 7 in a fight dooms only when it ends; a cure heals pending fatigue first; the deferral can be switched off', () => {
    const t = table([withTrack('fatigue', 5, 15), ogre({ initiative: 10 })]);
    t.run({ type: 'startCombat' });
    track(t, 'gainFatigue', { n: 3 });
    expect([t.creature('ana').tallies[PENDING_FATIGUE], conditionIds(t.state, 'ana')]).toEqual([2, ['fatigue']]);
    t.run({ type: 'gm.endEncounter' }, { dice: 'd12:1 d12:1' });
    expect(conditionIds(t.state, 'ana')).toEqual(['doomed', 'fatigue']);

    const cure = table([withTrack('fatigue', 2, 15), ogre({ initiative: 10 })]);
    cure.run({ type: 'startCombat' });
    cure.run({ type: 'test.track', creatureId: 'ana', op: 'gainFatigue', n: 1 });
    cure.run({ type: 'test.track', creatureId: 'ana', op: 'loseFatigue', n: 2 });
    expect([trackLevelOf(cure.state, 'ana', 'fatigue'), cure.creature('ana').tallies[PENDING_FATIGUE]]).toEqual([1, 0]);

    const now = table([caster({ initiative: 15 }), ogre({ initiative: 10 })], { options: { deferCombatFatigue: false } });
    now.run({ type: 'startCombat' });
    now.run({ type: 'test.track', creatureId: 'ana', op: 'gainFatigue', n: 1 });
    expect(trackLevelOf(now.state, 'ana', 'fatigue')).toBe(1);
  });

  it('A5E-FATIGUE-10 fatigue 3 takes three long rests, the first two in a haven', () => {
    const t = table([withTrack('fatigue', 3)]);
    track(t, 'longRest', { inHaven: false });
    expect(levels(t).fatigue).toBe(3);
    track(t, 'longRest', { inHaven: true });
    track(t, 'longRest', { inHaven: true });
    expect(levels(t).fatigue).toBe(1);
    track(t, 'longRest', { inHaven: false });
    expect(levels(t).fatigue).toBe(0);
  });

  it('A5E-FATIGUE-11 a creature carrying several levels keeps adventuring: it still acts', () => {
    const t = table([withTrack('fatigue', 4, 15), ogre({ initiative: 10 })]);
    t.run({ type: 'startCombat' });
    expect(canAct(t.state, 'ana', 'action', rs)).toBe(true);
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:15 d20:12 d8:4' });
    expect(onlyTest(ev).outcome).toBe('hit');
  });
});

describe('A5E strife', () => {
  it('A5E-STRIFE-1 level 1: disadvantage on Int, Wis and Cha checks', () => {
    const t = table([withTrack('strife', 1)]);
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'wis' }, 'd20:15 d20:3'))).toBe('disadvantage');
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'str' }, 'd20:15'))).toBe('normal');
  });

  it('A5E-STRIFE-2 level 2: disadvantage on concentration checks', () => {
    const t = table([withTrack('strife', 2)]);
    expect(mode(roll(t, 'ana', { kind: 'save', ability: 'con', options: [CONCENTRATION] }, 'd20:15 d20:3'))).toBe('disadvantage');
    expect(mode(roll(t, 'ana', { kind: 'save', ability: 'con' }, 'd20:15'))).toBe('normal');
  });

  it('A5E-STRIFE-3 level 3: an action or a bonus action each turn, not both', () => {
    const t = table([withTrack('strife', 3, 15), ogre({ initiative: 10 })]);
    t.run({ type: 'startCombat' });
    expect([actionOrBonusOnly(t.state, 'ana', rs), canAct(t.state, 'ana', 'bonusAction', rs)]).toEqual([true, true]);
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:2' });
    expect(actBlock(t.state, 'ana', 'bonusAction', rs)).toMatchObject({ code: 'cannot-take-bonus-action', ruleId: 'A5E-STRIFE-3' });
  });

  it('A5E-STRIFE-4 level 4: disadvantage on Int/Wis/Cha attack rolls and saves', () => {
    const t = table([withTrack('strife', 4), ogre()]);
    expect(mode(onlyTest(attack(t, 'ana', 'ogre', 'd20:15 d20:2', [], 'fire-bolt')))).toBe('disadvantage');
    expect(mode(roll(t, 'ana', { kind: 'save', ability: 'wis' }, 'd20:15 d20:2'))).toBe('disadvantage');
    expect(mode(onlyTest(attack(t, 'ana', 'ogre', 'd20:2')))).toBe('normal');
  });

  it('A5E-STRIFE-5 level 5: a short-term mental stress effect, recorded once until the creature drops below 5', () => {
    const t = table([withTrack('strife', 4)]);
    const ev = t.run({ type: 'gm.setTrack', creatureId: 'ana', track: 'strife', value: 5 });
    expect(TestTable.ofType(ev, 'RuleApplied').map((e) => e.ruleId)).toEqual(['A5E-STRIFE-5']);
    expect(t.creature('ana').vars[SHORT_TERM_STRESS_VAR]).toEqual({ reachedAtClockSeconds: 0 });
    t.run({ type: 'gm.setTrack', creatureId: 'ana', track: 'strife', value: 6 });
    t.run({ type: 'gm.setTrack', creatureId: 'ana', track: 'strife', value: 4 });
    expect(t.creature('ana').vars[SHORT_TERM_STRESS_VAR]).toBeUndefined();
  });

  it('A5E-STRIFE-6 level 6: only cantrips can be cast', () => {
    const t = table([withTrack('strife', 6), goblin('gob')]);
    expect(spellBlock(t.state, 'ana', { cantrip: false }, rs)).toMatchObject({ code: 'cannot-cast-spells', ruleId: 'A5E-STRIFE-6' });
    expect([spellBlock(t.state, 'ana', { cantrip: true }, rs), spellBlock(t.state, 'gob', { cantrip: false }, rs)]).toEqual([null, null]);
  });

  it('A5E-STRIFE-7 level 7: the Narrator rolls or chooses a permanent long-term mental stress effect', () => {
    const t = table([withTrack('strife', 6)]);
    t.run({ type: 'gm.setTrack', creatureId: 'ana', track: 'strife', value: 7 });
    const p = t.state.pending!.open[0]!;
    expect([p.key, p.to, p.options.map((o) => o.id), p.default]).toEqual(['a5e.strife.longTermStress', { role: 'gm' }, ['random', 'chosen'], 'random']);
    t.answer('a5e.strife.longTermStress', 'chosen');
    expect(t.creature('ana').vars[LONG_TERM_STRESS_VAR]).toEqual({ how: 'chosen', permanent: true });
    t.run({ type: 'gm.setTrack', creatureId: 'ana', track: 'strife', value: 3 });
    expect(t.creature('ana').vars[LONG_TERM_STRESS_VAR]).toEqual({ how: 'chosen', permanent: true });
  });

  it('A5E-STRIFE-8 each trigger adds its levels', () => {
    const t = table([withTrack('strife', 1)]);
    track(t, 'gainStrife', { n: 2 });
    expect(levels(t).strife).toBe(3);
  });

  it('A5E-STRIFE-9 strife takes effect at once even in a fight, and is recovered like fatigue', () => {
    const t = table([caster({ initiative: 15 }), ogre({ initiative: 10 })]);
    t.run({ type: 'startCombat' });
    track(t, 'gainStrife');
    expect([levels(t).strife, t.creature('ana').tallies[PENDING_FATIGUE] ?? 0]).toEqual([1, 0]);
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'int' }, 'd20:15 d20:3'))).toBe('disadvantage');
    const rest = table([withTrack('strife', 1)]);
    track(rest, 'longRest', { inHaven: false });
    expect(levels(rest).strife).toBe(0);
  });

  it('A5E-STRIFE-10 strife is mental wear: at level 4 physical rolls are untouched', () => {
    const t = table([withTrack('strife', 4)]);
    expect(mode(roll(t, 'ana', { kind: 'check', ability: 'str' }, 'd20:15'))).toBe('normal');
    expect(mode(roll(t, 'ana', { kind: 'save', ability: 'dex' }, 'd20:15'))).toBe('normal');
    expect(speedOf(rs, t.state, 'ana')).toBe(30);
  });
});
