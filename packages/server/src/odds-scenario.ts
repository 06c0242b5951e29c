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
 * policies for the ruleset (`simPoliciesFor`, weakest targets). Worker threads call this
 * (`simulateInBackground` imports this module), so `source` points here.
 */
export function loadSimScenario(args: OddsScenarioArgs): SimScenario {
  const ruleset = oddsRuleset(args.ruleset);
  if (!ruleset) throw new Error(`no simulation for the ruleset '${args.ruleset}'`);
  return { ruleset, start: args.state, policies: simPoliciesFor(ruleset.id), source: { module: import.meta.url, args: args as never } };
}
