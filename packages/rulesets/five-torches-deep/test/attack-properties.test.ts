import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, currentCreatureId, type PromptPolicy } from '@fray/engine';
import { arbSeed, arbStep, attackDisagreements, playSteps, refusalDisagreements } from '@fray/testkit';
import { ftdRuleset } from '../src/index';
import { brenna, gob, odo, tusk, zones } from './fixtures';

const policy: PromptPolicy = (p) => (p.input.kind === 'choice' ? p.options[0]?.id : p.default);
const ids = ['brenna', 'odo', 'g1', 'tusk'];
/** Conditions that bar attacking or being targeted (exhausted, incapacitated, in stealth), most on the creature whose turn it is. */
const arbCondition = fc.record({
  creatureId: fc.constantFrom('$current', '$current', ...ids),
  conditionId: fc.constantFrom('exhausted', 'incapacitated', 'stealthed', 'surrendered', 'concentrating'),
});

describe('Five Torches Deep attack query against dispatch', () => {
  it('FTD-ATK-4 FTD-POS-4 FTD-POS-8 FTD-ACT-2 in random legal states, ftdAttackOptions allows an attack on a target exactly when dispatch accepts it, and refuses it with dispatch\'s code and words; ftdCommandRefusal refuses exactly the menu\'s and legal commands dispatch refuses, in its words', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbCondition, { maxLength: 3 }), fc.array(arbStep, { minLength: 3, maxLength: 60 }), fc.boolean(), (seed, conditions, steps, onZones) => {
      const enc = Encounter.create({
        id: 'ftd-attacks', seed, options: { moraleTriggers: true },
        ...(onZones ? { space: zones(['brenna', 'odo', 'g1', 'tusk'], [['brenna', 'g1'], ['odo', 'g1']], [['odo', 'tusk']]) } : {}),
        creatures: [brenna(), odo(), gob('g1'), tusk('tusk')],
      }, { ruleset: ftdRuleset, policy });
      playSteps(enc, ftdRuleset, steps);
      const current = currentCreatureId(enc.state) ?? 'brenna';
      conditions.forEach((c, i) => enc.dispatch({ id: `cond-${i}`, issuedBy: { role: 'gm' }, command: { type: 'gm.addCondition', ...c, creatureId: c.creatureId === '$current' ? current : c.creatureId } }));
      for (const id of enc.state.creatureIds) {
        expect(attackDisagreements(enc, ftdRuleset, id)).toEqual([]);
        expect(refusalDisagreements(enc, ftdRuleset, id)).toEqual([]);
      }
    }), { numRuns: Number(process.env.MENU_RUNS ?? 40) });
  });
});
