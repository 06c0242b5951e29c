import { describe, expect, it } from 'vitest';
import type { TestTable } from '@fray/testkit';
import { act, fight, grid, orc, pc, probeRoll, probeRuleset, rules, tests, texts } from './movement-fixtures';

const noProne = { 'a5e.dropProneReaction': 'off' as const };
const archer = (id: string) => pc(id, {
  sheet: {
    abilities: { str: 10, dex: 16, con: 12, int: 10, wis: 12, cha: 8 },
    attacks: [{ id: 'shortbow', name: 'Shortbow', kind: 'ranged', damage: '1d6', damageType: 'piercing', rangeFeet: [80, 320] }],
  },
});
const against = (ev: ReturnType<TestTable['run']>) => tests(ev)[0]!.against!;

describe('A5E cover', () => {
  it('A5E-COVER-1 cover protects against attacks from the far side of it, not from this side', () => {
    const t = fight([archer('ana'), archer('bo'), orc('orc')], grid({ ana: { x: 0, y: 0 }, bo: { x: 8, y: 0 }, orc: { x: 4, y: 0 } }, { tags: { 'cover:half': [{ x: 3, y: 0 }] } }), noProne);
    expect(against(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:2' }))).toEqual({ label: 'AC (half cover +2)', value: 15 });
    t.run({ type: 'endTurn' });
    expect(against(t.run(act('bo', 'attack', ['orc']), { dice: 'd20:2' }))).toEqual({ label: 'AC', value: 13 });
  });

  it('A5E-COVER-2 behind several sources of cover only the best counts', () => {
    const t = fight([archer('ana'), pc('bo'), orc('orc')], grid({ ana: { x: 0, y: 0 }, bo: { x: 2, y: 0 }, orc: { x: 5, y: 0 } }, { tags: { 'cover:three-quarters': [{ x: 4, y: 0 }] } }), noProne);
    expect(against(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:2' }))).toEqual({ label: 'AC (three-quarters cover +5)', value: 18 });
  });

  it('A5E-COVER-3 half cover: +2 to AC, to Dexterity saves and to Stealth to hide; other saves only with coverSaveScope all', () => {
    const space = () => grid({ ana: { x: 0, y: 0 }, bo: { x: 2, y: 0 }, orc: { x: 4, y: 0 } });
    const t = fight([pc('ana'), pc('bo'), orc('orc')], space(), noProne, { ruleset: probeRuleset });
    const dex = tests(t.run(probeRoll('orc', { kind: 'save', ability: 'dex' }, ['ana']), { dice: 'd20:10' }))[0]!;
    expect(dex.breakdown.rows.find((r) => r.id === 'cover')).toMatchObject({ label: 'half cover', value: 2, ruleId: 'A5E-COVER-3' });
    expect(dex.breakdown.total).toBe(10 + 1 + 2);
    expect(tests(t.run(probeRoll('orc', { kind: 'save', ability: 'con' }, ['ana']), { dice: 'd20:10' }))[0]!.breakdown.total).toBe(10 + 3);
    expect(tests(t.run(probeRoll('orc', { kind: 'check', ability: 'dex', skill: 'stealth' }, ['ana']), { dice: 'd20:10' }))[0]!.breakdown.total).toBe(10 + 1 + 2);
    const all = fight([pc('ana'), pc('bo'), orc('orc')], space(), { ...noProne, coverSaveScope: 'all' }, { ruleset: probeRuleset });
    expect(tests(all.run(probeRoll('orc', { kind: 'save', ability: 'con' }, ['ana']), { dice: 'd20:10' }))[0]!.breakdown.total).toBe(10 + 3 + 2);
  });

  it('A5E-COVER-4 three-quarters cover: +5 to AC and to Dexterity saves', () => {
    const t = fight([archer('ana'), orc('orc')], grid({ ana: { x: 0, y: 0 }, orc: { x: 3, y: 0 } }, { tags: { 'cover:three-quarters': [{ x: 2, y: 0 }] } }), noProne, { ruleset: probeRuleset });
    expect(against(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:2' }))).toEqual({ label: 'AC (three-quarters cover +5)', value: 18 });
    expect(tests(t.run(probeRoll('orc', { kind: 'save', ability: 'dex' }, ['ana']), { dice: 'd20:10' }))[0]!.breakdown.total).toBe(10 + 1 + 5);
  });

  it('A5E-COVER-5 total cover: it cannot be targeted from the far side', () => {
    const t = fight([archer('ana'), archer('bo'), orc('orc')], grid({ ana: { x: 0, y: 0 }, bo: { x: 3, y: 3 }, orc: { x: 3, y: 0 } }, { tags: { wall: [{ x: 2, y: 0 }] } }), noProne);
    expect(t.rejects(act('ana', 'attack', ['orc']), 'total-cover').ruleId).toBe('A5E-COVER-5');
    t.run({ type: 'endTurn' });
    expect(against(t.run(act('bo', 'attack', ['orc']), { dice: 'd20:2' })).value).toBe(13);
  });

  it('A5E-COVER-6 environment features give cover: trees half; brush only a prone creature within 5 ft of it', () => {
    const t = fight([archer('ana'), orc('orc'), orc('orc2')], grid({ ana: { x: 0, y: 0 }, orc: { x: 4, y: 0 }, orc2: { x: 4, y: 2 } }, { tags: { trees: [{ x: 2, y: 0 }], brush: [{ x: 3, y: 2 }] } }), noProne);
    expect(against(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:2' })).value).toBe(15);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(against(t.run(act('ana', 'attack', ['orc2']), { dice: 'd20:2' })).value).toBe(13);
    t.run({ type: 'gm.addCondition', creatureId: 'orc2', conditionId: 'prone' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(against(t.run(act('ana', 'attack', ['orc2']), { dice: 'd20:2 d20:3' })).value).toBe(15);
  });

  it('A5E-COVER-7 on a map a creature in the way gives half cover; the Narrator\'s ruling overrides the map', () => {
    const t = fight([archer('ana'), pc('bo'), orc('orc')], grid({ ana: { x: 0, y: 0 }, bo: { x: 1, y: 1 }, orc: { x: 3, y: 3 } }), noProne);
    expect(against(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:2' })).value).toBe(15);
    const ruled = t.run({ type: 'a5e.setCover', target: 'orc', from: 'ana', degree: 'three-quarters' });
    expect([rules(ruled), texts(ruled)]).toEqual([['A5E-COVER-7'], ['Orc has three-quarters cover against Ana']]);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    expect(against(t.run(act('ana', 'attack', ['orc']), { dice: 'd20:2' })).value).toBe(18);
    t.run({ type: 'a5e.setCover', target: 'orc', from: 'ana', degree: null });
    t.run({ type: 'a5e.setCover', target: 'orc', degree: 'total' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.rejects(act('ana', 'attack', ['orc']), 'total-cover');
  });
});
