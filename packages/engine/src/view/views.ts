import type { FrayEvent } from '../core/events';
import type { CreatureState, EncounterState } from '../core/state';
import { cloneJson, type Json } from '../core/json';
import type { PromptSpec } from '../resolve/prompt';
import type { LoadedRuleset } from '../ruleset/ruleset';
import type { ConditionInstance } from '../condition/condition';

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
}

export function defaultHpBand(c: CreatureState): string {
  if (c.hp <= 0) return 'down';
  if (c.hp >= c.maxHp) return 'unhurt';
  return c.hp * 2 <= c.maxHp ? 'bloodied' : 'hurt';
}

function visibleTo(c: CreatureState, seat: string): boolean {
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
    const { notes: _notes, ...own } = cloneJson(c);
    return { ...own, conditions: scrubConditions(c.conditions, isHidden), vars: scrubIds(own.vars, isHidden) as Record<string, Json> };
  }
  const { hp: _hp, maxHp: _maxHp, tempHp: _tempHp, notes: _notes, sheet: _sheet, vars: _vars, ...rest } = cloneJson(c);
  return { ...rest, conditions: scrubConditions(c.conditions, isHidden), hpBand: (ruleset?.hpBand ?? defaultHpBand)(c) };
}

/** Replaces hidden creatures' ids and names, wherever they appear in a value, with 'someone'. */
function anonymizer(state: EncounterState, seat: string): (v: unknown) => unknown {
  const hiddenIds = state.creatureIds.filter((id) => !visibleTo(state.creatures[id]!, seat));
  const needles = [...hiddenIds, ...hiddenIds.map((id) => state.creatures[id]!.name).filter((n) => n.length > 2)];
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (hiddenIds.includes(v)) return HIDDEN;
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
  return hiddenIds.length ? walk : (v) => v;
}

/** Everything, for the GM (the pending replay base is internal bookkeeping, not game state). */
export function gmView(state: EncounterState): EncounterState {
  return cloneJson(state);
}

/** Pure projection of the state for one seat: nothing the GM keeps secret leaves through it. */
export function playerView(state: EncounterState, seat: string, ruleset?: LoadedRuleset): PlayerView {
  const creatures: Record<string, CreatureView> = {};
  const isHidden = (id: string) => !!state.creatures[id] && !visibleTo(state.creatures[id]!, seat);
  for (const id of state.creatureIds) {
    const c = state.creatures[id];
    if (c && visibleTo(c, seat)) creatures[id] = creatureView(ruleset, c, seat, isHidden);
  }
  const open = state.pending?.open ?? [];
  const mine = open.filter((p) => p.to.role === 'player' && p.to.seat === seat);
  const current = state.turnIndex >= 0 ? (state.order[state.turnIndex]?.creatureId ?? null) : null;
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
    prompts: anonymizer(state, seat)(cloneJson(mine)) as PromptSpec[],
    othersWaiting: open.length - mine.length,
    version: state.version,
  };
}

type Redacted = Record<string, Json> & { type: string; seq: number };

/**
 * The log as one seat may see it: GM-only events dropped, events about hidden creatures dropped,
 * exact HP of creatures the seat does not control removed, and the dice generator's state never sent.
 * `state` is the current state, used to know who is hidden and who controls whom.
 */
export function redactEvents(events: readonly FrayEvent[], seat: string, state: EncounterState, ruleset?: LoadedRuleset): Redacted[] {
  const out: Redacted[] = [];
  const hidden = (id: string | null | undefined) => {
    if (!id) return false;
    const c = state.creatures[id];
    return c ? !visibleTo(c, seat) : false;
  };
  const own = (id: string | null | undefined) => !!id && state.creatures[id]?.controller === seat;
  const anonymous = anonymizer(state, seat);
  const hiddenIds = state.creatureIds.filter((id) => hidden(id));
  const scrub = <T extends Record<string, unknown>>(x: T): T | null => {
    // The subject hidden: the whole event goes. A hidden participant anywhere else becomes 'someone'.
    for (const k of ['creatureId', 'target'] as const) if (typeof x[k] === 'string' && hidden(x[k] as string)) return null;
    if (x['type'] === 'CreatureAdded' || x['type'] === 'InitiativeSet' || !hiddenIds.length) return x;
    return anonymous(x) as T;
  };
  for (const raw of events) {
    const e = scrub(raw as unknown as Record<string, unknown>) as unknown as FrayEvent | null;
    if (!e) continue;
    if (e.visibility === 'gm') continue;
    if (e.visibility && typeof e.visibility === 'object' && !e.visibility.seats.includes(seat)) continue;
    switch (e.type) {
      case 'EncounterStarted':
        out.push({ type: e.type, seq: e.seq, id: e.encounter.id, ruleset: e.encounter.ruleset, modules: e.encounter.modules });
        continue;
      case 'CreatureAdded':
        if (hidden(e.creature.id) || e.creature.hidden && e.creature.controller !== seat) continue;
        out.push({ type: e.type, seq: e.seq, creature: creatureView(ruleset, e.creature, seat) as unknown as Json });
        continue;
      case 'DiceRolled': {
        if (hidden(e.roller)) continue;
        const { rngAfter: _rng, ...rest } = e;
        out.push(cloneJson(rest) as unknown as Redacted);
        continue;
      }
      case 'DamageApplied':
      case 'HealingApplied':
      case 'HitPointsSet': {
        if (hidden(e.target)) continue;
        if (own(e.target)) {
          out.push(cloneJson(e) as unknown as Redacted);
          continue;
        }
        const { hpBefore: _a, hpAfter: _b, tempBefore: _c, tempAfter: _d, hp: _e, maxHp: _f, tempHp: _g, ...rest } = e as Record<string, unknown>;
        out.push(cloneJson(rest) as Redacted);
        continue;
      }
      case 'ResolutionPaused': {
        const mine = e.pending.open.filter((p) => p.to.role === 'player' && p.to.seat === seat);
        out.push({ type: e.type, seq: e.seq, prompts: anonymous(cloneJson(mine)) as Json, othersWaiting: e.pending.open.length - mine.length });
        continue;
      }
      case 'CreatureUpdated': {
        if (hidden(e.creatureId)) continue;
        const { notes: _n, ...changes } = e.changes;
        out.push({ type: e.type, seq: e.seq, creatureId: e.creatureId, changes: cloneJson(changes) as Json });
        continue;
      }
      case 'SpaceChanged':
        // Positions of hidden creatures would leak through the raw space; players get moves of visible ones.
        if (e.moved && !hidden(e.moved)) out.push({ type: e.type, seq: e.seq, moved: e.moved });
        continue;
      case 'ConditionAdded':
        out.push({ ...(cloneJson(e) as unknown as Redacted), condition: scrubConditions([e.condition], hidden)[0] as unknown as Json });
        continue;
      case 'ConditionUpdated':
        if (e.duration?.kind === 'turns' && hidden(e.duration.creatureId)) out.push({ ...(cloneJson(e) as unknown as Redacted), duration: { ...e.duration, creatureId: HIDDEN } });
        else out.push(cloneJson(e) as unknown as Redacted);
        continue;
      case 'InitiativeSet':
        out.push({ ...(cloneJson(e) as unknown as Redacted), order: cloneJson(e.order.filter((x) => !hidden(x.creatureId))) as unknown as Json });
        continue;
      case 'PromptAnswered':
        // Answers reach the one who gave them; the effects that follow tell everyone else what happened.
        if (typeof e.by === 'object' && e.by.role === 'player' && e.by.seat === seat) out.push(cloneJson(e) as unknown as Redacted);
        continue;
      case 'VarSet':
        if (e.creatureId !== null && !own(e.creatureId)) continue;
        out.push(cloneJson(e) as unknown as Redacted);
        continue;
      default:
        out.push(cloneJson(e) as unknown as Redacted);
    }
  }
  return out;
}
