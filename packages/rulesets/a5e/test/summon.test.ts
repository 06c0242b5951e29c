import { describe, expect, it } from 'vitest';
import { createGridSpace, placeCreature, type CreatureSetup, type FrayEvent, type Json } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { act, ana, ogre, wolf } from './flow-fixtures';

const rules = (events: FrayEvent[], ruleId: string) => TestTable.ofType(events, 'RuleApplied').filter((e) => e.ruleId === ruleId).map((e) => e.text);
const tests = (events: FrayEvent[]) => TestTable.ofType(events, 'TestResolved');
const asAna = { as: { role: 'player' as const, seat: 'seat-ana' } };

/** A pack wolf (our own numbers): bite +4, 2d4 + 2 piercing. */
const packWolf = (id: string, over: Partial<CreatureSetup> = {}) => wolf(id, {
  sheet: { ...(wolf(id).sheet as object), attacks: [{ id: 'bite', name: 'Bite', kind: 'melee', bonus: 4, damage: '2d4 + 2', damageType: 'piercing', addAbilityToDamage: false }] },
  ...over,
});

/** ana (15) commanding `wolves` against the ogre (10), in round 1 on ana's turn. */
function pack(ids: string[], opts: { space?: Json; group?: boolean; wolfOver?: Partial<CreatureSetup> } = {}): TestTable {
  const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 }), ...ids.map((id) => packWolf(id, opts.wolfOver))], ...(opts.space ? { space: opts.space } : {}) });
  for (const id of ids) t.run({ type: 'a5e.setController', creatureId: id, controllerId: 'ana' });
  if (opts.group !== false && ids.length > 1) t.run({ type: 'a5e.formGroup', groupId: 'wolves', creatureIds: ids });
  t.run({ type: 'startCombat' });
  return t;
}

function grid(at: Record<string, [number, number, string?]>): Json {
  let space = createGridSpace();
  for (const [id, [x, y, size]] of Object.entries(at)) space = placeCreature(space, id, { x, y, size: size ?? 'medium' });
  return space as unknown as Json;
}
const where = (t: TestTable, id: string) => {
  const p = (t.state.space as { creatures: Record<string, { x: number; y: number }> }).creatures[id]!;
  return [p.x, p.y];
};

describe('A5E controlled creatures', () => {
  it('A5E-SUMMON-1 a player may control other creatures: the controller\'s seat directs them; handed back, they roll initiative', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana(), ogre(), wolf('fang')] });
    const ev = t.run({ type: 'a5e.setController', creatureId: 'fang', controllerId: 'ana' });
    expect(rules(ev, 'A5E-SUMMON-1')).toEqual(['Ana controls Wolf']);
    expect([t.creature('fang').controller, t.creature('fang').vars['a5e.controlledBy']]).toEqual(['seat-ana', 'ana']);
    t.rejects({ type: 'a5e.setController', creatureId: 'ana', controllerId: 'ana' }, 'illegal-target');
    t.rejects({ type: 'a5e.setController', creatureId: 'ogre', controllerId: 'fang' }, 'illegal-target');
    t.run({ type: 'startCombat' }, { dice: 'd20:15 d20:3' });
    t.run({ type: 'a5e.setController', creatureId: 'fang', controllerId: null }, { dice: 'd20:10' });
    expect([t.creature('fang').controller, t.creature('fang').tags]).toEqual([null, ['monster']]);
    expect(t.state.order.map((e) => [e.creatureId, e.total])).toEqual([['ana', 16], ['fang', 12], ['ogre', 2]]);
  });

  it('A5E-SUMMON-2 controlled creatures move at any point of the controller\'s turn, and not on anyone else\'s', () => {
    const t = pack(['fang'], { space: grid({ ana: [0, 0], fang: [0, 1], ogre: [6, 0, 'large'] }) });
    t.run({ type: 'move', creatureId: 'fang', to: { x: 0, y: 3 } }, asAna);
    t.run({ type: 'move', creatureId: 'ana', to: { x: 1, y: 0 } }, asAna);
    t.run({ type: 'move', creatureId: 'fang', to: { x: 0, y: 5 } }, asAna);
    expect([where(t, 'fang'), t.creature('fang').resources['movementFeet']]).toEqual([[0, 5], 20]);
    t.run({ type: 'endTurn' });
    t.rejects({ type: 'move', creatureId: 'fang', to: { x: 0, y: 6 } }, 'not-your-turn');
  });

  it('A5E-SUMMON-3 identical creatures move as one group, each within 5 ft of another member', () => {
    const t = pack(['fang', 'fang2'], { space: grid({ ana: [0, 0], fang: [0, 1], fang2: [1, 1], ogre: [8, 0, 'large'] }) });
    t.run({ type: 'a5e.moveGroup', groupId: 'wolves', to: { fang: { x: 0, y: 4 }, fang2: { x: 1, y: 4 } } }, asAna);
    expect([where(t, 'fang'), where(t, 'fang2')]).toEqual([[0, 4], [1, 4]]);
    expect(t.rejects({ type: 'a5e.moveGroup', groupId: 'wolves', to: { fang: { x: 0, y: 6 }, fang2: { x: 4, y: 4 } } }, 'group-broken').ruleId).toBe('A5E-SUMMON-3');
    const mixed = new TestTable(a5eRuleset, { creatures: [ana(), wolf('fang'), ogre()] });
    mixed.rejects({ type: 'a5e.formGroup', groupId: 'odd', creatureIds: ['fang', 'ogre'] }, 'not-identical');
  });

  it('A5E-SUMMON-4 a bonus action commands one creature or one group to act; the uncommanded do not act but may still react', () => {
    const t = pack(['fang', 'fang2'], { group: false });
    t.rejects(act('fang', 'attack', ['ogre']), 'not-commanded', asAna);
    t.run(act('ana', 'command', ['fang']), asAna);
    expect(t.creature('ana').resources['bonusAction']).toBe(0);
    t.run(act('fang', 'attack', ['ogre']), { ...asAna, dice: 'd20:3' });
    t.rejects(act('fang2', 'dodge'), 'not-commanded', asAna);
    t.rejects(act('ana', 'command', ['fang2']), 'no-bonus-action-left', asAna);
    t.run(act('fang2', 'cast-spell', [], { spell: 'a howl', castingTime: 'reaction' }), asAna);

    const grouped = pack(['fang', 'fang2']);
    grouped.run(act('ana', 'command', ['fang2']), asAna);
    expect([grouped.creature('fang').vars['a5e.commanded'], grouped.creature('fang2').vars['a5e.commanded']]).toEqual([true, true]);
    grouped.rejects(act('ana', 'command', ['ogre']), 'not-controlled');
  });

  it('A5E-SUMMON-11 a controlled mount may Dash, Disengage or Dodge without a command; attacking still needs one', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 }), wolf('steed')] });
    t.run({ type: 'a5e.setController', creatureId: 'steed', controllerId: 'ana', mount: true });
    t.run({ type: 'startCombat' });
    t.run(act('steed', 'dodge'), asAna);
    expect(t.creature('steed').conditions.map((c) => c.conditionId)).toEqual(['dodging']);
    const fresh = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 }), wolf('steed')] });
    fresh.run({ type: 'a5e.setController', creatureId: 'steed', controllerId: 'ana', mount: true });
    fresh.run({ type: 'startCombat' });
    fresh.rejects(act('steed', 'attack', ['ogre']), 'not-commanded', asAna);
    fresh.run(act('ana', 'command', ['steed']), asAna);
    fresh.run(act('steed', 'attack', ['ogre']), { ...asAna, dice: 'd20:3' });
  });
});

describe('A5E groups', () => {
  it('A5E-SUMMON-5 a group ability check is one roll, for the member the controller picks (best modifier by default)', () => {
    const t = pack(['fang', 'fang2', 'fang3']);
    t.run({ type: 'a5e.groupCheck', groupId: 'wolves', ability: 'wis', skill: 'perception', dc: 12 }, asAna);
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'a5e.groupCheckRoller', to: { role: 'player', seat: 'seat-ana' }, default: 'fang' });
    const ev = t.answer('a5e.groupCheckRoller', 'fang2', { dice: 'd20:9' });
    expect(tests(ev).map((e) => [e.actor, e.breakdown.total, e.outcome, e.ruleId])).toEqual([['fang2', 10, 'failure', 'A5E-SUMMON-5']]);
  });

  it('A5E-SUMMON-6 a Strength group check adds +1 per other member that can pitch in, as many as the Narrator allows', () => {
    const t = pack(['fang', 'fang2', 'fang3']);
    t.run({ type: 'a5e.groupCheck', groupId: 'wolves', ability: 'str', dc: 13 }, { preAnswers: { 'a5e.groupCheckRoller': 'fang' } });
    expect(t.state.pending!.open[0]).toMatchObject({ key: 'a5e.groupContributors', to: { role: 'gm' }, input: { kind: 'number', min: 1, max: 3 }, default: 3 });
    const some = tests(t.answer('a5e.groupContributors', 2, { dice: 'd20:10' }))[0]!;
    expect([some.breakdown.rows.map((r) => [r.label, r.value]), some.breakdown.total, some.outcome]).toEqual([[['STR check', 1], ['1 other member', 1]], 12, 'failure']);
    const all = tests(t.run({ type: 'a5e.groupCheck', groupId: 'wolves', ability: 'str', dc: 13 }, { preAnswers: { 'a5e.groupCheckRoller': 'fang', 'a5e.groupContributors': 3 }, dice: 'd20:10' }))[0]!;
    expect([all.breakdown.total, all.outcome]).toEqual([13, 'success']);
  });

  it('A5E-SUMMON-7 a group attack is the target\'s Dex save against 8 + the best attack bonus (+1 per other member)', () => {
    const t = pack(['w1', 'w2', 'w3', 'w4', 'w5']);
    t.run(act('ana', 'command', ['w1']), asAna);
    const ev = t.run(act('w1', 'group-attack', ['ogre'], { attack: 'bite' }), { ...asAna, dice: 'd20:10 d4:2 d4:3' });
    expect(rules(ev, 'A5E-SUMMON-7')).toEqual(['group attack (5 members): DEX save DC 8 + 4 + 4 = 16']);
    expect(tests(ev).map((e) => [e.kind, e.actor, e.breakdown.total, e.against, e.outcome])).toEqual([['save', 'ogre', 9, { label: 'group attack DC', value: 16 }, 'failure']]);
    expect(['w1', 'w2', 'w3', 'w4', 'w5'].map((w) => t.creature(w).resources['action'])).toEqual([0, 0, 0, 0, 0]);
    t.rejects(act('w2', 'group-attack', ['ogre']), 'group-too-small', asAna);
  });

  it('A5E-SUMMON-8 a failed save takes full damage and every rider; a success half damage and no riders', () => {
    const fail = pack(['w1', 'w2', 'w3', 'w4', 'w5']);
    fail.run(act('ana', 'command', ['w1']), asAna);
    const hit = fail.run(act('w1', 'group-attack', ['ogre']), { ...asAna, dice: 'd20:10 d4:2 d4:3' });
    expect(rules(hit, 'A5E-SUMMON-8')).toEqual(['failed: full damage and every rider']);
    expect(fail.creature('ogre').hp).toBe(59 - 11);
    const save = pack(['w1', 'w2', 'w3', 'w4', 'w5']);
    save.run(act('ana', 'command', ['w1']), asAna);
    const half = save.run(act('w1', 'group-attack', ['ogre']), { ...asAna, dice: 'd20:20 d4:2 d4:3' });
    expect(rules(half, 'A5E-SUMMON-8')).toEqual(['saved: half damage and none of the riders']);
    expect(save.creature('ogre').hp).toBe(59 - 5);
  });

  it('A5E-SUMMON-9 +1 to the DC and +1 damage for every other member; damage is rolled once, with no critical hits', () => {
    const t = pack(['w1', 'w2', 'w3']);
    t.run(act('ana', 'command', ['w1']), asAna);
    const ev = t.run(act('w1', 'group-attack', ['ogre']), { ...asAna, dice: 'd20:1 d4:4 d4:4' });
    expect(tests(ev)[0]!.against).toEqual({ label: 'group attack DC', value: 14 });
    expect(rules(ev, 'A5E-SUMMON-9')).toEqual(['+2 damage for the other members']);
    expect(TestTable.ofType(ev, 'DamageApplied').map((e) => e.total)).toEqual([12]);
    expect(TestTable.ofType(ev, 'DiceRolled').filter((e) => e.purpose.startsWith('group attack damage'))).toHaveLength(1);
  });

  it('A5E-SUMMON-10 a save-based group attack keeps its own save and DC, still +1 DC and damage per other member', () => {
    const t = pack(['w1', 'w2', 'w3']);
    t.run(act('ana', 'command', ['w1']), asAna);
    const breath = { ability: 'con', dc: 12, damage: '2d6', damageType: 'fire' };
    const ev = t.run(act('w1', 'group-attack', ['ogre'], { save: breath }), { ...asAna, dice: 'd20:9 d6:3 d6:4' });
    expect(rules(ev, 'A5E-SUMMON-10')).toEqual(['the effect keeps its own CON save: DC 12 + 2 = 14']);
    expect(tests(ev).map((e) => [e.breakdown.rows[0]!.label, e.breakdown.total, e.against!.value, e.outcome])).toEqual([['CON save', 12, 14, 'failure']]);
    expect(TestTable.ofType(ev, 'DamageApplied').map((e) => [e.total, e.rows[0]!.type])).toEqual([[9, 'fire']]);
    const none = pack(['w1', 'w2', 'w3']);
    none.run(act('ana', 'command', ['w1']), asAna);
    const saved = none.run(act('w1', 'group-attack', ['ogre'], { save: { ...breath, onSuccess: 'none' } }), { ...asAna, dice: 'd20:15' });
    expect([TestTable.ofType(saved, 'DamageApplied'), none.creature('ogre').hp]).toEqual([[], 59]);
  });
});
