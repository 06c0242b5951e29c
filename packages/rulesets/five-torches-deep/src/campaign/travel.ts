import { advanceClock, betweenFightsCommand, hours, type Json, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { FTD_VARS, numVar, partyOf } from './party';
import { adventureHour } from './resilience';
import { describeTime } from './time-dice';

export type Stance = 'cautious' | 'normal' | 'careless';
export type Cadence = 'hourly' | 'daily' | 'weekly';
export const CADENCE_HOURS: Record<Cadence, number> = { hourly: 1, daily: 24, weekly: 168 };

export type Band = 'disaster' | 'trouble-soon' | 'threat-grows' | 'nothing-bad';

/** The Travel Turn Table's four bands (FTD-TRAVEL-6). */
export function travelBand(roll: number): Band {
  if (roll <= 1) return 'disaster';
  if (roll <= 10) return 'trouble-soon';
  if (roll <= 19) return 'threat-grows';
  return 'nothing-bad';
}

/** What the GM may make of each band: closed options, the first the default (FTD-TRAVEL-4, -6). */
const threats: Record<Band, { id: string; label: string }[]> = {
  'disaster': [
    { id: 'chance-encounter', label: 'A chance encounter, right now' }, { id: 'ambush', label: 'A crushing ambush' },
    { id: 'environment-worsens', label: 'The surroundings turn for the worse' },
  ],
  'trouble-soon': [
    { id: 'enemies-ready', label: 'Wary enemies are about to strike' }, { id: 'trap-or-poison', label: 'A subtle trap or poison' },
    { id: 'retainer-deserts', label: 'A retainer runs off or betrays the party' },
  ],
  'threat-grows': [
    { id: 'distant-threat', label: 'A distant danger develops' }, { id: 'hostile-surroundings', label: 'The surroundings slowly turn hostile' },
    { id: 'new-threat', label: 'A new possible threat shows up' }, { id: 'suspicious', label: 'Something seems suspicious' },
  ],
  'nothing-bad': [{ id: 'nothing', label: 'Nothing bad happens' }, { id: 'boon', label: 'Something good turns up' }],
};
const bandText: Record<Band, string> = {
  'disaster': '1: disaster now', 'trouble-soon': '2-10: trouble is imminent', 'threat-grows': '11-19: a threat grows or draws near', 'nothing-bad': '20: nothing bad, maybe good',
};

/**
 * The GM's d20 on the Travel Turn Table: two dice kept high for a cautious party, low for a careless
 * one (FTD-TRAVEL-5); the band is read off and the GM says what it means here (FTD-TRAVEL-4, -6).
 */
export function rollTravelTurn(ctx: Resolution, stance: Stance): { roll: number; band: Band; threat: string } {
  const first = ctx.roll('1d20', { roller: null, purpose: 'the travel turn' }).total;
  let roll = first;
  if (stance !== 'normal') {
    const second = ctx.roll('1d20', { roller: null, purpose: 'the travel turn' }).total;
    roll = stance === 'cautious' ? Math.max(first, second) : Math.min(first, second);
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-TRAVEL-5', text: `the party is ${stance}: the travel turn is rolled with ${stance === 'cautious' ? 'advantage' : 'disadvantage'} (${first}, ${second} → ${roll})` });
  }
  const band = travelBand(roll);
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-TRAVEL-6', text: `travel turn ${roll}: ${bandText[band]}` });
  const threat = ctx.ask({
    key: 'ftd.travelTurn.threat', to: { role: 'gm' }, about: null, ruleId: 'FTD-TRAVEL-4',
    text: `Travel turn ${roll} (${bandText[band]}). What happens, tied to this area, quest or dungeon?`,
    options: threats[band], default: threats[band][0]!.id,
  }) as string;
  const record = { roll, band, threat, at: ctx.state.clockSeconds };
  ctx.emit({ type: 'VarSet', creatureId: null, key: FTD_VARS.lastTravelTurn, value: record as unknown as Json });
  return { roll, band, threat };
}

export interface HourOptions {
  party: readonly string[];
  stance: Stance;
  cadence: Cadence;
  /** hours count against resilience (not on a journey, whose days include meals and camp) */
  resilience: boolean;
  /** the hour counts towards the way back (not on a journey) */
  awayFromSafety: boolean;
}

/**
 * One travel turn (FTD-TRAVEL-1, FTD-TIME-4): the clock moves an hour and lit sources burn down with
 * it (FTD-TRAVEL-2); the table is rolled when the cadence comes round (FTD-TRAVEL-7); each PC's hours
 * out grow (FTD-RESIL-1).
 */
export function travelHour(ctx: Resolution, o: HourOptions): void {
  advanceClock(ctx, hours(1), 'a travel turn', 'FTD-TRAVEL-1');
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-TIME-4', text: `an hour passes: ${describeTime(ctx.state.clockSeconds)}` });
  if (o.awayFromSafety) ctx.emit({ type: 'VarSet', creatureId: null, key: FTD_VARS.travelTurns, value: numVar(ctx.state.vars[FTD_VARS.travelTurns]) + 1 });
  const since = numVar(ctx.state.vars[FTD_VARS.sinceRoll]) + 1;
  if (since >= CADENCE_HOURS[o.cadence]) {
    ctx.emit({ type: 'VarSet', creatureId: null, key: FTD_VARS.sinceRoll, value: 0 });
    rollTravelTurn(ctx, o.stance);
  } else ctx.emit({ type: 'VarSet', creatureId: null, key: FTD_VARS.sinceRoll, value: since });
  if (o.resilience) for (const id of o.party) adventureHour(ctx, id);
}

export function askStance(ctx: Resolution): Stance {
  return ctx.ask({
    key: 'ftd.travel.stance', to: { role: 'gm' }, about: null, ruleId: 'FTD-TRAVEL-5',
    text: 'How is the party moving? Cautious parties roll travel turns with advantage, careless ones with disadvantage.',
    options: [{ id: 'normal', label: 'Normally (a straight roll)' }, { id: 'cautious', label: 'Cautiously (advantage)' }, { id: 'careless', label: 'Carelessly (disadvantage)' }],
    default: 'normal',
  }) as Stance;
}

export const cadenceOption = (ctx: Resolution): Cadence => {
  const v = ctx.state.options['travelRollCadence'];
  return v === 'daily' || v === 'weekly' ? v : 'hourly';
};

const travelSchema = z.object({
  type: z.literal('ftd.travel'),
  hours: z.number().int().min(1).max(72),
  creatureIds: z.array(z.string().min(1)).min(1).max(50).optional(),
  stance: z.enum(['cautious', 'normal', 'careless']).optional(),
  /** the rolling cadence; default the table option `travelRollCadence`, else hourly (FTD-TRAVEL-7) */
  cadence: z.enum(['hourly', 'daily', 'weekly']).optional(),
}).strict();

/** GM: the party adventures for some hours, one travel turn each (FTD-TRAVEL-1). */
export const travelCommand = betweenFightsCommand('travel', {
  schema: travelSchema,
  run: (ctx, c) => {
    const party = partyOf(ctx, c.creatureIds);
    const stance = c.stance ?? askStance(ctx);
    const cadence = c.cadence ?? cadenceOption(ctx);
    for (let h = 0; h < c.hours; h++) travelHour(ctx, { party, stance, cadence, resilience: true, awayFromSafety: true });
  },
});

const sceneSchema = z.object({
  type: z.literal('ftd.scene'),
  creatureIds: z.array(z.string().min(1)).min(1).max(50).optional(),
  stance: z.enum(['cautious', 'normal', 'careless']).default('normal'),
}).strict();

/**
 * GM: one more scene, room or encounter in the dungeon. After the third the GM may call it an hour;
 * the fourth always is (FTD-TRAVEL-3, proposed ruling).
 */
export const sceneCommand = betweenFightsCommand('a new scene', {
  schema: sceneSchema,
  run: (ctx, c) => {
    const party = partyOf(ctx, c.creatureIds);
    const n = numVar(ctx.state.vars[FTD_VARS.scenes]) + 1;
    let hour = n >= 4;
    if (n === 3) {
      hour = ctx.ask({
        key: 'ftd.scene.hour', to: { role: 'gm' }, about: null, ruleId: 'FTD-TRAVEL-3',
        text: 'Three scenes since the last travel turn: has an hour passed?',
        options: [{ id: 'no', label: 'Not yet' }, { id: 'yes', label: 'Yes: a travel turn' }], default: 'no',
      }) === 'yes';
    }
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-TRAVEL-3', text: `scene ${n} since the last travel turn${hour ? ': an hour has passed' : ''}` });
    ctx.emit({ type: 'VarSet', creatureId: null, key: FTD_VARS.scenes, value: hour ? 0 : n });
    if (hour) travelHour(ctx, { party, stance: c.stance, cadence: cadenceOption(ctx), resilience: true, awayFromSafety: true });
  },
});
