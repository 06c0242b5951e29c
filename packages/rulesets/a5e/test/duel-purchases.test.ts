import { describe, expect, it } from 'vitest';
import type { Command } from '@fray/engine';
import { TestTable } from '@fray/testkit';
import { a5eModules, buildA5eRuleset, ACTION, purchaseOf, spend, type A5eModule } from '../src/index';
import { kass, ruleTexts, vey } from './duel-fixtures';

/**
 * A test module's action that pays for what its options name: the duel prices the purchase a handler
 * hands it, never the command being resolved (its action here is `pay-for`, which no price knows).
 */
const payingModule: A5eModule = {
  id: 'test.paying',
  actions: {
    'pay-for': (ctx, actorId, targets, options) => {
      const named = options['named'];
      spend(ctx, actorId, ACTION, 'A5E-ROUND-4', typeof named === 'string' ? { purchase: purchaseOf(named, targets, { maneuver: 'shove' }) } : {});
    },
  },
};
const paying = buildA5eRuleset([...a5eModules, payingModule]);

function duel(creatures = [vey(), kass()]): TestTable {
  const t = new TestTable(paying, { modules: ['duel'], creatures, options: { duel: { initiative: 'standard' } } });
  t.run({ type: 'startCombat' });
  return t;
}

const payFor = (named?: string): Command => ({ type: 'takeAction', actorId: 'vey', action: 'pay-for', targets: ['kass'], options: named ? { named } : {} });

describe('A5E duel: a price is the purchase the spender names (ADR 0010)', () => {
  it('DUEL-ACTION-7 DUEL-ACTION-3 the duel prices the purchase handed to the economy, not the command being resolved', () => {
    // named a basic maneuver, the action costs what a basic maneuver costs (1), though the command is `pay-for`
    const t = duel();
    const ev = t.run(payFor('maneuver'));
    expect(ruleTexts(ev, 'DUEL-ACTION-7')).toEqual(['Vey spends 1 duel action on a basic maneuver (shove) (2 left)']);
    // named nothing, an action is priced by its type alone
    const u = duel();
    const bare = u.run(payFor());
    expect(ruleTexts(bare, 'DUEL-ACTION-3')).toEqual(['Vey spends 2 duel actions on an action (1 left)']);
  });

  it('DUEL-TARGET-1 DUEL-TARGET-2 a stat-block action\'s attack (use-action) carries the targeted attack its command declares', () => {
    const caster = vey({
      sheet: {
        ...(vey().sheet as object),
        actions: [{ id: 'frost-lance', name: 'Frost Lance', targets: { count: 1, rangeFeet: 60 }, effects: [{ kind: 'attack', bonus: 5, options: ['attack:ranged'], hit: [{ kind: 'damage', dice: '1d8', type: 'cold' }] }] }],
      },
    });
    const t = duel([caster, kass()]);
    // disadvantage: d20 4 and 17, the lower 4 + 5 = 9 misses AC 14
    const ev = t.run({ type: 'takeAction', actorId: 'vey', action: 'use-action', targets: ['kass'], options: { id: 'frost-lance', target: 'head' } }, { dice: 'd20:4 d20:17' });
    expect(ruleTexts(ev, 'DUEL-TARGET-2')).toEqual(["Vey declares a targeted attack at Kass's head before rolling, with disadvantage"]);
    expect(t.creature('vey').vars['a5e.duel.targetedRound']).toBe(1);
    expect(TestTable.ofType(ev, 'TestResolved').map((e) => [e.outcome, e.breakdown.rollMode.mode])).toEqual([['miss', 'disadvantage']]);
  });
});
