import type { CreatureState, EncounterState } from './state';

/**
 * A decision's working state, copied only where folding an event writes in place (ADR 0007).
 * `evolveInPlace` writes inside exactly these containers: the state object itself, the creatures map,
 * each creature, its conditions list and each condition instance, its tracks, resources, tallies and
 * vars, and the state's creatureIds, counters, vars, dice and undoable list, and pending's answers.
 * Everything else it only ever replaces whole (stat blocks, the map, which `applyJsonPatch` rebuilds
 * along the changed paths, the initiative order and its entries, options, modules, the dice
 * generator's state, pending itself, the value of a var), so the copy shares those with `state`: a
 * command costs a few small objects per creature instead of a deep copy of every stat block and map.
 *
 * Keep this list and evolve.ts in step: a new in-place write in `evolveInPlace` needs its container
 * copied here, or deciding would change the caller's state (the decide-input property tests freeze
 * the input and fail on any such write).
 */
export function workingCopy(state: EncounterState): EncounterState {
  const creatures: Record<string, CreatureState> = {};
  for (const id of Object.keys(state.creatures)) creatures[id] = creatureCopy(state.creatures[id]!);
  return {
    ...state,
    creatures,
    creatureIds: state.creatureIds.slice(),
    counters: { ...state.counters },
    vars: { ...state.vars },
    dice: { ...state.dice },
    undoable: state.undoable.slice(),
    pending: state.pending && { ...state.pending, answers: { ...state.pending.answers } },
  };
}

function creatureCopy(c: CreatureState): CreatureState {
  return {
    ...c,
    conditions: c.conditions.map((x) => ({ ...x })),
    tracks: { ...c.tracks },
    resources: { ...c.resources },
    tallies: { ...c.tallies },
    vars: { ...c.vars },
  };
}
