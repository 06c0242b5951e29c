import { describe, expect, it } from 'vitest';
import { pathCost, terrainAt, type GridSpaceState } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { hearingLimitFeet, soundRangeFactor } from '../src/world/features';
import { icyPatchCost } from '../src/world/interactions';
import { grid, none, trio, world } from './world-fixtures';
import { ana, ogre } from './fixtures';

const thunderOgre = ogre({
  initiative: 10,
  sheet: { ...(ogre().sheet as object), attacks: [{ id: 'boom', name: 'Thunder Club', kind: 'melee', bonus: 6, damage: '2d8', damageType: 'thunder', addAbilityToDamage: false }] },
});

describe('A5E world: cavern', () => {
  it('A5E-WORLD-8 Echo: thunder damage gains 1 per die rolled (2d8 showing 5 and 4 → 11)', () => {
    const t = world({ environment: 'cavern' }, { creatures: [ana({ initiative: 15 }), thunderOgre] });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['ana'] }, { dice: 'd20:15 d8:5 d8:4' });
    expect(t.creature('ana').hp).toBe(28 - 11);
    expect(TestTable.ofType(ev, 'RuleApplied').find((e) => e.ruleId === 'A5E-WORLD-8')!.text).toBe('Echo: +2 thunder (2 dice)');
    expect(soundRangeFactor(t.state, 'ana')).toBe(2);
    expect(t.state.vars['a5e.hearing']).toEqual({ feet: null, echo: true });
  });

  it('A5E-WORLD-8 Echo joins the rolled damage, so a critical hit doubles it too: (9 + 2) × 2', () => {
    const t = world({ environment: 'cavern' }, { creatures: [ana({ initiative: 15 }), thunderOgre] });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['ana'] }, { dice: 'd20:20 d8:5 d8:4', preAnswers: { 'a5e.crit.block': 'take' } });
    expect(t.creature('ana').hp).toBe(28 - 22);
  });

  it('A5E-WORLD-8 other damage types and places without Echo are untouched', () => {
    const t = world({ environment: 'cavern', environmentDisable: ['echo'] }, { creatures: [ana({ initiative: 15 }), thunderOgre] });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['ana'] }, { dice: 'd20:15 d8:5 d8:4' });
    expect(t.creature('ana').hp).toBe(28 - 9);
  });

  it('A5E-WORLD-9 Loose Foundation: disturbed in round 1, it collapses at the start of round 3 on those still inside: grappled (escape DC 12) and suffocating', () => {
    const space = grid(6, 6, { ana: [0, 0], ogre: [4, 4, 'large'], gob: [1, 0] }, { 'loose-foundation': [{ x: 0, y: 0 }, { x: 1, y: 0 }] });
    const t = world({ environment: 'cavern' }, { space });
    t.run({ type: 'startCombat' });
    t.run({ type: 'a5e.world.disturb', entry: 'loose-foundation' });
    expect(t.state.vars['a5e.world.collapse']).toEqual({ entry: 'loose-foundation', disturbedRound: 1, collapseRound: 3 });
    t.rejects({ type: 'a5e.world.disturb', entry: 'loose-foundation' }, 'already-disturbed');
    for (let i = 0; i < 3; i++) t.run({ type: 'endTurn' });
    expect(t.creature('ana').conditions).toEqual([]);
    for (let i = 0; i < 2; i++) t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'endTurn' });
    expect(TestTable.ofType(ev, 'RoundStarted')[0]!.round).toBe(3);
    for (const id of ['ana', 'gob']) {
      const conds = t.creature(id).conditions.map((c) => [c.conditionId, c.data]);
      expect(conds).toEqual([['grappled', { escapeDC: 12 }], ['buried', { escapeDC: 12 }]]);
    }
    expect(t.creature('ogre').conditions).toEqual([]);
    // her turn in round 3 has begun: the first of her two rounds of air (Con +2) is spent
    expect([t.creature('ana').vars['suffocating'], t.creature('ana').vars['suffocationTurns']]).toEqual([true, 1]);
    // breaking out of the rubble (Athletics +5: 7 + 5 = 12 meets DC 12) ends the suffocation too
    t.run({ type: 'takeAction', actorId: 'ana', action: 'escape-grapple', options: { skill: 'athletics' } }, { dice: 'd20:7' });
    expect([t.creature('ana').conditions, t.creature('ana').vars['suffocating']]).toEqual([[], undefined]);
  });

  it('A5E-WORLD-9 a Con +2 creature caught inside drops to 0 hit points at the start of its third turn after the collapse unless freed', () => {
    const space = grid(6, 6, { ana: [0, 0], ogre: [4, 4, 'large'], gob: [5, 0] }, { 'loose-foundation': [{ x: 0, y: 0 }] });
    const t = world({ environment: 'cavern' }, { space });
    t.run({ type: 'startCombat' });
    t.run({ type: 'a5e.world.disturb', entry: 'loose-foundation' });
    for (let i = 0; i < 6; i++) t.run({ type: 'endTurn' });
    // round 3: buried; ana's turns in rounds 3 and 4 spend her 2 rounds of air
    expect(t.creature('ana').hp).toBe(28);
    for (let i = 0; i < 3; i++) t.run({ type: 'endTurn' });
    expect(t.creature('ana').hp).toBe(28);
    for (let i = 0; i < 2; i++) t.run({ type: 'endTurn' });
    // round 5, her third turn: 0 hit points and dying; no death save until a turn that starts at 0
    // (seed 002 over the catalog's proposed order, A5E-ROUND-5)
    t.run({ type: 'endTurn' });
    expect([t.state.round, t.creature('ana').hp, t.creature('ana').status]).toEqual([5, 0, 'dying']);
  });

  it('A5E-WORLD-10 Stalactites: a ranged attack that hits AC 12 and deals damage drops one; those beneath save DC 12 Dex or take 2d6 piercing', () => {
    const t = world({ environment: 'cavern' });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.rejects({ type: 'takeAction', actorId: 'gob', action: 'knock-stalactite', targets: ['ana'], options: { attack: 'scimitar' } }, 'not-ranged');
    // shortbow +4: 8 + 4 = 12 hits AC 12; 1d6 + 2 = 3 damage; ana 10 + 1 fails, the ogre 14 − 1 saves; 2d6 = 3 + 4
    const ev = t.run({ type: 'takeAction', actorId: 'gob', action: 'knock-stalactite', targets: ['ana', 'ogre'], options: { attack: 'shortbow' } }, { dice: 'd20:8 d6:1 d20:10 d20:14 d6:3 d6:4' });
    expect([t.creature('ana').hp, t.creature('ogre').hp]).toEqual([28 - 7, 59]);
    expect(TestTable.ofType(ev, 'TestResolved').map((e) => [e.kind, e.against?.value, e.outcome])).toEqual([['attack', 12, 'hit'], ['save', 12, 'failure'], ['save', 12, 'success']]);
    expect(t.state.vars['a5e.world.used']).toEqual({ stalactites: 1 });
  });

  it('A5E-WORLD-10 a miss leaves the stalactite up', () => {
    const t = world({ environment: 'cavern' });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'gob', action: 'knock-stalactite', targets: ['ana'], options: { attack: 'shortbow' } }, { dice: 'd20:7' });
    expect([t.creature('ana').hp, t.state.vars['a5e.world.used']]).toEqual([28, undefined]);
  });

  it('A5E-WORLD-11 Stalagmites give half cover: +2 AC turns a 17 into a miss against AC 16', () => {
    const t = world({ environment: 'cavern' });
    t.run({ type: 'startCombat' });
    t.run({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'stalagmites' }, { as: { role: 'player', seat: 'seat-ana' } });
    t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['ana'] }, { dice: 'd20:11' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.against).toEqual({ label: 'AC', value: 18 });
    expect(t.creature('ana').hp).toBe(28);
    t.rejects({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'trees' }, 'not-in-environment');
  });
});

describe('A5E world: volcanic ground', () => {
  it('A5E-WORLD-12 Burning Surface: 1d6 fire at the first touch in a turn — starting a turn on it counts — and once per creature per turn', () => {
    const t = world({ environment: 'volcanic', worldActionsPerRound: 0, environmentDisable: ['floating-ash'] });
    t.run({ type: 'startCombat' }, { dice: 'd6:4' });
    expect(t.creature('ana').hp).toBe(24);
    t.run({ type: 'a5e.world.enter', creatureId: 'ana', entry: 'burning-surface' });
    expect(t.creature('ana').hp).toBe(24);
    t.run({ type: 'endTurn' }, { dice: 'd6:2' });
    expect(t.creature('ogre').hp).toBe(57);
    // on the ogre's turn ana touches the ground again: a new turn, new damage
    t.run({ type: 'a5e.world.enter', creatureId: 'ana', entry: 'burning-surface' }, { dice: 'd6:3' });
    expect(t.creature('ana').hp).toBe(21);
  });

  it('A5E-WORLD-12 a mapped burning surface only hurts creatures on it', () => {
    const space = grid(6, 6, { ana: [0, 0], ogre: [3, 3, 'large'], gob: [5, 0] }, { 'burning-surface': [{ x: 5, y: 0 }] });
    const t = world({ environment: 'volcanic', worldActionsPerRound: 0, environmentDisable: ['floating-ash'] }, { space });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd6:5' });
    expect([t.creature('ana').hp, t.creature('ogre').hp, t.creature('gob').hp]).toEqual([28, 59, 2]);
    t.rejects({ type: 'a5e.world.enter', creatureId: 'ana', entry: 'burning-surface' }, 'not-in-area');
  });

  it('A5E-WORLD-13 Floating Ash: ending a turn there, DC 10 Con or blinded until the start of its next turn', () => {
    const t = world({ environment: 'volcanic', worldActionsPerRound: 0, environmentDisable: ['burning-surface'] });
    t.run({ type: 'startCombat' });
    // ana: 3 + 4 = 7 fails
    t.run({ type: 'endTurn' }, { dice: 'd20:3' });
    expect(t.creature('ana').conditions.map((c) => c.conditionId)).toEqual(['blinded']);
    t.run({ type: 'endTurn' }, { dice: 'd20:12' });
    // the goblin: 10 + 0 = 10 meets DC 10; round 2 starts and ana's blindness ends
    t.run({ type: 'endTurn' }, { dice: 'd20:10' });
    expect([t.creature('ana').conditions, t.creature('ogre').conditions, t.creature('gob').conditions]).toEqual([[], [], []]);
  });

  it('A5E-WORLD-14 Flame Burst: one creature the Narrator picks, DC 12 Dex or 1d12 fire', () => {
    const t = world({ environment: 'volcanic', environmentDisable: ['burning-surface', 'floating-ash'] });
    const ev = t.run({ type: 'startCombat' }, { dice: 'd20:5 d12:7 d6:3', preAnswers: { 'world.action': 'flame-burst', 'world.target': 'ana' } });
    expect(t.creature('ana').hp).toBe(21);
    expect(TestTable.ofType(ev, 'TestResolved')[0]).toMatchObject({ kind: 'save', actor: 'ana', against: { label: 'Flame Burst DC', value: 12 }, outcome: 'failure' });
    // a success takes nothing
    const u = world({ environment: 'volcanic', environmentDisable: ['burning-surface', 'floating-ash'] });
    u.run({ type: 'startCombat' }, { dice: 'd20:11 d6:3', preAnswers: { 'world.action': 'flame-burst', 'world.target': 'ana' } });
    expect(u.creature('ana').hp).toBe(28);
  });

  it('A5E-WORLD-15 Sweltering Heat: every creature, DC 10 Con or a level of fatigue, held until the fight ends', () => {
    const t = world({ environment: 'volcanic', environmentDisable: ['burning-surface', 'floating-ash'] });
    t.run({ type: 'startCombat' }, { dice: 'd20:2 d20:9 d20:5', preAnswers: { 'world.action': 'sweltering-heat' } });
    expect(['ana', 'ogre', 'gob'].map((id) => t.creature(id).tallies['pendingFatigue'] ?? 0)).toEqual([1, 0, 1]);
  });
});

describe('A5E world: forest', () => {
  const forestGrid = () => grid(8, 8, { ana: [2, 2], ogre: [5, 5, 'large'], gob: [7, 0] }, { brush: [{ x: 3, y: 3 }] });

  it('A5E-WORLD-16 Brush: half cover only for a prone creature; standing up ends it', () => {
    const t = world({ environment: 'forest', worldActionsPerRound: 0 });
    t.run({ type: 'startCombat' });
    t.rejects({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'brush' }, 'not-prone');
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'prone' });
    t.run({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'brush' });
    expect(t.creature('ana').conditions.map((c) => c.conditionId)).toEqual(['prone', 'world-cover']);
    t.run({ type: 'gm.removeCondition', creatureId: 'ana', conditionId: 'prone' });
    expect(t.creature('ana').conditions).toEqual([]);
  });

  it('A5E-WORLD-16 on a map, brush squares carry the tag the cover rules read, and cover comes from where creatures lie', () => {
    const t = world({ environment: 'forest', worldActionsPerRound: 0 }, { space: forestGrid() });
    t.run({ type: 'startCombat' });
    expect(terrainAt(t.state.space as unknown as GridSpaceState, { x: 3, y: 3 }).tags).toEqual(['brush', 'world:brush']);
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'prone' });
    t.rejects({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'brush' }, 'cover-from-map');
  });

  it('A5E-WORLD-17 Trees give half cover: +2 to Dexterity saves (a borrowed Flame Burst: 9 + 1 + 2 = 12 saves)', () => {
    const t = world({ environment: 'forest', environmentInclude: ['flame-burst'], environmentDisable: ['distressed-animal-cacophony'] });
    t.run({ type: 'startCombat' }, { preAnswers: none });
    t.run({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'trees' });
    for (let i = 0; i < 3; i++) t.run({ type: 'endTurn' }, i === 2 ? { dice: 'd20:9 d6:1', preAnswers: { 'world.action': 'flame-burst', 'world.target': 'ana' } } : {});
    const save = TestTable.ofType(t.encounter.events, 'TestResolved').at(-1)!;
    expect([save.breakdown.total, save.outcome, t.creature('ana').hp]).toEqual([12, 'success', 28]);
    expect(save.breakdown.rows.find((r) => r.label === 'world-cover')).toMatchObject({ value: 2, applied: true });
  });

  it('A5E-WORLD-18 Fallen Leaves: the Narrator hides a pit; DC 12 Wisdom (Perception) finds it, and a passive 12 finds it without a roll', () => {
    const t = world({ environment: 'forest', worldActionsPerRound: 0 }, { creatures: trio({ ogre: { sheet: { ...(ogre().sheet as object), skills: { perception: 'proficient' }, abilities: { str: 19, dex: 8, con: 16, int: 5, wis: 14, cha: 7 } } } }) });
    t.run({ type: 'startCombat' });
    t.run({ type: 'a5e.world.hideHazard', entry: 'fallen-leaves', note: 'a pit, 10 ft deep' });
    // ana: passive 11, so she rolls: 11 + 1 = 12
    const ev = t.run({ type: 'a5e.world.spot', creatureId: 'ana', entry: 'fallen-leaves' }, { dice: 'd20:11' });
    expect(TestTable.ofType(ev, 'RuleApplied').at(-1)!.text).toBe('Ana sees what lies beneath the fallen leaves: a pit, 10 ft deep');
    expect(t.creature('ana').vars['a5e.world.spotted']).toEqual(['fallen-leaves']);
    // the goblin: 5 − 1 = 4 misses it
    t.run({ type: 'a5e.world.spot', creatureId: 'gob', entry: 'fallen-leaves' }, { dice: 'd20:5' });
    expect(t.creature('gob').vars['a5e.world.spotted']).toBeUndefined();
    // the ogre: passive 10 + 2 + 2 = 14, no roll
    t.run({ type: 'a5e.world.spot', creatureId: 'ogre', entry: 'fallen-leaves' });
    expect(t.creature('ogre').vars['a5e.world.spotted']).toEqual(['fallen-leaves']);
  });

  it('A5E-WORLD-19 Distressed Animal Cacophony: nobody hears beyond 10 feet until the next world-action phase', () => {
    const t = world({ environment: 'forest' });
    t.run({ type: 'startCombat' }, { dice: 'd6:2', preAnswers: { 'world.action': 'distressed-animal-cacophony' } });
    expect([hearingLimitFeet(t.state, 'ana'), hearingLimitFeet(t.state, 'gob'), t.state.vars['a5e.hearing']]).toEqual([10, 10, { feet: 10, echo: false }]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(hearingLimitFeet(t.state, 'ana')).toBe(10);
    // round 2: the recharge roll (1) fails and the silence ends as the environment's turn begins
    t.run({ type: 'endTurn' }, { dice: 'd6:1' });
    expect([hearingLimitFeet(t.state, 'ana'), t.state.vars['a5e.hearing']]).toEqual([null, undefined]);
  });
});

describe('A5E world: arctic', () => {
  it('A5E-WORLD-20 Frostbitten Surface: 1d6 cold at the first touch in a turn, none with cold resistance or covered skin', () => {
    const creatures = trio({
      ana: { vars: { 'a5e.world.skinExposed': true } },
      ogre: { sheet: { ...(ogre().sheet as object), resist: ['cold'] } },
      gob: { vars: { 'a5e.world.skinExposed': false } },
    });
    const t = world({ environment: 'arctic', worldActionsPerRound: 0 }, { creatures });
    t.run({ type: 'startCombat' }, { dice: 'd6:3' });
    const ogreTurn = t.run({ type: 'endTurn' });
    const gobTurn = t.run({ type: 'endTurn' });
    expect([t.creature('ana').hp, t.creature('ogre').hp, t.creature('gob').hp]).toEqual([25, 59, 7]);
    expect(TestTable.ofType(ogreTurn, 'RuleApplied').find((e) => e.ruleId === 'A5E-WORLD-20')!.text).toBe('Frostbitten Surface: Ogre resists cold and takes no damage');
    expect(TestTable.ofType(gobTurn, 'RuleApplied').find((e) => e.ruleId === 'A5E-WORLD-20')!.text).toBe("Frostbitten Surface: Goblin's skin is covered and takes no damage");
  });

  it('A5E-WORLD-20 when nobody said, the Narrator is asked once whether the skin is exposed', () => {
    const t = world({ environment: 'arctic', worldActionsPerRound: 0 });
    t.run({ type: 'startCombat' });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'world.skinExposed', about: 'ana', to: { role: 'gm' }, default: 'exposed' });
    t.answer('world.skinExposed', 'exposed', { dice: 'd6:6' });
    expect([t.creature('ana').hp, t.creature('ana').vars['a5e.world.skinExposed']]).toEqual([22, true]);
  });

  it('A5E-WORLD-21 Icy Patch: after setting off in one direction, any other direction is difficult terrain until its next turn starts', () => {
    const space = grid(6, 6, { ana: [1, 1], ogre: [4, 4, 'large'], gob: [0, 5] }, { 'icy-patch': [{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 3, y: 1 }, { x: 2, y: 0 }, { x: 3, y: 0 }] });
    const t = world({ environment: 'arctic', worldActionsPerRound: 0, environmentDisable: ['frostbitten-surface'] }, { space });
    t.run({ type: 'startCombat' });
    t.run({ type: 'a5e.world.enter', creatureId: 'ana', entry: 'icy-patch', heading: 'e' });
    const g = t.state.space as unknown as GridSpaceState;
    const cost = (path: { x: number; y: number }[]) => pathCost(g, 'ana', path, { modifiers: icyPatchCost(t.state, 'ana') }).totalFeet;
    expect(cost([{ x: 2, y: 1 }, { x: 3, y: 1 }])).toBe(10);
    expect(cost([{ x: 2, y: 1 }, { x: 2, y: 0 }])).toBe(5 + 10);
    // off the patch the direction no longer matters
    expect(cost([{ x: 1, y: 2 }])).toBe(5);
    for (let i = 0; i < 3; i++) t.run({ type: 'endTurn' });
    expect(t.creature('ana').vars['a5e.world.icyHeading']).toBeUndefined();
  });

  it('A5E-WORLD-22 Snow: lightly obscured, so sight-based Perception checks there have disadvantage', () => {
    const t = world({ environment: 'arctic', worldActionsPerRound: 0, environmentDisable: ['frostbitten-surface'], environmentInclude: ['fallen-leaves'] });
    t.run({ type: 'startCombat' });
    const ev = t.run({ type: 'a5e.world.spot', creatureId: 'ana', entry: 'fallen-leaves' }, { dice: 'd20:15 d20:4' });
    const test = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect([test.breakdown.rollMode.mode, test.breakdown.total, test.outcome]).toEqual(['disadvantage', 5, 'failure']);
  });

  it('A5E-WORLD-23 Cold Chill: DC 15 Con or 2d6 cold, 1d6 in cold-weather gear (2d6 = 9 and 1d6 = 4)', () => {
    const t = world({ environment: 'arctic', environmentDisable: ['frostbitten-surface'] }, { creatures: trio({ ogre: { vars: { coldWeatherGear: true } } }) });
    t.run({ type: 'startCombat' }, { dice: 'd20:5 d20:6 d20:18 d6:4 d6:5 d6:4 d6:6', preAnswers: { 'world.action': 'cold-chill' } });
    expect([t.creature('ana').hp, t.creature('ogre').hp, t.creature('gob').hp]).toEqual([28 - 9, 59 - 4, 7]);
  });
});
