import type { EncounterState, LoadedRuleset } from '@fray/engine';
import { creatureIn, loadOf, scores, speedOf } from './sheet';
import { ftdAcStatistic } from './armor-class';

/**
 * AC, speed after load and exhaustion (FTD-LOAD-3, FTD-RESIL-5), the load carried with coins
 * (FTD-LOAD-5) and the load STR carries before it slows and hinders checks (FTD-LOAD-3).
 */
export function ftdDerivedNumbers(ruleset: LoadedRuleset, state: EncounterState, id: string): Record<string, number> {
  const c = creatureIn(state, id);
  return { ac: ftdAcStatistic(state, id).total, speed: speedOf(ruleset, c), load: loadOf(c), loadLimit: scores(c).str };
}
