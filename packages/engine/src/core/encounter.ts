import type { Json } from './json';
import { cloneJson } from './json';
import type { CommandRejected } from './errors';
import { ContentError } from './errors';
import type { FrayEvent, FrayEventBody, Visibility } from './events';
import { applyLogged, blankState, fold, SETUP_COMMAND } from './fold';

/** The empty state's fields that an `EncounterStarted` event carries. */
function initialCore() {
  const { version: _version, undoable: _undoable, pending: _pending, ...core } = blankState();
  return core;
}
import { decide, encounterCommandTable, type CommandTable } from './decide';
import type { CreatureState, EncounterState } from './state';
import type { Runtime } from '../resolve/context';
import type { LoadedRuleset } from '../ruleset/ruleset';
import type { CommandEnvelope } from '../command/command';
import { seeded } from '@fray/dice';

export interface CreatureSetup {
  id: string;
  name?: string;
  side: string;
  controller?: string | null;
  /** the raw stat block, validated by the ruleset */
  sheet: unknown;
  tags?: string[];
  hp?: number;
  tempHp?: number;
  conditions?: { id: string; level?: number }[];
  tracks?: Record<string, number>;
  tallies?: Record<string, number>;
  status?: string;
  hidden?: boolean;
  notes?: string | null;
  vars?: Record<string, Json>;
  /** a fixed initiative instead of a roll */
  initiative?: number;
}

export interface EncounterSetup {
  id: string;
  seed: string | number;
  modules?: string[];
  options?: Record<string, Json>;
  space?: Json;
  diceMode?: 'seeded' | 'entered';
  creatures: CreatureSetup[];
  /** where the setup came from, for error messages */
  file?: string;
  /** the game clock when it begins (a fight inside a campaign starts at the campaign's time); default 0 */
  clockSeconds?: number;
  /**
   * Creatures that arrive with their whole state from elsewhere (a campaign's party, with their
   * wounds, tracks and timed conditions), added as they are after the ones built from `creatures`.
   */
  carried?: CreatureState[];
}

/** How an authority decides: which command table it runs (the encounter's unless said otherwise). */
export interface AuthorityOptions {
  commands?: CommandTable;
}

/** Builds a creature from its setup, with the ruleset's starting values; errors name the path. */
export function creatureFromSetup(ruleset: LoadedRuleset, c: CreatureSetup, file: string, path: (string | number)[]): CreatureState {
  let sheet: Json;
  try {
    sheet = ruleset.parseStatBlock(c.sheet, file);
  } catch (e) {
    // The ruleset knows the path inside the stat block; the encounter knows where the stat block sits.
    if (e instanceof ContentError) throw new ContentError(e.file, [...path, 'sheet', ...e.path], e.reason, e.ruleId);
    throw e;
  }
  const init = ruleset.initCreature(sheet);
  const name = c.name ?? (typeof (sheet as Record<string, Json>)?.['name'] === 'string' ? ((sheet as Record<string, Json>)['name'] as string) : c.id);
  if (c.hp !== undefined && (c.hp < 0 || c.hp > init.maxHp)) throw new ContentError(file, [...path, 'hp'], `hp ${c.hp} is outside 0..${init.maxHp}`);
  return {
    id: c.id,
    name,
    side: c.side,
    controller: c.controller ?? null,
    tags: [...new Set([...init.tags, ...(c.tags ?? [])])],
    sheet,
    hp: c.hp ?? init.hp,
    maxHp: init.maxHp,
    tempHp: c.tempHp ?? init.tempHp,
    status: c.status ?? init.status,
    conditions: [],
    tracks: { ...init.tracks, ...(c.tracks ?? {}) },
    resources: { ...init.resources },
    tallies: { ...init.tallies, ...(c.tallies ?? {}) },
    hidden: c.hidden ?? false,
    notes: c.notes ?? null,
    vars: { ...(init.vars ?? {}), ...(c.vars ?? {}) },
  };
}

export type DispatchResult = { ok: true; events: FrayEvent[] } | { ok: false; error: CommandRejected };

/**
 * One encounter's authority in memory: the event log, the state folded from it, and snapshots so undo
 * is cheap. The server, CLI and tests all drive encounters through this.
 */
export class Encounter {
  private snapshots = new Map<string, EncounterState>();
  private readonly usedIds = new Set<string>();

  private constructor(
    readonly rt: Runtime,
    readonly events: FrayEvent[],
    public state: EncounterState,
    readonly commands: CommandTable = encounterCommandTable,
  ) {}

  static create(setup: EncounterSetup, rt: Runtime, opts: AuthorityOptions = {}): Encounter {
    const file = setup.file ?? `encounter:${setup.id}`;
    const ids = new Set<string>();
    const creatures = setup.creatures.map((c, i) => {
      if (ids.has(c.id)) throw new ContentError(file, ['creatures', i, 'id'], `duplicate creature id '${c.id}'`);
      ids.add(c.id);
      return creatureFromSetup(rt.ruleset, c, file, ['creatures', i]);
    });
    (setup.carried ?? []).forEach((c, i) => {
      if (ids.has(c.id)) throw new ContentError(file, ['carried', i, 'id'], `duplicate creature id '${c.id}'`);
      ids.add(c.id);
      creatures.push(cloneJson(c));
    });
    const bodies: FrayEventBody[] = [
      {
        type: 'EncounterStarted',
        encounter: {
          ...initialCore(),
          id: setup.id,
          ruleset: { id: rt.ruleset.id, version: rt.ruleset.version },
          modules: setup.modules ?? [],
          options: setup.options ?? {},
          space: setup.space ?? null,
          // A scenario may set its own round length (a minute-long round for a chase); otherwise the ruleset's.
          roundSeconds: typeof setup.options?.['roundSeconds'] === 'number' ? setup.options['roundSeconds'] : (rt.ruleset.roundSeconds ?? 6),
          dice: { mode: setup.diceMode ?? 'seeded', rng: seeded(setup.seed).getState() },
          endedReason: null,
          ...(setup.clockSeconds !== undefined ? { clockSeconds: setup.clockSeconds } : {}),
        },
      },
      ...creatures.map((creature): FrayEventBody => ({ type: 'CreatureAdded', creature })),
    ];
    const enc = new Encounter(rt, [], blankState(), opts.commands);
    enc.append(SETUP_COMMAND, bodies.map((body) => ({ body })));
    // Conditions and fixed initiative go through the rules, so implied conditions and immunities apply.
    setup.creatures.forEach((c, i) => {
      for (const [j, cond] of (c.conditions ?? []).entries()) {
        const r = enc.dispatchInternal({ id: `setup:${c.id}:cond:${j}`, issuedBy: { role: 'gm' }, command: { type: 'gm.addCondition', creatureId: c.id, conditionId: cond.id, ...(cond.level ? { level: cond.level } : {}) } }, SETUP_COMMAND);
        if (!r.ok) throw new ContentError(file, ['creatures', i, 'conditions', j], r.error.message);
      }
    });
    const fixed = setup.creatures.filter((c) => c.initiative !== undefined);
    if (fixed.length) {
      const order = fixed
        .map((c) => ({ creatureId: c.id, total: c.initiative!, tiebreak: [] as number[], group: null, delayed: false }))
        .sort((a, b) => b.total - a.total);
      enc.append(SETUP_COMMAND, [{ body: { type: 'InitiativeSet', order, reason: 'fixed in setup' } }]);
    }
    return enc;
  }

  static fromEvents(events: readonly FrayEvent[], rt: Runtime, opts: AuthorityOptions = {}): Encounter {
    const enc = new Encounter(rt, [...events], fold(events), opts.commands);
    for (const e of events) enc.usedIds.add(e.commandId);
    return enc;
  }

  /** Decides a command and, if accepted, appends its events. The state is untouched on rejection. */
  dispatch(envelope: CommandEnvelope): DispatchResult {
    return this.dispatchInternal(envelope, envelope.id);
  }

  private dispatchInternal(envelope: CommandEnvelope, batchId: string): DispatchResult {
    if ((envelope as { command?: { type?: unknown } }).command?.type === 'undo') return this.undo(envelope);
    if (batchId === envelope.id && this.usedIds.has(envelope.id)) {
      return { ok: false, error: { code: 'duplicate-command', message: `command id '${envelope.id}' was already used` } };
    }
    const decision = decide(this.state, envelope, this.rt, this.commands);
    if (!decision.ok) return decision;
    // The decider already folded the events into its own copy: take that over and keep the old
    // fields as the undo snapshot (one copy per command instead of two). `state` stays the same object.
    const before = decision.working ? { ...this.state } : cloneJson(this.state);
    const appended = decision.working ? this.adopt(batchId, decision.events, decision.working) : this.append(batchId, decision.events);
    this.usedIds.add(envelope.id);
    if (batchId !== SETUP_COMMAND) {
      this.snapshots.set(batchId, before);
      if (this.snapshots.size > 64) this.snapshots.delete(this.snapshots.keys().next().value!);
    }
    return { ok: true, events: appended };
  }

  /** Logs events the decider has already applied to `working`, and makes `working`'s fields the state's. */
  private adopt(batchId: string, events: { body: FrayEventBody; visibility?: Visibility }[], working: EncounterState): FrayEvent[] {
    const out: FrayEvent[] = [];
    for (const { body, visibility } of events) {
      const e = { ...body, seq: this.events.length, commandId: batchId, ...(visibility ? { visibility } : {}) } as FrayEvent;
      this.events.push(e);
      out.push(e);
    }
    Object.assign(this.state, working);
    // What applyLogged keeps in step with the log, as folding these events one by one would leave it.
    this.state.version = this.events.length;
    if (out.length && batchId !== SETUP_COMMAND && this.state.undoable[this.state.undoable.length - 1] !== batchId) this.state.undoable.push(batchId);
    return out;
  }

  private append(batchId: string, events: { body: FrayEventBody; visibility?: Visibility }[]): FrayEvent[] {
    const out: FrayEvent[] = [];
    for (const { body, visibility } of events) {
      const e = { ...body, seq: this.events.length, commandId: batchId, ...(visibility ? { visibility } : {}) } as FrayEvent;
      this.events.push(e);
      applyLogged(this.state, e);
      out.push(e);
    }
    return out;
  }

  /** Undoes the newest live command; the dice generator rewinds with it, so a retry rolls the same. */
  private undo(envelope: CommandEnvelope): DispatchResult {
    if (envelope.issuedBy?.role !== 'gm') return { ok: false, error: { code: 'forbidden', message: 'only the GM may undo' } };
    const target = this.state.undoable[this.state.undoable.length - 1];
    if (!target) return { ok: false, error: { code: 'nothing-to-undo', message: 'there is no command left to undo' } };
    const e: FrayEvent = { type: 'CommandUndone', commandId: target, seq: this.events.length };
    this.events.push(e);
    const snap = this.snapshots.get(target);
    if (snap) {
      this.snapshots.delete(target);
      this.state = snap;
      this.state.version = this.events.length;
    } else {
      this.state = fold(this.events);
    }
    return { ok: true, events: [e] };
  }
}
