import type { EncounterState } from '@fray/engine';
import { noExtraDefences, type ExtraDefences } from '../objects/defences';
import { mod, sheetOf } from '../sheet/derived';
import type { StatBlock } from '../sheet/stat-block';
import { inScenario } from './scenario';

/** Adrift in the Astral Plane, Speed follows thought: a fly speed of 30 ft + 5 ft × Intelligence modifier (A5E-SCEN-10). */
export function astralFlySpeed(sheet: StatBlock): number {
  return Math.max(0, 30 + 5 * mod(sheet, 'int'));
}

/**
 * Adrift, creatures and objects are vulnerable to psychic damage unless proficient in Wisdom or
 * Intelligence saves (A5E-SCEN-9). An object's psychic immunity still wins (A5E-OBJ-4): immunity
 * is applied before vulnerability.
 */
export function scenarioDefences(state: EncounterState, id: string): ExtraDefences {
  const d = noExtraDefences();
  const c = state.creatures[id];
  if (!c || !inScenario(state, 'astral')) return d;
  const saves = sheetOf(c).saves;
  if (!saves.includes('wis') && !saves.includes('int')) d.vulnerable.push('psychic');
  return d;
}
