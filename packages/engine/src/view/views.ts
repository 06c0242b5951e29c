import type { FrayEvent } from '../core/events';
import type { CreatureState, EncounterState } from '../core/state';
import { cloneJson, deepFreeze, type Json } from '../core/json';
import { CREATURE_FIELDS_WRITTEN_IN_PLACE } from '../core/working-copy';
import type { PromptSpec } from '../resolve/prompt';
import type { LoadedRuleset } from '../ruleset/ruleset';
import type { ConditionInstance } from '../condition/condition';
import { removeCreature as removeFromSpace } from '../space/placement';
import type { SpaceState } from '../space/space-state';

/** A creature as a player sees it: their own in full; others without exact HP, notes or stat block. */
export type CreatureView = Omit<CreatureState, 'hp' | 'maxHp' | 'tempHp' | 'notes' | 'sheet' | 'vars'> & {
  hp?: number;
  maxHp?: number;
  tempHp?: number;
  /** 'unhurt', 'hurt', 'bloodied', 'down' (or the ruleset's bands) where the exact numbers are secret */
  hpBand?: string;
  sheet?: Json;
  vars?: Record<string, Json>;
};

export interface PlayerView {
  seat: string;
  id: string;
  ruleset: { id: string; version: string };
  phase: EncounterState['phase'];
  round: number;
  currentCreatureId: string | null;
  order: { creatureId: string; total: number; delayed: boolean }[];
  creatures: Record<string, CreatureView>;
  counters: Record<string, number>;
  /** prompts waiting on this seat, and how many others are waiting on someone else */
  prompts: PromptSpec[];
  othersWaiting: number;
  version: number;
  /** the map, without the creatures this seat cannot see (null when there is none, or in a form the engine cannot redact) */
  space: Json;
  /** seconds of game time since the encounter (or campaign) began */
  clockSeconds: number;
  /** the ruleset's public counters and tracks (`Ruleset.publicState`) */
  publicState: Record<string, Json>;
}

/** The GM's view: the whole state, and the ruleset's public state by name as the seats get it. */
export type GmView = EncounterState & { publicState: Record<string, Json> };

export function defaultHpBand(c: CreatureState): string {
  if (c.hp <= 0) return 'down';
  if (c.hp >= c.maxHp) return 'unhurt';
  return c.hp * 2 <= c.maxHp ? 'bloodied' : 'hurt';
}

function visibleTo(c: { hidden: boolean; controller: string | null }, seat: string): boolean {
  return !c.hidden || c.controller === seat;
}

/** A hidden creature named as a condition's source or timer shows as 'someone'. */
function scrubConditions(conditions: ConditionInstance[], isHidden: (id: string) => boolean): ConditionInstance[] {
  return conditions.map((inst) => {
    const out = cloneJson(inst);
    if (out.source && isHidden(out.source)) out.source = HIDDEN;
    if (out.duration.kind === 'turns' && isHidden(out.duration.creatureId)) out.duration.creatureId = HIDDEN;
    // Rule data may name creatures too (whom a Help is against, whom a tumble passes).
    if (out.data !== undefined) out.data = scrubIds(out.data, isHidden);
    return out;
  });
}

function scrubIds(v: Json, isHidden: (id: string) => boolean): Json {
  if (typeof v === 'string') return isHidden(v) ? HIDDEN : v;
  if (Array.isArray(v)) return v.map((x) => scrubIds(x, isHidden));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrubIds(x, isHidden)]));
  return v;
}

const HIDDEN = 'someone';

function creatureView(ruleset: LoadedRuleset | undefined, c: CreatureState, seat: string, isHidden: (id: string) => boolean = () => false): CreatureView {
  if (c.controller === seat) {
    const { notes: _notes, ...own } = c;
    return copyShown(own, isHidden) as CreatureView;
  }
  const { hp: _hp, maxHp: _maxHp, tempHp: _tempHp, notes: _notes, sheet: _sheet, vars: _vars, ...rest } = c;
  return { ...(copyShown(rest, isHidden) as CreatureView), hpBand: (ruleset?.hpBand ?? defaultHpBand)(c) };
}

const NO_RULESET = {};
const keptViews = new WeakMap<object, WeakMap<CreatureState, Map<string, CreatureView>>>();

/**
 * A creature's view for a seat, made once per published creature object, seat and set of hidden
 * creatures (what the view reads besides the creature), frozen and kept while a state holds that
 * creature. A creature a command did not change is the same object in the next state (working-copy.ts's
 * shareUnchanged), so its view is the one the seat already has: nothing is copied again, and a server
 * sees by identity that it has not changed.
 */
function keptCreatureView(ruleset: LoadedRuleset | undefined, c: CreatureState, key: string, make: () => CreatureView): CreatureView {
  // Only a published creature is never written again (working-copy.ts's publishCreatures): a state
  // changed in place (the simulator's) is viewed afresh every time.
  if (!Object.isFrozen(c)) return make();
  let byCreature = keptViews.get(ruleset ?? NO_RULESET);
  if (!byCreature) keptViews.set(ruleset ?? NO_RULESET, (byCreature = new WeakMap()));
  let byKey = byCreature.get(c);
  if (!byKey) byCreature.set(c, (byKey = new Map()));
  let view = byKey.get(key);
  if (!view) byKey.set(key, (view = deepFreeze(make())));
  return view;
}

/**
 * A copy of the creature fields a seat is shown, in their order: conditions and vars with hidden
 * creatures scrubbed, the rest cloned. Only what is kept is copied (a server builds every seat's view
 * after every command, and cloning each creature's stat block to drop it was most of that work).
 */
function copyShown(fields: Record<string, unknown>, isHidden: (id: string) => boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in fields) {
    const v = fields[k];
    if (v === undefined) continue;
    out[k] = k === 'conditions' ? scrubConditions(v as ConditionInstance[], isHidden)
      : k === 'vars' ? scrubIds(v as Json, isHidden)
      : CREATURE_FIELDS_WRITTEN_IN_PLACE.has(k) ? cloneJson(v) : sharedCopy(v);
  }
  return out;
}

const sharedCopies = new WeakMap<object, unknown>();

/**
 * One frozen copy per object for a field no command writes into (a stat block, a sheet, a list of
 * features): shared by every seat's view and every later one while the state holds that object. A
 * server builds each seat's view after every command; copying each stat block again was most of it,
 * and one copy also tells the server by identity that the part has not changed.
 */
function sharedCopy(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  let copy = sharedCopies.get(v);
  if (copy === undefined) sharedCopies.set(v, (copy = deepFreeze(cloneJson(v))));
  return copy;
}

/** Replaces the given creatures' ids and names (longer than two letters), wherever they appear in a value, with 'someone'. */
function anonymizerFor(hiddenIds: readonly string[], names: readonly string[]): (v: unknown) => unknown {
  if (!hiddenIds.length) return (v) => v;
  const ids = new Set(hiddenIds);
  const needles = [...hiddenIds, ...names.filter((n) => n.length > 2)];
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (ids.has(v)) return HIDDEN;
      let out = v;
      for (const n of needles) if (out.includes(n)) out = out.split(n).join(HIDDEN);
      return out;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const o: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) o[k] = walk(x);
      return o;
    }
    return v;
  };
  return walk;
}

/** Replaces hidden creatures' ids and names, wherever they appear in a value, with 'someone'. */
function anonymizer(state: EncounterState, seat: string): (v: unknown) => unknown {
  const hiddenIds = state.creatureIds.filter((id) => !visibleTo(state.creatures[id]!, seat));
  return anonymizerFor(hiddenIds, hiddenIds.map((id) => state.creatures[id]!.name));
}

function isSpaceState(v: Json): v is SpaceState & Json {
  const kind = (v as { kind?: unknown } | null)?.kind;
  return (kind === 'grid' || kind === 'zones') && typeof (v as { creatures?: unknown }).creatures === 'object';
}

/**
 * The map for a seat: hidden creatures taken off it with everything recorded about them (their
 * squares, engagements, range bands). A space the engine does not know the form of is withheld.
 */
function spaceFor(state: EncounterState, seat: string, anonymous: (v: unknown) => unknown): Json {
  const space = state.space;
  if (space === null || space === undefined) return null;
  if (!isSpaceState(space)) return null;
  let out: SpaceState = space;
  for (const id of Object.keys(space.creatures)) {
    const c = Object.hasOwn(state.creatures, id) ? state.creatures[id] : undefined;
    // A placed creature the roster does not know is nobody the seat should see either.
    if (!c || !visibleTo(c, seat)) out = removeFromSpace(out, id);
  }
  return anonymous(cloneJson(out)) as Json;
}

function publicStateFor(state: EncounterState, seat: string | null, ruleset: LoadedRuleset | undefined): Record<string, Json> {
  return cloneJson(ruleset?.publicState?.(state, seat) ?? {});
}

/** Everything, for the GM, and the ruleset's public state by name. */
export function gmView(state: EncounterState, ruleset?: LoadedRuleset): GmView {
  return { ...cloneJson(state), publicState: publicStateFor(state, null, ruleset) };
}

/**
 * Pure projection of the state for one seat: nothing the GM keeps secret leaves through it (hidden
 * creatures, GM notes, others' exact hit points and stat blocks, the dice generator, the paused
 * resolution's replay base).
 */
export function playerView(state: EncounterState, seat: string, ruleset?: LoadedRuleset): PlayerView {
  const creatures: Record<string, CreatureView> = {};
  const isHidden = (id: string) => Object.hasOwn(state.creatures, id) && !visibleTo(state.creatures[id]!, seat);
  let hiddenKey: string | null = null;
  for (const id of state.creatureIds) {
    const c = state.creatures[id];
    if (!c || !visibleTo(c, seat)) continue;
    hiddenKey ??= `${seat}\u0000${state.creatureIds.filter(isHidden).join('\u0000')}`;
    creatures[id] = keptCreatureView(ruleset, c, hiddenKey, () => creatureView(ruleset, c, seat, isHidden));
  }
  const open = state.pending?.open ?? [];
  const mine = open.filter((p) => p.to.role === 'player' && p.to.seat === seat);
  const current = state.turnIndex >= 0 ? (state.order[state.turnIndex]?.creatureId ?? null) : null;
  const anonymous = anonymizer(state, seat);
  return {
    seat,
    id: state.id,
    ruleset: state.ruleset,
    phase: state.phase,
    round: state.round,
    currentCreatureId: current && creatures[current] ? current : null,
    order: state.order.filter((e) => creatures[e.creatureId]).map((e) => ({ creatureId: e.creatureId, total: e.total, delayed: e.delayed })),
    creatures,
    counters: { ...state.counters },
    prompts: anonymous(cloneJson(mine)) as PromptSpec[],
    othersWaiting: open.length - mine.length,
    version: state.version,
    space: spaceFor(state, seat, anonymous),
    clockSeconds: state.clockSeconds,
    publicState: anonymous(publicStateFor(state, seat, ruleset)) as Record<string, Json>,
  };
}

type Redacted = Record<string, Json> & { type: string; seq: number };

/** Who a creature is, as far as redaction cares: whether it is hidden, whose it is, its name. */
interface Seen {
  hidden: boolean;
  controller: string | null;
  name: string;
}

/**
 * The roster's visibility as a log unfolds, undo included: before each command's first event the
 * roster is saved, and undoing that command puts it back (everything after it was undone already).
 */
class RosterAtTime {
  private roster = new Map<string, Seen>();
  private readonly saved = new Map<string, Map<string, Seen>>();
  private batch: string | null = null;

  constructor(state: EncounterState | null) {
    if (!state) return;
    for (const id of state.creatureIds) {
      const c = state.creatures[id];
      if (c) this.roster.set(id, { hidden: c.hidden, controller: c.controller, name: c.name });
    }
  }

  get(id: string | null | undefined): Seen | undefined {
    return id ? this.roster.get(id) : undefined;
  }

  entries(): IterableIterator<[string, Seen]> {
    return this.roster.entries();
  }

  apply(e: FrayEvent): void {
    if (e.type !== 'CommandUndone' && e.commandId !== this.batch) {
      this.batch = e.commandId;
      if (!this.saved.has(e.commandId)) this.saved.set(e.commandId, new Map(this.roster));
    }
    switch (e.type) {
      case 'EncounterStarted':
        this.roster = new Map();
        return;
      case 'CreatureAdded':
        this.roster.set(e.creature.id, { hidden: e.creature.hidden, controller: e.creature.controller, name: e.creature.name });
        return;
      case 'CreatureRemoved':
        this.roster.delete(e.creatureId);
        return;
      case 'CreatureUpdated': {
        const was = this.roster.get(e.creatureId);
        if (!was) return;
        const ch = e.changes;
        this.roster.set(e.creatureId, {
          hidden: ch.hidden ?? was.hidden,
          controller: ch.controller !== undefined ? ch.controller : was.controller,
          name: ch.name ?? was.name,
        });
        return;
      }
      case 'CommandUndone': {
        this.batch = null;
        const back = this.saved.get(e.commandId);
        // A command from before these events: the roster cannot be rewound (pass the whole log for that).
        if (back) this.roster = new Map(back);
        return;
      }
      default:
        return;
    }
  }
}

/**
 * The log as one seat may see it: GM-only events dropped, events about hidden creatures dropped,
 * hidden participants named 'someone', exact HP of creatures the seat does not control removed, the
 * dice generator's state and the envelope digests never sent.
 *
 * Each event is judged by who was hidden, and whose each creature was, when it happened (the roster
 * is followed through the events, undo included), so a seat's history does not change when a
 * creature is revealed or given to it later. `state` is the state just before `events[0]`; it is
 * not read when the events begin the log (seq 0), which is how a whole history is redacted. For a
 * batch just decided, that is the encounter's state before `commit`.
 */
export function redactEvents(events: readonly FrayEvent[], seat: string, state: EncounterState, ruleset?: LoadedRuleset): Redacted[] {
  const out: Redacted[] = [];
  const roster = new RosterAtTime(events[0]?.seq === 0 ? null : state);
  for (const event of events) {
    // A removal is judged by who the creature was before it left; everything else after the event.
    const gone = event.type === 'CreatureRemoved' ? roster.get(event.creatureId) : undefined;
    roster.apply(event);
    if (event.type === 'CreatureRemoved') {
      if (!gone || !visibleTo(gone, seat)) continue;
      out.push({ type: event.type, seq: event.seq, creatureId: event.creatureId, name: gone.name, ...(event.reason !== undefined ? { reason: event.reason } : {}) });
      continue;
    }
    const r = redactOne(event, seat, roster, ruleset);
    if (r) out.push(r);
  }
  return out;
}

function redactOne(raw: FrayEvent, seat: string, roster: RosterAtTime, ruleset: LoadedRuleset | undefined): Redacted | null {
  const { digest: _digest, ...event } = raw;
  const hidden = (id: string | null | undefined) => {
    const c = roster.get(id);
    return c ? !visibleTo(c, seat) : false;
  };
  const own = (id: string | null | undefined) => roster.get(id)?.controller === seat;
  const hiddenIds: string[] = [];
  const hiddenNames: string[] = [];
  for (const [id, c] of roster.entries()) {
    if (!visibleTo(c, seat)) {
      hiddenIds.push(id);
      hiddenNames.push(c.name);
    }
  }
  const anonymous = anonymizerFor(hiddenIds, hiddenNames);
  // The subject hidden: the whole event goes. A hidden participant anywhere else becomes 'someone'.
  const x = event as unknown as Record<string, unknown>;
  for (const k of ['creatureId', 'target'] as const) if (typeof x[k] === 'string' && hidden(x[k] as string)) return null;
  const e = (x['type'] === 'CreatureAdded' || x['type'] === 'InitiativeSet' || !hiddenIds.length ? x : anonymous(x)) as unknown as FrayEvent;
  if (e.visibility === 'gm') return null;
  if (e.visibility && typeof e.visibility === 'object' && !e.visibility.seats.includes(seat)) return null;
  const isHidden = (id: string) => hidden(id);
  switch (e.type) {
    case 'EncounterStarted':
      return { type: e.type, seq: e.seq, id: e.encounter.id, ruleset: e.encounter.ruleset, modules: e.encounter.modules };
    case 'CreatureAdded':
      if (hidden(e.creature.id)) return null;
      return { type: e.type, seq: e.seq, creature: anonymous(creatureView(ruleset, e.creature, seat, isHidden)) as Json, ...(e.reason !== undefined ? { reason: e.reason } : {}) };
    case 'DiceRolled': {
      if (hidden(e.roller)) return null;
      const { rngAfter: _rng, ...rest } = e;
      return cloneJson(rest) as unknown as Redacted;
    }
    case 'DamageApplied':
    case 'HealingApplied':
    case 'HitPointsSet': {
      if (own(e.target)) return cloneJson(e) as unknown as Redacted;
      const { hpBefore: _a, hpAfter: _b, tempBefore: _c, tempAfter: _d, hp: _e, maxHp: _f, tempHp: _g, ...rest } = e as Record<string, unknown>;
      return cloneJson(rest) as Redacted;
    }
    case 'ResolutionPaused': {
      const mine = e.pending.open.filter((p) => p.to.role === 'player' && p.to.seat === seat);
      return { type: e.type, seq: e.seq, prompts: anonymous(cloneJson(mine)) as Json, othersWaiting: e.pending.open.length - mine.length };
    }
    case 'CreatureUpdated': {
      const { notes: _n, ...changes } = e.changes;
      return { type: e.type, seq: e.seq, creatureId: e.creatureId, changes: cloneJson(changes) as Json, ...(e.previous ? { previous: cloneJson(e.previous) as Json } : {}) };
    }
    case 'SpaceChanged':
      // Positions of hidden creatures would leak through the raw space; players get moves of visible ones.
      if (e.moved && !hidden(e.moved)) return { type: e.type, seq: e.seq, moved: e.moved, ...(e.to !== undefined ? { to: cloneJson(e.to) } : {}) };
      return null;
    case 'ConditionAdded':
      return { ...(cloneJson(e) as unknown as Redacted), condition: scrubConditions([e.condition], isHidden)[0] as unknown as Json };
    case 'ConditionUpdated':
      if (e.duration?.kind === 'turns' && hidden(e.duration.creatureId)) return { ...(cloneJson(e) as unknown as Redacted), duration: { ...e.duration, creatureId: HIDDEN } };
      return cloneJson(e) as unknown as Redacted;
    case 'InitiativeSet':
      return { ...(cloneJson(e) as unknown as Redacted), order: cloneJson(e.order.filter((o) => !hidden(o.creatureId))) as unknown as Json };
    case 'PromptAnswered':
      // Answers reach the one who gave them; the effects that follow tell everyone else what happened.
      if (typeof e.by === 'object' && e.by.role === 'player' && e.by.seat === seat) return cloneJson(e) as unknown as Redacted;
      return null;
    case 'VarSet':
      if (e.creatureId !== null && !own(e.creatureId)) return null;
      return cloneJson(e) as unknown as Redacted;
    default:
      return cloneJson(e) as unknown as Redacted;
  }
}
