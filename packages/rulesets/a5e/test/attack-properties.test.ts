import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, currentCreatureId, type PromptPolicy } from '@fray/engine';
import { arbSeed, arbStep, attackDisagreements, playSteps, refusalDisagreements } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { ana, closeQuarters, goblin, ogre, rogue, wolf } from './flow-fixtures';

const policy: PromptPolicy = (p) => (p.input.kind === 'choice' ? p.options[0]?.id : p.default);
const ids = ['ana', 'rue', 'fang', 'ogre', 'g1', 'g2'];
/** Conditions that change who may attack whom and how often (placid, charmed, slowed, incapacitated, prone, ...), some given by a creature. */
const arbCondition = fc.record({
  creatureId: fc.constantFrom('$current', '$current', ...ids),
  conditionId: fc.constantFrom('placid', 'charmed', 'slowed', 'incapacitated', 'prone', 'blinded', 'invisible', 'restrained', 'frightened', 'paralyzed', 'stunned'),
  source: fc.constantFrom(...ids),
});

describe('A5E attack query against dispatch', () => {
  it('A5E-ACT-3 A5E-ATK-13 A5E-ATK-15 A5E-COND-7 A5E-COND-22 in random legal states, a5eAttackOptions allows an attack on a target exactly when dispatch accepts it, and refuses it with dispatch\'s code and words; a5eCommandRefusal refuses exactly the menu\'s and legal commands dispatch refuses, in its words', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbCondition, { maxLength: 3 }), fc.array(arbStep, { minLength: 3, maxLength: 50 }), fc.boolean(), (seed, conditions, steps, onGrid) => {
      const enc = Encounter.create({
        id: 'a5e-attacks', seed, ...(onGrid ? { space: closeQuarters() } : {}),
        creatures: [ana(), rogue(), ogre(), goblin('g1'), goblin('g2'), wolf('fang')],
      }, { ruleset: a5eRuleset, policy });
      playSteps(enc, a5eRuleset, steps);
      // then conditions, most on the creature whose turn it is (refused ones change nothing)
      const current = currentCreatureId(enc.state) ?? 'ana';
      conditions.forEach((c, i) => enc.dispatch({ id: `cond-${i}`, issuedBy: { role: 'gm' }, command: { type: 'gm.addCondition', ...c, creatureId: c.creatureId === '$current' ? current : c.creatureId } }));
      for (const id of enc.state.creatureIds) {
        expect(attackDisagreements(enc, a5eRuleset, id)).toEqual([]);
        expect(refusalDisagreements(enc, a5eRuleset, id)).toEqual([]);
      }
    }), { numRuns: Number(process.env.MENU_RUNS ?? 40) });
  });
});
