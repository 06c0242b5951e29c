import { applyLogged, cloneJson, decide, encounterCommandTable, fold, SETUP_COMMAND, type CommandEnvelope, type CommandRejected, type EncounterState, type FrayEvent, type FrayEventBody, type Runtime, type Visibility } from '@fray/engine';

/**
 * The encounter authority as it was before propose/commit (commit 937dca9), kept as the oracle the
 * new one is held to: same events (less the new log metadata), same states. Only its dispatch and
 * undo are here; it starts from a log the new encounter created.
 */
export class LegacyEncounter {
  private snapshots = new Map<string, EncounterState>();
  private readonly usedIds = new Set<string>();
  readonly events: FrayEvent[];
  state: EncounterState;

  constructor(readonly rt: Runtime, setupLog: readonly FrayEvent[]) {
    this.events = cloneJson([...setupLog]);
    this.state = fold(this.events);
    for (const e of this.events) this.usedIds.add(e.commandId);
  }

  dispatch(envelope: CommandEnvelope): { ok: true; events: FrayEvent[] } | { ok: false; error: CommandRejected } {
    if ((envelope as { command?: { type?: unknown } }).command?.type === 'undo') return this.undo(envelope);
    if (this.usedIds.has(envelope.id)) return { ok: false, error: { code: 'duplicate-command', message: `command id '${envelope.id}' was already used` } };
    const decision = decide(this.state, envelope, this.rt, encounterCommandTable);
    if (!decision.ok) return decision;
    const before = decision.working ? { ...this.state } : cloneJson(this.state);
    const appended = decision.working ? this.adopt(envelope.id, decision.events, decision.working) : this.append(envelope.id, decision.events);
    this.usedIds.add(envelope.id);
    this.snapshots.set(envelope.id, before);
    if (this.snapshots.size > 64) this.snapshots.delete(this.snapshots.keys().next().value!);
    return { ok: true, events: appended };
  }

  private adopt(batchId: string, events: { body: FrayEventBody; visibility?: Visibility }[], working: EncounterState): FrayEvent[] {
    const out: FrayEvent[] = [];
    for (const { body, visibility } of events) {
      const e = { ...body, seq: this.events.length, commandId: batchId, ...(visibility ? { visibility } : {}) } as FrayEvent;
      this.events.push(e);
      out.push(e);
    }
    Object.assign(this.state, working);
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

  private undo(envelope: CommandEnvelope): { ok: true; events: FrayEvent[] } | { ok: false; error: CommandRejected } {
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
