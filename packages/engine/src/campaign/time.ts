import { gameTimeExpired } from '../condition/duration';
import { removeInstance } from '../procedure/conditions';
import type { Resolution } from '../resolve/context';
import { runStage } from '../ruleset/hooks';

/**
 * Moves the game clock on and ends whatever ran out meanwhile (a condition lasting an hour, a stable
 * creature's wait for its hit point). Campaign commands that take time (rests, travel) come through here.
 */
export function advanceClock(ctx: Resolution, seconds: number, reason: string, ruleId?: string): void {
  if (seconds <= 0) return;
  ctx.emit({ type: 'ClockAdvanced', seconds, reason, ...(ruleId ? { ruleId } : {}) });
  for (const id of [...ctx.state.creatureIds]) {
    for (const inst of [...(ctx.state.creatures[id]?.conditions ?? [])]) {
      if (gameTimeExpired(inst.duration, ctx.state.clockSeconds)) removeInstance(ctx, id, inst, 'time ran out');
    }
  }
  runStage(ctx, 'clock.advanced', { seconds, reason });
}

/** Ends the effects that last until a rest of one of these kinds ('short', 'long', or a ruleset's own). */
export function endUntilRest(ctx: Resolution, creatureId: string, rests: readonly string[], ruleId?: string): void {
  for (const inst of [...(ctx.state.creatures[creatureId]?.conditions ?? [])]) {
    if (inst.duration.kind === 'untilRest' && rests.includes(inst.duration.rest)) removeInstance(ctx, creatureId, inst, `a ${inst.duration.rest} rest ended it`, ruleId);
  }
}
