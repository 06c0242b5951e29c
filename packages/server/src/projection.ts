import {
  actionMenu, campaignPlayerView, playerView, redactEvents, type EncounterState, type FrayEvent, type FrayEventBody, type LoadedRuleset,
  type Principal, type PromptSpec,
} from '@fray/engine';
import type { EventsMessage, SeatInfo, StreamName, TableInfo, TableView } from './protocol';
import type { LiveTable } from './table';
import { menuWithoutHidden } from './seat-redaction';

/** Narration injected by the host (the CLI's `narrate`); the server only passes events through it. */
export type Narrate = (events: readonly FrayEventBody[], ctx: { names?: Record<string, string>; prompts?: readonly PromptSpec[] }) => string[];

export interface Projector {
  narrate?: Narrate | undefined;
}

function seatsOf(t: LiveTable): SeatInfo[] {
  const controlled = (seat: string) => {
    const ids = new Set<string>();
    for (const s of [t.campaign.state, t.fight?.state]) {
      if (!s) continue;
      for (const id of s.creatureIds) if (s.creatures[id]?.controller === seat) ids.add(id);
    }
    return [...ids];
  };
  return t.meta.seats.map((s) => ({ seat: s.seat, name: s.name, creatures: controlled(s.seat) }));
}

export function tableInfo(t: LiveTable): TableInfo {
  return { id: t.id, name: t.name, ruleset: { id: t.ruleset.id, version: t.ruleset.version }, seats: seatsOf(t) };
}

function namesOf(state: EncounterState, visible: (id: string) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of state.creatureIds) if (visible(id)) out[id] = state.creatures[id]!.name;
  return out;
}

/**
 * The GM's view of a stream: the whole state, without the paused command's replay base (a second copy
 * of the state the engine keeps for itself). Not copied: callers serialize it at once.
 */
function gmState(state: EncounterState): unknown {
  if (!state.pending) return state;
  const { base: _base, ...pending } = state.pending;
  return { ...state, pending };
}

/** The whole screen for one connection (GM: everything; a seat: the engine's player views only). */
export function viewFor(t: LiveTable, who: Principal): TableView {
  const fight = t.fight;
  if (who.role === 'gm') {
    const prompts = [...(t.campaign.state.pending?.open ?? []), ...(fight?.state.pending?.open ?? [])];
    const view: TableView = {
      table: tableInfo(t),
      campaign: gmState(t.campaign.state),
      fight: fight ? { id: fight.state.id, version: fight.version, view: gmState(fight.state) } : null,
      prompts,
      versions: t.versions(),
    };
    const current = currentOf(fight?.state);
    if (current && !fight!.state.pending) view.actions = { [current]: safeMenu(fight!.state, current, who, t.ruleset) };
    return view;
  }
  const seat = who.seat;
  const campaign = campaignPlayerView(t.campaign.state, seat, t.ruleset);
  const fightView = fight ? playerView(fight.state, seat, t.ruleset) : null;
  const view: TableView = {
    table: tableInfo(t),
    campaign,
    fight: fight && fightView ? { id: fight.state.id, version: fight.version, view: fightView } : null,
    prompts: [...campaign.prompts, ...(fightView?.prompts ?? [])],
    versions: t.versions(),
  };
  // The menu is for acting on one's turn: only the seat whose creature is up gets one (it costs a
  // search of every action and target, so it is not built for everyone on every event).
  const current = currentOf(fight?.state);
  if (current && !fight!.state.pending && fight!.state.creatures[current]?.controller === seat) view.actions = { [current]: menuWithoutHidden(withoutOdds(safeMenu(fight!.state, current, who, t.ruleset)), fight!.state, seat) };
  return view;
}

/**
 * A seat's menu without the exact odds: a hit chance and the player's own attack bonus give back the
 * target's AC or defence, which the player view keeps secret (it carries no stat block of others).
 */
function withoutOdds(menu: unknown): unknown {
  const m = menu as { actions?: { targets?: Record<string, unknown>[] }[] } | null;
  if (!m?.actions) return menu;
  return { ...m, actions: m.actions.map((a) => (a.targets ? { ...a, targets: a.targets.map(({ odds: _odds, ...t }) => t) } : a)) };
}

function currentOf(state: EncounterState | undefined): string | null {
  if (!state || state.phase !== 'combat' || state.turnIndex < 0) return null;
  return state.order[state.turnIndex]?.creatureId ?? null;
}

function safeMenu(state: EncounterState, id: string, who: Principal, ruleset: LoadedRuleset): unknown {
  try {
    return actionMenu(state, id, who, ruleset);
  } catch {
    return null;
  }
}

/** New events on a stream as one connection may see them, with narration and the fresh view. */
export function project(t: LiveTable, who: Principal, stream: StreamName, events: readonly FrayEvent[]): EventsMessage {
  const enc = stream === 'table' ? t.campaign : t.fight!;
  const state = enc.state;
  // A seat does not get the envelopes' digests: a short hash of a GM command with few possible values
  // (an exact HP) could be guessed back.
  const visible = who.role === 'gm' ? events : redactEvents(events, who.seat, state, t.ruleset).map(({ digest: _digest, ...e }) => e);
  const msg: EventsMessage = {
    type: 'events',
    stream,
    version: enc.version,
    events: visible as unknown[],
    narration: [],
    view: viewFor(t, who),
  };
  if (stream === 'fight') msg.fightId = state.id;
  if (t.projector.narrate) {
    const isVisible = who.role === 'gm' ? () => true : (id: string) => !state.creatures[id]?.hidden || state.creatures[id]?.controller === who.seat;
    try {
      msg.narration = t.projector.narrate(visible as unknown as FrayEventBody[], { names: namesOf(state, isVisible) });
    } catch {
      msg.narration = [];
    }
  }
  return msg;
}

/** Events a reconnecting client missed on one stream (from its version on), projected for it. */
export async function catchUp(t: LiveTable, who: Principal, stream: StreamName, from: number): Promise<EventsMessage | null> {
  const enc = stream === 'table' ? t.campaign : t.fight;
  if (!enc || from >= enc.version) return null;
  return project(t, who, stream, await t.eventsSince(stream, from));
}
