/**
 * The campaign's game clock counts seconds from its start. Rules speak in rounds, minutes, hours and
 * days; these turn them into seconds and back, so nothing stores a clock in any other unit.
 */
export const SECONDS_PER_MINUTE = 60;
export const SECONDS_PER_HOUR = 3600;
export const SECONDS_PER_DAY = 86_400;

export const rounds = (n: number, roundSeconds = 6): number => n * roundSeconds;
export const minutes = (n: number): number => n * SECONDS_PER_MINUTE;
export const hours = (n: number): number => n * SECONDS_PER_HOUR;
export const days = (n: number): number => n * SECONDS_PER_DAY;

/** How many whole rounds fit in a span (a 4-minute breath is 40 six-second rounds). */
export const roundsIn = (seconds: number, roundSeconds = 6): number => Math.floor(seconds / roundSeconds);

export interface ClockParts {
  /** from 1 */
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A clock reading as day (from 1), hour, minute and second. */
export function clockParts(clockSeconds: number): ClockParts {
  const t = Math.max(0, Math.floor(clockSeconds));
  return {
    day: Math.floor(t / SECONDS_PER_DAY) + 1,
    hour: Math.floor((t % SECONDS_PER_DAY) / SECONDS_PER_HOUR),
    minute: Math.floor((t % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE),
    second: t % SECONDS_PER_MINUTE,
  };
}

/** The clock at `hour:minute` of `day` (from 1). */
export const clockAt = (day: number, hour = 0, minute = 0): number => days(day - 1) + hours(hour) + minutes(minute);

const two = (n: number) => String(n).padStart(2, '0');

/** 'day 2, 07:00' (seconds only when there are some). */
export function formatClock(clockSeconds: number): string {
  const p = clockParts(clockSeconds);
  return `day ${p.day}, ${two(p.hour)}:${two(p.minute)}${p.second ? ':' + two(p.second) : ''}`;
}

