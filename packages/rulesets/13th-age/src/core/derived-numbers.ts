import type { EncounterState, LoadedRuleset } from '@fray/engine';
import { defense, initiativeBonus } from './stats';

/** The three defenses with every modifier in force now (13A-DEF-7), and the initiative bonus (13A-STAT-4). */
export function derivedNumbers13a(ruleset: LoadedRuleset, state: EncounterState, id: string): Record<string, number> {
  return {
    ac: defense(ruleset, state, id, 'AC').total,
    pd: defense(ruleset, state, id, 'PD').total,
    md: defense(ruleset, state, id, 'MD').total,
    initiative: initiativeBonus(state, id),
  };
}
