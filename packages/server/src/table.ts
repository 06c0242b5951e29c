import {
  Campaign, ContentError, Encounter, activeEncounter, canonicalJson, creatureSetupSchema, encounterHistory,
  encounterResult, encounterSetupFromCampaign, type CampaignSetup, type CommandRejected, type CreatureSetup,
  type FrayEvent, type Json, type LoadedRuleset, type Principal, type Runtime,
} from '@fray/engine';
import { DatabaseUnavailable, DiskSyncFailed, VersionConflict, type EventStore, type StreamAppend } from '@fray/store';
import { decideFor, type Decided } from './authority';
import type { ClientEnvelope, FightSpec, StreamName, Versions, WireError } from './protocol';
import { Audience, audienceKey, sharedView, type SharedView } from './audience';
import { viewFor, type Projector } from './projection';
import { idleCollector } from './idle-gc';
import type { ServerMessage, TableView } from './protocol';

/** What a table is made from (the demo, a scenario or campaign file, or nothing). */
export interface TableSource {
  ruleset: string;
  name?: string;
  campaign: Omit<CampaignSetup, 'id'>;
  /** a fight to start at once (a scenario's foes against the campaign's creatures) */
  fight?: Omit<FightSpec, 'foes'> & { foes?: CreatureSetup[] };
}

export interface TableMeta {
  seats: { seat: string; name: string }[];
}

/** Something connected to a table: a WebSocket, or nobody (HTTP). */
export interface Subscriber {
  principal: Principal;
  send(msg: ServerMessage): void;
  /** a message already serialized (the same text goes to every connection of an audience) */
  sendText(text: string): void;
}

export interface TableLimits {
  maxCreaturesPerTable: number;
}

export type Outcome =
  | { ok: true; commandId: string; stream: StreamName | 'both'; versions: Versions; retried?: boolean }
  | { ok: false; commandId?: string; error: WireError };

export const campaignStreamId = (tableId: string) => `${tableId}/campaign`;
export const fightStreamId = (tableId: string, fightId: string) => `${tableId}/fight/${fightId}`;

/** Commands a client may not send on the table stream: the server runs them itself (startFight, finishFight). */
const SERVER_ONLY = new Set(['campaign.beginEncounter', 'campaign.recordEncounter']);
const ADDS_CREATURE = new Set(['addCreature', 'campaign.addMember']);
/** How often (in events) a stream's state is snapshotted, once the engine can load from one. */
export const SNAPSHOT_EVERY = 500;

export const EVENT_SCHEMA_FALLBACK = 1;

function wire(e: CommandRejected): WireError {
  // The engine says 'stale-version'; the protocol has one name for "someone else was first".
  const code = e.code === 'stale-version' ? 'version-conflict' : e.code;
  const out: WireError = { code, message: e.message };
  if (e.path) out.path = e.path;
  if (e.ruleId) out.ruleId = e.ruleId;
  return out;
}

/**
 * One live table: the campaign's authority and the fight under way, kept in step with the store.
 * Every change goes through `serial` (one at a time), is decided without showing anyone, appended in
 * one transaction, and only then committed in memory and acknowledged; the pushes to subscribers go
 * out after the acknowledgement, before the table's next step (see `serial`).
 */
export class LiveTable {
  readonly subscribers = new Set<Subscriber>();
  /** the GM and each seat with a connection: what their connections hold, worked out once for all of them */
  private readonly audiences = new Map<string, Audience>();
  private menusDue = false;
  private tail: Promise<unknown> = Promise.resolve();
  /**
   * The pushes of the step under way, each one audience's: they run after the step's outcome has been
   * handed back (the ack), one per turn of the event loop, so other tables' commands get in between.
   */
  private readonly afterAck: (() => void)[] = [];
  /** the version of each stream's newest snapshot (written every SNAPSHOT_EVERY events) */
  private readonly snapshotAt = new Map<string, number>();
  /** events between snapshots of a stream (a server option; tests take it low to load from snapshots) */
  snapshotEvery = SNAPSHOT_EVERY;
  /** runs before every serial step: with several processes on one database, catching up with the log (cluster/follow.ts) */
  beforeStep: (() => Promise<void>) | null = null;
  /** version conflicts that came from the store (another writer was first), not from the client's expectedVersion */
  private readonly storeConflicts = new WeakSet<WireError>();

  constructor(
    readonly id: string,
    public name: string,
    readonly ruleset: LoadedRuleset,
    readonly rt: Runtime,
    public campaign: Encounter,
    public fight: Encounter | null,
    public meta: TableMeta,
    private readonly store: EventStore,
    private readonly limits: TableLimits,
    readonly projector: Projector,
    readonly schemaVersion: number,
  ) {}

  versions(): Versions {
    return { table: this.campaign.version, fight: this.fight ? { id: this.fight.state.id, version: this.fight.version } : null };
  }

  /**
   * Runs `fn` after everything queued before it on this table, and after the pushes of the step before.
   * A step's outcome is handed back as soon as `fn` ends: the caller's ack goes out on the microtask
   * queue, while the step's pushes wait for the next turn of the event loop. The table's next step
   * waits for them, so every push is worked out on the state its command left, and carries the version
   * that was acknowledged.
   */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const step = async () => {
      if (this.beforeStep) await this.beforeStep();
      return fn();
    };
    idleCollector.begin();
    const run = this.tail.then(step, step);
    const flush = () => this.flushAfterAck();
    this.tail = run.then(flush, flush);
    const done = () => idleCollector.end();
    this.tail.then(done, done);
    return run;
  }

  /** Settles once every step queued so far has run and its pushes have gone out (a shutdown waits for it). */
  idle(): Promise<void> {
    return this.tail.then(() => undefined, () => undefined);
  }

  private flushAfterAck(): Promise<void> | undefined {
    if (!this.afterAck.length) return undefined;
    return new Promise((resolve) => {
      const next = () => {
        const job = this.afterAck.shift();
        if (!job) {
          this.menusSoon();
          return resolve();
        }
        try {
          job();
        } catch {
          // One audience's push failing (a projection that throws) must not hold up the others or the table.
        }
        setImmediate(next);
      };
      setImmediate(next);
    });
  }

  creatureCount(): number {
    const ids = new Set(this.campaign.state.creatureIds);
    if (this.fight) for (const id of this.fight.state.creatureIds) ids.add(id);
    return ids.size;
  }

  /** A client's command on one stream. */
  async submit(who: Principal, stream: StreamName, env: ClientEnvelope): Promise<Outcome> {
    let out = await this.submitRaw(who, stream, env);
    // Another process wrote first: catch up (the next step does) and decide again. A client that sent
    // expectedVersion gets its version-conflict from that second decision. Each conflict means another
    // command got in, so this ends; the bound only keeps a broken store from looping for ever.
    for (let tries = 0; !out.ok && this.beforeStep && this.storeConflicts.has(out.error) && tries < 100; tries++) out = await this.submitRaw(who, stream, env);
    return out.ok || who.role === 'gm' ? out : { ...out, error: this.scrubFor(who.seat, out.error) };
  }

  /**
   * A rejection's words may name creatures (an open prompt's id, a target): a seat must not learn of a
   * hidden one that way, so their ids and names become 'someone', as in the engine's player views.
   */
  private scrubFor(seat: string, e: WireError): WireError {
    const needles: string[] = [];
    for (const s of [this.campaign.state, this.fight?.state]) {
      if (!s) continue;
      for (const id of s.creatureIds) {
        const c = s.creatures[id]!;
        if (c.hidden && c.controller !== seat) needles.push(id, ...(c.name.length > 2 ? [c.name] : []));
      }
    }
    if (!needles.length) return e;
    needles.sort((a, b) => b.length - a.length);
    const scrub = (t: string) => needles.reduce((acc, n) => acc.split(n).join('someone'), t);
    const out: WireError = { ...e, message: scrub(e.message) };
    if (e.path) out.path = e.path.map((x) => (typeof x === 'string' ? scrub(x) : x));
    return out;
  }

  private submitRaw(who: Principal, stream: StreamName, env: ClientEnvelope): Promise<Outcome> {
    return this.serial(async () => {
      const commandId = env.id;
      if (env.issuedBy && canonicalJson(env.issuedBy) !== canonicalJson(who)) {
        return { ok: false, commandId, error: { code: 'forbidden', message: 'issuedBy does not match the token: leave it out, the server fills it in', path: ['envelope', 'issuedBy'] } };
      }
      const enc = stream === 'table' ? this.campaign : this.fight;
      if (!enc) return { ok: false, commandId, error: { code: 'no-fight', message: 'no fight is under way: send it to the table stream, or start a fight' } };
      const type = env.command.type;
      if (stream === 'table' && SERVER_ONLY.has(type)) {
        return { ok: false, commandId, error: { code: 'forbidden', message: `${type} is the server's: send startFight or finishFight`, path: ['envelope', 'command', 'type'] } };
      }
      if (ADDS_CREATURE.has(type) && this.creatureCount() >= this.limits.maxCreaturesPerTable) {
        return { ok: false, commandId, error: { code: 'too-many-creatures', message: `a table holds at most ${this.limits.maxCreaturesPerTable} creatures` } };
      }
      const envelope = { ...env, issuedBy: who };
      // A retry of an accepted command (same id, same envelope) is answered by the engine with its original events.
      const d = decideFor(enc, envelope);
      if (!d.ok) return { ok: false, commandId, error: wire(d.error) };
      if (d.decided.retried) return { ok: true, commandId, stream, versions: this.versions(), retried: true };
      const failure = await this.write([{ stream: this.streamOf(stream), expectedVersion: d.decided.baseVersion, events: d.decided.events }], [d.decided]);
      if (failure) return { ok: false, commandId, error: failure };
      this.pushAfterAck(stream, d.decided.events, who);
      await this.maybeSnapshot(stream === 'table' ? this.campaign : this.fight!, this.streamOf(stream));
      return { ok: true, commandId, stream, versions: this.versions() };
    });
  }

  /** GM: a fight from the campaign, its members carried as they are. */
  startFight(requestId: string, spec: FightSpec & { foes?: unknown[] }, expectedVersion?: number): Promise<Outcome> {
    return this.serial(async () => {
      const fail = (code: string, message: string, path?: (string | number)[]): Outcome => ({ ok: false, commandId: requestId, error: path ? { code, message, path } : { code, message } });
      if (this.fight && activeEncounter(this.campaign.state)) return fail('fight-under-way', `fight '${this.fight.state.id}' is under way: finish it first`);
      if (expectedVersion !== undefined && expectedVersion !== this.campaign.version) {
        return fail('version-conflict', `the table is at version ${this.campaign.version}, not ${expectedVersion}: refresh and try again`);
      }
      const fightId = spec.id ?? `fight-${encounterHistory(this.campaign.state).length + 1}`;
      if (encounterHistory(this.campaign.state).some((r) => r.id === fightId)) return fail('duplicate-fight', `the table already had a fight '${fightId}'`, ['fight', 'id']);
      const foes: CreatureSetup[] = [];
      for (const [i, raw] of (spec.foes ?? []).entries()) {
        const p = creatureSetupSchema.safeParse(raw);
        if (!p.success) return fail('malformed', `foe ${i}: ${p.error.issues[0]?.message ?? 'invalid'}`, ['fight', 'foes', i, ...(p.error.issues[0]?.path ?? []).map((x) => (typeof x === 'symbol' ? String(x) : x))]);
        foes.push(p.data as CreatureSetup);
      }
      let enc: Encounter;
      let members: string[];
      try {
        const setup = encounterSetupFromCampaign(this.campaign.state, {
          id: fightId,
          seed: spec.seed ?? `${this.id}:${fightId}:${Math.floor(Math.random() * 2 ** 32)}`,
          foes,
          ...(spec.members ? { members: spec.members } : {}),
          ...(spec.options ? { options: spec.options as Record<string, Json> } : {}),
          ...(spec.space !== undefined ? { space: spec.space as Json } : {}),
          ...(spec.modules ? { modules: spec.modules } : {}),
          ...(spec.diceMode ? { diceMode: spec.diceMode } : {}),
        });
        members = setup.carried!.map((c) => c.id);
        if (members.length + foes.length + this.campaign.state.creatureIds.length - members.length > this.limits.maxCreaturesPerTable) {
          return fail('too-many-creatures', `a table holds at most ${this.limits.maxCreaturesPerTable} creatures`);
        }
        enc = Encounter.create(setup, this.rt);
      } catch (e) {
        if (e instanceof ContentError) return fail('invalid-setup', `${e.path.join('.') || '(root)'}: ${e.reason}`, e.path);
        throw e;
      }
      const begin = decideFor(this.campaign, { id: `${requestId}`, issuedBy: { role: 'gm' }, command: { type: 'campaign.beginEncounter', encounterId: fightId, members } });
      if (!begin.ok) return { ok: false, commandId: requestId, error: wire(begin.error) };
      const fightStream = fightStreamId(this.id, fightId);
      const failure = await this.write([
        { stream: campaignStreamId(this.id), expectedVersion: begin.decided.baseVersion, events: begin.decided.events },
        { stream: fightStream, expectedVersion: 0, events: enc.events, create: { kind: 'encounter', tableId: this.id, ruleset: { id: this.ruleset.id, version: this.ruleset.version }, schemaVersion: this.schemaVersion } },
      ], [begin.decided]);
      if (failure) return { ok: false, commandId: requestId, error: failure };
      this.fight = enc;
      this.pushAfterAck('table', begin.decided.events, { role: 'gm' });
      this.pushAfterAck('fight', enc.events, { role: 'gm' });
      return { ok: true, commandId: requestId, stream: 'both', versions: this.versions() };
    });
  }

  /** GM: ends the fight under way (if the rules have not) and writes it back into the campaign. */
  finishFight(requestId: string, reason?: string): Promise<Outcome> {
    return this.serial(async () => {
      const fight = this.fight;
      if (!fight) return { ok: false, commandId: requestId, error: { code: 'no-fight', message: 'no fight is under way' } };
      if (fight.state.phase !== 'ended') {
        // Two steps, each atomic: a crash between them leaves an ended fight that finishFight records.
        const end = decideFor(fight, { id: `${requestId}:end`, issuedBy: { role: 'gm' }, command: { type: 'gm.endEncounter', ...(reason ? { reason } : {}) } });
        if (!end.ok) return { ok: false, commandId: requestId, error: wire(end.error) };
        const failure = await this.write([{ stream: fightStreamId(this.id, fight.state.id), expectedVersion: end.decided.baseVersion, events: end.decided.events }], [end.decided]);
        if (failure) return { ok: false, commandId: requestId, error: failure };
        // Worked out now, on the ended fight (it leaves the table below), sent after the ack with the rest.
        const sends = this.pushJobs('fight', end.decided.events, 'gm').map((job) => job());
        this.afterAck.push(() => sends.forEach((send) => send?.()));
      }
      const active = activeEncounter(this.campaign.state);
      if (!active || active.id !== fight.state.id) return { ok: false, commandId: requestId, error: { code: 'no-fight', message: `fight '${fight.state.id}' is not the campaign's fight under way` } };
      const record = decideFor(this.campaign, { id: `${requestId}:record`, issuedBy: { role: 'gm' }, command: encounterResult(fight.state, active.members) });
      if (!record.ok) return { ok: false, commandId: requestId, error: wire(record.error) };
      const failure = await this.write([{ stream: campaignStreamId(this.id), expectedVersion: record.decided.baseVersion, events: record.decided.events }], [record.decided]);
      if (failure) return { ok: false, commandId: requestId, error: failure };
      this.fight = null;
      this.pushAfterAck('table', record.decided.events, { role: 'gm' });
      return { ok: true, commandId: requestId, stream: 'table', versions: this.versions() };
    });
  }

  private streamOf(stream: StreamName): string {
    return stream === 'table' ? campaignStreamId(this.id) : fightStreamId(this.id, this.fight!.state.id);
  }

  /** Appends, then commits in memory; on failure memory is untouched (the engine proposed without applying). */
  private async write(parts: StreamAppend[], decided: Decided[]): Promise<WireError | null> {
    try {
      await this.store.append(parts);
    } catch (e) {
      if (e instanceof VersionConflict) {
        const w: WireError = { code: 'version-conflict', message: e.message };
        this.storeConflicts.add(w);
        return w;
      }
      // Written but not known to be on disk: a restart rebuilds the table from what the file holds.
      if (e instanceof DiskSyncFailed) return { code: 'unavailable', message: "the server's disk could not save the command, and it takes no more until it is restarted; after the restart the table shows whether this command was kept" };
      if (e instanceof DatabaseUnavailable) return { code: 'unavailable', message: 'the database cannot be reached just now; nothing was changed: send the command again' };
      return { code: 'internal', message: 'the store could not write the command; nothing was changed' };
    }
    for (const d of decided) d.commit();
    return null;
  }

  private async maybeSnapshot(enc: Encounter, stream: string): Promise<void> {
    const last = this.snapshotAt.get(stream) ?? 0;
    if (enc.version - last < this.snapshotEvery) return;
    const snap = enc.snapshot();
    this.snapshotAt.set(stream, snap.version);
    // A snapshot only speeds up loading: if it cannot be written, the log still holds everything.
    await this.store.saveSnapshot(stream, snap.version, snap).catch(() => undefined);
  }

  /** A stream's events from a version on: from memory, or from the store for what a snapshot load left out. */
  async eventsSince(stream: StreamName, from: number): Promise<FrayEvent[]> {
    const enc = stream === 'table' ? this.campaign : this.fight!;
    const offset = enc.version - enc.events.length;
    if (from >= offset) return enc.events.slice(from - offset);
    return this.store.read(this.streamOf(stream), from);
  }

  /**
   * Subscribes a connection and returns its welcome view (with menus) and serial. The audience's parts
   * are brought up to now first, so its other connections and the newcomer patch from the same base.
   * Call inside `serial`, so nothing is pushed between the view and the subscription.
   */
  subscribe(sub: Subscriber): { view: TableView; viewSeq: number } {
    const key = audienceKey(sub.principal);
    let a = this.audiences.get(key);
    if (!a) this.audiences.set(key, (a = new Audience(sub.principal)));
    this.pushPatch(a, this.subscribersOf(key));
    this.subscribers.add(sub);
    return { view: viewFor(this, sub.principal), viewSeq: a.seq };
  }

  unsubscribe(sub: Subscriber): void {
    this.subscribers.delete(sub);
    const key = audienceKey(sub.principal);
    if (!this.subscribersOf(key).length) this.audiences.delete(key);
  }

  private subscribersOf(key: string): Subscriber[] {
    return [...this.subscribers].filter((s) => audienceKey(s.principal) === key);
  }

  /** Sends an audience's connections the patch to its view now, if anything changed (seats added or revoked). */
  private pushPatch(a: Audience, subs: readonly Subscriber[]): void {
    const patch = a.advance(this);
    if (patch && subs.length) this.sendAll(subs, `{"type":"view","patch":${patch}}`);
  }

  /** The view changed without events (the seats): every audience gets its patch. */
  refreshViews(): void {
    for (const [key, subs] of this.byAudience()) {
      const a = this.audiences.get(key);
      if (a) this.pushPatch(a, subs);
    }
  }

  private byAudience(): Map<string, Subscriber[]> {
    const out = new Map<string, Subscriber[]>();
    for (const sub of this.subscribers) {
      const key = audienceKey(sub.principal);
      const list = out.get(key);
      if (list) list.push(sub);
      else out.set(key, [sub]);
    }
    return out;
  }

  private sendAll(subs: readonly Subscriber[], text: string): void {
    for (const sub of subs) {
      try {
        sub.sendText(text);
      } catch {
        // A subscriber that cannot take a message is dropped by its transport; others still get theirs.
      }
    }
  }

  /**
   * Pushes new events to every audience now (another process's events, taken in before a step decides
   * anything): each audience's projection and view patch, worked out once and sent as the same text to
   * all of its connections. The menus follow.
   */
  broadcast(stream: StreamName, events: readonly FrayEvent[]): void {
    for (const job of this.pushJobs(stream, events)) job()?.();
    this.menusSoon();
  }

  /** Queues the pushes of events this step committed, the commander's audience first (see `serial`). */
  private pushAfterAck(stream: StreamName, events: readonly FrayEvent[], first: Principal): void {
    for (const job of this.pushJobs(stream, events, audienceKey(first))) this.afterAck.push(() => job()?.());
  }

  /**
   * One job per audience with connections: each works out that audience's `events` message (on the
   * table as it is when the job runs) and returns what sends it, or null when there is nothing to send.
   */
  private pushJobs(stream: StreamName, events: readonly FrayEvent[], firstKey?: string): (() => (() => void) | null)[] {
    const keys = [...this.byAudience().keys()];
    const at = firstKey ? keys.indexOf(firstKey) : -1;
    if (at > 0) keys.unshift(...keys.splice(at, 1));
    let shared: SharedView | null = null;
    return keys.map((key) => () => {
      const subs = this.subscribersOf(key);
      if (!subs.length) return null;
      let a = this.audiences.get(key);
      if (!a) this.audiences.set(key, (a = new Audience(subs[0]!.principal)));
      shared ??= sharedView(this);
      let text: string;
      try {
        text = a.eventsText(this, stream, events, shared);
      } catch {
        return null;
      }
      return () => this.sendAll(subs, text);
    });
  }

  /**
   * The menus are searched after the pushes have gone (they cost more than the rest of a push), once per
   * table however many commands came in meanwhile, for the state the table is in then, one audience per
   * turn of the event loop. A menu for a version an audience has not been pushed yet is dropped by its
   * clients; the pushes under way ask for menus again when they end.
   */
  private menusSoon(): void {
    if (this.menusDue) return;
    this.menusDue = true;
    idleCollector.begin();
    setImmediate(() => {
      this.menusDue = false;
      if (this.afterAck.length) return idleCollector.end();
      const keys = [...this.byAudience().keys()];
      const next = () => {
        const key = keys.shift();
        if (key === undefined) return idleCollector.end();
        const subs = this.subscribersOf(key);
        try {
          const text = subs.length ? this.audiences.get(key)?.actionsText(this) : null;
          if (text) this.sendAll(subs, text);
        } finally {
          if (keys.length) setImmediate(next);
          else idleCollector.end();
        }
      };
      next();
    });
  }

  seatOf(creatureController: string | null): string | null {
    return creatureController;
  }
}

/** The seats a table should have: every controller named by its creatures, plus any asked for. */
export function seatsNamedBy(creatures: readonly { controller?: string | null; name?: string; id: string }[]): string[] {
  const out: string[] = [];
  for (const c of creatures) if (c.controller && !out.includes(c.controller)) out.push(c.controller);
  return out;
}

export { Campaign };
