import {
  actionMenu, campaignPlayerView, playerView, redactEvents, type EncounterState, type FrayEvent, type FrayEventBody, type LoadedRuleset,
  type Principal, type PromptSpec,
} from '@fray/engine';
import type { EventsMessage, SeatInfo, StreamName, TableInfo, TableView } from './protocol';
import type { LiveTable } from './table';
import { seatLabel } from './seat-label';
import { menuWithoutHidden } from './seat-redaction';

/** Narration injected by the host (the CLI's `narrate`); the server only passes events through it. */
export type Narrate = (events: readonly FrayEventBody[], ctx: { names?: Record<string, string>; seats?: Record<string, string>; prompts?: readonly PromptSpec[]; ruleset?: LoadedRuleset }) => string[];

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

/** What the narration calls each seat: as every audience's view lists it (tableInfo), by `seatLabel`. */
function seatWords(t: LiveTable): Record<string, string> {
  const nameOf = (id: string) => (t.fight?.state.creatures[id] ?? t.campaign.state.creatures[id])?.name;
  return Object.fromEntries(seatsOf(t).map((s) => [s.seat, seatLabel(s, nameOf)]));
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
 * of the state the engine keeps for itself). Its fields are the state's own objects, never written
 * once a state holds them (working-copy.ts); the top level is a new object, because the encounter
 * keeps one state object and replaces its fields (view-tree.ts tells changes by identity).
 */
function gmState(state: EncounterState): unknown {
  if (!state.pending) return { ...state };
  const { base: _base, ...pending } = state.pending;
  return { ...state, pending };
}

/** The campaign's part of a connection's view and its open prompts (GM: the state; a seat: its player view). */
export function campaignPartFor(t: LiveTable, who: Principal): { view: unknown; prompts: unknown[] } {
  if (who.role === 'gm') return { view: gmState(t.campaign.state), prompts: [...(t.campaign.state.pending?.open ?? [])] };
  const view = campaignPlayerView(t.campaign.state, who.seat, t.ruleset);
  return { view, prompts: [...view.prompts] };
}

/** The fight's part of a connection's view and its open prompts (null when no fight is under way). */
export function fightPartFor(t: LiveTable, who: Principal): { view: TableView['fight']; prompts: unknown[] } {
  const fight = t.fight;
  if (!fight) return { view: null, prompts: [] };
  if (who.role === 'gm') return { view: { id: fight.state.id, version: fight.version, view: gmState(fight.state) }, prompts: [...(fight.state.pending?.open ?? [])] };
  const view = playerView(fight.state, who.seat, t.ruleset);
  return { view: { id: fight.state.id, version: fight.version, view }, prompts: [...(view.prompts ?? [])] };
}

/**
 * The action menus a connection gets now: for the creature whose turn it is, when nothing is pending,
 * to the GM (with the odds) and to the seat that controls it (without). It costs a search of every
 * action and target, so it is built for nobody else, and it travels after the ack (`actions` messages).
 */
export function menusFor(t: LiveTable, who: Principal): Record<string, unknown> | null {
  const fight = t.fight;
  const current = currentOf(fight?.state);
  if (!fight || !current || fight.state.pending) return null;
  if (who.role === 'gm') return { [current]: safeMenu(fight.state, current, who, t.ruleset) };
  if (fight.state.creatures[current]?.controller !== who.seat) return null;
  return { [current]: menuWithoutHidden(withoutOdds(safeMenu(fight.state, current, who, t.ruleset)), fight.state, who.seat) };
}

/** The whole screen for one connection (GM: everything; a seat: the engine's player views only). */
export function viewFor(t: LiveTable, who: Principal): TableView {
  const campaign = campaignPartFor(t, who);
  const fight = fightPartFor(t, who);
  const view: TableView = { table: tableInfo(t), campaign: campaign.view, fight: fight.view, prompts: [...campaign.prompts, ...fight.prompts], versions: t.versions() };
  const actions = menusFor(t, who);
  if (actions) view.actions = actions;
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

/** New events on a stream as one audience may see them, with narration (the view travels apart, as a patch). */
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
  };
  if (stream === 'fight') msg.fightId = state.id;
  if (t.projector.narrate) {
    const isVisible = who.role === 'gm' ? () => true : (id: string) => !state.creatures[id]?.hidden || state.creatures[id]?.controller === who.seat;
    try {
      msg.narration = t.projector.narrate(visible as unknown as FrayEventBody[], { names: namesOf(state, isVisible), seats: seatWords(t), ruleset: t.ruleset });
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
