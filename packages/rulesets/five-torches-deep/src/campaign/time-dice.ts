import { advanceClock, clockParts, requireNoFight, rulesetCommand, SECONDS_PER_DAY, SECONDS_PER_HOUR } from '@fray/engine';
import { z } from 'zod';

export type Quarter = 'pre-dawn' | 'morning' | 'afternoon' | 'night';
const quarters: readonly Quarter[] = ['pre-dawn', 'morning', 'afternoon', 'night'];

/**
 * The hour as FTD counts it, 1 to 24: midnight is 24:00 of the day it ends, so 00:30 still reads 24
 * (FTD-TIME-4 ruling); minutes do not show on time dice.
 */
export function ftdHour(clockSeconds: number): number {
  const h = clockParts(clockSeconds).hour;
  return h === 0 ? 24 : h;
}

/** Canonical time dice for an hour 1..24: sixes for each full quarter, then the rest (FTD-TIME-2). */
export function timeDice(hour: number): number[] {
  if (!Number.isInteger(hour) || hour < 1 || hour > 24) throw new RangeError(`an hour is 1..24, not ${hour}`);
  const q = Math.floor((hour - 1) / 6);
  return [...Array<number>(q).fill(6), hour - 6 * q];
}

/** The hour shown by time dice is the sum of their faces (FTD-TIME-2). */
export const hourOfDice = (faces: readonly number[]): number => faces.reduce((a, b) => a + b, 0);

/** The quarter follows from how many dice the canonical form needs (FTD-TIME-3). */
export const quarterOf = (hour: number): Quarter => quarters[timeDice(hour).length - 1]!;

export const formatHour = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** '07:00 (6, 1), morning' */
export function describeTime(clockSeconds: number): string {
  const h = ftdHour(clockSeconds);
  const dice = timeDice(h);
  return `${formatHour(h)}, ${quarterOf(h)} (time ${dice.length === 1 ? 'die' : 'dice'} ${dice.length > 1 ? `${dice.slice(0, -1).join(', ')} and ${dice[dice.length - 1]}` : dice.join('')})`;
}

/** Seconds from now until the clock next reads `hour` (0 when it already does). */
export function secondsUntilHour(clockSeconds: number, hour: number): number {
  const target = (hour % 24) * SECONDS_PER_HOUR;
  const now = clockSeconds % SECONDS_PER_DAY;
  const nowHourStart = now - (now % SECONDS_PER_HOUR);
  if (nowHourStart === target) return 0;
  return (target - now + SECONDS_PER_DAY) % SECONDS_PER_DAY;
}

const rollTimeSchema = z.object({
  type: z.literal('ftd.rollTime'),
  dice: z.number().int().min(1).max(4),
  /** 'hour' sets the time of day; 'duration' rolls how many hours something lasts */
  use: z.enum(['hour', 'duration']).default('hour'),
  /** a starting hour the GM fixed; then only 1 or 2 dice are rolled on top (FTD-TIME-6) */
  startHour: z.number().int().min(1).max(24).optional(),
  label: z.string().min(1).max(200).optional(),
}).strict();

/**
 * GM: roll 1 to 4 time dice for a random hour or duration (FTD-TIME-5), or 1 or 2 on top of a fixed
 * starting hour (FTD-TIME-6). A random hour moves the clock on to that hour (the next time it comes).
 */
export const rollTimeCommand = rulesetCommand({
  gmOnly: true, schema: rollTimeSchema,
  run: (ctx, c) => {
    if (c.startHour !== undefined && c.dice > 2) ctx.reject('too-many-dice', 'from a fixed starting hour roll 1 or 2 time dice', 'FTD-TIME-6');
    requireNoFight(ctx, 'rolling the time');
    const faces: number[] = [];
    for (let i = 0; i < c.dice; i++) faces.push(ctx.roll('1d6', { roller: null, purpose: 'time die' }).total);
    const sum = hourOfDice(faces);
    if (c.use === 'duration') {
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-TIME-5', text: `time dice (${faces.join(', ')}): ${c.label ?? 'it'} lasts ${sum} hours` });
      ctx.emit({ type: 'VarSet', creatureId: null, key: 'ftd.timeRoll', value: { use: 'duration', faces, hours: sum } });
      return;
    }
    const hour = c.startHour !== undefined ? ((c.startHour + sum - 1) % 24) + 1 : sum;
    const ruleId = c.startHour !== undefined ? 'FTD-TIME-6' : 'FTD-TIME-5';
    ctx.emit({
      type: 'RuleApplied', ruleId,
      text: `time dice (${faces.join(', ')})${c.startHour !== undefined ? ` from ${formatHour(c.startHour)}` : ''}: it is ${formatHour(hour)}, shown as (${timeDice(hour).join(', ')}), ${quarterOf(hour)}`,
    });
    ctx.emit({ type: 'VarSet', creatureId: null, key: 'ftd.timeRoll', value: { use: 'hour', faces, hour } });
    advanceClock(ctx, secondsUntilHour(ctx.state.clockSeconds, hour), `the time dice set the hour to ${formatHour(hour)}`, ruleId);
  },
});
