import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, currentCreatureId, type PromptPolicy } from '@fray/engine';
import { arbSeed, arbStep, attackDisagreements, playSteps, refusalDisagreements } from '@fray/testkit';
import { thirteenthAgeRuleset as R } from '../src/index';
import { kira, ostin, brute, grunt } from './fixtures';

const policy: PromptPolicy = (p) => p.default;
const ids = ['kira', 'ostin', 'brute', 'g1', 'g2'];
/** Conditions that bar attacks or some of them (hampered, stunned, helpless, stuck, ...) or send them astray (confused), most on the creature whose turn it is. */
const arbCondition = fc.record({
  creatureId: fc.constantFrom('$current', '$current', ...ids),
  conditionId: fc.constantFrom('hampered', 'stunned', 'helpless', 'stuck', 'dazed', 'weakened', 'vulnerable', 'fear', 'asleep', 'confused', 'confused'),
});

describe('13th Age attack query against dispatch', () => {
  it('13A-TGT-1 13A-ENGAGE-2 13A-COND-5 13A-COND-2 13A-ACT-2 in random legal states, attackOptions13a allows an attack on a target exactly when dispatch accepts it, and refuses it with dispatch\'s code and words; commandRefusal13a refuses exactly the menu\'s and legal commands dispatch refuses, in its words', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbCondition, { maxLength: 3 }), fc.array(arbStep, { minLength: 3, maxLength: 60 }), (seed, conditions, steps) => {
      const enc = playSteps(Encounter.create({ id: '13a-attacks', seed, creatures: [kira({ hp: 18 }), ostin({ hp: 12 }), brute(), grunt('g1'), grunt('g2')] }, { ruleset: R, policy }), R, steps);
      const current = currentCreatureId(enc.state) ?? 'kira';
      conditions.forEach((c, i) => enc.dispatch({ id: `cond-${i}`, issuedBy: { role: 'gm' }, command: { type: 'gm.addCondition', ...c, creatureId: c.creatureId === '$current' ? current : c.creatureId } }));
      // A confused creature's attack goes to an ally the dice pick (13A-COND-2): the query answers it before the pick.
      for (const id of enc.state.creatureIds) {
        expect(attackDisagreements(enc, R, id)).toEqual([]);
        expect(refusalDisagreements(enc, R, id)).toEqual([]);
      }
    }), { numRuns: Number(process.env.MENU_RUNS ?? 40) });
  });
});
