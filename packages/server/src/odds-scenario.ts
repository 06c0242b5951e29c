import type { EncounterState, LoadedRuleset } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { thirteenthAgeRuleset } from '@fray/ruleset-13th-age';
import { ftdRuleset } from '@fray/ruleset-five-torches-deep';
import { simPoliciesFor, type SimScenario } from '@fray/sim';

/** What a simulation worker needs to rebuild a table's fight: plain JSON. */
export interface OddsScenarioArgs {
  ruleset: string;
  /** the fight's whole state, as the GM sees it (hidden creatures included) */
  state: EncounterState;
}

/** The rulesets a worker thread can rebuild a fight for (it cannot be handed the server's objects). */
const rulesets: Record<string, LoadedRuleset> = { a5e: a5eRuleset, '13th-age': thirteenthAgeRuleset, 'five-torches-deep': ftdRuleset };

export function oddsRuleset(id: string): LoadedRuleset | null {
  return Object.hasOwn(rulesets, id) ? rulesets[id]! : null;
}

/**
 * The simulator's scenario for a table's fight: its current state, played on by the simulator's own
 * policies for the ruleset (`simPoliciesFor`, weakest targets), hidden creatures in plain sight. Worker threads call this
 * (`simulateInBackground` imports this module), so `source` points here.
 */
export function loadSimScenario(args: OddsScenarioArgs): SimScenario {
  const ruleset = oddsRuleset(args.ruleset);
  if (!ruleset) throw new Error(`no simulation for the ruleset '${args.ruleset}'`);
  return { ruleset, start: inPlainSight(args.state), policies: simPoliciesFor(ruleset.id), source: { module: import.meta.url, args: args as never } };
}

/**
 * A creature the GM keeps hidden from the players' screens is still in the fight: the simulated
 * fights treat it as seen (the rules skip hidden targets, so the party could never strike it and the
 * odds would say it cannot lose).
 */
function inPlainSight(state: EncounterState): EncounterState {
  if (!state.creatureIds.some((id) => state.creatures[id]!.hidden)) return state;
  const creatures = Object.fromEntries(Object.entries(state.creatures).map(([id, c]) => [id, c.hidden ? { ...c, hidden: false } : c]));
  return { ...state, creatures };
}
