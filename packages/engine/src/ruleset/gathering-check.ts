import type { Resolution } from '../resolve/context';
import type { StageId } from './stages';

/**
 * A check for tests that a gathering stage only gathers (issue 18 item 3, ADR 0010). A `test.modifiers`
 * hook adds modifiers, roll-mode sources and extra dice to the payload and leaves notes for later stages
 * in `p.data`; what the roll uses is spent, refused or explained by a stage that acts (`test.commit`,
 * `test.outcome`). With the check on, a gathering hook is handed a resolution whose doors to the world
 * (`emit`, `roll`, `ask`, `askAll`, `reject`) throw `GatheringStageActedError` naming the hook, so a hook
 * that spends, refuses, rolls, asks or writes a note there fails whichever test runs it.
 * test/gathering-check-setup.ts turns it on for every test; products leave it off (a proxy per hook run).
 */

/** The stages that only gather. */
export const GATHERING_STAGES: readonly StageId[] = ['test.modifiers'];

let checked = false;

/** Turns the check on or off (tests only). */
export function checkGatheringStages(on: boolean): void {
  checked = on;
}

/** Thrown when a hook of a gathering stage acts on the world. */
export class GatheringStageActedError extends Error {
  constructor(readonly hookId: string, readonly stage: StageId, readonly door: string) {
    super(`hook '${hookId}' called ctx.${door} at ${stage}, a stage that only gathers: leave a note in the payload's data and act on it at test.commit (or explain it with a breakdown row)`);
    this.name = 'GatheringStageActedError';
  }
}

const DOORS: ReadonlySet<string | symbol> = new Set(['emit', 'roll', 'ask', 'askAll', 'reject']);

/** The resolution a hook of `stage` is handed: itself, or with the check on and a gathering stage, one whose doors throw. */
export function resolutionForHook(ctx: Resolution, stage: StageId, hookId: string): Resolution {
  if (!checked || !GATHERING_STAGES.includes(stage)) return ctx;
  return new Proxy(ctx, {
    get(target, key) {
      if (DOORS.has(key)) return () => { throw new GatheringStageActedError(hookId, stage, String(key)); };
      const v: unknown = Reflect.get(target, key, target);
      return typeof v === 'function' ? (v as (...args: unknown[]) => unknown).bind(target) : v;
    },
  });
}
