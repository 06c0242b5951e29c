import type { CommandRejected, Encounter, EncounterState, FrayEvent } from '@fray/engine';

/**
 * A decided command waiting for the store: its events (seq and command id assigned) and the version
 * they were decided against. `commit` makes them the encounter's after the store has them; when the
 * store refuses them, `abandon` says whether the in-memory encounter must be rebuilt from the store.
 */
export interface Decided {
  events: FrayEvent[];
  baseVersion: number;
  /** the id was already accepted with this same command: nothing to write, ack again */
  retried: boolean;
  commit(): void;
  /** true when memory already holds the events (the engine has no propose yet) and must be rebuilt */
  readonly appliedEarly: boolean;
}

export type DecideResult = { ok: true; decided: Decided } | { ok: false; error: CommandRejected };

/** The engine's authority API (contracts.md), when the engine has it. */
interface ProposingEncounter {
  propose(envelope: unknown): { ok: false; error: CommandRejected } | { events: FrayEvent[]; baseVersion: number; retried?: boolean; ok?: true };
  commit(p: unknown): FrayEvent[];
  snapshot?(): { version: number; state: EncounterState };
}

function proposing(enc: Encounter): ProposingEncounter | null {
  const e = enc as unknown as Partial<ProposingEncounter>;
  return typeof e.propose === 'function' && typeof e.commit === 'function' ? (e as ProposingEncounter) : null;
}

/**
 * Decides a command for an authority that appends to a store first. With the engine's propose/commit
 * nothing in memory changes until `commit`. Until the engine has it, the command is dispatched (memory
 * changes at once, nobody sees it before the store commit) and a failed append rebuilds the encounter.
 */
export function decideFor(enc: Encounter, envelope: unknown): DecideResult {
  const p = proposing(enc);
  if (p) {
    const r = p.propose(envelope);
    if ('ok' in r && r.ok === false) return { ok: false, error: r.error };
    const proposal = r as { events: FrayEvent[]; baseVersion: number; retried?: boolean };
    return {
      ok: true,
      decided: {
        events: proposal.events,
        baseVersion: proposal.baseVersion,
        retried: proposal.retried === true,
        appliedEarly: false,
        commit: () => {
          if (proposal.retried !== true) p.commit(proposal);
        },
      },
    };
  }
  const baseVersion = enc.events.length;
  const r = enc.dispatch(envelope as Parameters<Encounter['dispatch']>[0]);
  if (!r.ok) return r;
  return { ok: true, decided: { events: r.events, baseVersion, retried: false, appliedEarly: true, commit: () => {} } };
}
