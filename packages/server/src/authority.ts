import type { CommandRejected, Encounter, FrayEvent } from '@fray/engine';

/**
 * A decided command waiting for the store: its events (seq and command id assigned) and the version
 * they were decided against. Nothing in memory has changed; `commit` applies it once the store has it.
 */
export interface Decided {
  events: FrayEvent[];
  baseVersion: number;
  /** the id was already accepted with this same command: nothing to write, ack again */
  retried: boolean;
  commit(): void;
}

export type DecideResult = { ok: true; decided: Decided } | { ok: false; error: CommandRejected };

/** Decides a command with the engine's `propose` (nothing changes until `commit`). */
export function decideFor(enc: Encounter, envelope: unknown): DecideResult {
  const p = enc.propose(envelope);
  if (!p.ok) return { ok: false, error: p.error };
  return {
    ok: true,
    decided: {
      events: p.events,
      baseVersion: p.baseVersion,
      retried: p.retried,
      commit: () => void enc.commit(p),
    },
  };
}
