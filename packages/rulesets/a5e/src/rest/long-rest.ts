import { advanceClock, hasCondition, heal, hours, requireNoFight, rulesetCommand, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { applyLongRestToTracks, gainFatigue, trackLevelOf } from '../conditions/tracks';
import { TEMP_HP } from '../hp/healing';
import { HIT_DICE_SPENT, hitDiceOf, hitDiceRegained } from './hit-dice';
import { LAST_LONG_REST_VAR, SUPPLY, restoreOnRest, resters } from './common';

const id = z.string().min(1).max(200);
const DAY = 24 * 3600;

/** Temporary hit points with no stated duration go at the end of a long rest (A5E-REST-11). */
function dropUntimedTempHp(ctx: Resolution, cid: string): void {
  const c = ctx.state.creatures[cid]!;
  if (c.tempHp > 0 && !hasCondition(c, TEMP_HP)) {
    ctx.emit({ type: 'HitPointsSet', target: cid, tempHp: 0, reason: 'temporary hit points without a duration end with a long rest', ruleId: 'A5E-REST-11' });
  }
}

/** Eats 1 Supply from its tally when the table counts Supply; without a tally, Supply is assumed (A5E-REST-8). */
function consumeSupply(ctx: Resolution, cid: string, refused: readonly string[]): boolean {
  const c = ctx.state.creatures[cid]!;
  if (refused.includes(cid)) return false;
  const carried = c.tallies[SUPPLY];
  if (carried === undefined) return true;
  if (carried < 1) return false;
  ctx.emit({ type: 'TallySet', creatureId: cid, key: SUPPLY, value: carried - 1, ruleId: 'A5E-REST-8' });
  return true;
}

/** Why a rester gets nothing from this long rest, or null (A5E-REST-7). */
function noBenefit(ctx: Resolution, cid: string, hpAtStart: number): string | null {
  if (hpAtStart < 1) return 'it began the rest at 0 hit points';
  const last = ctx.state.creatures[cid]!.vars[LAST_LONG_REST_VAR];
  if (typeof last === 'number' && ctx.state.clockSeconds - last < DAY) return 'it already benefited from a long rest in the last 24 hours';
  return null;
}

/**
 * A finished long rest for one creature (A5E-REST-6..13): all hit points, half the Hit Dice back
 * (at least 1), fatigue and strife by Supply and haven, the crit block and rest-bound effects restored.
 */
function finishLongRest(ctx: Resolution, cid: string, rest: { inHaven: boolean; supply: boolean; hpAtStart: number }): void {
  const c = ctx.state.creatures[cid]!;
  dropUntimedTempHp(ctx, cid);
  const why = noBenefit(ctx, cid, rest.hpAtStart);
  if (why) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-REST-7', text: `${c.name} gains no benefit from the long rest: ${why}`, creatureId: cid });
    // Going without food and water still tells (A5E-TRACK-8).
    if (!rest.supply) gainFatigue(ctx, cid, 1, 'A5E-TRACK-8');
    return;
  }
  if (c.hp < c.maxHp) heal(ctx, cid, c.maxHp - c.hp, null, 'A5E-REST-6');
  const hd = hitDiceOf(ctx.state.creatures[cid]!);
  if (hd && hd.spent > 0) {
    const back = hitDiceRegained(hd);
    ctx.emit({ type: 'TallySet', creatureId: cid, key: HIT_DICE_SPENT, value: hd.spent - back, ruleId: 'A5E-REST-6' });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-REST-6', text: `${c.name} regains ${back} Hit ${back === 1 ? 'Die' : 'Dice'} (${hd.unspent + back} of ${hd.total} now unspent)`, creatureId: cid });
    if (trackLevelOf(ctx.state, cid, 'fatigue') >= 5) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-REST-14', text: `${c.name} keeps its Hit Dice, but while fatigue is 5 or more it may spend only ${Math.floor(hd.total / 2)}`, creatureId: cid });
    }
  }
  applyLongRestToTracks(ctx, cid, { inHaven: rest.inHaven, suppliesConsumed: rest.supply });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-REST-12', text: `${c.name} regains its expended spell slots (spellcasting rules)`, creatureId: cid });
  restoreOnRest(ctx, cid, ['short', 'long']);
  ctx.emit({ type: 'VarSet', creatureId: cid, key: LAST_LONG_REST_VAR, value: ctx.state.clockSeconds });
}

/** Narrator: the party (or some of it) takes a long rest (A5E-REST-4..14). */
export const longRestCommand = rulesetCommand({
  gmOnly: true,
  schema: z.object({
    type: z.literal('a5e.longRest'),
    creatureIds: z.array(id).min(1).max(100),
    /** at least 8 hours, at least 6 of them asleep (A5E-REST-4) */
    hours: z.number().int().min(1).max(72).default(8),
    sleepHours: z.number().int().min(0).max(72).default(6),
    /** strenuous activity during the rest, in minutes: more than 60 and the rest gives nothing (A5E-REST-5) */
    strenuousMinutes: z.number().int().min(0).max(72 * 60).default(0),
    /** a haven (an inn, not a watched campsite); asked of the Narrator when left out (A5E-REST-9) */
    inHaven: z.boolean().optional(),
    /** creatures that consumed no Supply (A5E-REST-8) */
    withoutSupply: z.array(id).max(100).default([]),
  }).strict(),
  run: (ctx, c) => {
    if (c.hours < 8 || c.sleepHours < 6 || c.sleepHours > c.hours) {
      ctx.reject('rest-too-short', `a long rest is at least 8 hours with at least 6 asleep (got ${c.hours} h, ${c.sleepHours} asleep)`, 'A5E-REST-4');
    }
    requireNoFight(ctx, 'a long rest');
    const ids = resters(ctx, c.creatureIds);
    const hpAtStart = Object.fromEntries(ids.map((x) => [x, ctx.state.creatures[x]!.hp]));
    const inHaven = c.inHaven ?? ctx.ask({
      key: 'a5e.rest.haven',
      to: { role: 'gm' },
      about: null,
      ruleId: 'A5E-REST-9',
      text: 'Is this rest taken in a haven (a meal and a full night\'s sleep with no reasonable risk of attack or exposure)?',
      options: [{ id: 'no', label: 'No (a campsite with watches)' }, { id: 'yes', label: 'Yes (an inn, a safe refuge)' }],
      default: 'no',
    }) === 'yes';
    advanceClock(ctx, hours(c.hours), 'a long rest', 'A5E-REST-4');
    if (c.strenuousMinutes > 60) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-REST-5', text: `${c.strenuousMinutes} minutes of strenuous activity broke the long rest: no benefit; it must be started over` });
      return;
    }
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-REST-1', text: `long rest (${c.hours} hours${inHaven ? ', in a haven' : ''}): ${ids.map((x) => ctx.state.creatures[x]!.name).join(', ')}` });
    for (const cid of ids) {
      const supply = consumeSupply(ctx, cid, c.withoutSupply);
      finishLongRest(ctx, cid, { inHaven, supply, hpAtStart: hpAtStart[cid]! });
    }
  },
});
