import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import type { CreatureSetup, FrayEvent } from '@fray/engine';
import {
  a5eRuleset, doorRow, farFutureTable, materialAc, objectCreature, objectSections, objectSheet, sizeHp, tableAc, tableHp,
} from '../src/index';
import { canEventuallyOpen, psionicsThroughZirkon } from '../src/objects/interact';
import { ana } from './fixtures';
import { dummy, kit, othersTakeDefaults, probeRuleset } from './hazards-probe';

const attack = (attackId: string, target: string, actorId = 'kit') => ({ type: 'takeAction', actorId, action: 'attack', targets: [target], options: { attack: attackId } });
const damageOf = (ev: FrayEvent[]) => TestTable.ofType(ev, 'DamageApplied')[0]!;
const rules = (ev: FrayEvent[], ruleId: string) => TestTable.ofType(ev, 'RuleApplied').filter((e) => e.ruleId === ruleId).map((e) => e.text);

/** Kit (initiative 20) against one or more objects, combat started. */
function table(objects: CreatureSetup[], opts: { options?: Record<string, never | string | boolean | number>; ruleset?: typeof a5eRuleset } = {}) {
  const t = new TestTable(opts.ruleset ?? a5eRuleset, { creatures: [kit({ initiative: 20 }), dummy('ogre', {}, { initiative: 1 }), ...objects], ...(opts.options ? { options: opts.options } : {}) }, { policy: othersTakeDefaults });
  t.run({ type: 'startCombat' });
  return t;
}

describe('A5E objects', () => {
  it('A5E-OBJ-1 an object joins as its own entity: tagged object, no initiative, no turns', () => {
    const t = table([objectCreature({ id: 'vase', name: 'Vase', material: 'crystal', size: 'tiny', resilience: 'fragile' })]);
    expect(t.creature('vase').tags).toEqual(['object', 'no-initiative']);
    expect(t.state.order.map((e) => e.creatureId)).toEqual(['kit', 'ogre']);
    // A hand-written object stat block without the tag rolls initiative with everyone, then leaves the order.
    const raw = new TestTable(a5eRuleset, { creatures: [kit({ initiative: 20 }), { id: 'bell', side: 'objects', sheet: { ...objectSheet({ id: 'bell', name: 'Bell', material: 'iron' }) } }] }, { policy: othersTakeDefaults });
    const ev = raw.run({ type: 'startCombat' }, { dice: 'd20:5' });
    expect(TestTable.ofType(ev, 'InitiativeSet').at(-1)).toMatchObject({ reason: 'objects take no turns', ruleId: 'A5E-OBJ-1' });
    expect(raw.state.order.map((e) => e.creatureId)).toEqual(['kit']);
  });

  it('A5E-OBJ-7 object AC follows its material, as the table prints it', () => {
    expect(materialAc).toEqual({ cloth: 11, paper: 11, rope: 11, crystal: 13, glass: 13, ice: 13, wood: 15, bone: 15, stone: 17, iron: 19, steel: 19, mithral: 21, adamantine: 21 });
    expect(tableAc({ material: 'adamantine', fortified: false })).toBe(21);
    expect(tableAc({ door: 'adamantine', fortified: false })).toBe(23);
    const t = table([objectCreature({ id: 'statue', name: 'Statue', material: 'stone', size: 'large' })]);
    // 11 + 5 = 16 misses AC 17; 12 + 5 = 17 hits.
    expect(TestTable.ofType(t.run(attack('club', 'statue'), { dice: 'd20:11' }), 'TestResolved')[0]!.outcome).toBe('miss');
  });

  it('A5E-OBJ-8 object hit points by size: fragile low, resilient high, fixed unless rollObjectHP', () => {
    expect(Object.fromEntries(Object.entries(sizeHp).map(([s, r]) => [s, [r.fragile.fixed, r.fragile.dice, r.resilient.fixed, r.resilient.dice]]))).toEqual({
      tiny: [2, '1d4', 5, '2d4'], small: [3, '1d6', 10, '3d6'], medium: [4, '1d8', 18, '4d8'], large: [5, '1d10', 27, '5d10'],
    });
    expect(objectSheet({ id: 'chair', name: 'Chair', size: 'small', resilience: 'fragile' })['hp']).toBe(3);
    const t = table([], { options: { rollObjectHP: true } });
    t.run({ type: 'a5e.object.add', id: 'crate', name: 'Crate', material: 'wood', size: 'medium' }, { dice: 'd8:1 d8:2 d8:3 d8:4' });
    expect([t.creature('crate').hp, t.creature('crate').maxHp, (t.creature('crate').sheet as { ac: number }).ac]).toEqual([10, 10, 15]);
  });

  it('A5E-OBJ-3 the Narrator may give an object its own AC, hit points and defences', () => {
    const t = table([objectCreature({ id: 'rope', name: 'Rope', material: 'rope', size: 'small', ac: 12, hp: 6, resist: ['bludgeoning'] })]);
    const ev = t.run(attack('club', 'rope'), { dice: 'd20:7 d6:5' });
    expect(damageOf(ev).toHp).toBe(2);
    expect(t.creature('rope').hp).toBe(4);
    t.run({ type: 'a5e.object.add', id: 'table', name: 'Table', material: 'wood', ac: 13, hp: 30 });
    expect([t.creature('table').hp, (t.creature('table').sheet as { ac: number }).ac]).toEqual([30, 13]);
    t.rejects({ type: 'a5e.object.add', id: 'rope', name: 'Another rope' }, 'duplicate-creature');
  });

  it('A5E-OBJ-4 poison and psychic damage do nothing to an object, unless it is noted otherwise (plants)', () => {
    const t = table([
      objectCreature({ id: 'chest', name: 'Chest', material: 'wood' }),
      objectCreature({ id: 'vine', name: 'Vine', material: 'wood', size: 'small', harmedByPoisonAndPsychic: true }),
    ]);
    const ev = t.run(attack('poison-dart', 'chest'), { dice: 'd20:15 d4:3' });
    expect(damageOf(ev).rows.find((r) => r.step === 'immunity')).toMatchObject({ type: 'poison', before: 3, after: 0, ruleId: 'A5E-DMG-14' });
    expect(t.creature('chest').hp).toBe(18);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run(attack('mind-spike', 'vine'), { dice: 'd20:15 d6:4' });
    expect(t.creature('vine').hp).toBe(10 - 4);
  });

  it('A5E-OBJ-5 an object fails Strength and Dexterity saves without a roll; other saves pass it by', () => {
    const t = table([objectCreature({ id: 'crate', name: 'Crate', material: 'wood' })], { ruleset: probeRuleset });
    const str = TestTable.ofType(t.run({ type: 'probe.save', creatureId: 'crate', ability: 'dex', dc: 1 }), 'TestResolved')[0]!;
    expect([str.outcome, str.ruleId, str.breakdown.natural]).toEqual(['failure', 'A5E-OBJ-5', null]);
    const wis = TestTable.ofType(t.run({ type: 'probe.save', creatureId: 'crate', ability: 'wis', dc: 30 }), 'TestResolved')[0]!;
    expect([wis.outcome, wis.ruleId, wis.breakdown.natural]).toEqual(['success', 'A5E-OBJ-5', null]);
  });

  it('A5E-OBJ-6 an object at 0 hit points breaks: out of play, never unconscious or dying', () => {
    const t = table([objectCreature({ id: 'vial', name: 'Vial', material: 'glass', size: 'tiny', resilience: 'fragile' })]);
    const ev = t.run(attack('club', 'vial'), { dice: 'd20:10 d6:6' });
    const vial = t.creature('vial');
    expect([vial.hp, vial.status, vial.vars['broken'], vial.conditions]).toEqual([0, 'dead', true, []]);
    expect(rules(ev, 'A5E-OBJ-6')).toEqual(['Vial breaks (reduced to 0 hit points)']);
  });

  it('A5E-OBJ-9 a Huge object shrugs off attacks unless the Narrator says otherwise; a key section brings the whole down', () => {
    const t = table([
      objectCreature({ id: 'wall', name: 'Castle wall', material: 'stone', size: 'huge' }),
      ...objectSections({ id: 'windmill', name: 'Windmill', material: 'wood', size: 'huge' }, 3, [2]),
    ]);
    t.run(attack('club', 'wall'), { dice: 'd20:15 d6:6' });
    expect(t.state.pending?.open[0]).toMatchObject({ key: 'a5e.object.hugeHarm', default: 'no-effect', to: { role: 'gm' } });
    t.answer('a5e.object.hugeHarm', 'no-effect');
    expect(t.creature('wall').hp).toBe(27);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run(attack('club', 'wall'), { dice: 'd20:15 d6:6' });
    t.answer('a5e.object.hugeHarm', 'harm');
    expect(t.creature('wall').hp).toBe(21);
    // Sections are Large, 27 hp each, and take damage without asking.
    expect(t.creature('windmill-2').maxHp).toBe(27);
    t.run({ type: 'gm.setHp', creatureId: 'windmill-2', hp: 3 });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const ev = t.run(attack('club', 'windmill-2'), { dice: 'd20:15 d6:4' });
    expect(rules(ev, 'A5E-OBJ-9')).toEqual(['windmill collapses: a key section is destroyed', 'Windmill (section 1) breaks (windmill collapsed)', 'Windmill (section 3) breaks (windmill collapsed)']);
    expect(['windmill-1', 'windmill-2', 'windmill-3'].map((id) => [t.creature(id).hp, t.creature(id).status])).toEqual([[0, 'dead'], [0, 'dead'], [0, 'dead']]);
  });

  it('A5E-OBJ-10 flammable objects are vulnerable to fire', () => {
    const t = table([objectCreature({ id: 'tapestry', name: 'Tapestry', material: 'cloth', size: 'large', flammable: true })]);
    const ev = t.run(attack('fire-bolt', 'tapestry'), { dice: 'd20:12 d10:4' });
    expect(damageOf(ev).toHp).toBe(8);
  });

  it('A5E-OBJ-11 a damage threshold stops anything smaller and lets the rest through whole (A5E-DMG-18)', () => {
    const t = table([objectCreature({ id: 'hull', name: 'Armored hull', material: 'iron', size: 'large', hp: 100, damageThreshold: 19 })]);
    const low = damageOf(t.run(attack('ram', 'hull'), { dice: 'd20:15 d10:9 d10:9' }));
    expect([low.total, low.rows.at(-1)]).toEqual([0, { step: 'threshold', type: 'total', before: 18, after: 0, note: 'below threshold 19', ruleId: 'A5E-DMG-18' }]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(damageOf(t.run(attack('ram', 'hull'), { dice: 'd20:15 d10:10 d10:9' })).total).toBe(19);
    expect(t.creature('hull').hp).toBe(81);
  });

  it('A5E-OBJ-12 bashing a door is a Strength check against its Bash DC and costs the action', () => {
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 20 }), objectCreature({ id: 'door', name: 'Oak door', door: 'wooden' })] }, { policy: othersTakeDefaults });
    t.run({ type: 'startCombat' });
    expect(t.creature('door').hp).toBe(27);
    // Ana: d20 11 + Str 3 = 14 < 15.
    const miss = t.run({ type: 'takeAction', actorId: 'ana', action: 'bash', targets: ['door'] }, { dice: 'd20:11' });
    expect(TestTable.ofType(miss, 'TestResolved')[0]).toMatchObject({ kind: 'check', against: { label: 'Bash DC', value: 15 }, outcome: 'failure', ruleId: 'A5E-OBJ-12' });
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'bash', targets: ['door'] }, 'no-action-left');
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'ana', action: 'bash', targets: ['door'] }, { dice: 'd20:12' });
    expect([t.creature('door').status, t.creature('door').vars['broken']]).toEqual(['dead', true]);
    t.run({ type: 'endTurn' });
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'bash', targets: ['door'] }, 'already-broken');
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'bash', targets: ['ana'] }, 'not-an-object');
  });

  it('A5E-OBJ-13 the door table: Bash DC, AC and threshold by material', () => {
    const rows = (['wooden', 'stone', 'iron', 'mithral', 'adamantine'] as const).flatMap((d) => [false, true].map((f) => {
      const r = doorRow(d, f);
      return [r.bashDC, r.ac, r.threshold, r.dungeonLevel];
    }));
    expect(rows).toEqual([
      [15, 15, null, 1], [19, 15, 19, 9], [17, 17, null, 5], [21, 17, 21, 13], [19, 19, null, 9],
      [23, 19, 23, 17], [21, 21, null, 13], [25, 21, 25, 17], [23, 23, null, 17], [27, 23, 27, 17],
    ]);
    const sheet = objectSheet({ id: 'gate', name: 'Iron gate', door: 'iron' });
    expect([sheet['ac'], sheet['hp']]).toEqual([19, 27]);
  });

  it('A5E-OBJ-14 fortified doors: Bash DC + 4 and a threshold, the table value by default, the AC with fortifiedThreshold "ac"', () => {
    const fortified = () => [objectCreature({ id: 'door', name: 'Fortified door', door: 'wooden', fortified: true })];
    const table19 = table(fortified());
    expect(damageOf(table19.run(attack('ram', 'door'), { dice: 'd20:15 d10:9 d10:9' })).total).toBe(0);
    const text15 = table(fortified(), { options: { fortifiedThreshold: 'ac' } });
    expect(damageOf(text15.run(attack('ram', 'door'), { dice: 'd20:15 d10:9 d10:9' })).total).toBe(18);
    expect(doorRow('adamantine', true).bashDC).toBe(27);
  });

  it('A5E-OBJ-15 a door is beyond a creature only if neither a 20 on the Strength check nor a critical hit can beat it', () => {
    const brute = dummy('brute', { abilities: { str: 20, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }, attacks: [{ id: 'greatsword', name: 'Greatsword', kind: 'melee', damage: '2d6', damageType: 'slashing' }] });
    const weakling = dummy('weakling', { attacks: [{ id: 'dagger', name: 'Dagger', kind: 'melee', damage: '1d4', damageType: 'piercing' }] });
    const t = new TestTable(a5eRuleset, { creatures: [brute, weakling, objectCreature({ id: 'vault', name: 'Vault door', door: 'adamantine', fortified: true })] });
    expect(canEventuallyOpen(t.state, 'brute', 'vault')).toEqual({ bestBash: 25, bashDC: 27, bestCrit: 34, threshold: 27, byBashing: false, byDamage: true, possible: true });
    expect(canEventuallyOpen(t.state, 'weakling', 'vault').possible).toBe(false);
    const ev = t.run({ type: 'a5e.object.canOpen', creatureId: 'weakling', objectId: 'vault' });
    expect(rules(ev, 'A5E-OBJ-15')).toEqual(['Weakling cannot eventually get through: best Strength check 20 vs Bash DC 27, best critical 8 vs threshold 27']);
  });

  it('A5E-OBJ-16 far-future materials: their own hit points, Bash DC, AC and threshold', () => {
    expect(Object.fromEntries(Object.entries(farFutureTable).map(([k, r]) => [k, [r.hp.fixed, r.hp.dice, r.bashDC, r.ac, r.threshold]]))).toEqual({
      plastic: [5, '1d10', 15, 15, null], plassteel: [27, '5d10', 15, 17, 5], 'transparent-aluminum': [18, '4d8', 17, 17, 19],
      'blast-door': [27, '5d10', 17, 19, null], 'blast-door-fortified': [37, '7d10', 19, 19, 23], 'blast-door-duranium': [55, '10d10', 19, 23, 25],
      forcefield: [55, '10d10', null, 23, 20], zirkon: [27, '5d10', 17, 17, 5],
    });
    expect(tableHp({ material: 'blast-door-fortified', fortified: false, resilience: 'resilient' }, 'large')).toEqual({ fixed: 37, dice: '7d10' });
    const t = table([objectCreature({ id: 'window', name: 'Viewport', material: 'transparent-aluminum' })]);
    expect(t.creature('window').hp).toBe(18);
    expect(damageOf(t.run(attack('ram', 'window'), { dice: 'd20:15 d10:9 d10:9' })).total).toBe(0);
  });

  it('A5E-OBJ-17 forcefields cannot be bashed and regain 5 hit points each round, up to their maximum, unless down', () => {
    const ff = (id: string, hp: number) => ({ ...objectCreature({ id, name: id, material: 'forcefield' }), hp });
    const t = new TestTable(a5eRuleset, { creatures: [ana({ initiative: 20 }), ff('field', 40), ff('nearly', 53), ff('down', 0)] }, { policy: othersTakeDefaults });
    const start = t.run({ type: 'startCombat' });
    expect([t.creature('field').hp, t.creature('nearly').hp, t.creature('down').hp]).toEqual([45, 55, 0]);
    expect(TestTable.ofType(start, 'HealingApplied').map((h) => [h.target, h.amount, h.ruleId])).toEqual([['field', 5, 'A5E-OBJ-17'], ['nearly', 2, 'A5E-OBJ-17']]);
    t.rejects({ type: 'takeAction', actorId: 'ana', action: 'bash', targets: ['field'] }, 'cannot-bash');
    const round2 = t.run({ type: 'endTurn' });
    expect([t.creature('field').hp, t.creature('nearly').hp, t.creature('down').hp]).toEqual([50, 55, 0]);
    expect(TestTable.ofType(round2, 'HealingApplied').map((h) => [h.target, h.amount])).toEqual([['field', 5]]);
  });

  it('A5E-OBJ-18 ray-shielded objects resist fire and radiant', () => {
    const t = table([objectCreature({ id: 'hatch', name: 'Hatch', material: 'plassteel', rayShielded: true })]);
    expect(damageOf(t.run(attack('sunlance', 'hatch'), { dice: 'd20:15 d6:6 d6:5' })).total).toBe(5);
  });

  it('A5E-OBJ-19 zirkon stops psionics of level III and below and doubles the cost of level IV and up', () => {
    expect(psionicsThroughZirkon(3, 5)).toEqual({ blocked: true, points: 0 });
    expect(psionicsThroughZirkon(4, 7)).toEqual({ blocked: false, points: 14 });
  });

  it('A5E-OBJ-2 other interactions: the Narrator picks the check and sets the DC; a Strength check can break an object', () => {
    const t = table([objectCreature({ id: 'chest', name: 'Chest', material: 'wood' })]);
    t.run({ type: 'takeAction', actorId: 'kit', action: 'object-check', targets: ['chest'], options: { task: 'pick the lock' } });
    expect(t.state.pending?.open[0]).toMatchObject({ key: 'a5e.object.ability', to: { role: 'gm' } });
    t.answer('a5e.object.ability', 'dex');
    expect(t.state.pending?.open[0]).toMatchObject({ key: 'a5e.object.dc', input: { kind: 'number', min: 1, max: 40 } });
    const ev = t.answer('a5e.object.dc', 13, { dice: 'd20:13' });
    expect(TestTable.ofType(ev, 'TestResolved')[0]).toMatchObject({ kind: 'check', against: { value: 13 }, outcome: 'success' });
    expect(rules(ev, 'A5E-OBJ-2')).toEqual(['Kit manages to pick the lock']);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    // No Bash DC on a plain chest: the Narrator sets one.
    t.run({ type: 'takeAction', actorId: 'kit', action: 'bash', targets: ['chest'] });
    t.answer('a5e.object.dc', 18, { dice: 'd20:18' });
    expect(t.creature('chest').vars['broken']).toBe(true);
  });
});
