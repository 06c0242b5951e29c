import { describe, expect, it } from 'vitest';
import { act, fight, grid, orc, pc, rules, tests } from './movement-fixtures';

const noProne = { 'a5e.dropProneReaction': 'off' as const };
/** Ana with a glaive (reach 10 ft) and a dagger (5 ft). */
const polearm = (id: string) => pc(id, {
  sheet: {
    attacks: [
      { id: 'glaive', name: 'Glaive', kind: 'melee', damage: '1d10', damageType: 'slashing', properties: ['reach', 'heavy', 'two-handed'], reachFeet: 10 },
      { id: 'dagger', name: 'Dagger', kind: 'melee', damage: '1d4', damageType: 'piercing', properties: ['finesse', 'light'] },
    ],
  },
});

describe('A5E melee reach without a map', () => {
  it('A5E-ATK-7 a 10-ft reach attack with no map is not taken to be within 5 ft (no automatic crit on the paralyzed)', () => {
    const t = fight([polearm('ana'), orc('orc')], null, noProne);
    t.run({ type: 'gm.addCondition', creatureId: 'orc', conditionId: 'paralyzed' });
    const glaive = t.run(act('ana', 'attack', ['orc'], { attack: 'glaive' }), { dice: 'd20:12 d20:3 d10:5' });
    expect(rules(glaive)).not.toContain('A5E-ATK-7');
    expect(tests(glaive)[0]!.outcome).toBe('hit');
  });

  it('A5E-ATK-7 the command may still say the glaive is used from within 5 ft; a 5-ft weapon is within 5 ft by default', () => {
    const t = fight([polearm('ana'), orc('orc')], null, noProne);
    t.run({ type: 'gm.addCondition', creatureId: 'orc', conditionId: 'paralyzed' });
    const close = t.run(act('ana', 'attack', ['orc'], { attack: 'glaive', within5: true }), { dice: 'd20:12 d20:3 d10:5' });
    expect(rules(close)).toContain('A5E-ATK-7');
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    const dagger = t.run(act('ana', 'attack', ['orc'], { attack: 'dagger' }), { dice: 'd20:12 d20:3 d4:2' });
    expect(rules(dagger)).toContain('A5E-ATK-7');
  });
});

describe('A5E cover rulings', () => {
  it('A5E-COVER-2 A5E-COVER-7 the Narrator names sources of cover; the best of them counts, not the last one named', () => {
    const archer = pc('ana', { sheet: { abilities: { str: 10, dex: 16, con: 12, int: 10, wis: 12, cha: 8 }, attacks: [{ id: 'shortbow', name: 'Shortbow', kind: 'ranged', damage: '1d6', damageType: 'piercing', rangeFeet: [80, 320] }] } });
    const t = fight([archer, orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 6, y: 0 } }), noProne);
    t.run({ type: 'a5e.setCover', target: 'orc', from: 'ana', degree: 'three-quarters', source: 'arrow slit' });
    t.run({ type: 'a5e.setCover', target: 'orc', from: 'ana', degree: 'half', source: 'a cart' });
    const shot = t.run(act('ana', 'attack', ['orc']), { dice: 'd20:2' });
    expect(tests(shot)[0]!.against).toEqual({ label: 'AC (three-quarters cover +5)', value: 18 });
    // clearing one source leaves the other
    t.run({ type: 'a5e.setCover', target: 'orc', from: 'ana', degree: null, source: 'arrow slit' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(tests(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:2' }))[0]!.against).toEqual({ label: 'AC (half cover +2)', value: 15 });
  });
});
