import type { Command } from '../command/command';
import { commandGate, decide, encounterCommandTable } from '../core/decide';
import type { CommandRejected } from '../core/errors';
import type { Json } from '../core/json';
import type { FrayEventBody } from '../core/events';
import type { PromptSpec } from '../resolve/prompt';
import { currentCreatureId, type EncounterState, type Principal } from '../core/state';
import type { LoadedRuleset } from '../ruleset/ruleset';
import type { OddsSummary } from './odds';
import { legalCommands } from './legal';

/** A JSON-Schema-like description of a command's options: types, allowed values, defaults. */
export interface JsonSchema {
  type?: 'object' | 'string' | 'number' | 'integer' | 'boolean' | 'array';
  title?: string;
  description?: string;
  enum?: Json[];
  /** labels for `enum`, in the same order, for a screen */
  enumLabels?: string[];
  default?: Json;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
}

export interface ActionCost {
  /** a resource id from the menu's `resources` (action, bonusAction, reaction, movementFeet; standard, move, quick; ...) */
  resource: string;
  amount: number;
}

export interface ActionTarget {
  creatureId: string;
  valid: boolean;
  /** why not, in the rules' own words */
  reason?: string;
  /** the rule that says so */
  ruleId?: string;
  /** exact odds of this attack on this target, before it is made (attacks only) */
  odds?: OddsSummary;
  /** creatures whose opportunity attack aiming at this target (or moving to it) would draw */
  provokes?: string[];
}

export interface ActionDescriptor {
  /** unique within the menu: the action, plus the attack or entry it uses ('attack:longsword') */
  id: string;
  label: string;
  kind: 'attack' | 'spell' | 'move' | 'other';
  cost: ActionCost[];
  available: boolean;
  /** why it is not available, in the rules' own words (the same text dispatch rejects it with) */
  reason?: string;
  ruleId?: string;
  /** the candidates: every creature it could be aimed at, valid or not (absent for untargeted actions) */
  targets?: ActionTarget[];
  /** how many targets it takes at most (default 1 when `targets` is present) */
  maxTargets?: number;
  /** the command's `options` and their allowed values */
  options?: JsonSchema;
  /** a ready-to-send command: fill `targets` from `targets` and `options` from the schema's defaults or choices */
  command: Command;
}

export interface MenuResource {
  id: string;
  label: string;
  left: number;
  max?: number;
}

export interface ReachablePlace {
  /** a position in the space's shape: a square `{x, y}` or a zone id */
  to: Json;
  /** what it costs: feet of movement (grid), or move actions (zones) */
  cost: number;
  /** creatures whose opportunity attack (or the like) this move would provoke */
  provokes: string[];
  /** the command that goes there, when it is not `{type: 'move', creatureId, to}` (13th Age engages with an action) */
  command?: Command;
}

/** A place the rules considered and refuse now, in the words the command would be refused with. */
export interface RefusedPlace {
  to: Json;
  reason: string;
  ruleId?: string;
  /** the command that was refused, when it is not `{type: 'move', creatureId, to}` */
  command?: Command;
}

export interface MovementMenu {
  mode: 'grid' | 'zones';
  reachable: ReachablePlace[];
  /**
   * Zones: the places it cannot go now and why (a foe it cannot engage, no movement left), so a token
   * dropped there gets the rules' reason. Grids leave it out: a square's refusal is `previewMove`'s.
   */
  refused?: RefusedPlace[];
  /** what `cost` counts, singular, in words, when not feet (a screen adds the plural s) */
  costUnit?: string;
}

export interface ActionMenu {
  creatureId: string;
  resources: MenuResource[];
  actions: ActionDescriptor[];
  movement?: MovementMenu;
}

/** What a ruleset's `actionMenu` hook returns: the engine adds ending the turn and checks the frame. */
export interface RulesetActionMenu {
  resources: MenuResource[];
  actions: ActionDescriptor[];
  movement?: MovementMenu;
}

/** A dragged token's path before it moves: what the move would cost and provoke, or why it cannot be made. */
export interface MovePreview {
  creatureId: string;
  to: Json;
  legal: boolean;
  reason?: string;
  ruleId?: string;
  /** the squares or zones passed through, start excluded, end included (when the ruleset knows them) */
  path: Json[];
  cost: number;
  provokes: string[];
}

export class ActionMenuError extends Error {
  constructor(readonly code: 'unknown-creature' | 'no-space', message: string) {
    super(message);
    this.name = 'ActionMenuError';
  }
}

let probeCount = 0;

/**
 * Decides `command` as `who` against `state` without changing anything and returns the rejection, or
 * null when the rules accept it (a command that would stop at a prompt is accepted). The very checks
 * dispatch makes, so a screen can say why before anything is sent. Dice come from the state's own
 * seeded generator on a copy: the runtime's dice source (scripted dice) is never drawn from.
 */
export function refusalOf(state: EncounterState, command: Command, who: Principal, ruleset: LoadedRuleset): CommandRejected | null {
  const d = decide(state, { id: `menu-probe-${++probeCount}`, issuedBy: who, command }, { ruleset }, encounterCommandTable);
  return d.ok ? null : d.error;
}

/** What a command would do, decided on a copy: its events, every question it asked (answered as `answer` says), the state after. */
export interface Rehearsal {
  ok: boolean;
  error?: CommandRejected;
  events: FrayEventBody[];
  asked: PromptSpec[];
  /** the state with the events folded in, when the command ran to its end */
  working?: EncounterState;
}

/**
 * Decides `command` on a copy, answering each question it asks with `answer` (by default: 'decline'
 * where that is an option, else the prompt's default), and reports what happened. A screen foresees
 * a move this way (the path, the movement spent, who was offered an opportunity attack) with the
 * rules' own code. Dice come from the state's seeded generator on the copy.
 */
export function rehearse(state: EncounterState, command: Command, who: Principal, ruleset: LoadedRuleset, answer?: (p: PromptSpec) => Json | undefined): Rehearsal {
  const asked: PromptSpec[] = [];
  const policy = (p: PromptSpec): Json | undefined => {
    asked.push(p);
    const given = answer?.(p);
    if (given !== undefined) return given;
    return p.options.some((o) => o.id === 'decline') ? 'decline' : p.default;
  };
  const d = decide(state, { id: `menu-probe-${++probeCount}`, issuedBy: who, command }, { ruleset, policy }, encounterCommandTable);
  if (!d.ok) return { ok: false, error: d.error, events: [], asked };
  return { ok: true, events: d.events.map((e) => e.body), asked, ...(d.working ? { working: d.working } : {}) };
}

export interface ActionMenuOptions {
  /**
   * Also decide each offered command on a copy (`refusalOf`), so an offer the ruleset's queries let
   * through but the command handler refuses is shown unavailable with the handler's words. Default
   * false: the rulesets' queries are held to dispatch by property tests, and deciding every offer
   * costs a copy of the state each (a server asks for menus after every event).
   */
  confirm?: boolean;
  /** work out the reachable places (default true; a grid's can take a few hundred rehearsed moves) */
  movement?: boolean;
}

/**
 * What `creatureId` may do now, for `who`: each action with its cost, whether it is available and why
 * not, its targets (valid or not, with the reason and exact attack odds), its options' schema, and a
 * command ready to send; the resources left this turn; the reachable places with their cost and the
 * opportunity attacks each would provoke. The ruleset supplies the actions (`Ruleset.actionMenu`); the
 * engine adds ending the turn. A ruleset without the hook gets a menu grouped from its legal commands.
 */
export function actionMenu(state: EncounterState, creatureId: string, who: Principal, ruleset: LoadedRuleset, opts: ActionMenuOptions = {}): ActionMenu {
  if (!Object.hasOwn(state.creatures, creatureId)) {
    throw new ActionMenuError('unknown-creature', `no creature '${creatureId}'; creatures: ${state.creatureIds.join(', ') || 'none'}`);
  }
  const part = ruleset.actionMenu ? ruleset.actionMenu(state, creatureId, who, { movement: opts.movement !== false }) : menuFromLegalCommands(state, creatureId, who, ruleset);
  const actions = [...part.actions];
  if (currentCreatureId(state) === creatureId) {
    const end: Command = { type: 'endTurn' };
    const r = refusalOf(state, end, who, ruleset);
    actions.push({ id: 'end-turn', label: 'End turn', kind: 'other', cost: [], available: r === null, ...(r ? { reason: r.message } : {}), command: end });
  }
  const menu: ActionMenu = { creatureId, resources: part.resources, actions, ...(part.movement ? { movement: part.movement } : {}) };
  // What dispatch checks before any handler (the encounter ended, a prompt waiting, another seat's creature).
  const gate = commandGate(state, 'takeAction', {}, who, creatureId);
  if (gate) {
    for (const a of actions) if (a.available && a.id !== 'end-turn') Object.assign(a, { available: false, reason: gate.message });
    delete menu.movement;
    return menu;
  }
  if (opts.confirm === true) confirmOffers(state, who, ruleset, menu);
  return menu;
}

/** The command an offer sends against one target, its options filled from their defaults. */
export function commandFor(action: ActionDescriptor, targets: string[] | null): Command {
  const cmd = action.command as Record<string, Json | undefined>;
  const defaults = defaultOptions(action.options);
  const options = { ...defaults, ...((cmd['options'] as Record<string, Json> | undefined) ?? {}) };
  return {
    ...cmd,
    ...(targets !== null ? { targets } : {}),
    ...(cmd['options'] !== undefined || Object.keys(defaults).length ? { options } : {}),
  } as Command;
}

/** The defaults of an options schema's properties (the first allowed value where no default is given). */
export function defaultOptions(schema: JsonSchema | undefined): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, p] of Object.entries(schema?.properties ?? {})) {
    if (p.default !== undefined) out[key] = p.default;
    else if (p.enum?.length && schema?.required?.includes(key)) out[key] = p.enum[0]!;
  }
  return out;
}

function confirmOffers(state: EncounterState, who: Principal, ruleset: LoadedRuleset, menu: ActionMenu): void {
  for (const a of menu.actions) {
    if (!a.available || a.id === 'end-turn') continue;
    if (!a.targets) {
      const r = refusalOf(state, commandFor(a, null), who, ruleset);
      if (r) Object.assign(a, { available: false, reason: r.message, ...(r.ruleId ? { ruleId: r.ruleId } : {}) });
      continue;
    }
    for (const t of a.targets) {
      if (!t.valid) continue;
      const r = refusalOf(state, commandFor(a, [t.creatureId]), who, ruleset);
      if (r) {
        t.valid = false;
        t.reason = r.message;
        if (r.ruleId) t.ruleId = r.ruleId;
        delete t.odds;
      }
    }
  }
}

const actionOf = (cmd: Command) => (cmd.type === 'takeAction' ? String((cmd as { action?: unknown }).action) : cmd.type);

/**
 * For a ruleset without an `actionMenu` hook: its legal commands for this creature, grouped by action,
 * each with the targets the rules list for it. Only available actions appear (legal commands carry no
 * reasons); costs are unknown.
 */
function menuFromLegalCommands(state: EncounterState, creatureId: string, who: Principal, ruleset: LoadedRuleset): RulesetActionMenu {
  const c = state.creatures[creatureId]!;
  const byAction = new Map<string, ActionDescriptor>();
  for (const cmd of legalCommands(state, who, ruleset)) {
    const actor = (cmd as { actorId?: unknown; creatureId?: unknown }).actorId ?? (cmd as { creatureId?: unknown }).creatureId;
    if (actor !== creatureId || cmd.type === 'endTurn') continue;
    const id = actionOf(cmd);
    const targets = (cmd as { targets?: string[] }).targets ?? [];
    const known = byAction.get(id);
    if (!known) {
      byAction.set(id, {
        id, label: id, kind: id === 'attack' ? 'attack' : cmd.type === 'move' ? 'move' : 'other', cost: [], available: true,
        ...(targets.length ? { targets: [] } : {}),
        command: { ...cmd, ...(targets.length ? { targets: [] } : {}) } as Command,
      });
    }
    const entry = byAction.get(id)!;
    for (const t of targets) if (entry.targets && !entry.targets.some((x) => x.creatureId === t)) entry.targets.push({ creatureId: t, valid: true });
  }
  const resources = Object.entries(c.resources).map(([id, left]) => ({ id, label: id, left }));
  return { resources, actions: [...byAction.values()] };
}

/**
 * A dragged token's path before the move goes through the rules: cost, path and the opportunity attacks
 * it would provoke (the ruleset's `previewMove`), and whether the rules would take it (`refusalOf` the
 * move command, so the reason is dispatch's own).
 */
export function previewMove(state: EncounterState, creatureId: string, to: Json, ruleset: LoadedRuleset, who: Principal = { role: 'gm' }): MovePreview {
  if (!Object.hasOwn(state.creatures, creatureId)) {
    throw new ActionMenuError('unknown-creature', `no creature '${creatureId}'; creatures: ${state.creatureIds.join(', ') || 'none'}`);
  }
  const shape = ruleset.previewMove?.(state, creatureId, to) ?? { path: [], cost: 0, provokes: [] };
  const r = refusalOf(state, { type: 'move', creatureId, to }, who, ruleset);
  return { creatureId, to, legal: r === null, ...(r ? { reason: r.message, ...(r.ruleId ? { ruleId: r.ruleId } : {}) } : {}), ...shape };
}

/**
 * The squares within `radius` of where a creature stands on a grid (in bounds, not its own) that
 * `preview` says a move reaches, with what it says they cost and provoke. Rulesets pass a preview
 * that rehearses their own move command, so the rules decide each square.
 */
export function reachableSquares(state: EncounterState, creatureId: string, radius: number, preview: (to: { x: number; y: number }) => { ok: boolean; cost: number; provokes: string[] }): ReachablePlace[] | null {
  const grid = state.space as { kind?: string; creatures?: Record<string, { x: number; y: number }>; bounds?: { width: number; height: number } | null } | null;
  if (!grid || grid.kind !== 'grid' || !grid.creatures || !Object.hasOwn(grid.creatures, creatureId)) return null;
  const at = grid.creatures[creatureId]!;
  const out: ReachablePlace[] = [];
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      if (!dx && !dy) continue;
      const to = { x: at.x + dx, y: at.y + dy };
      if (grid.bounds && (to.x < 0 || to.y < 0 || to.x >= grid.bounds.width || to.y >= grid.bounds.height)) continue;
      const p = preview(to);
      if (p.ok) out.push({ to, cost: p.cost, provokes: p.provokes });
    }
  }
  return out;
}
