import type { EncounterState, LoadedRuleset } from '@fray/engine';
import { canTakeReactions } from '../conditions/queries';
import { canSpend, REACTION } from '../core/economy';
import { BEING_PULLED } from './geometry';

/** Whether a creature could take a reaction now: budget, conditions, not being pulled (A5E-ACT-23, A5E-POS-12). */
export function mayReact(ruleset: LoadedRuleset, state: EncounterState, id: string): boolean {
  const c = state.creatures[id];
  if (!c || c.status !== 'conscious' || c.vars[BEING_PULLED] === true) return false;
  return canSpend(ruleset, state, id, REACTION) && canTakeReactions(state, id, ruleset);
}
