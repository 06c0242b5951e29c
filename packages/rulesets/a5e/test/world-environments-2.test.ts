import { describe, expect, it } from 'vitest';
import { pathCost, terrainAt, type GridSpaceState } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { hearingLimitFeet, worldDifficultEverywhere } from '../src/world/features';
import { answers, grid, trio, world } from './world-fixtures';

const placed = (t: TestTable, id: string) => {
  const p = (t.state.space as unknown as GridSpaceState).creatures[id]!;
  return [p.x, p.y];
};

describe('A5E world: manor', () => {
  it('A5E-WORLD-24 Chandelier: a DC 12 Acrobatics check to swing; a failure loses the movement meant for it', () => {
    const t = world({ environment: 'manor' });
    t.run({ type: 'startCombat' });
    const ok = t.run({ type: 'takeAction', actorId: 'ana', action: 'swing-chandelier', options: { feet: 15 } }, { dice: 'd20:11' });
    expect([TestTable.ofType(ok, 'TestResolved')[0]!.outcome, t.creature('ana').resources['movementFeet']]).toEqual(['success', 30]);
    t.run({ type: 'takeAction', actorId: 'ana', action: 'swing-chandelier', options: { feet: 15 } }, { dice: 'd20:10' });
    expect(t.creature('ana').resources['movementFeet']).toBe(15);
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'swing-chandelier', options: { feet: 20 } }, 'not-enough-movement');
  });

  it('A5E-WORLD-24 when the chandelier comes down, each creature beneath saves DC 12 Dex or takes 2d6 bludgeoning; it falls once', () => {
    const t = world({ environment: 'manor' });
    t.run({ type: 'startCombat' });
    // ana 6 + 1 fails, the ogre 13 − 1 = 12 saves; 2d6 = 2 + 6
    t.run({ type: 'a5e.world.drop', entry: 'chandelier', creatureIds: ['ana', 'ogre'] }, { dice: 'd20:6 d20:13 d6:2 d6:6' });
    expect([t.creature('ana').hp, t.creature('ogre').hp]).toEqual([20, 59]);
    t.rejects({ type: 'a5e.world.drop', entry: 'chandelier', creatureIds: ['gob'] }, 'feature-used-up');
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'swing-chandelier', options: { feet: 5 } }, 'feature-used-up');
  });

  it('A5E-WORLD-25 Clutter: difficult terrain; dashing through it, DC 10 Dex or prone, once per turn', () => {
    const space = grid(6, 6, { ana: [0, 0], ogre: [4, 4, 'large'], gob: [5, 0] }, { clutter: [{ x: 0, y: 0 }, { x: 1, y: 0 }] });
    const t = world({ environment: 'manor' }, { space });
    t.run({ type: 'startCombat' });
    const g = t.state.space as unknown as GridSpaceState;
    expect([terrainAt(g, { x: 1, y: 0 }).difficult, terrainAt(g, { x: 2, y: 0 }).difficult]).toEqual([true, false]);
    expect(pathCost(g, 'ana', [{ x: 1, y: 0 }, { x: 2, y: 0 }]).totalFeet).toBe(15);
    t.run({ type: 'a5e.world.enter', creatureId: 'ana', entry: 'clutter', dashed: false });
    // dashing: 4 + 1 = 5 fails DC 10
    t.run({ type: 'a5e.world.enter', creatureId: 'ana', entry: 'clutter', dashed: true }, { dice: 'd20:4' });
    expect(t.creature('ana').conditions.map((c) => c.conditionId)).toEqual(['prone']);
    t.run({ type: 'a5e.world.enter', creatureId: 'ana', entry: 'clutter', dashed: true });
  });

  it('A5E-WORLD-26 Mirror: behind it, a target of a 1st-level spell may use its reaction to reflect it (Dex check against the spellcasting check); the mirror breaks', () => {
    const t = world({ environment: 'manor' });
    t.run({ type: 'startCombat' });
    t.run({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'mirror' });
    t.rejects({ type: 'a5e.world.spellAtMirror', casterId: 'gob', targetId: 'ana', spellLevel: 2, casterAbility: 'cha' }, 'spell-too-powerful');
    t.run({ type: 'a5e.world.spellAtMirror', casterId: 'gob', targetId: 'ana', spellLevel: 1, casterAbility: 'cha' });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'world.mirrorReflect', to: { role: 'player', seat: 'seat-ana' } });
    // ana 10 + 1 = 11 against the goblin's 11 − 1 = 10
    const ev = t.answer('world.mirrorReflect', 'reflect', { dice: 'd20:10 d20:11' });
    expect(TestTable.ofType(ev, 'RuleApplied').find((e) => e.ruleId === 'A5E-WORLD-26')!.text).toMatch(/^Ana reflects the spell \(11 against 10\): it targets Goblin instead/);
    expect([t.creature('ana').resources['reaction'], t.creature('ana').conditions]).toEqual([0, []]);
    t.rejects({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'mirror' }, 'feature-used-up');
  });

  it('A5E-WORLD-26 a tie fails: the spell strikes a random unoccupied square within its range of the caster', () => {
    const space = grid(3, 3, { ana: [0, 0], ogre: [1, 1, 'large'], gob: [2, 0] });
    const t = world({ environment: 'manor' }, { space });
    t.run({ type: 'startCombat' });
    t.run({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'mirror' });
    // 10 + 1 against 12 − 1: a tie fails; free squares within 5 ft of the goblin at (2,0): (1,0) only
    const ev = t.run({ type: 'a5e.world.spellAtMirror', casterId: 'gob', targetId: 'ana', spellLevel: 0, casterAbility: 'cha', rangeFeet: 5 }, { dice: 'd20:10 d20:12 d1:1', preAnswers: { 'world.mirrorReflect': 'reflect' } });
    expect(TestTable.ofType(ev, 'RuleApplied').find((e) => e.ruleId === 'A5E-WORLD-26')!.text).toBe('Ana fails to reflect the spell (11 against 11: a tie fails): it strikes the unoccupied square (1,0)');
    expect(t.creature('ana').conditions).toEqual([]);
  });

  it('A5E-WORLD-27 Tables: pushing one over takes an action; then it gives half cover', () => {
    const t = world({ environment: 'manor' });
    t.run({ type: 'startCombat' });
    t.rejects({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'tables' }, 'not-tipped');
    t.run({ type: 'takeAction', actorId: 'ana', action: 'tip-table' });
    expect(t.creature('ana').resources['action']).toBe(0);
    t.run({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'tables' });
    t.run({ type: 'endTurn' });
    t.rejects({ type: 'takeAction', actorId: 'ogre', action: 'tip-table' }, 'feature-used-up');
    const ev = t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['ana'] }, { dice: 'd20:11' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]!.against!.value).toBe(18);
  });
  it('A5E-WORLD-27 on a map the table pushed over is a square next to the creature, tagged for the cover rules', () => {
    const space = grid(6, 6, { ana: [0, 0], ogre: [3, 3, 'large'], gob: [5, 0] }, { tables: [{ x: 1, y: 0 }, { x: 5, y: 5 }] });
    const t = world({ environment: 'manor' }, { space });
    t.run({ type: 'startCombat' });
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'tip-table' }, 'no-table-there');
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'tip-table', options: { x: 5, y: 5 } }, 'too-far');
    t.run({ type: 'takeAction', actorId: 'ana', action: 'tip-table', options: { x: 1, y: 0 } });
    expect(terrainAt(t.state.space as unknown as GridSpaceState, { x: 1, y: 0 }).tags).toEqual(['table-tipped', 'world:tables']);
    t.rejects({ type: 'a5e.world.takeCover', creatureId: 'ana', entry: 'tables' }, 'cover-from-map');
  });
});

describe('A5E world: fog', () => {
  it('A5E-WORLD-28 Blanketed Ground: the low fog hides hazards; DC 12 Wisdom (Perception) sees beneath', () => {
    const t = world({ environment: 'fog', worldActionsPerRound: 0, environmentDisable: ['thick-fog'] });
    t.run({ type: 'startCombat' });
    t.run({ type: 'a5e.world.hideHazard', entry: 'blanketed-ground', note: 'a snare' });
    t.run({ type: 'a5e.world.spot', creatureId: 'ana', entry: 'blanketed-ground' }, { dice: 'd20:10' });
    expect(t.creature('ana').vars['a5e.world.spotted']).toBeUndefined();
    t.run({ type: 'a5e.world.spot', creatureId: 'ana', entry: 'blanketed-ground' }, { dice: 'd20:11' });
    expect(t.creature('ana').vars['a5e.world.spotted']).toEqual(['blanketed-ground']);
  });

  it('A5E-WORLD-29 Thick Fog: heavily obscured — sight checks inside fail, and attacks into or out of it are made unseen', () => {
    const space = grid(8, 8, { ana: [0, 0], ogre: [5, 5, 'large'], gob: [1, 0] }, { 'thick-fog': [{ x: 1, y: 0 }] });
    const t = world({ environment: 'fog', worldActionsPerRound: 0 }, { space });
    t.run({ type: 'startCombat' });
    // ana outside, the goblin inside: neither sees the other → disadvantage only (AMB-8)
    const a = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['gob'] }, { dice: 'd20:18 d20:3' });
    expect(TestTable.ofType(a, 'TestResolved')[0]!.breakdown.rollMode.mode).toBe('disadvantage');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'a5e.world.hideHazard', entry: 'blanketed-ground', note: 'a hole' });
    const s = t.run({ type: 'a5e.world.spot', creatureId: 'gob', entry: 'blanketed-ground' });
    // the senses rules judge sight from the obscurement the fog writes for them
    expect(t.state.vars['a5e.obscured']).toEqual({ squares: { '1,0': 'heavy' } });
    expect(TestTable.ofType(s, 'TestResolved')[0]).toMatchObject({ outcome: 'failure', ruleId: 'A5E-VIS-2' });
  });

  it('A5E-WORLD-29 a creature that sees through the fog attacks with advantage and is attacked with disadvantage', () => {
    const space = grid(8, 8, { ana: [0, 0], ogre: [5, 5, 'large'], gob: [1, 0] }, { 'thick-fog': [{ x: 1, y: 0 }] });
    const t = world({ environment: 'fog', worldActionsPerRound: 0 }, { space, creatures: trio({ gob: { tags: ['sees-through-fog'] } }) });
    t.run({ type: 'startCombat' });
    const a = t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['gob'] }, { dice: 'd20:18 d20:3' });
    expect(TestTable.ofType(a, 'TestResolved')[0]!.breakdown.rollMode.mode).toBe('disadvantage');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const g = t.run({ type: 'takeAction', actorId: 'gob', action: 'attack', targets: ['ana'], options: { attack: 'scimitar' } }, { dice: 'd20:3 d20:18 d6:2' });
    expect(TestTable.ofType(g, 'TestResolved')[0]!.breakdown.rollMode.mode).toBe('advantage');
  });

  it('A5E-WORLD-30 Shadow Puppet: a copy of a random creature in the haze joins at initiative count 20, sees through the fog, hostile to all', () => {
    const space = grid(8, 8, { ana: [0, 0], ogre: [4, 4, 'large'], gob: [7, 7] });
    const t = world({ environment: 'fog', environmentDisable: ['twisting-haze'] }, { space });
    // 1d3 = 1: it copies Ana; recharge roll 6
    t.run({ type: 'startCombat' }, { dice: 'd3:1 d6:6', preAnswers: { 'world.action': 'shadow-puppet' } });
    const s = t.creature('shadow-puppet-1');
    expect([s.name, s.side, s.tags.includes('sees-through-fog'), s.tags.includes('pc'), s.hp]).toEqual(['Ana', 'world:shadow-puppet-1', true, false, 28]);
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['shadow-puppet-1', 20], ['ana', 15], ['ogre', 10], ['gob', 5]]);
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('shadow-puppet-1');
    expect(placed(t, 'shadow-puppet-1')).toEqual([1, 0]);
    expect(t.state.vars['a5e.world.recharging']).toEqual({});
  });

  it('A5E-WORLD-30 a tie at count 20 is settled by a d20 roll-off (A5E-INIT-3)', () => {
    const t = world({ environment: 'fog', environmentDisable: ['twisting-haze', 'thick-fog'] }, { creatures: trio({ ana: { initiative: 20 } }) });
    // 1d3 = 3: the goblin; roll-off ana 5, puppet 17; recharge 2
    t.run({ type: 'startCombat' }, { dice: 'd3:3 d20:5 d20:17 d6:2', preAnswers: { 'world.action': 'shadow-puppet' } });
    expect(t.state.order.map((e) => e.creatureId)).toEqual(['shadow-puppet-1', 'ana', 'ogre', 'gob']);
    expect(t.creature('shadow-puppet-1').name).toBe('Goblin');
  });

  it('A5E-WORLD-31 Twisting Haze: each creature in it teleports to a random unoccupied space within 5 feet, or stays when none is free', () => {
    const space = grid(5, 5, { ana: [2, 2], ogre: [0, 0, 'large'], gob: [4, 4] });
    const t = world({ environment: 'fog', environmentDisable: ['shadow-puppet'] }, { space });
    // ana: 7 free squares, d7 = 3 → (1,2); the ogre then fits only at (1,0); the goblin: 3 free, d3 = 1 → (3,3)
    t.run({ type: 'startCombat' }, { dice: 'd7:3 d3:1', preAnswers: { 'world.action': 'twisting-haze' } });
    expect([placed(t, 'ana'), placed(t, 'ogre'), placed(t, 'gob')]).toEqual([[1, 2], [1, 0], [3, 3]]);
    const boxed = world({ environment: 'fog', environmentDisable: ['shadow-puppet'] }, { space: grid(1, 1, { ana: [0, 0] }), creatures: trio().slice(0, 1) });
    const ev = boxed.run({ type: 'startCombat' }, { preAnswers: { 'world.action': 'twisting-haze' } });
    expect(TestTable.ofType(ev, 'RuleApplied').find((e) => e.ruleId === 'A5E-WORLD-31')!.text).toBe('Ana has no unoccupied space within 5 ft and stays where it is');
  });
});

describe('A5E world: mountain', () => {
  it('A5E-WORLD-32 Boulder: an action and DC 15 Athletics roll it; each creature on its path saves DC 12 Dex or takes 2d10 bludgeoning', () => {
    const t = world({ environment: 'mountain', worldActionsPerRound: 0 });
    t.run({ type: 'startCombat' });
    // Athletics +5: 10 + 5 = 15; the ogre 12 − 1 fails, the goblin 10 + 2 saves; 2d10 = 6 + 7
    t.run({ type: 'takeAction', actorId: 'ana', action: 'roll-boulder', targets: ['ogre', 'gob'] }, { dice: 'd20:10 d20:12 d20:10 d10:6 d10:7' });
    expect([t.creature('ogre').hp, t.creature('gob').hp]).toEqual([59 - 13, 7]);
    const dmg = TestTable.ofType(t.encounter.events, 'DamageApplied').at(-1)!;
    expect(dmg.rows[0]).toMatchObject({ type: 'bludgeoning', before: 13 });
    t.run({ type: 'endTurn' });
    t.rejects({ type: 'takeAction', actorId: 'ogre', action: 'roll-boulder', targets: ['ana'] }, 'feature-used-up');
  });

  it('A5E-WORLD-32 a failed check spends the action and the boulder stays', () => {
    const t = world({ environment: 'mountain', worldActionsPerRound: 0 });
    t.run({ type: 'startCombat' });
    t.run({ type: 'takeAction', actorId: 'ana', action: 'roll-boulder', targets: ['ogre'] }, { dice: 'd20:9' });
    expect([t.creature('ana').resources['action'], t.creature('ogre').hp, t.state.vars['a5e.world.used']]).toEqual([0, 59, undefined]);
  });

  it('A5E-WORLD-33 Loose Rocks: a thrown attack with Strength, 1d4 bludgeoning, disadvantage past 15 ft, nothing past 30 ft', () => {
    const space = grid(12, 12, { ana: [0, 0], ogre: [4, 0, 'large'], gob: [8, 0] });
    const t = world({ environment: 'mountain', worldActionsPerRound: 0 }, { space });
    t.run({ type: 'startCombat' });
    // the ogre 20 ft away: disadvantage, 15 and 8 keep 8, + 3 = 11 hits AC 11; 1d4 + 3 = 5
    const ev = t.run({ type: 'takeAction', actorId: 'ana', action: 'hurl-rock', targets: ['ogre'] }, { dice: 'd20:15 d20:8 d4:2', preAnswers: { 'a5e.dropProne': 'stay' } });
    const test = TestTable.ofType(ev, 'TestResolved')[0]!;
    expect([test.breakdown.rollMode.mode, test.breakdown.total, test.outcome, t.creature('ogre').hp]).toEqual(['disadvantage', 11, 'hit', 54]);
    expect(test.breakdown.rows[0]).toMatchObject({ label: 'Loose Rocks', value: 3 });
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'hurl-rock', targets: ['gob'] }, 'out-of-range');
  });

  it('A5E-WORLD-34 Uneven Footing: on an unmapped bounded grid the whole map becomes difficult terrain', () => {
    const space = grid(3, 3, { ana: [0, 0], ogre: [1, 1, 'large'], gob: [2, 0] });
    const t = world({ environment: 'mountain', worldActionsPerRound: 0 }, { space });
    t.run({ type: 'startCombat' });
    const g = t.state.space as unknown as GridSpaceState;
    expect([terrainAt(g, { x: 0, y: 0 }).difficult, terrainAt(g, { x: 2, y: 2 }).difficult]).toEqual([true, true]);
    expect(pathCost(g, 'ana', [{ x: 0, y: 1 }]).totalFeet).toBe(10);
    // switched off mid-fight, the world takes its difficult terrain back
    t.run({ type: 'a5e.world.edit', disable: ['uneven-footing'] });
    expect(terrainAt(t.state.space as unknown as GridSpaceState, { x: 0, y: 0 }).difficult).toBe(false);
  });

  it('A5E-WORLD-35 Falling Rocks: the Narrator says who is near the cliff face; DC 15 Dex or 2d6 bludgeoning', () => {
    const policy = answers({ 'world.action': 'falling-rocks', 'world.near': { ana: 'near', ogre: 'clear', gob: 'near' } });
    const t = world({ environment: 'mountain' }, { policy });
    // ana 14 + 1 = 15 saves; the goblin 3 + 2 fails; 2d6 = 3 + 3; recharge 2
    t.run({ type: 'startCombat' }, { dice: 'd20:14 d20:3 d6:3 d6:3 d6:2' });
    expect([t.creature('ana').hp, t.creature('ogre').hp, t.creature('gob').hp]).toEqual([28, 59, 1]);
  });

  it('A5E-WORLD-35 mapped, the danger zone decides without asking', () => {
    const space = grid(6, 6, { ana: [0, 0], ogre: [3, 3, 'large'], gob: [5, 0] }, { 'falling-rocks': [{ x: 0, y: 0 }] });
    const t = world({ environment: 'mountain' }, { space });
    t.run({ type: 'startCombat' }, { dice: 'd20:2 d6:1 d6:1 d6:6', preAnswers: { 'world.action': 'falling-rocks' } });
    expect([t.creature('ana').hp, t.creature('gob').hp]).toEqual([26, 7]);
  });
});

describe('A5E world: storm', () => {
  it('A5E-WORLD-36 Heavy Precipitation: difficult terrain; without a map to mark, the whole battlefield is recorded as difficult', () => {
    const t = world({ environment: 'storm', worldActionsPerRound: 0 });
    const ev = t.run({ type: 'startCombat' });
    expect(worldDifficultEverywhere(t.state)).toBe(true);
    expect(TestTable.ofType(ev, 'RuleApplied').find((e) => e.ruleId === 'A5E-MOVE-6')!.text).toBe('Heavy Precipitation: the whole battlefield is difficult terrain');
  });

  it('A5E-WORLD-37 Loud Winds: nobody in the winds hears beyond 15 feet', () => {
    const space = grid(6, 6, { ana: [0, 0], ogre: [3, 3, 'large'], gob: [5, 0] }, { 'loud-winds': [{ x: 0, y: 0 }], 'heavy-precipitation': [{ x: 5, y: 5 }] });
    const t = world({ environment: 'storm', worldActionsPerRound: 0 }, { space });
    t.run({ type: 'startCombat' });
    expect([hearingLimitFeet(t.state, 'ana'), hearingLimitFeet(t.state, 'gob')]).toEqual([15, null]);
    // unmapped, the winds limit hearing everywhere, in the senses rules' own setting
    const u = world({ environment: 'storm', worldActionsPerRound: 0 });
    u.run({ type: 'startCombat' });
    expect([hearingLimitFeet(u.state, 'gob'), u.state.vars['a5e.hearing']]).toEqual([15, { feet: 15, echo: false }]);
  });

  it('A5E-WORLD-38 Forceful Gale: one creature, DC 12 Str or pushed 15 feet the way the wind blows, stopping at obstacles, provoking nothing', () => {
    const space = grid(10, 10, { ana: [5, 2], ogre: [0, 5, 'large'], gob: [2, 2] });
    const t = world({ environment: 'storm', environmentDisable: ['lightning-strike'] }, { space });
    // the goblin: 5 − 1 = 4 fails; pushed east, but ana stands 3 squares away: it stops after 10 ft
    const ev = t.run({ type: 'startCombat' }, { dice: 'd20:5', preAnswers: { 'world.action': 'forceful-gale', 'world.target': 'gob', 'world.direction': 'e' } });
    expect(placed(t, 'gob')).toEqual([4, 2]);
    expect(TestTable.ofType(ev, 'RuleApplied').find((e) => e.ruleId === 'A5E-WORLD-38' && e.creatureId === 'gob')!.text).toBe('Goblin is pushed 10 ft e (stopped by an obstacle); this provokes no opportunity attacks');
    const u = world({ environment: 'storm', environmentDisable: ['lightning-strike'], windDirection: 's' }, { space });
    u.run({ type: 'startCombat' }, { dice: 'd20:5', preAnswers: { 'world.action': 'forceful-gale', 'world.target': 'gob' } });
    expect(u.state.pending!.open[0]).toMatchObject({ key: 'world.direction', about: 'gob', default: 's' });
    u.answer('world.direction', 's');
    expect(placed(u, 'gob')).toEqual([2, 5]);
  });

  it('A5E-WORLD-39 Lightning Strike: DC 10 Dex or 4d6 lightning (3, 5, 2, 6 → 16); never the same creature twice in the encounter', () => {
    const t = world({ environment: 'storm', environmentDisable: ['forceful-gale'] });
    t.run({ type: 'startCombat' }, { dice: 'd20:3 d6:3 d6:5 d6:2 d6:6 d6:1', preAnswers: { 'world.action': 'lightning-strike', 'world.target': 'ana' } });
    expect(t.creature('ana').hp).toBe(12);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd6:5', preAnswers: { 'world.action': 'lightning-strike' } });
    expect(t.state.pending!.open[0]!.options.map((o) => o.id)).toEqual(['ogre', 'gob']);
    t.answer('world.target', 'gob', { dice: 'd20:15 d6:4' });
    expect(t.state.vars['a5e.world.struck']).toEqual(['ana', 'gob']);
    t.run({ type: 'gm.endEncounter' });
    expect(t.state.vars['a5e.world.struck']).toBeUndefined();
  });
});

describe('A5E world: swamp', () => {
  it('A5E-WORLD-40 Thick Trudge: its mapped squares are difficult terrain, and two entries on one square do not stack (A5E-MOVE-6)', () => {
    const space = grid(6, 6, { ana: [0, 0], ogre: [3, 3, 'large'], gob: [5, 0] }, { 'thick-trudge': [{ x: 1, y: 0 }], 'uneven-footing': [{ x: 1, y: 0 }] });
    const t = world({ environment: 'swamp', environmentInclude: ['uneven-footing'], worldActionsPerRound: 0, environmentDisable: ['tenacious-mud'] }, { space });
    t.run({ type: 'startCombat' });
    const g = t.state.space as unknown as GridSpaceState;
    expect([terrainAt(g, { x: 1, y: 0 }).difficult, terrainAt(g, { x: 0, y: 0 }).difficult]).toEqual([true, false]);
    expect(pathCost(g, 'ana', [{ x: 1, y: 0 }]).totalFeet).toBe(10);
  });

  it('A5E-WORLD-41 Tenacious Mud: ending a turn there, DC 12 Str or restrained until the end of its next turn; its action pulls it free', () => {
    const t = world({ environment: 'swamp', worldActionsPerRound: 0 });
    t.run({ type: 'startCombat' });
    // ana: Str save +5, 4 + 5 = 9 fails
    t.run({ type: 'endTurn' }, { dice: 'd20:4' });
    expect(t.creature('ana').conditions.map((c) => c.conditionId)).toEqual(['restrained']);
    t.run({ type: 'endTurn' }, { dice: 'd20:15' });
    t.run({ type: 'endTurn' }, { dice: 'd20:15' });
    expect(t.creature('ana').conditions.map((c) => c.conditionId)).toEqual(['restrained']);
    t.run({ type: 'takeAction', actorId: 'ana', action: 'pull-free' });
    expect([t.creature('ana').conditions, t.creature('ana').resources['action']]).toEqual([[], 0]);
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'pull-free' }, 'not-stuck');
  });

  it('A5E-WORLD-41 left alone, the restraint ends when its next turn ends', () => {
    const t = world({ environment: 'swamp', worldActionsPerRound: 0 });
    t.run({ type: 'startCombat' });
    t.run({ type: 'endTurn' }, { dice: 'd20:4' });
    t.run({ type: 'endTurn' }, { dice: 'd20:15' });
    t.run({ type: 'endTurn' }, { dice: 'd20:15' });
    t.run({ type: 'endTurn' }, { dice: 'd20:15' });
    expect(t.creature('ana').conditions).toEqual([]);
  });

  it('A5E-WORLD-42 Swamp Gas: each creature, DC 10 Con or poisoned until the end of its next turn — its turn this round', () => {
    const t = world({ environment: 'swamp', environmentDisable: ['tenacious-mud', 'leeches'] });
    t.run({ type: 'startCombat' }, { dice: 'd20:9 d20:3 d20:4', preAnswers: { 'world.action': 'swamp-gas' } });
    expect(['ana', 'ogre', 'gob'].map((id) => t.creature(id).conditions.map((c) => c.conditionId))).toEqual([[], ['poisoned'], ['poisoned']]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect([t.creature('ogre').conditions, t.creature('gob').conditions.length]).toEqual([[], 1]);
  });

  it('A5E-WORLD-43 Leeches: a swarm the Narrator runs rises from the water; it rolls initiative as it joins', () => {
    const t = world({ environment: 'swamp', environmentDisable: ['tenacious-mud'] });
    // initiative: Dex +1, 12 + 1 = 13; recharge 4 (needs a 6)
    t.run({ type: 'startCombat' }, { dice: 'd20:12 d6:4', preAnswers: { 'world.action': 'leeches' } });
    const s = t.creature('leeches-1');
    expect([s.name, s.controller, s.side, s.hp]).toEqual(['Swarm of Leeches', null, 'world:leeches-1', 22]);
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['ana', 15], ['leeches-1', 13], ['ogre', 10], ['gob', 5]]);
    expect(t.state.vars['a5e.world.recharging']).toEqual({ leeches: 6 });
  });

  it('A5E-WORLD-43 the Narrator may give the swarm its own statistics', () => {
    const sheet = { name: 'Bog Leeches', proficiency: 2, abilities: { str: 4, dex: 14, con: 10, int: 1, wis: 6, cha: 1 }, ac: 12, hp: 15 };
    const t = world({ environment: 'swamp', environmentDisable: ['tenacious-mud'], environmentCreatures: { leeches: sheet } });
    t.run({ type: 'startCombat' }, { dice: 'd20:1 d6:6', preAnswers: { 'world.action': 'leeches', 'world.spawnStats': 'custom' } });
    expect([t.creature('leeches-1').name, t.creature('leeches-1').hp]).toEqual(['Bog Leeches', 15]);
  });
});
