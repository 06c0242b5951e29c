import { advanceClock, betweenFightsCommand, hours, type Json, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { creatureIn, modOf, overload, scores, speedOf } from '../core/sheet';
import { FTD_VARS, numVar, partyOf } from './party';
import { CADENCE_HOURS, askStance, rollTravelTurn, type Cadence, type Stance } from './travel';

export type Terrain = 'open' | 'difficult' | 'harsh';
export type Pace = 'normal' | 'tactical' | 'stealthy';
export type Wind = 'none' | 'favourable' | 'unfavourable' | 'mixed';

const terrainRank: Record<Terrain, number> = { open: 0, difficult: 1, harsh: 2 };
const terrainMult = [1, 1 / 2, 1 / 4] as const;

/** Dim light counts as difficult terrain, darkness as harsh (FTD-OVERLAND-3). */
export const lightTerrain = (light: string): Terrain => (light === 'darkness' ? 'harsh' : light === 'dim' ? 'difficult' : 'open');

export interface OverlandFactors {
  terrain: Terrain;
  light: string;
  /** how the GM classes the weather (FTD-OVERLAND-3) */
  weather: Terrain;
  pace: Pace;
}

/**
 * Miles a PC covers in a day: 10 + STR mod (FTD-OVERLAND-1); only the worst of terrain, light and
 * weather counts (½ difficult, ¼ harsh: FTD-OVERLAND-2, -3); encumbered ½ (FTD-OVERLAND-4); tactical
 * ¾ or stealthy ½ (FTD-OVERLAND-6); rounded down once at the end (ruling 9).
 */
export function dailyMiles(strMod: number, encumbered: boolean, f: OverlandFactors, days = 1): { miles: number; worst: Terrain; multiplier: number } {
  const worst = [f.terrain, lightTerrain(f.light), f.weather].reduce((a, b) => (terrainRank[b] > terrainRank[a] ? b : a));
  let m = terrainMult[terrainRank[worst]]!;
  if (encumbered) m *= 1 / 2;
  if (f.pace === 'tactical') m *= 3 / 4;
  if (f.pace === 'stealthy') m *= 1 / 2;
  return { miles: Math.max(0, Math.floor((10 + strMod) * m * days)), worst, multiplier: m };
}

/** One creature's daily miles; a PC who cannot move at all (speed 0) goes nowhere (FTD-OVERLAND-4 ruling). */
export function creatureMiles(ctx: Resolution, id: string, f: OverlandFactors, days = 1): number {
  const c = creatureIn(ctx.state, id);
  if (speedOf(ctx.ruleset, c) === 0) return 0;
  return dailyMiles(modOf(scores(c).str), overload(c) > 0, f, days).miles;
}

export type Vessel = 'boat' | 'ship';
/** Boats make 3 mph, about 30 a day; ships 5 mph, at most 100 in a day and night (FTD-WATER-1, -2). */
export const VESSEL = { boat: { mph: 3, perDay: 30 }, ship: { mph: 5, perDay: 100 } } as const;

/** Wind or current: favourable ×2, unfavourable ×½, both at once cancel (FTD-WATER-3). */
export const windMultiplier = (w: Wind): number => (w === 'favourable' ? 2 : w === 'unfavourable' ? 1 / 2 : 1);

/** Miles over water in some hours: the hourly rate up to the daily figure per day, then wind (FTD-WATER-1..3). */
export function waterMiles(vessel: Vessel, hoursTravelled: number, wind: Wind, mphOverride?: number): number {
  const v = VESSEL[vessel];
  const mph = mphOverride ?? v.mph;
  const perDay = mphOverride !== undefined ? mphOverride * 24 : v.perDay;
  const days = Math.floor(hoursTravelled / 24);
  const rest = hoursTravelled % 24;
  const base = days * perDay + Math.min(perDay, rest * mph);
  return Math.floor(base * windMultiplier(wind));
}

const journeySchema = z.object({
  type: z.literal('ftd.journey'),
  days: z.number().int().min(1).max(120),
  by: z.enum(['foot', 'boat', 'ship']).default('foot'),
  creatureIds: z.array(z.string().min(1)).min(1).max(50).optional(),
  terrain: z.enum(['open', 'difficult', 'harsh']).default('open'),
  light: z.enum(['darkness', 'dim', 'well-lit', 'brilliant']).default('well-lit'),
  /** how the GM classes the weather; asked when left out on foot (FTD-OVERLAND-3) */
  weather: z.enum(['open', 'difficult', 'harsh']).optional(),
  pace: z.enum(['normal', 'tactical', 'stealthy']).default('normal'),
  /** wind or current on the water; asked when left out (FTD-WATER-3) */
  wind: z.enum(['none', 'favourable', 'unfavourable', 'mixed']).optional(),
  /** the GM's own speed for the vessel, in miles an hour (FTD-WATER-4) */
  mph: z.number().min(0.5).max(50).optional(),
  stance: z.enum(['cautious', 'normal', 'careless']).optional(),
}).strict();

/**
 * GM: days of overland or overwater travel. The party keeps to its slowest member (FTD-OVERLAND-5);
 * travel turns are rolled daily on land, river or lake and weekly at sea while lights still burn by
 * the hour (FTD-OVERLAND-7, FTD-WATER-5, FTD-TRAVEL-7). Days on the road include meals and a camp, so
 * resilience is not counted (the GM wears it down with ftd.wearResilience, FTD-RESIL-2).
 */
export const journeyCommand = betweenFightsCommand('a journey', {
  schema: journeySchema,
  run: (ctx, c) => {
    const party = partyOf(ctx, c.creatureIds);
    if (!party.length) ctx.reject('no-travellers', 'nobody alive to travel');
    const stance: Stance = c.stance ?? askStance(ctx);
    let miles: number;
    let cadence: Cadence;
    if (c.by === 'foot') {
      const weather = (c.weather ?? ctx.ask({
        key: 'ftd.journey.weather', to: { role: 'gm' }, about: null, ruleId: 'FTD-OVERLAND-3',
        text: 'How does the weather count? Harsh weather, snow or heat is difficult or harsh terrain.',
        options: [{ id: 'open', label: 'No effect' }, { id: 'difficult', label: 'As difficult terrain (½)' }, { id: 'harsh', label: 'As harsh terrain (¼)' }],
        default: 'open',
      })) as Terrain;
      const f: OverlandFactors = { terrain: c.terrain, light: c.light, weather, pace: c.pace };
      const each = party.map((id) => ({ id, miles: creatureMiles(ctx, id, f) }));
      const slowest = each.reduce((a, b) => (b.miles < a.miles ? b : a));
      const worst = dailyMiles(0, false, f).worst;
      ctx.emit({
        type: 'RuleApplied', ruleId: 'FTD-OVERLAND-5',
        text: `on foot (${worst} going${c.pace !== 'normal' ? `, ${c.pace}` : ''}): ${each.map((e) => `${creatureIn(ctx.state, e.id).name} ${e.miles}`).join(', ')} miles a day; the party keeps to ${creatureIn(ctx.state, slowest.id).name}'s ${slowest.miles}`,
      });
      miles = party.length ? Math.min(...party.map((id) => creatureMiles(ctx, id, f, c.days))) : 0;
      cadence = 'daily';
    } else {
      const wind = (c.wind ?? ctx.ask({
        key: 'ftd.journey.wind', to: { role: 'gm' }, about: null, ruleId: 'FTD-WATER-3',
        text: 'Wind and current: with the vessel (×2), against it (×½), or neither?',
        options: [{ id: 'none', label: 'Neither' }, { id: 'favourable', label: 'Favourable (×2)' }, { id: 'unfavourable', label: 'Unfavourable (×½)' }, { id: 'mixed', label: 'One of each (they cancel)' }],
        default: 'none',
      })) as Wind;
      miles = waterMiles(c.by, c.days * 24, wind, c.mph);
      const ruleId = c.mph !== undefined ? 'FTD-WATER-4' : c.by === 'boat' ? 'FTD-WATER-1' : 'FTD-WATER-2';
      ctx.emit({ type: 'RuleApplied', ruleId, text: `by ${c.by}${c.mph !== undefined ? ` at the GM's ${c.mph} mph` : ''}${wind !== 'none' ? ` (${wind} wind or current)` : ''}: ${miles} miles in ${c.days} day${c.days > 1 ? 's' : ''}` });
      if (wind !== 'none') ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-WATER-3', text: `${wind} wind or current: speed ×${windMultiplier(wind)}` });
      cadence = c.by === 'ship' ? 'weekly' : 'daily';
    }
    // Lights burn down hour by hour even when the table is rolled by the day or the week.
    for (let h = 0; h < c.days * 24; h++) {
      advanceClock(ctx, hours(1), `${c.by === 'foot' ? 'overland' : 'overwater'} travel`, c.by === 'foot' ? 'FTD-OVERLAND-7' : 'FTD-WATER-5');
      const since = numVar(ctx.state.vars[FTD_VARS.sinceRoll]) + 1;
      if (since >= CADENCE_HOURS[cadence]) {
        ctx.emit({ type: 'VarSet', creatureId: null, key: FTD_VARS.sinceRoll, value: 0 });
        rollTravelTurn(ctx, stance);
      } else ctx.emit({ type: 'VarSet', creatureId: null, key: FTD_VARS.sinceRoll, value: since });
    }
    ctx.emit({ type: 'VarSet', creatureId: null, key: FTD_VARS.lastJourney, value: { by: c.by, days: c.days, miles } as unknown as Json });
    ctx.emit({ type: 'RuleApplied', ruleId: c.by === 'foot' ? 'FTD-OVERLAND-1' : 'FTD-WATER-5', text: `${c.days} day${c.days > 1 ? 's' : ''} of travel: ${miles} miles` });
  },
});
