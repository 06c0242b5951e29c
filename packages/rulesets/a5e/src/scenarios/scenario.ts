import type { EncounterState, Json } from '@fray/engine';

/**
 * The alternative scenarios of A5E-SCEN: three kinds of suspended movement and rolling movement.
 * They combine (a chase through the sky is `['aloft', 'rolling']`).
 */
export const scenarioIds = ['suspended-water', 'aloft', 'astral', 'rolling'] as const;
export type ScenarioId = (typeof scenarioIds)[number];

/** Encounter option (setup) and encounter var (changed mid-fight by `a5e.setScenario`) naming the scenarios. */
export const SCENARIO_KEY = 'scenario';

function parse(v: Json | undefined): ScenarioId[] | null {
  if (v === undefined || v === null) return null;
  const list = Array.isArray(v) ? v : [v];
  return list.filter((x): x is ScenarioId => typeof x === 'string' && (scenarioIds as readonly string[]).includes(x));
}

/** The scenarios in force: the encounter var wins over the setup option. */
export function activeScenarios(state: EncounterState): ScenarioId[] {
  return parse(state.vars[SCENARIO_KEY]) ?? parse(state.options[SCENARIO_KEY]) ?? [];
}

export function inScenario(state: EncounterState, id: ScenarioId): boolean {
  return activeScenarios(state).includes(id);
}

