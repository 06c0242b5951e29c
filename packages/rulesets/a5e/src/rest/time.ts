import { advanceClock, betweenFightsCommand, days, hours, minutes, rulesetCommand, type EncounterState } from '@fray/engine';
import { z } from 'zod';
import { a5eTest } from '../core/d20';
import { passiveScore } from '../core/checks';
import { allowedTravelPaces } from '../conditions/tracks';
import { resters } from './common';

const id = z.string().min(1).max(200);

/** Campaign vars the time rules keep. */
export const TIME_VARS = {
  marchingOrder: 'a5e.marchingOrder',
  travel: 'a5e.travel',
  meeting: 'a5e.lastMeeting',
} as const;

/** Game time in the scale the Narrator picks (A5E-TIME-1, A5E-TIME-2): rounds last the table's round length. */
export function secondsOf(state: EncounterState, amount: number, unit: 'rounds' | 'minutes' | 'hours' | 'days'): number {
  switch (unit) {
    case 'rounds':
      return amount * state.roundSeconds;
    case 'minutes':
      return minutes(amount);
    case 'hours':
      return hours(amount);
    case 'days':
      return days(amount);
  }
}

/** Narrator: time passes at the scale that fits: a corridor walked, a room searched, a city explored, a journey (A5E-TIME-2). */
export const spendTimeCommand = betweenFightsCommand('time passing', {
  schema: z.object({
    type: z.literal('a5e.spendTime'),
    amount: z.number().int().min(1).max(100_000),
    unit: z.enum(['rounds', 'minutes', 'hours', 'days']),
    activity: z.string().min(1).max(200).optional(),
  }).strict(),
  run: (ctx, c) => {
    const seconds = secondsOf(ctx.state, c.amount, c.unit);
    advanceClock(ctx, seconds, c.activity ?? `${c.amount} ${c.unit}`, 'A5E-TIME-2');
  },
});

/**
 * Narrator: the party travels for some hours (A5E-TIME-3). On foot each traveller must be able to keep
 * the pace (fatigue 3, 4 and 6 rule out fast, normal and slow). A water vessel moves at its own speed,
 * so the pace neither helps nor hurts, and with a crew it may sail around the clock (A5E-TIME-4). A
 * slow party may travel stealthily: a group Stealth check that succeeds when at least half succeed
 * (A5E-TIME-7, proposed ruling).
 */
export const travelCommand = betweenFightsCommand('travel', {
  schema: z.object({
    type: z.literal('a5e.travel'),
    creatureIds: z.array(id).min(1).max(100),
    hours: z.number().int().min(1).max(24),
    pace: z.enum(['slow', 'normal', 'fast']),
    vehicle: z.enum(['land', 'water']).optional(),
    /** travel stealthily against this DC (the watchers' passive Perception) */
    stealthDC: z.number().int().min(0).max(40).optional(),
  }).strict(),
  run: (ctx, c) => {
    const ids = resters(ctx, c.creatureIds);
    if (c.vehicle === 'water') {
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-TIME-4', text: `aboard a vessel: it moves at its own speed; a ${c.pace} pace brings no benefit and no penalty${c.hours > 8 ? `; with a crew it keeps moving for ${c.hours} hours` : ''}` });
    } else {
      if (c.vehicle === 'land') ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-TIME-4', text: `a land vehicle travels at the chosen ${c.pace} pace` });
      for (const cid of ids) {
        if (c.vehicle === 'land') break;
        if (!allowedTravelPaces(ctx.state, cid).includes(c.pace)) {
          const ruleId = c.pace === 'fast' ? 'A5E-FATIGUE-3' : c.pace === 'normal' ? 'A5E-FATIGUE-4' : 'A5E-FATIGUE-6';
          ctx.reject('pace-not-allowed', `${ctx.state.creatures[cid]!.name} is too fatigued to keep a ${c.pace} pace`, ruleId);
        }
      }
    }
    let stealth: { successes: number; of: number; passed: boolean } | null = null;
    if (c.stealthDC !== undefined) {
      if (c.pace !== 'slow') ctx.reject('stealth-needs-slow-pace', 'stealthy travel is only possible at a slow pace', 'A5E-TIME-7');
      let successes = 0;
      for (const cid of ids) {
        const r = a5eTest(ctx, { kind: 'check', actor: cid, ability: 'dex', skill: 'stealth', dc: { label: 'watchers', value: c.stealthDC }, ruleId: 'A5E-TIME-7' });
        if (r.outcome === 'success') successes++;
      }
      stealth = { successes, of: ids.length, passed: successes * 2 >= ids.length };
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-TIME-7', text: `group Stealth: ${successes} of ${ids.length} succeed: the party ${stealth.passed ? 'travels unnoticed and may surprise or slip past threats' : 'is noticed'}` });
    }
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-TIME-3', text: `${c.hours} hours of travel at a ${c.vehicle === 'water' ? "vessel's own" : c.pace} pace` });
    ctx.emit({ type: 'VarSet', creatureId: null, key: TIME_VARS.travel, value: { pace: c.vehicle === 'water' ? 'vessel' : c.pace, vehicle: c.vehicle ?? null, hours: c.hours, stealth } });
    advanceClock(ctx, hours(c.hours), 'travel', 'A5E-TIME-3');
  },
});

/** The party decides who leads and who brings up the rear (A5E-TIME-5). */
export const marchingOrderCommand = rulesetCommand({
  schema: z.object({ type: z.literal('a5e.setMarchingOrder'), order: z.array(id).min(1).max(100) }).strict(),
  run: (ctx, c) => {
    resters(ctx, c.order);
    ctx.emit({ type: 'VarSet', creatureId: null, key: TIME_VARS.marchingOrder, value: [...c.order] });
    const name = (x: string) => ctx.state.creatures[x]!.name;
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-TIME-5', text: `marching order: ${name(c.order[0]!)} leads${c.order.length > 1 ? `, ${name(c.order[c.order.length - 1]!)} brings up the rear` : ''}` });
  },
});

/** Who is in front (first to set off a trap) and at the back (first hit from behind); null when the order was never set (A5E-TIME-5). */
export function marchingOrder(state: EncounterState): { leader: string; rear: string; order: string[] } | null {
  const order = state.vars[TIME_VARS.marchingOrder];
  if (!Array.isArray(order) || !order.length) return null;
  const ids = order as string[];
  return { leader: ids[0]!, rear: ids[ids.length - 1]!, order: ids };
}

/**
 * Narrator: the party meets another group on the road (A5E-TIME-6). Each traveller's passive
 * Perception against the threat's Stealth decides who notices it; the Narrator says what the other
 * group does and whether anyone is surprised if it comes to a fight.
 */
export const meetingCommand = betweenFightsCommand('a meeting on the road', {
  schema: z.object({
    type: z.literal('a5e.meetOnTheRoad'),
    creatureIds: z.array(id).min(1).max(100),
    /** the hidden threat's Stealth total, when it is hiding */
    threatStealth: z.number().int().min(0).max(60).optional(),
  }).strict(),
  run: (ctx, c) => {
    const ids = resters(ctx, c.creatureIds);
    const noticed = c.threatStealth === undefined ? ids : ids.filter((x) => passiveScore(ctx, x, { ability: 'wis', skill: 'perception' }).score >= c.threatStealth!);
    if (c.threatStealth !== undefined) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-TIME-6', text: noticed.length ? `noticed by passive Perception: ${noticed.map((x) => ctx.state.creatures[x]!.name).join(', ')}` : 'nobody notices the hidden threat' });
    }
    const stance = ctx.ask({
      key: 'a5e.travel.meeting',
      to: { role: 'gm' },
      about: null,
      ruleId: 'A5E-TIME-6',
      text: 'The groups meet: what does the other group do?',
      options: [{ id: 'wait', label: 'Waits' }, { id: 'talk', label: 'Talks' }, { id: 'attack', label: 'Attacks' }, { id: 'flee', label: 'Flees' }],
      default: 'wait',
    });
    const surprised = stance !== 'attack' ? 'none' : ctx.ask({
      key: 'a5e.travel.surprise',
      to: { role: 'gm' },
      about: null,
      ruleId: 'A5E-TIME-6',
      text: 'A fight follows: is either side surprised?',
      options: [{ id: 'none', label: 'Nobody' }, { id: 'party', label: 'The party' }, { id: 'others', label: 'The other group' }],
      default: noticed.length ? 'none' : 'party',
    });
    ctx.emit({ type: 'VarSet', creatureId: null, key: TIME_VARS.meeting, value: { noticed, stance, surprised } });
  },
});
