import { exactAttackOdds, type AttackOdds, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { attackProfile } from './profile';

export type { AttackOdds, ModeOdds, RollModeName } from '@fray/engine';

/**
 * The exact odds of one attack: miss, hit and crit chances under each roll mode, and the distribution
 * of the damage after the target's defences, from exact dice distributions (the engine's
 * `exactAttackOdds`, which the action menu uses too). No simulation.
 */
export function attackOdds(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attackId: string | undefined, target: string): AttackOdds {
  return exactAttackOdds(ruleset, state, attackProfile(ruleset, state, attacker, attackId, target), target);
}
