import { describe, expect, it } from 'vitest';
import { terrainAt } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { environments } from '../src/world/environments/index';
import { activeEntries } from '../src/world/config';
import { answers, grid, none, world } from './world-fixtures';

/** Volcanic ground with only its two world actions, so turn starts and ends roll nothing. */
const volcanicActions = (extra: Record<string, unknown> = {}) => ({ environment: 'volcanic', environmentDisable: ['burning-surface', 'floating-ash'], ...extra }) as never;

describe('A5E world: bonuses, penalties and world actions', () => {
  it('A5E-WORLD-1 the battlefield lists its features when the fight starts, and their mechanics go onto the map', () => {
    const space = grid(4, 4, { ana: [0, 3], ogre: [2, 2, 'large'], gob: [3, 0] }, { 'uneven-footing': [{ x: 0, y: 0 }, { x: 1, y: 0 }] });
    const t = world({ environment: 'mountain' }, { space });
    const ev = t.run({ type: 'startCombat' }, { preAnswers: none });
    const listed = TestTable.ofType(ev, 'RuleApplied').find((e) => e.ruleId === 'A5E-WORLD-1')!;
    expect(listed.text).toBe('the battlefield: Boulder [whole battlefield], Loose Rocks [whole battlefield], Uneven Footing, Falling Rocks (world action) [whole battlefield]');
    const g = t.state.space as never;
    expect([terrainAt(g, { x: 0, y: 0 }).difficult, terrainAt(g, { x: 1, y: 0 }).difficult, terrainAt(g, { x: 2, y: 0 }).difficult]).toEqual([true, true, false]);
    // the map keeps its tags: the entry is still located there
    expect(terrainAt(g, { x: 0, y: 0 }).tags).toEqual(['world:uneven-footing']);
  });

  it('A5E-WORLD-2 world actions happen at the start of the round before anyone acts; the Narrator picks the action and its target', () => {
    const t = world(volcanicActions());
    t.run({ type: 'startCombat' });
    const ask = t.state.pending!.open[0]!;
    expect([ask.key, ask.to, ask.options.map((o) => o.id)]).toEqual(['world.action', { role: 'gm' }, ['flame-burst', 'sweltering-heat', 'none']]);
    expect(t.state.turnIndex).toBe(-1);
    t.answer('world.action', 'flame-burst');
    expect(t.state.pending!.open[0]!.options.map((o) => o.id)).toEqual(['ana', 'ogre', 'gob']);
    // the ogre saves at Dex −1: 9 − 1 = 8 fails DC 12; 1d12 = 5 fire; recharge roll 2
    const ev = t.answer('world.target', 'ogre', { dice: 'd20:9 d12:5 d6:2' });
    expect(t.creature('ogre').hp).toBe(59 - 5);
    const types = ev.map((e) => e.type);
    expect(types.filter((x) => x === 'DamageApplied' || x === 'TurnStarted')).toEqual(['DamageApplied', 'TurnStarted']);
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('ana');
  });

  it('A5E-WORLD-2 the Narrator may choose no world action: nothing happens and the first turn begins', () => {
    const t = world(volcanicActions());
    const ev = t.run({ type: 'startCombat' }, { preAnswers: none });
    expect(TestTable.ofType(ev, 'DiceRolled')).toEqual([]);
    expect(TestTable.ofType(ev, 'TurnStarted')[0]!.creatureId).toBe('ana');
  });

  it('A5E-WORLD-2 under rolling movement each participant has its own world-action phase at the start of its turn, affecting only it (A5E-SCEN-11)', () => {
    const t = world(volcanicActions({ scenario: 'rolling' }));
    const rolling = { 'a5e.rolling.baseSpeed': 30, 'a5e.rolling.direction': '+x' };
    // no world action at the start of the round; at ana's turn start the Narrator picks flame burst, which can only target her
    t.run({ type: 'startCombat' }, { preAnswers: rolling });
    const ask = t.state.pending!.open[0]!;
    expect([ask.key, ask.about]).toEqual(['world.action', 'ana']);
    t.answer('world.action', 'flame-burst');
    expect(t.state.pending!.open[0]!.options.map((o) => o.id)).toEqual(['ana']);
    t.answer('world.target', 'ana', { dice: 'd20:2 d12:4 d6:6' });
    expect([t.creature('ana').hp, t.state.order[t.state.turnIndex]!.creatureId]).toEqual([24, 'ana']);
    // the ogre's own phase: flame burst is charged again (the 6), and this time the Narrator passes
    t.run({ type: 'endTurn' }, { preAnswers: none });
    expect(t.state.order[t.state.turnIndex]!.creatureId).toBe('ogre');
  });

  it('A5E-WORLD-3 one world action per round by default; worldActionsPerRound allows more, each action at most once', () => {
    const firstOption = answers({ 'world.target': 'gob' });
    const pick = (p: Parameters<typeof firstOption>[0], s: Parameters<typeof firstOption>[1]) => (p.key === 'world.action' ? p.options[0]!.id : firstOption(p, s));
    const one = world(volcanicActions(), { policy: pick });
    // flame burst at the goblin: Dex +2, 4 + 2 = 6 fails; 1d12 = 3; recharge 1
    one.run({ type: 'startCombat' }, { dice: 'd20:4 d12:3 d6:1' });
    expect(one.creature('gob').hp).toBe(4);
    const two = world(volcanicActions({ worldActionsPerRound: 2 }), { policy: pick });
    // then sweltering heat for everyone (Con DC 10): ana 12 + 4, ogre 15 + 3, goblin 11 + 0 all succeed
    const ev = two.run({ type: 'startCombat' }, { dice: 'd20:4 d12:3 d6:1 d20:12 d20:15 d20:11' });
    const used = TestTable.ofType(ev, 'RuleApplied').filter((e) => e.ruleId === 'A5E-WORLD-2').map((e) => e.text.split(' — ')[0]);
    expect(used).toEqual(['world action: Flame Burst', 'world action: Sweltering Heat']);
  });

  it('A5E-WORLD-4 a spent action rolls to recharge right after use, then at the start of each round until it succeeds', () => {
    const t = world(volcanicActions());
    // round 1: flame burst on ana (Dex +1: 3 + 1 fails), 1d12 = 6; immediate recharge roll 3 fails (needs 4–6)
    t.run({ type: 'startCombat' }, { dice: 'd20:3 d12:6 d6:3', preAnswers: { 'world.action': 'flame-burst', 'world.target': 'ana' } });
    expect(t.state.vars['a5e.world.recharging']).toEqual({ 'flame-burst': 4 });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    // round 2: the start-of-round roll is 5, so Flame Burst is offered again
    t.run({ type: 'endTurn' }, { dice: 'd6:5' });
    const ask = t.state.pending!.open[0]!;
    expect(ask.options.map((o) => o.id)).toEqual(['flame-burst', 'sweltering-heat', 'none']);
    expect(t.state.vars['a5e.world.recharging']).toEqual({});
  });

  it('A5E-WORLD-4 an uncharged action is not offered; a Recharge 6 action comes back only on a 6', () => {
    const t = world(volcanicActions());
    t.run({ type: 'startCombat' }, { dice: 'd20:3 d12:6 d6:3', preAnswers: { 'world.action': 'flame-burst', 'world.target': 'ana' } });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd6:2' });
    expect(t.state.pending!.open[0]!.options.map((o) => o.id)).toEqual(['sweltering-heat', 'none']);
    const fog = world({ environment: 'fog', environmentDisable: ['thick-fog', 'twisting-haze'] });
    // Shadow Puppet copies the creature rolled on 1d3 (2: the ogre); the recharge roll 5 is not a 6
    fog.run({ type: 'startCombat' }, { dice: 'd3:2 d6:5', preAnswers: { 'world.action': 'shadow-puppet' } });
    expect(fog.state.vars['a5e.world.recharging']).toEqual({ 'shadow-puppet': 6 });
  });

  it('A5E-WORLD-5 the Narrator reskins (renames, borrows) or switches entries off, before or during the fight', () => {
    const t = world({ environment: 'forest', environmentInclude: ['flame-burst'], environmentRename: { 'flame-burst': 'Falling Embers' }, environmentDisable: ['distressed-animal-cacophony', 'fallen-leaves'] });
    const ev = t.run({ type: 'startCombat' }, { preAnswers: none });
    expect(TestTable.ofType(ev, 'RuleApplied').find((e) => e.ruleId === 'A5E-WORLD-1')!.text).toBe('the battlefield: Brush [whole battlefield], Trees (Fallen or Standing) [whole battlefield], Falling Embers (world action) [whole battlefield]');
    t.run({ type: 'a5e.world.edit', disable: ['flame-burst'], enable: ['fallen-leaves'] });
    expect(activeEntries(t.state).map((a) => a.entry.id)).toEqual(['brush', 'trees', 'fallen-leaves']);
    t.rejects({ type: 'a5e.world.edit', include: ['lava-lake'] }, 'unknown-environment');
    t.rejects({ type: 'a5e.world.edit', disable: ['brush'] }, 'forbidden', { as: { role: 'player', seat: 'seat-ana' } });
  });

  it('A5E-WORLD-5 an unknown environment is refused when the fight starts', () => {
    const t = world({ environment: 'desert' });
    expect(t.rejects({ type: 'startCombat' }, 'unknown-environment').message).toMatch(/no environment 'desert'/);
  });

  it('A5E-WORLD-6 a successful save means no effect; damage for "each creature" is rolled once for everyone who failed', () => {
    const t = world({ environment: 'arctic', environmentDisable: ['frostbitten-surface'] });
    // Cold Chill, DC 15 Con: ana 12 + 4 = 16 saves; ogre 5 + 3 and goblin 3 + 0 fail; one 2d6 = 4 + 5
    const ev = t.run({ type: 'startCombat' }, { dice: 'd20:12 d20:5 d20:3 d6:4 d6:5 d6:1', preAnswers: { 'world.action': 'cold-chill' } });
    expect([t.creature('ana').hp, t.creature('ogre').hp, t.creature('gob').hp]).toEqual([28, 59 - 9, 0]);
    expect(TestTable.ofType(ev, 'DiceRolled').filter((e) => e.purpose === 'Cold Chill damage')).toHaveLength(1);
    expect(TestTable.ofType(ev, 'DamageApplied').map((e) => e.target)).toEqual(['ogre', 'gob']);
  });

  it('A5E-WORLD-6 entries with a recharge or an untriggered "one/each creature" effect are world actions; the rest are features', () => {
    const actions = environments.flatMap((e) => e.entries.filter((x) => x.kind === 'action').map((x) => x.id));
    expect(actions).toEqual([
      'flame-burst', 'sweltering-heat', 'distressed-animal-cacophony', 'cold-chill', 'shadow-puppet', 'twisting-haze',
      'falling-rocks', 'forceful-gale', 'lightning-strike', 'swamp-gas', 'leeches',
    ]);
    for (const e of environments.flatMap((x) => x.entries)) if (e.recharge) expect(e.kind).toBe('action');
  });

  it('A5E-WORLD-7 the nine sample environments, with the entries and world actions of the table', () => {
    const table = environments.map((e) => [e.id, e.name, e.nameInferred, e.entries.filter((x) => x.kind === 'feature').map((x) => x.name), e.entries.filter((x) => x.kind === 'action').map((x) => `${x.name}${x.recharge ? ` (${x.recharge})` : ''}`)]);
    expect(table).toEqual([
      ['cavern', 'Cavern', true, ['Echo', 'Loose Foundation', 'Stalactites', 'Stalagmites'], []],
      ['volcanic', 'Volcanic / burning ground', true, ['Burning Surface', 'Floating Ash'], ['Flame Burst (4)', 'Sweltering Heat']],
      ['forest', 'Forest', true, ['Brush', 'Trees (Fallen or Standing)', 'Fallen Leaves'], ['Distressed Animal Cacophony (4)']],
      ['arctic', 'Arctic', true, ['Frostbitten Surface', 'Icy Patch', 'Snow'], ['Cold Chill (4)']],
      ['manor', 'Manor / indoors', true, ['Chandelier', 'Clutter', 'Mirror', 'Tables'], []],
      ['fog', 'Fog', true, ['Blanketed Ground', 'Thick Fog'], ['Shadow Puppet (6)', 'Twisting Haze']],
      ['mountain', 'Mountain / cliffside', true, ['Boulder', 'Loose Rocks', 'Uneven Footing'], ['Falling Rocks (5)']],
      ['storm', 'Storm', true, ['Heavy Precipitation', 'Loud Winds'], ['Forceful Gale', 'Lightning Strike (5)']],
      ['swamp', 'Swamp', true, ['Thick Trudge', 'Tenacious Mud'], ['Swamp Gas', 'Leeches (6)']],
    ]);
    // every entry cites its own rule, WORLD-8 to WORLD-43 in order
    expect(environments.flatMap((e) => e.entries.map((x) => x.ruleId))).toEqual(Array.from({ length: 36 }, (_, i) => `A5E-WORLD-${i + 8}`));
  });
});
