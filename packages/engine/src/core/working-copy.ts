import type { ConditionInstance } from '../condition/condition';
import { deepFreeze } from './json';
import type { CreatureState, EncounterState } from './state';

/** Working states → the state each was copied from. */
const copiedFrom = new WeakMap<EncounterState, EncounterState>();

/**
 * A decision's working state, copied only where folding an event writes in place (ADR 0007).
 * `evolveInPlace` writes inside exactly these containers: the state object itself, the creatures map,
 * each creature, its conditions list and each condition instance, its tracks, resources, tallies and
 * vars, and the state's creatureIds, counters, vars, dice and undoable list, and pending's answers.
 * Everything else it only ever replaces whole (stat blocks, the map, which `applyJsonPatch` rebuilds
 * along the changed paths, the initiative order and its entries, options, modules, the dice
 * generator's state, pending itself, the value of a var), so the copy shares those with `state`: a
 * command costs a few small objects per creature instead of a deep copy of every stat block and map.
 * Every creature is copied, so a handler holding a creature reads what the events it emitted wrote;
 * once the decision is over, `shareUnchanged` puts back the creatures it did not change.
 *
 * Keep this list and evolve.ts in step: a new in-place write in `evolveInPlace` needs its container
 * copied here, or deciding would change the caller's state (the decide-input property tests freeze
 * the input and fail on any such write).
 */
export function workingCopy(state: EncounterState): EncounterState {
  const creatures: Record<string, CreatureState> = {};
  for (const id of Object.keys(state.creatures)) creatures[id] = creatureCopy(state.creatures[id]!);
  const copy: EncounterState = {
    ...state,
    creatures,
    creatureIds: state.creatureIds.slice(),
    counters: { ...state.counters },
    vars: { ...state.vars },
    dice: { ...state.dice },
    undoable: state.undoable.slice(),
    pending: state.pending && { ...state.pending, answers: { ...state.pending.answers } },
  };
  copiedFrom.set(copy, state);
  return copy;
}

/**
 * After a decision on a working copy: each creature its events left as it was is the original object
 * again. A creature no command changed is then the same object from one state to the next, so a view
 * or a screen can tell by identity that it has not changed (views.ts, the server's view tree), and the
 * copies die young instead of living as long as the state.
 */
export function shareUnchanged(working: EncounterState): void {
  const from = copiedFrom.get(working);
  if (!from) return;
  copiedFrom.delete(working);
  for (const id in working.creatures) {
    const before = Object.hasOwn(from.creatures, id) ? from.creatures[id] : undefined;
    if (before && sameCreature(working.creatures[id]!, before)) working.creatures[id] = before;
  }
}

function sameCreature(a: CreatureState, b: CreatureState): boolean {
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  for (const k in ra) {
    if (!Object.hasOwn(rb, k)) return false;
    const x = ra[k];
    const y = rb[k];
    if (x === y) continue;
    if (k === 'conditions') {
      const xs = x as ConditionInstance[];
      const ys = y as ConditionInstance[];
      if (xs.length !== ys.length || xs.some((inst, i) => !shallowEqual(inst, ys[i]!))) return false;
    } else if (!CREATURE_FIELDS_WRITTEN_IN_PLACE.has(k) || !shallowEqual(x as object, y as object)) return false;
  }
  for (const k in rb) if (!Object.hasOwn(ra, k)) return false;
  return true;
}

function shallowEqual(a: object, b: object): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let na = 0;
  for (const k in ra) {
    na++;
    if (!Object.hasOwn(rb, k) || ra[k] !== rb[k]) return false;
  }
  let nb = 0;
  for (const _ in rb) nb++;
  return na === nb;
}

/**
 * Freezes the creatures of a state an authority publishes (each with the containers folding writes
 * into, its condition instances whole): from then on only a working copy's own copy of a creature is
 * written, and a write into a published one throws instead of changing a state that views, undo
 * snapshots and the next state share. Views keep what they made from a frozen creature (views.ts).
 */
export function publishCreatures(state: EncounterState): void {
  for (const id in state.creatures) {
    const c = state.creatures[id]!;
    if (Object.isFrozen(c)) continue;
    for (const inst of c.conditions) deepFreeze(inst);
    Object.freeze(c.conditions);
    Object.freeze(c.tracks);
    Object.freeze(c.resources);
    Object.freeze(c.tallies);
    deepFreeze(c.vars);
    Object.freeze(c);
  }
}

/**
 * A creature's fields that folding an event writes into, so each decision copies them (creatureCopy).
 * Every other field is replaced whole or never changed: an object held there is never written again,
 * which lets views keep one copy of it (views.ts).
 */
export const CREATURE_FIELDS_WRITTEN_IN_PLACE: ReadonlySet<string> = new Set(['conditions', 'tracks', 'resources', 'tallies', 'vars']);

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
