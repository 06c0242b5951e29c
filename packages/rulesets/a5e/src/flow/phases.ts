import type { Hook, Resolution, StagePayloads } from '@fray/engine';

/**
 * The start-of-round phase, in order (A5E-ROUND-2, proposed ruling): countdowns roll, spent world
 * actions roll to recharge, the environment takes its world action, then other start-of-round
 * effects. Each is a priority on the `round.start` stage; a module joins a step with `roundStartHook`.
 * World actions never take a place in the initiative order (A5E-INIT-5).
 */
export const ROUND_START = { countdown: 100, recharge: 200, worldAction: 300, other: 400 } as const;
export type RoundStartStep = keyof typeof ROUND_START;

/**
 * Start-of-turn processing, in order (A5E-ROUND-5): the budget renews (reaction regained), effects that
 * last "until the start of its next turn" end, rolling movement's per-creature world action,
 * suffocation, the death saving throw, the confused roll. Engine durations anchored to the turn start
 * expire just before these hooks run.
 */
export const TURN_START = { budget: 0, expiry: 100, rollingMovement: 200, suffocation: 300, deathSave: 400, confusion: 500 } as const;
export type TurnStartStep = keyof typeof TURN_START;

/**
 * End-of-turn processing, in order (A5E-ROUND-6): ongoing damage, end-of-turn environmental triggers,
 * then effects that last "until the end of its next turn". Engine durations (and the engine's own
 * `ongoing` condition effects) are handled after every `turn.end` hook, so ongoing damage written as a
 * hook belongs at `ongoingDamage`.
 */
export const TURN_END = { ongoingDamage: 100, environment: 200, expiry: 300 } as const;
export type TurnEndStep = keyof typeof TURN_END;

type Run<S extends keyof StagePayloads> = (ctx: Resolution, payload: StagePayloads[S]) => void;

/** A hook at one step of the start-of-round phase; `offset` orders hooks within a step (0..99). */
export function roundStartHook(step: RoundStartStep, id: string, run: Run<'round.start'>, ruleId?: string, offset = 0): Hook<'round.start'> {
  return { stage: 'round.start', id, priority: ROUND_START[step] + offset, run, ...(ruleId ? { ruleId } : {}) };
}

export function turnStartHook(step: TurnStartStep, id: string, run: Run<'turn.start'>, ruleId?: string, offset = 0): Hook<'turn.start'> {
  return { stage: 'turn.start', id, priority: TURN_START[step] + offset, run, ...(ruleId ? { ruleId } : {}) };
}

export function turnEndHook(step: TurnEndStep, id: string, run: Run<'turn.end'>, ruleId?: string, offset = 0): Hook<'turn.end'> {
  return { stage: 'turn.end', id, priority: TURN_END[step] + offset, run, ...(ruleId ? { ruleId } : {}) };
}
