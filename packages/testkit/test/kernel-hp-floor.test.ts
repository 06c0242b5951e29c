import { describe, expect, it } from 'vitest';
import { loadRuleset, type Ruleset } from '@fray/engine';
import { miniRulesetDef, TestTable } from '../src/index';
import { fighter, ogre } from './fixtures';

/** The mini ruleset with a negative hit point floor for PCs (a system that tracks dying below 0). */
const zeroSeen: number[] = [];
const floored: Ruleset = {
  ...miniRulesetDef,
  id: 'mini-floor',
  hpFloor: (state, id) => (state.creatures[id]!.tags.includes('pc') ? -state.creatures[id]!.maxHp : 0),
  hooks: [
    ...miniRulesetDef.hooks.filter((h) => h.stage !== 'hp.zero'),
    { stage: 'hp.zero', id: 'mini-floor.zero', priority: 0, run: (_ctx, p) => void zeroSeen.push(p.before) },
  ],
};
const ruleset = loadRuleset(floored);

describe('ruleset-defined hit point floor', () => {
  it('damage takes a PC below 0 down to the floor, and hp.zero fires at 0 or below each time', () => {
    zeroSeen.length = 0;
    const t = new TestTable(ruleset, { creatures: [fighter({ hp: 5 }), ogre()] });
    t.run({ type: 'startCombat' }, { dice: 'd20:20 d20:1' });
    // ana (fighter) goes first: end her turn; the ogre attacks her twice over two turns.
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['ana'] }, { dice: 'd20:15 d8:5 d8:4' });
    expect(t.creature('ana').hp).toBe(-8);
    t.run({ type: 'endTurn' });
    t.run({ type: 'endTurn' });
    t.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['ana'] }, { dice: 'd20:15 d8:8 d8:8' });
    expect(t.creature('ana').hp).toBe(-20);
    expect(zeroSeen).toEqual([5, -8]);
  });

  it('without a floor hit points stop at 0 as before', () => {
    const t = new TestTable(ruleset, { creatures: [fighter(), ogre({ hp: 5 })] });
    t.run({ type: 'startCombat' }, { dice: 'd20:20 d20:1' });
    t.run({ type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] }, { dice: 'd20:15 d8:8' });
    expect(t.creature('ogre').hp).toBe(0);
  });
});
