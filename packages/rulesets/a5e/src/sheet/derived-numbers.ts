import type { EncounterState, LoadedRuleset } from '@fray/engine';
import { speedOf } from '../conditions/queries';
import { acStatistic } from './armor-class';
import { a5eSaveStatistics } from './save-numbers';

/**
 * What a Narrator reads off a creature now (the ruleset's `derivedNumbers`): AC with its conditions
 * (slowed −2, A5E-COND-1; cover is per attacker and left out), walking Speed through the speed
 * pipeline (A5E-MOVE-22), and each saving throw's bonus as the save would be made now: the stat
 * block's ability and proficiency with every modifier in force (`a5eSaveStatistics`).
 */
export function a5eDerivedNumbers(ruleset: LoadedRuleset, state: EncounterState, id: string): Record<string, number> {
  const out: Record<string, number> = {
    ac: acStatistic(ruleset, state, id).total,
    speed: state.creatures[id]!.status === 'dead' ? 0 : speedOf(ruleset, state, id),
  };
  for (const [k, s] of Object.entries(a5eSaveStatistics(ruleset, state, id))) out[k] = s.total;
  return out;
}
