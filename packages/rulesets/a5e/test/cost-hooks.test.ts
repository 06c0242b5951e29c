import { describe, expect, it } from 'vitest';
import { TestTable } from '@fray/testkit';
import { a5eModules, a5eRuleset, buildA5eRuleset, costHooksOf, economyRefusal, type A5eModule } from '../src/index';
import { ana, ogre } from './fixtures';

/** Issue 18 item 3: cost hooks are declared on their module; the ruleset built from the modules carries them. */
const taxModule: A5eModule = {
  id: 'test.tax',
  costHooks: [{
    id: 'test.tax.bonus',
    refusal: (_r, state, actorId, cost) => (cost === 'bonusAction' ? { code: 'taxed', message: `${state.creatures[actorId]!.name} owes a bonus action`, ruleId: 'A5E-ROUND-4' } : null),
  }],
};

describe('cost hooks are a value of the ruleset', () => {
  it('A5E-ROUND-4 DUEL-ACTION-2 the duel module declares its cost hook; a build without the module has none', () => {
    expect(costHooksOf(a5eRuleset).map((h) => h.id)).toEqual(['a5e.duel.costs']);
    expect(costHooksOf(buildA5eRuleset(a5eModules.filter((m) => m.id !== 'a5e.duel'))).map((h) => h.id)).toEqual([]);
  });

  it('A5E-ROUND-4 a module\'s cost hook refuses in its own build only, whatever was imported', () => {
    const taxed = buildA5eRuleset([...a5eModules, taxModule]);
    expect(costHooksOf(taxed).map((h) => h.id)).toEqual(['a5e.duel.costs', 'test.tax.bonus']);
    const setup = { creatures: [ana({ initiative: 15 }), ogre({ initiative: 10 })] };
    const t = new TestTable(taxed, setup);
    t.run({ type: 'startCombat' });
    expect(economyRefusal(taxed, t.state, 'ana', 'bonusAction')).toEqual({ code: 'taxed', message: 'Ana owes a bonus action', ruleId: 'A5E-ROUND-4' });
    const plain = new TestTable(a5eRuleset, setup);
    plain.run({ type: 'startCombat' });
    expect(economyRefusal(a5eRuleset, plain.state, 'ana', 'bonusAction')).toBeNull();
  });
});
