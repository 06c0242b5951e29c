import type { Command, CompiledPolicySpec, EncounterState, LoadedRuleset, PromptPolicy } from '@fray/engine';

/** Randomness a policy may use (random targets); seeded per fight, apart from the dice. */
export interface PolicyRng {
  /** a whole number in 0..n-1 */
  int(n: number): number;
}

/** How one side (or every side) plays: the turn's next command, and answers to prompts. */
export interface SimPolicies {
  /** the current creature's next command, or null when it is nobody's turn */
  chooseCommand(state: EncounterState, ruleset: LoadedRuleset, rng: PolicyRng): Command | null;
  /** answers prompts (the engine's `rt.policy`); undefined falls back to the prompt's default */
  prompts: PromptPolicy;
  /**
   * What happens once the fight is over (one side standing, or the round limit), before it is
   * counted: the next commands to issue, all at once, asked again until it returns none. Five Torches
   * Deep's ends the fight and plays its minute: allies try to stabilize the dying, the dying whose
   * minute runs out die (`ftdAfterFight`). Without it a fight is counted as it stands.
   */
  afterFight?(state: EncounterState, ruleset: LoadedRuleset): Command[];
  /** Why this state has no fight left to play (a fight the table has already ended), or null. */
  fightOver?(state: EncounterState): string | null;
  /**
   * Set only by policies that are exactly what a compiled fight assumes (`CompiledPolicySpec`):
   * then a ruleset with `compileFight` may play the fight compiled. Custom policies leave it out.
   */
  compiled?: Omit<CompiledPolicySpec, 'maxRounds'>;
}
