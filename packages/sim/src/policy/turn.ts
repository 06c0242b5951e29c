import { currentCreatureId, legalCommands, type Command, type CreatureState, type EncounterState, type LoadedRuleset } from '@fray/engine';

// What every turn policy asks first: whose turn it is, and whether the turn may be ended.

/** The creature whose turn it is; null between turns. */
export function actingCreature(state: EncounterState): CreatureState | null {
  const current = currentCreatureId(state);
  return current ? state.creatures[current]! : null;
}

/** The end of turn `legalCommands` offers the GM: whenever it is someone's turn in a running fight with no question waiting. */
export function offeredEndTurn(state: EncounterState): Command | null {
  return state.phase === 'ended' || state.phase === 'setup' || state.pending ? null : { type: 'endTurn' };
}

/** The acting creature with the rules' legal commands (asked as the GM) and the end of turn among them; null between turns. */
export function turnChoices(state: EncounterState, ruleset: LoadedRuleset): { me: CreatureState; legal: Command[]; endTurn: Command | null } | null {
  const me = actingCreature(state);
  if (!me) return null;
  const legal = legalCommands(state, { role: 'gm' }, ruleset);
  return { me, legal, endTurn: legal.find((c) => c.type === 'endTurn') ?? null };
}
