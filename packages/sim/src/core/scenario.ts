import { Encounter, type EncounterSetup, type EncounterState, type Json, type LoadedRuleset, type PromptPolicy, type Runtime } from '@fray/engine';
import type { SimPolicies } from '../policy/types';

/** What the simulator plays: a ruleset, the state every fight starts from, and how each side plays. */
export interface SimScenario {
  ruleset: LoadedRuleset;
  /** the state every fight begins from: a fresh setup, or a fight part-way ("odds from here") */
  start: EncounterState;
  policies: SimPolicies;
  /** a fight still going after this many rounds is a draw (default 50) */
  maxRounds?: number;
  /**
   * How a worker thread builds the same scenario: a module (an absolute path or file URL) exporting
   * `loadSimScenario(args)`. Without it, the simulation runs on the calling thread.
   */
  source?: { module: string; args: Json };
}

/** The sides and creatures a tally counts, in a fixed order (sides by first appearance). */
export interface SimShape {
  sides: string[];
  creatures: { id: string; name: string; side: string }[];
  /** the creatures a player's seat plays (indexes into `creatures`), whose fate together the tally counts too */
  played?: number[];
}

export function shapeOf(start: EncounterState): SimShape {
  const creatures = start.creatureIds.map((id) => ({ id, name: start.creatures[id]!.name, side: start.creatures[id]!.side }));
  const played = start.creatureIds.flatMap((id, k) => (start.creatures[id]!.controller ? [k] : []));
  return { sides: [...new Set(creatures.map((c) => c.side))], creatures, played };
}

/** A scenario from an encounter setup (the dice seed in it is replaced per fight). */
export function scenarioFromSetup(setup: EncounterSetup, ruleset: LoadedRuleset, policies: SimPolicies, extra: Pick<SimScenario, 'maxRounds' | 'source'> = {}): SimScenario {
  const start = Encounter.create(setup, { ruleset, policy: totalPolicy(policies.prompts) }).state;
  return { ruleset, start, policies, ...extra };
}

/**
 * Policies answer every prompt in a simulation: the policy's answer, else the prompt's default, else
 * the first closed option. A fight never waits for a person.
 */
export function totalPolicy(prompts: PromptPolicy): PromptPolicy {
  return (p, s) => {
    const a = prompts(p, s);
    if (a !== undefined) return a;
    if (p.default !== undefined && p.default !== null) return p.default;
    if (p.input.kind === 'choice') return p.options[0]?.id ?? null;
    if (p.input.kind === 'number') return p.input.min;
    return p.input.dice.flatMap((d) => Array.from({ length: d.count }, () => 1));
  };
}

export const simRuntime = (scenario: SimScenario): Runtime => ({ ruleset: scenario.ruleset, policy: totalPolicy(scenario.policies.prompts) });
