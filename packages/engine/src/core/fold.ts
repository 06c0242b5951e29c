import type { FrayEvent } from './events';
import { evolveInPlace } from './evolve';
import type { EncounterState } from './state';

/** An empty state for folding into; `EncounterStarted` fills it. */
export function blankState(): EncounterState {
  return {
    id: '',
    ruleset: { id: '', version: '' },
    modules: [],
    options: {},
    phase: 'setup',
    round: 0,
    turnIndex: -1,
    order: [],
    creatureIds: [],
    creatures: {},
    space: null,
    counters: {},
    vars: {},
    clockSeconds: 0,
    roundSeconds: 6,
    dice: { mode: 'seeded', rng: { algorithm: 'xoroshiro128plus', state: [] } },
    version: 0,
    undoable: [],
    endedReason: null,
    pending: null,
  };
}

/** Setup batches (the encounter's creation) cannot be undone. */
export const SETUP_COMMAND = 'setup';

/** Applies one logged event, keeping the version and the undo stack in step with the log. */
export function applyLogged(s: EncounterState, e: FrayEvent): void {
  evolveInPlace(s, e);
  s.version = e.seq + 1;
  if (e.type !== 'CommandUndone' && e.commandId !== SETUP_COMMAND && s.undoable[s.undoable.length - 1] !== e.commandId) s.undoable.push(e.commandId);
}

/**
 * The state a log describes: every event in order, except commands that were undone (and the undo
 * markers themselves). Undo is an event; nothing is ever deleted from the log.
 */
export function fold(events: readonly FrayEvent[], from?: { state: EncounterState; upTo: number }): EncounterState {
  const undone = new Set<string>();
  for (const e of events) if (e.type === 'CommandUndone') undone.add(e.commandId);
  const s = from ? from.state : blankState();
  for (let i = from ? from.upTo : 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.type === 'CommandUndone' || undone.has(e.commandId)) {
      s.version = e.seq + 1;
      continue;
    }
    applyLogged(s, e);
  }
  return s;
}

/**
 * Folds more of a log onto a state that already holds everything before `events[0]` (a snapshot),
 * in place, skipping commands undone within `events`. The caller makes sure no event here undoes a
 * command from before `events[0]` (that needs the earlier log).
 */
export function foldOnto(state: EncounterState, events: readonly FrayEvent[]): EncounterState {
  const undone = new Set<string>();
  for (const e of events) if (e.type === 'CommandUndone') undone.add(e.commandId);
  for (const e of events) {
    if (e.type === 'CommandUndone' || undone.has(e.commandId)) {
      state.version = e.seq + 1;
      continue;
    }
    applyLogged(state, e);
  }
  return state;
}
