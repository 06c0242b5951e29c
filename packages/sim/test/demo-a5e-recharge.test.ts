import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { chooseA5eCommand } from '../src/policy/demo-a5e';

/** A drake with a breath (recharge 5–6) and a bite, against two of the party (our own numbers). */
const drake = {
  id: 'drake', side: 'foes', initiative: 20,
  sheet: {
    name: 'Drake', kind: 'monster', size: 'large', hitDice: 8, proficiency: 3,
    abilities: { str: 19, dex: 10, con: 17, int: 8, wis: 10, cha: 10 }, ac: 17, hp: 80,
    attacks: [{ id: 'bite', name: 'Bite', kind: 'melee', bonus: 7, damage: '2d10', damageType: 'piercing' }],
    actions: [{ id: 'breath', name: 'Fire Breath', recharge: { min: 5 }, targets: { area: '30-foot cone' }, effects: [{ kind: 'save', ability: 'dex', dc: 13, fail: [{ kind: 'damage', dice: '4d6', type: 'fire' }], success: [{ kind: 'damage', dice: '4d6', type: 'fire', half: true }] }] }],
  },
};
const hero = (id: string) => ({
  id, side: 'party', initiative: 10,
  sheet: { name: id, kind: 'character', level: 3, proficiency: 2, abilities: { str: 14, dex: 12, con: 14, int: 10, wis: 10, cha: 10 }, ac: 15, hp: 30, attacks: [{ id: 'sword', name: 'Sword', kind: 'melee', damage: '1d8', damageType: 'slashing' }] },
});

describe('the demo A5E turn policy and recharge actions', () => {
  it('breathes on every hostile while the breath is ready, and bites while it is spent', () => {
    const t = new TestTable(a5eRuleset, { creatures: [drake, hero('ana'), hero('bob')] });
    t.run({ type: 'startCombat' });
    expect(chooseA5eCommand(t.state, a5eRuleset)).toEqual({ type: 'takeAction', actorId: 'drake', action: 'use-action', targets: ['ana', 'bob'], options: { id: 'breath' } });
    t.run({ type: 'gm.addCondition', creatureId: 'drake', conditionId: 'stunned' });
    expect(chooseA5eCommand(t.state, a5eRuleset)).toEqual({ type: 'endTurn' });
    t.run({ type: 'gm.removeCondition', creatureId: 'drake', conditionId: 'stunned' });
    t.run({ type: 'takeAction', actorId: 'drake', action: 'use-action', targets: ['ana', 'bob'], options: { id: 'breath' } }, { dice: 'd20:20 d6:1 d6:1 d6:1 d6:1 d20:20' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' }, { dice: 'd6:2' });
    expect(chooseA5eCommand(t.state, a5eRuleset)).toEqual({ type: 'takeAction', actorId: 'drake', action: 'attack', targets: ['ana'], options: { attack: 'bite' } });
  });
});
