import type { Json } from './json';
import { cloneJson } from './json';
import { inputProblem } from './input-guard';
import type { CommandRejected } from './errors';
import { ContentError } from './errors';
import type { FrayEvent, FrayEventBody, Visibility } from './events';
import { applyLogged, blankState, fold, foldOnto, SETUP_COMMAND } from './fold';
import { publishCreatures, shareUnchanged, workingCopy } from './working-copy';
import { digestOf } from './digest';
import { checkLog, checkLogVersions, EVENT_SCHEMA_VERSION, LogLoadError } from './log-version';

/** The empty state's fields that an `EncounterStarted` event carries. */
function initialCore() {
  const { version: _version, undoable: _undoable, pending: _pending, ...core } = blankState();
  return core;
}
import { decide, encounterCommandTable, type CommandTable } from './decide';
import type { CreatureState, EncounterState } from './state';
import type { Runtime } from '../resolve/context';
import type { LoadedRuleset } from '../ruleset/ruleset';
import { engineCommandSchemas, envelopeSchema, type CommandEnvelope } from '../command/command';
import { seeded } from '@fray/dice';
import { checkCreatureVars, checkModules, checkOptions } from '../ruleset/declarations';

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
  /** conditions at the start, through the rules (implied conditions and immunities apply); `source` a creature or effect, `data` as the ruleset keeps it */
  conditions?: { id: string; level?: number; source?: string; data?: Json; duration?: Json }[];
  /** resources as they stand (recoveries used, duel actions, exertion), over the ruleset's starting values */
  resources?: Record<string, number>;
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
  if (c.vars) checkCreatureVars(ruleset, c.vars, file, path);
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
  const built: CreatureState = {
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
    resources: { ...init.resources, ...(c.resources ?? {}) },
    tallies: { ...init.tallies, ...(c.tallies ?? {}) },
    hidden: c.hidden ?? false,
    notes: c.notes ?? null,
    vars: { ...(init.vars ?? {}), ...(c.vars ?? {}) },
  };
  // Below 0 only where the ruleset keeps negative hit points (13th Age PCs: down to -maximum).
  const floor = Math.min(0, ruleset.hpFloor?.({ creatures: { [c.id]: built } } as unknown as EncounterState, c.id) ?? 0);
  if (c.hp !== undefined && (c.hp < floor || c.hp > init.maxHp)) throw new ContentError(file, [...path, 'hp'], `hp ${c.hp} is outside ${floor}..${init.maxHp}`);
  return built;
}

export type Rejected = { ok: false; error: CommandRejected };
export type DispatchResult = { ok: true; events: FrayEvent[]; /** the command was accepted before; these are its original events */ retried?: true } | Rejected;

/**
 * What `commit` applies. Opaque to callers: hold it, store `events`, then hand the proposal back.
 */
export type ProposalEffect =
  | { kind: 'append'; owner: Encounter; batchId: string; digest: string | null; working?: EncounterState | undefined }
  | { kind: 'undo'; owner: Encounter; target: string; digest: string }
  | { kind: 'retried' };

/**
 * A decided command, not yet applied: the events it will append (seq and commandId assigned, from
 * `baseVersion`), and what `commit` needs. A retried envelope gives `retried: true` and its original
 * events; committing that changes nothing.
 */
export interface Proposal {
  ok: true;
  commandId: string;
  /** the log length this was decided against; `commit` refuses if the log has moved */
  baseVersion: number;
  events: FrayEvent[];
  retried: boolean;
  readonly effect: ProposalEffect;
}

export type ProposeResult = Proposal | Rejected;

/**
 * A point to load from instead of folding the whole log: the state at `version` (a batch boundary),
 * and the command ids accepted so far with their envelopes' digests ('' where the log had none), so
 * retries and duplicates are still told apart after a load. Plain JSON.
 */
export interface EncounterSnapshot {
  version: number;
  schemaVersion: number;
  state: EncounterState;
  commands: [id: string, digest: string][];
}

export interface SnapshotLoadOptions extends AuthorityOptions {
  /**
   * The log before the snapshot (seq 0 .. version-1). Read only when needed: an undo that reaches a
   * command from before the snapshot, a tail that does so, or a retry of a command from before it.
   * Without it, such an undo is rejected 'undo-unavailable' and such a retry answers with no events.
   */
  earlier?: () => readonly FrayEvent[];
}

/** Command ids the encounter keeps for itself: the setup batch and its internal commands. */
export function isReservedCommandId(id: string): boolean {
  return id === SETUP_COMMAND || id.startsWith(`${SETUP_COMMAND}:`);
}

const failed = (code: string, message: string, extra: Partial<CommandRejected> = {}): Rejected => ({ ok: false, error: { code, message, ...extra } });

function zodPath(path: readonly PropertyKey[] | undefined): (string | number)[] {
  return (path ?? []).map((p) => (typeof p === 'symbol' ? String(p) : p));
}

/** How many undo snapshots an encounter keeps in memory; older undos fold the log instead. */
const UNDO_SNAPSHOTS = 64;

/**
 * One encounter's authority in memory: the event log, the state folded from it, and snapshots so undo
 * is cheap. The server, CLI and tests all drive encounters through this.
 *
 * Deciding and applying are separate (`propose`, then `commit`), so an authority with a store can
 * decide without changing anything, write the events, and apply them only after the write committed.
 * `dispatch` is both at once.
 */
export class Encounter {
  private snapshots = new Map<string, EncounterState>();
  /** accepted command ids → their envelope's digest ('' when unknown: a log written before digests) */
  private readonly used = new Map<string, string>();
  /** seq of `events[0]`: 0 for a whole log, the snapshot's version after `fromSnapshot` */
  private offset = 0;
  /** the snapshot the tail was folded onto (kept to fold again for an undo) */
  private base: EncounterState | null = null;
  private earlier: (() => readonly FrayEvent[]) | null = null;
  private readonly committed = new WeakSet<Proposal>();

  private constructor(
    readonly rt: Runtime,
    /** the log (after `fromSnapshot`: its tail, from seq `snapshot.version`) */
    readonly events: FrayEvent[],
    public state: EncounterState,
    readonly commands: CommandTable = encounterCommandTable,
  ) {
    publishCreatures(state);
  }

  /** The log's length: the next event's seq. */
  get version(): number {
    return this.offset + this.events.length;
  }

  /** Whether a command id has been accepted (it cannot be used for another command). */
  isUsed(id: string): boolean {
    return this.used.has(id) || isReservedCommandId(id);
  }

  static create(setup: EncounterSetup, rt: Runtime, opts: AuthorityOptions = {}): Encounter {
    const file = setup.file ?? `encounter:${setup.id}`;
    checkOptions(rt.ruleset, setup.options ?? {}, file);
    checkModules(rt.ruleset, setup.modules ?? [], file);
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
        schemaVersion: EVENT_SCHEMA_VERSION,
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
        const r = enc.proposeAs({ id: `setup:${c.id}:cond:${j}`, issuedBy: { role: 'gm' }, command: {
          type: 'gm.addCondition', creatureId: c.id, conditionId: cond.id, ...(cond.level ? { level: cond.level } : {}),
          ...(cond.source !== undefined ? { source: cond.source } : {}), ...(cond.data !== undefined ? { data: cond.data } : {}), ...(cond.duration !== undefined ? { duration: cond.duration } : {}),
        } }, SETUP_COMMAND);
        if (!r.ok) throw new ContentError(file, ['creatures', i, 'conditions', j], r.error.message);
        enc.commit(r);
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

  /** Loads a whole log; refuses (LogVersionError) one written in an event schema or ruleset version it cannot read. */
  static fromEvents(events: readonly FrayEvent[], rt: Runtime, opts: AuthorityOptions = {}): Encounter {
    checkLog(events, rt.ruleset);
    events.forEach((e, i) => {
      if (e.seq !== i) throw new LogLoadError('gap', `event ${i} of the log has seq ${e.seq}`);
    });
    const enc = new Encounter(rt, [...events], fold(events), opts.commands);
    enc.remember(events);
    return enc;
  }

  /**
   * Loads from a snapshot and the log after it; the same encounter as `fromEvents(wholeLog)`.
   * `tail` must start at `snap.version` with no gap. If the tail undoes a command from before the
   * snapshot, the state must be folded from the start: `opts.earlier` is then required.
   */
  static fromSnapshot(snap: EncounterSnapshot, tail: readonly FrayEvent[], rt: Runtime, opts: SnapshotLoadOptions = {}): Encounter {
    checkLogVersions(snap.schemaVersion, snap.state.ruleset, rt.ruleset, 'the snapshot');
    tail.forEach((e, i) => {
      if (e.seq !== snap.version + i) throw new LogLoadError('gap', `the tail's event ${i} has seq ${e.seq}; expected ${snap.version + i} (the snapshot is at version ${snap.version})`);
    });
    if (reachesBehind(tail)) {
      if (!opts.earlier) throw new LogLoadError('needs-earlier', `the tail undoes a command from before the snapshot at version ${snap.version}; load with the earlier log (opts.earlier)`);
      const earlier = opts.earlier();
      if (earlier.length !== snap.version) throw new LogLoadError('gap', `the earlier log has ${earlier.length} events; the snapshot is at version ${snap.version}`);
      return Encounter.fromEvents([...earlier, ...tail], rt, opts);
    }
    const enc = new Encounter(rt, [...tail], foldOnto(cloneJson(snap.state), tail), opts.commands);
    enc.offset = snap.version;
    enc.base = cloneJson(snap.state);
    enc.earlier = opts.earlier ?? null;
    for (const [id, digest] of snap.commands) enc.used.set(id, digest);
    enc.remember(tail);
    return enc;
  }

  /** The state at this point, and what a load needs besides the log after it. */
  snapshot(): EncounterSnapshot {
    return { version: this.version, schemaVersion: EVENT_SCHEMA_VERSION, state: cloneJson(this.state), commands: [...this.used] };
  }

  /** Decides a command and, if accepted, appends its events: `propose` then `commit`. */
  dispatch(envelope: unknown): DispatchResult {
    const p = this.propose(envelope);
    if (!p.ok) return p;
    const events = this.commit(p);
    return p.retried ? { ok: true, events, retried: true } : { ok: true, events };
  }

  /**
   * Decides a command against the current state without changing anything (state, log, used ids,
   * undo snapshots, the dice generator). A rejection names what is wrong.
   */
  propose(envelope: unknown): ProposeResult {
    return this.proposeAs(envelope, null);
  }

  /**
   * Applies a proposal (after the store has committed its events). Throws if the proposal is not
   * this encounter's or the log moved since it was decided: a programming error, never input.
   */
  commit(p: Proposal): FrayEvent[] {
    const effect = p.effect;
    if (effect.kind === 'retried') return p.events;
    if (effect.owner !== this) throw new Error('Encounter.commit: the proposal was made by another encounter');
    if (this.committed.has(p)) throw new Error(`Encounter.commit: proposal ${p.commandId} was already committed`);
    if (p.baseVersion !== this.version) throw new Error(`Encounter.commit: the log moved from version ${p.baseVersion} to ${this.version} since ${p.commandId} was proposed; propose it again`);
    this.committed.add(p);
    if (effect.kind === 'undo') {
      this.events.push(...p.events);
      this.used.set(p.commandId, effect.digest);
      const snap = this.snapshots.get(effect.target);
      if (snap) {
        this.snapshots.delete(effect.target);
        this.state = snap;
        this.state.version = this.version;
      } else {
        this.state = this.rebuild();
      }
      publishCreatures(this.state);
      return p.events;
    }
    const { batchId, working } = effect;
    effect.working = undefined;
    // The decider already folded the events into its own copy: take that over and keep the old
    // fields as the undo snapshot (one copy per command instead of two). `state` stays the same object.
    const before = { ...this.state };
    if (!working) this.foldIn(p.events);
    else {
      this.events.push(...p.events);
      Object.assign(this.state, working);
      publishCreatures(this.state);
      // What applyLogged keeps in step with the log, as folding these events one by one would leave it.
      this.state.version = this.version;
      if (p.events.length && batchId !== SETUP_COMMAND && this.state.undoable[this.state.undoable.length - 1] !== batchId) this.state.undoable.push(batchId);
    }
    if (effect.digest !== null) this.used.set(p.commandId, effect.digest);
    if (batchId !== SETUP_COMMAND) {
      this.snapshots.set(batchId, before);
      if (this.snapshots.size > UNDO_SNAPSHOTS) this.snapshots.delete(this.snapshots.keys().next().value!);
    }
    return p.events;
  }

  /**
   * Takes in events another authority appended to the same log (read back from a shared store), as if
   * this encounter had committed them: in order, from its own version, no gap. An undo among them
   * folds the state again (from the undo snapshots' base, or the earlier log when the undo reaches
   * behind a snapshot load: LogLoadError 'needs-earlier' if that is not at hand, and nothing changes).
   */
  follow(events: readonly FrayEvent[]): void {
    events.forEach((e, i) => {
      if (e.seq !== this.version + i) throw new LogLoadError('gap', `followed event ${i} has seq ${e.seq}; the encounter is at version ${this.version + i}`);
    });
    if (!events.length) return;
    if (!events.some((e) => e.type === 'CommandUndone')) {
      this.foldIn(events);
      this.remember(events);
      return;
    }
    const at = this.events.length;
    this.events.push(...events);
    if (this.offset !== 0 && !this.earlier && reachesBehind(this.events)) {
      this.events.length = at;
      throw new LogLoadError('needs-earlier', 'a followed undo reaches behind the snapshot this encounter was loaded from; load it again with the earlier log');
    }
    this.remember(events);
    // Undo snapshots were taken for a log that has moved under them: fold afresh.
    this.snapshots.clear();
    this.state = this.rebuild();
    publishCreatures(this.state);
  }

  /** `batch` set: an internal command logged under that batch id (setup), exempt from id checks. */
  private proposeAs(raw: unknown, batch: string | null): ProposeResult {
    // Depth and reserved names before any schema walks the input (input-guard.ts).
    const unsafe = inputProblem(raw);
    if (unsafe) return failed('malformed', `command envelope: ${unsafe.message}`, { path: unsafe.path });
    const parsed = envelopeSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return failed('malformed', `command envelope: ${issue?.message ?? 'invalid'}`, { path: zodPath(issue?.path) });
    }
    const envelope = parsed.data as CommandEnvelope;
    let digest: string | null = null;
    if (batch === null) {
      if (isReservedCommandId(envelope.id)) return failed('reserved-id', `command id '${envelope.id}' is reserved for the encounter's setup; use another id`, { path: ['id'] });
      digest = digestOf(envelope);
      const seen = this.used.get(envelope.id);
      if (seen !== undefined) {
        if (seen !== '' && seen === digest) return { ok: true, commandId: envelope.id, baseVersion: this.version, events: this.eventsOf(envelope.id), retried: true, effect: { kind: 'retried' } };
        return failed('duplicate-command', `command id '${envelope.id}' was already used for another command`, { path: ['id'] });
      }
    }
    if (envelope.command.type === 'undo') return this.proposeUndo(envelope, digest ?? digestOf(envelope));
    const decision = decide(this.state, envelope, this.rt, this.commands);
    if (!decision.ok) return decision;
    const batchId = batch ?? envelope.id;
    const base = this.version;
    const events = decision.events.map(({ body, visibility }, i) => ({
      ...body,
      seq: base + i,
      commandId: batchId,
      ...(visibility ? { visibility } : {}),
      ...(i === 0 && digest !== null ? { digest } : {}),
    }) as FrayEvent);
    return { ok: true, commandId: envelope.id, baseVersion: base, events, retried: false, effect: { kind: 'append', owner: this, batchId, digest, working: decision.working } };
  }

  /** Undo: validated like any command; the newest live command goes, and the dice rewind with it. */
  private proposeUndo(envelope: CommandEnvelope, digest: string): ProposeResult {
    const cmd = engineCommandSchemas.undo.safeParse(envelope.command);
    if (!cmd.success) {
      const issue = cmd.error.issues[0];
      return failed('malformed', `undo: ${issue?.message ?? 'invalid'}`, { path: ['command', ...zodPath(issue?.path)] });
    }
    if (envelope.expectedVersion !== undefined && envelope.expectedVersion !== this.version) {
      return failed('stale-version', `the encounter is at version ${this.version}, not ${envelope.expectedVersion}: refresh and try again`);
    }
    if (envelope.issuedBy.role !== 'gm') return failed('forbidden', 'only the GM may undo');
    const target = this.state.undoable[this.state.undoable.length - 1];
    if (!target) return failed('nothing-to-undo', 'there is no command left to undo');
    if (!this.snapshots.has(target) && !this.canRebuild(target)) {
      return failed('undo-unavailable', `undoing '${target}' needs the log from before the snapshot this encounter was loaded from`);
    }
    const e: FrayEvent = { type: 'CommandUndone', commandId: target, undoId: envelope.id, seq: this.version, digest };
    return { ok: true, commandId: envelope.id, baseVersion: this.version, events: [e], retried: false, effect: { kind: 'undo', owner: this, target, digest } };
  }

  /** Logs the setup batch's own events (no decision: the encounter's creation). */
  private append(batchId: string, events: { body: FrayEventBody; visibility?: Visibility }[]): void {
    this.foldIn(events.map(({ body, visibility }, i) => ({ ...body, seq: this.version + i, commandId: batchId, ...(visibility ? { visibility } : {}) }) as FrayEvent));
  }

  /**
   * Logs events and folds them into the state through a working copy: a state once published (to a
   * view, an undo snapshot, the next state that shares its unchanged creatures) is never written into.
   */
  private foldIn(events: readonly FrayEvent[]): void {
    const next = workingCopy(this.state);
    for (const e of events) {
      this.events.push(e);
      applyLogged(next, e);
    }
    shareUnchanged(next);
    Object.assign(this.state, next);
    publishCreatures(this.state);
  }

  /** Notes the command ids a log accepted (and their digests, where it recorded them). */
  private remember(events: readonly FrayEvent[]): void {
    for (const e of events) {
      if (e.type === 'CommandUndone') {
        if (e.undoId !== undefined) this.used.set(e.undoId, e.digest ?? '');
      } else if (e.commandId !== SETUP_COMMAND && !this.used.has(e.commandId)) {
        this.used.set(e.commandId, e.digest ?? '');
      }
    }
  }

  /** The events an accepted command appended (for a retry), from the tail or the earlier log. */
  private eventsOf(id: string): FrayEvent[] {
    const of = (log: readonly FrayEvent[]) => log.filter((e) => (e.type === 'CommandUndone' ? e.undoId === id : e.commandId === id));
    const found = of(this.events);
    if (found.length || !this.offset || !this.earlier) return found;
    return of(this.earlier());
  }

  /** Whether the live state can be folded again once `target` is undone (no earlier log needed, or it is at hand). */
  private canRebuild(target: string): boolean {
    if (this.offset === 0 || this.earlier) return true;
    const inTail = this.events.some((e) => e.type !== 'CommandUndone' && e.commandId === target);
    return inTail && !reachesBehind(this.events);
  }

  /** The live state folded from the log: from the snapshot when the tail allows, else from the start. */
  private rebuild(): EncounterState {
    if (this.offset === 0) return fold(this.events);
    if (!reachesBehind(this.events)) return foldOnto(cloneJson(this.base!), this.events);
    const earlier = this.earlier!();
    return fold([...earlier, ...this.events]);
  }
}

/** Whether a log's tail undoes a command none of whose events are in it (one from before the tail). */
function reachesBehind(tail: readonly FrayEvent[]): boolean {
  const present = new Set<string>();
  for (const e of tail) {
    if (e.type !== 'CommandUndone') present.add(e.commandId);
    else if (!present.has(e.commandId)) return true;
  }
  return false;
}
