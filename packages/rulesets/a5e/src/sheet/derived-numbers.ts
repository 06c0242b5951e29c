import type { EncounterState, LoadedRuleset } from '@fray/engine';
import { conditionAcModifier, speedOf } from '../conditions/queries';
import { saveBonus, sheetById } from './derived';
import { abilityIds } from './stat-block';

/**
 * What a Narrator reads off a creature now (the ruleset's `derivedNumbers`): AC with its conditions
 * (slowed −2, A5E-COND-1; cover is per attacker and left out), walking Speed through the speed
 * pipeline (A5E-MOVE-22), and each saving throw's bonus from the stat block (ability + proficiency).
 */
export function a5eDerivedNumbers(ruleset: LoadedRuleset, state: EncounterState, id: string): Record<string, number> {
  const sheet = sheetById(state, id);
  const out: Record<string, number> = {
    ac: sheet.ac + conditionAcModifier(state, id, ruleset),
    speed: state.creatures[id]!.status === 'dead' ? 0 : speedOf(ruleset, state, id),
  };
  for (const a of abilityIds) out[`save.${a}`] = saveBonus(sheet, a);
  return out;
}
