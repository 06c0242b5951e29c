import type { Json } from '../core/json';

/**
 * How long an effect lasts. `turns` covers "until the start/end of X's next turn" (count 1) and
 * "N rounds" (count N at the applier's boundary); `skipCurrent` makes "the end of its next turn"
 * skip the end of the turn in progress when the effect lands during X's own turn.
 */
export type Duration =
  | { kind: 'untilRemoved' }
  | { kind: 'turns'; creatureId: string; boundary: 'start' | 'end'; count: number; skipCurrent?: boolean }
  | { kind: 'gameTime'; seconds: number; endsAtSeconds?: number }
  | { kind: 'saveEnds'; save: Json; timing: 'start' | 'end' }
  | { kind: 'untilRest'; rest: string }
  | { kind: 'endOfEncounter' };

export type DurationInput =
  | Duration
  | { kind: 'nextTurn'; creatureId: string; boundary: 'start' | 'end' }
  | { kind: 'rounds'; rounds: number; creatureId: string; boundary?: 'start' | 'end' };

/** Fixes a duration at the moment it is applied: relative forms become counts and absolute times. */
export function anchorDuration(input: DurationInput, now: { currentCreatureId: string | null; clockSeconds: number }): Duration {
  switch (input.kind) {
    case 'nextTurn':
      return {
        kind: 'turns',
        creatureId: input.creatureId,
        boundary: input.boundary,
        count: 1,
        skipCurrent: input.boundary === 'end' && now.currentCreatureId === input.creatureId,
      };
    case 'rounds': {
      const boundary = input.boundary ?? 'start';
      return {
        kind: 'turns',
        creatureId: input.creatureId,
        boundary,
        count: input.rounds,
        skipCurrent: boundary === 'end' && now.currentCreatureId === input.creatureId,
      };
    }
    case 'gameTime':
      return { kind: 'gameTime', seconds: input.seconds, endsAtSeconds: input.endsAtSeconds ?? now.clockSeconds + input.seconds };
    case 'turns':
      return input.skipCurrent === undefined
        ? { ...input, skipCurrent: input.boundary === 'end' && now.currentCreatureId === input.creatureId }
        : input;
    default:
      return input;
  }
}

/**
 * What a turn boundary does to a duration: nothing, count it down, or end it.
 * Pure; the caller emits the resulting events.
 */
export function tickDuration(d: Duration, at: { creatureId: string; boundary: 'start' | 'end' }): { expired: boolean; next: Duration } {
  if (d.kind !== 'turns' || d.creatureId !== at.creatureId || d.boundary !== at.boundary) return { expired: false, next: d };
  if (d.skipCurrent) {
    const { skipCurrent: _skip, ...rest } = d;
    return { expired: false, next: rest };
  }
  const count = d.count - 1;
  return count <= 0 ? { expired: true, next: { ...d, count: 0 } } : { expired: false, next: { ...d, count } };
}

export function gameTimeExpired(d: Duration, clockSeconds: number): boolean {
  return d.kind === 'gameTime' && d.endsAtSeconds !== undefined && clockSeconds >= d.endsAtSeconds;
}
