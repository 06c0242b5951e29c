import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { createGridSpace, placeCreature, type CreatureSetup, type FrayEvent, type GridSpaceState, type Json } from '@fray/engine';
import { a5eRuleset, activeScenarios, objectCreature } from '../src/index';
import { aloftDescentCost } from '../src/scenarios/aloft';
import { forwardStepRefused, secondSlowestSpeed } from '../src/scenarios/rolling';
import { dummy, kit, othersTakeDefaults, probeRuleset } from './hazards-probe';

const rules = (ev: FrayEvent[], ruleId: string) => TestTable.ofType(ev, 'RuleApplied').filter((e) => e.ruleId === ruleId).map((e) => e.text);
const attack = (attackId: string, target: string, actorId = 'kit') => ({ type: 'takeAction', actorId, action: 'attack', targets: [target], options: { attack: attackId } });
const mode = (ev: FrayEvent[]) => TestTable.ofType(ev, 'TestResolved')[0]!.breakdown.rollMode;
const kitWith = (sheet: Record<string, unknown>, over: Partial<CreatureSetup> = {}) => kit({ initiative: 20, sheet: { ...(kit().sheet as object), ...sheet }, ...over });
const abilities = (over: Record<string, number>) => ({ abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10, ...over } });

interface Setup {
  scenario?: string | string[];
  creatures?: CreatureSetup[];
  space?: GridSpaceState;
  options?: Record<string, Json>;
  ruleset?: typeof a5eRuleset;
  preAnswers?: Record<string, Json>;
  dice?: string;
}

function scene(s: Setup = {}) {
  const options: Record<string, Json> = { ...(s.options ?? {}), ...(s.scenario ? { scenario: s.scenario } : {}) };
  const t = new TestTable(s.ruleset ?? a5eRuleset, {
    creatures: s.creatures ?? [kit({ initiative: 20 }), dummy('ogre', {}, { initiative: 1 })],
    options,
    ...(s.space ? { space: s.space as unknown as Json } : {}),
  }, { policy: othersTakeDefaults });
  const started = t.run({ type: 'startCombat' }, { ...(s.preAnswers ? { preAnswers: s.preAnswers } : {}), ...(s.dice ? { dice: s.dice } : {}) });
  return { t, started };
}

function grid(at: Record<string, [number, number, number?]>): GridSpaceState {
  let g = createGridSpace();
  for (const [id, [x, y, elevation]] of Object.entries(at)) g = placeCreature(g, id, { x, y, size: 'medium', ...(elevation ? { elevation } : {}) });
  return g;
}

/** Ends turns until it is `id`'s turn again. */
function nextTurnOf(t: TestTable, id: string) {
  do t.run({ type: 'endTurn' });
  while (t.state.order[t.state.turnIndex]?.creatureId !== id);
}

describe('A5E alternative scenarios', () => {
  it('A5E-SCEN-1 a scenario is an encounter option, announced when the action starts and switchable by the Narrator', () => {
    const { t, started } = scene({ scenario: 'aloft', creatures: [kitWith({ speed: { walk: 30, fly: 30 } }), dummy('ogre', { speed: { walk: 30, fly: 40 } }, { initiative: 1 })] });
    expect(rules(started, 'A5E-SCEN-1')).toEqual(['Turn-Based Action scenario: aloft in the sky']);
    const ev = t.run({ type: 'a5e.setScenario', scenario: ['astral'] });
    expect(rules(ev, 'A5E-SCEN-1')).toEqual(['the scenario ends: no longer aloft in the sky', 'Turn-Based Action scenario: adrift in the Astral Plane']);
    expect(activeScenarios(t.state)).toEqual(['astral']);
    t.rejects({ type: 'a5e.setScenario', scenario: ['underground'] }, 'malformed');
  });

  it('A5E-SCEN-2 suspended movement: free in three dimensions with no ground, so prone in deep water is no fall', () => {
    const { t, started } = scene({ scenario: 'suspended-water' });
    expect(rules(started, 'A5E-SCEN-2')).toEqual(['suspended in deep water: participants move freely in any direction, up and down included, with no ground beneath them']);
    const ev = t.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'prone' });
    expect([rules(ev, 'A5E-SCEN-7'), TestTable.ofType(ev, 'DamageApplied')]).toEqual([[], []]);
  });

  it('A5E-SCEN-3 suspended in water, bludgeoning and fire are halved', () => {
    // Kit swims, so its club is rolled normally; the ogre holds its breath and checks concentration when hit (A5E-ENV-11).
    const { t } = scene({ scenario: 'suspended-water', creatures: [kitWith({ speed: { walk: 30, swim: 30 } }), dummy('ogre', {}, { initiative: 1 })] });
    const ev = t.run(attack('club', 'ogre'), { dice: 'd20:15 d6:5 d20:10' });
    expect(rules(ev, 'A5E-SCEN-3')).toEqual(['underwater: bludgeoning 5 → 2']);
    expect(t.creature('ogre').hp).toBe(28);
  });

  it('A5E-SCEN-4 suspended in water, a ranged weapon attack past normal range misses', () => {
    const { t } = scene({ scenario: 'suspended-water', space: grid({ kit: [0, 0], ogre: [40, 0] }) });
    const ev = t.run(attack('longbow', 'ogre'));
    expect(TestTable.ofType(ev, 'TestResolved')[0]).toMatchObject({ outcome: 'miss', ruleId: 'A5E-SCEN-4', breakdown: { natural: null } });
  });

  it('A5E-SCEN-5 suspended in water, ranged weapons have disadvantage unless thrown', () => {
    const { t } = scene({ scenario: 'suspended-water', space: grid({ kit: [0, 0], ogre: [20, 0], imp: [4, 0] }), creatures: [kit({ initiative: 20 }), dummy('ogre', {}, { initiative: 1 }), dummy('imp', {}, { initiative: 2 })] });
    const bow = mode(t.run(attack('longbow', 'ogre'), { dice: 'd20:3 d20:9' }));
    expect([bow.mode, bow.sources.map((s) => s.ruleId)]).toEqual(['disadvantage', ['A5E-SCEN-5']]);
    nextTurnOf(t, 'kit');
    expect(mode(t.run(attack('javelin', 'imp'), { dice: 'd20:3' })).mode).toBe('normal');
  });

  it('A5E-SCEN-6 suspended in water without a swim speed, Dexterity checks and melee weapon attacks have disadvantage', () => {
    const { t } = scene({ scenario: 'suspended-water', ruleset: probeRuleset });
    const spear = mode(t.run(attack('spear', 'ogre'), { dice: 'd20:3 d20:9' }));
    expect([spear.mode, spear.sources.map((s) => s.ruleId)]).toEqual(['disadvantage', ['A5E-SCEN-6']]);
    const dex = mode(t.run({ type: 'probe.check', creatureId: 'ogre', ability: 'dex', dc: 10 }, { dice: 'd20:3 d20:9' }));
    expect([dex.mode, dex.sources.map((s) => s.ruleId)]).toEqual(['disadvantage', ['A5E-SCEN-6']]);
    expect(mode(t.run({ type: 'probe.check', creatureId: 'ogre', ability: 'str', dc: 10 }, { dice: 'd20:3' })).mode).toBe('normal');
    const swimmer = scene({ scenario: 'suspended-water', ruleset: probeRuleset, creatures: [kitWith({ speed: { walk: 30, swim: 30 } }), dummy('ogre', {}, { initiative: 1 })] }).t;
    expect(mode(swimmer.run(attack('spear', 'ogre'), { dice: 'd20:3' })).mode).toBe('normal');
    expect(mode(swimmer.run({ type: 'probe.check', creatureId: 'kit', ability: 'dex', dc: 10 }, { dice: 'd20:3' })).mode).toBe('normal');
  });

  it('A5E-SCEN-7 aloft, a creature without a fly speed, knocked prone or restrained falls', () => {
    const { t } = scene({ scenario: 'aloft', creatures: [kitWith({ speed: { walk: 30, fly: 30 } }), dummy('ogre', {}, { initiative: 1 })] });
    t.run({ type: 'endTurn' });
    // The ogre has no fly speed: at the start of its turn it falls; off the grid the Narrator says how far.
    expect(t.state.pending?.open[0]).toMatchObject({ key: 'a5e.aloft.fallFeet', about: 'ogre', to: { role: 'gm' }, default: 100 });
    const fell = t.answer('a5e.aloft.fallFeet', 20, { dice: 'd6:2 d6:3' });
    expect(rules(fell, 'A5E-SCEN-7')).toEqual(['Ogre is without a fly speed in the air and falls']);
    expect([t.creature('ogre').hp, t.creature('ogre').vars['grounded'], t.creature('ogre').conditions.map((c) => c.conditionId)]).toEqual([25, true, ['prone']]);
    t.run({ type: 'gm.addCondition', creatureId: 'kit', conditionId: 'prone' });
    t.answer('a5e.aloft.fallFeet', 10, { dice: 'd6:4' });
    expect(t.creature('kit').hp).toBe(20);
    // On a grid the elevation is the fall, and the faller ends on the ground.
    const high = scene({ scenario: 'aloft', creatures: [kitWith({ speed: { walk: 30, fly: 30 } }), dummy('ogre', { speed: { walk: 30, fly: 30 } }, { initiative: 1 })], space: grid({ kit: [0, 0, 30], ogre: [3, 0, 40] }) }).t;
    high.run({ type: 'gm.addCondition', creatureId: 'ogre', conditionId: 'restrained' }, { dice: 'd6:1 d6:1 d6:1 d6:1' });
    expect([high.creature('ogre').hp, (high.state.space as unknown as GridSpaceState).creatures['ogre']!.elevation]).toEqual([26, 0]);
    // Without a grid, a flyer's height var is the fall, and it falls once, not again for being a flyer (A5E-MOVE-9).
    const hawk = dummy('hawk', { speed: { walk: 10, fly: 60 } }, { initiative: 1, vars: { 'a5e.elevation': 20, 'a5e.flying': true } });
    const sky = scene({ scenario: 'aloft', creatures: [kitWith({ speed: { walk: 30, fly: 30 } }), hawk] }).t;
    const dropped = sky.run({ type: 'gm.addCondition', creatureId: 'hawk', conditionId: 'prone' }, { dice: 'd6:3 d6:3' });
    expect([TestTable.ofType(dropped, 'DamageApplied').length, sky.creature('hawk').hp, sky.creature('hawk').vars['a5e.elevation']]).toEqual([1, 24, undefined]);
  });

  it('A5E-SCEN-8 aloft, willing movement straight down costs half', () => {
    expect([aloftDescentCost(10), aloftDescentCost(40), aloftDescentCost(15)]).toEqual([5, 20, 7]);
  });

  it('A5E-SCEN-9 adrift, psychic damage is doubled unless proficient in Wisdom or Intelligence saves; objects stay immune', () => {
    const { t } = scene({
      scenario: 'astral', ruleset: probeRuleset,
      creatures: [kit({ initiative: 20 }), dummy('ogre', {}, { initiative: 1 }), dummy('sage', { saves: ['wis'] }, { initiative: 2 }), objectCreature({ id: 'crate', name: 'Crate', material: 'wood' }), objectCreature({ id: 'shrub', name: 'Shrub', material: 'wood', harmedByPoisonAndPsychic: true })],
    });
    for (const id of ['ogre', 'sage', 'crate', 'shrub']) t.run({ type: 'probe.damage', creatureId: id, damageType: 'psychic', amount: 4 });
    expect(['ogre', 'sage', 'crate', 'shrub'].map((id) => t.creature(id).hp)).toEqual([30 - 8, 30 - 4, 18, 18 - 8]);
  });

  it('A5E-SCEN-10 adrift, Speed is a fly speed of 30 ft + 5 ft × Intelligence modifier', () => {
    const { t, started } = scene({ scenario: 'astral', creatures: [kitWith(abilities({ int: 14 })), dummy('ogre', abilities({ int: 8 }), { initiative: 1 }), dummy('ooze', { ...abilities({ int: 1 }), speed: { walk: 10 } }, { initiative: 0 })] });
    expect(rules(started, 'A5E-SCEN-10')).toEqual(['thought moves them: fly speeds Kit 40 ft, Ogre 25 ft, Ooze 5 ft']);
    expect(t.creature('kit').resources['movementFeet']).toBe(40);
    t.run({ type: 'endTurn' });
    expect(t.creature('ogre').resources['movementFeet']).toBe(25);
  });

  it('A5E-SCEN-11 rolling movement: each participant has its own world-action phase at the start of its turn', () => {
    const { t, started } = scene({
      scenario: 'rolling', options: { environment: 'forest' },
      preAnswers: { 'a5e.rolling.baseSpeed': 30, 'a5e.rolling.direction': '+x', 'world.action': 'none' },
    });
    expect(rules(started, 'A5E-SCEN-11')).toEqual(['world actions phase for Kit alone']);
    const asked = TestTable.ofType(started, 'PromptAnswered').map((p) => p.promptId).filter((id) => id.includes('world.action'));
    expect(asked).toEqual([expect.stringMatching(/world\.action\.kit$/)]);
    const next = t.run({ type: 'endTurn' }, { preAnswers: { 'world.action': 'none' } });
    expect(TestTable.ofType(next, 'PromptAnswered').map((p) => p.promptId)).toEqual([expect.stringMatching(/world\.action\.ogre$/)]);
  });

  it('A5E-SCEN-12 rolling movement: the Narrator sets the base speed (default the second-slowest Speed) and direction', () => {
    const speeds = [25, 30, 35, 40].map((walk, i) => dummy(`runner${i}`, { speed: { walk } }, { initiative: 10 - i }));
    const { t } = scene({ scenario: 'rolling', creatures: speeds });
    expect(secondSlowestSpeed(t.state)).toBe(30);
    expect(t.state.pending?.open[0]).toMatchObject({ key: 'a5e.rolling.baseSpeed', to: { role: 'gm' }, default: 30, input: { kind: 'number' } });
    t.answer('a5e.rolling.baseSpeed', 30);
    t.answer('a5e.rolling.direction', '+y');
    expect(t.state.vars['rollingScene']).toEqual({ baseSpeed: 30, direction: '+y' });
    for (let i = 0; i < 4; i++) t.run({ type: 'endTurn' });
    expect(t.state.counters['rollingFeet']).toBe(30);
  });

  it('A5E-SCEN-13 rolling movement: no getting ahead on ordinary movement without a Dash or an improvised action', () => {
    const { t } = scene({ scenario: 'rolling', space: grid({ kit: [0, 0], ogre: [2, 2] }), preAnswers: { 'a5e.rolling.baseSpeed': 30, 'a5e.rolling.direction': '+x' } });
    expect(forwardStepRefused(t.state, 'kit', [{ x: 0, y: 1 }, { x: 1, y: 1 }])).toBe(1);
    expect(forwardStepRefused(t.state, 'kit', [{ x: 0, y: 1 }, { x: -1, y: 1 }])).toBeNull();
    const dashed = structuredClone(t.state);
    dashed.creatures['kit']!.resources['movementMaxFeet'] = 60;
    expect(forwardStepRefused(dashed, 'kit', [{ x: 1, y: 0 }])).toBeNull();
    const improvised = structuredClone(t.state);
    improvised.creatures['kit']!.vars['mayAdvance'] = true;
    expect(forwardStepRefused(improvised, 'kit', [{ x: 1, y: 0 }])).toBeNull();
  });

  it('A5E-SCEN-14 rolling movement: a participant too far behind is out of the action until it gets back', () => {
    const { t, started } = scene({
      scenario: 'rolling', options: { rollingCutoffFeet: 30 }, space: grid({ kit: [0, 0], ogre: [10, 0] }),
      preAnswers: { 'a5e.rolling.baseSpeed': 30, 'a5e.rolling.direction': '+x' },
    });
    expect(rules(started, 'A5E-SCEN-14')).toEqual(['Kit falls out of the action (50 ft behind, more than 30 ft)']);
    expect([t.state.order[t.state.turnIndex]!.creatureId, t.creature('kit').vars['outOfAction']]).toEqual(['ogre', true]);
    t.run({ type: 'a5e.rolling.outOfAction', creatureId: 'kit', out: false });
    expect(t.state.order.find((e) => e.creatureId === 'kit')!.delayed).toBe(false);
    t.rejects({ type: 'a5e.rolling.outOfAction', creatureId: 'kit', out: false }, 'no-change');
  });

  it('A5E-SCEN-15 in a suspended-in-water scenario its weapon rules replace the underwater ones; breath applies in both', () => {
    const env = scene({}).t;
    env.run({ type: 'a5e.setUnderwater', creatureId: 'kit', underwater: true });
    expect(mode(env.run(attack('spear', 'ogre'), { dice: 'd20:3' })).mode).toBe('normal');
    const { t, started } = scene({ scenario: 'suspended-water' });
    expect(rules(started, 'A5E-SCEN-15')).toEqual(['Kit holds its breath (drowning): 30 rounds', 'Ogre holds its breath (drowning): 10 rounds']);
    expect(mode(t.run(attack('spear', 'ogre'), { dice: 'd20:3 d20:9' })).mode).toBe('disadvantage');
  });
});
