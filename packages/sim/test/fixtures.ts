import { currentCreatureId, type EncounterSetup } from '@fray/engine';
import { miniRuleset } from '@fray/testkit';
import { legalTurnPolicy, scenarioFromSetup, simPoliciesFor, type SimPolicies, type SimScenario } from '../src/index';

/** Ana (+5, 1d8+3) against a dummy that never fights back (AC 14, 20 HP): an answer we can compute. */
export const DUEL_HP = 20;
export const DUEL_AC = 14;
export const duelSetup: EncounterSetup = {
  id: 'duel',
  seed: 1,
  creatures: [
    { id: 'ana', side: 'party', sheet: { name: 'Ana', hp: 24, ac: 16, attackBonus: 5, damage: '1d8+3', initiativeBonus: 2, dexSave: 2 } },
    { id: 'dummy', side: 'foes', sheet: { name: 'Dummy', hp: DUEL_HP, ac: DUEL_AC, attackBonus: 0, damage: '1d4', initiativeBonus: 0, dexSave: 0 } },
  ],
};

/** The dummy only ends its turn; Ana attacks. A policy of its own: no compiled description (the compiled fight plays the simulator's). */
const { compiled: _notThisPolicy, ...miniPolicies } = simPoliciesFor('mini');
export const duelPolicies: SimPolicies = {
  ...miniPolicies,
  chooseCommand: (state, ruleset, rng) => (currentCreatureId(state) === 'dummy' ? { type: 'endTurn' } : legalTurnPolicy('weakest')(state, ruleset, rng)),
};

/** Two on three in the mini ruleset, everyone fighting. */
export const skirmishSetup: EncounterSetup = {
  id: 'skirmish',
  seed: 1,
  creatures: [
    { id: 'ana', side: 'party', sheet: { name: 'Ana', hp: 24, ac: 16, attackBonus: 5, damage: '1d8+3', initiativeBonus: 2, dexSave: 2 } },
    { id: 'bram', side: 'party', sheet: { name: 'Bram', hp: 18, ac: 14, attackBonus: 4, damage: '1d10+2', initiativeBonus: 1, dexSave: 1 } },
    { id: 'ogre', side: 'foes', sheet: { name: 'Ogre', hp: 30, ac: 11, attackBonus: 6, damage: '2d8+4', initiativeBonus: 0, dexSave: -1 } },
    { id: 'snag', side: 'foes', sheet: { name: 'Snag', hp: 7, ac: 13, attackBonus: 4, damage: '1d6+2', initiativeBonus: 2, dexSave: 2 } },
    { id: 'grib', side: 'foes', sheet: { name: 'Grib', hp: 7, ac: 13, attackBonus: 4, damage: '1d6+2', initiativeBonus: 2, dexSave: 2 } },
  ],
};

/** What a worker thread imports to build the same scenario (`source` points here). */
export function loadSimScenario(args: { which: 'skirmish' | 'duel'; target?: 'weakest' | 'random' }): SimScenario {
  const source = { module: new URL(import.meta.url).href, args };
  if (args.which === 'duel') return scenarioFromSetup(duelSetup, miniRuleset, duelPolicies, { maxRounds: 4, source });
  return scenarioFromSetup(skirmishSetup, miniRuleset, simPoliciesFor('mini', args.target ?? 'weakest'), { source });
}
