import { advanceClock, heal, minutes, requireNoFight, rulesetCommand } from '@fray/engine';
import { z } from 'zod';
import { HIT_DICE_SPENT, hitDiceOf, hitDieHealing, spendableNow } from './hit-dice';
import { restoreOnRest, resters } from './common';
import type { Resolution } from '@fray/engine';

const id = z.string().min(1).max(200);

/**
 * Spends Hit Dice one at a time (A5E-REST-3): the creature's controller decides before the first die
 * and again after each roll; each die heals its roll plus Constitution. At fatigue 5+ only half the
 * total may be spent (A5E-FATIGUE-5, A5E-REST-14), counted from the dice it had when the rest began.
 */
export function spendHitDice(ctx: Resolution, cid: string): number {
  const budget = spendableNow(ctx.state, cid);
  const start = hitDiceOf(ctx.state.creatures[cid]!);
  if (!start) return 0;
  if (budget < start.unspent) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-REST-14', text: `${ctx.state.creatures[cid]!.name}'s fatigue halves its Hit Dice: only ${budget} of ${start.unspent} may be spent`, creatureId: cid });
  }
  let spent = 0;
  while (spent < budget) {
    const c = () => (ctx.state.creatures[cid])!;
    if (c().hp >= c().maxHp) break;
    const left = budget - spent;
    const answer = ctx.ask({
      key: 'a5e.rest.hitDie',
      to: { controllerOf: cid },
      about: cid,
      ruleId: 'A5E-REST-3',
      text: spent === 0
        ? `${c().name} (${c().hp}/${c().maxHp} HP) may spend Hit Dice (d${start.size}, ${left} left): spend one?`
        : `${c().name} is at ${c().hp}/${c().maxHp} HP with ${left} Hit ${left === 1 ? 'Die' : 'Dice'} left: spend another?`,
      options: [{ id: 'spend', label: `Roll a Hit Die (d${start.size})` }, { id: 'stop', label: 'Stop' }],
      default: 'spend',
    });
    if (answer !== 'spend') break;
    const roll = ctx.roll(`1d${start.size}`, { roller: cid, purpose: 'a Hit Die' }).total;
    spent++;
    ctx.emit({ type: 'TallySet', creatureId: cid, key: HIT_DICE_SPENT, value: (c().tallies[HIT_DICE_SPENT] ?? 0) + 1, ruleId: 'A5E-REST-3' });
    heal(ctx, cid, hitDieHealing(c(), roll), cid, 'A5E-REST-3');
  }
  return spent;
}

/** Narrator: the party (or some of it) takes a short rest (A5E-REST-2). */
export const shortRestCommand = rulesetCommand({
  gmOnly: true,
  schema: z.object({
    type: z.literal('a5e.shortRest'),
    creatureIds: z.array(id).min(1).max(100),
    /** at least an hour (A5E-REST-2) */
    minutes: z.number().int().min(1).max(24 * 60).default(60),
    /** whether they kept to light activity; asked of the Narrator when left out */
    light: z.boolean().optional(),
  }).strict(),
  run: (ctx, c) => {
    if (c.minutes < 60) ctx.reject('rest-too-short', `a short rest lasts at least 60 minutes, not ${c.minutes}`, 'A5E-REST-2');
    requireNoFight(ctx, 'a short rest');
    const ids = resters(ctx, c.creatureIds);
    const light = c.light ?? ctx.ask({
      key: 'a5e.rest.light',
      to: { role: 'gm' },
      about: null,
      ruleId: 'A5E-REST-2',
      text: `Did the short rest keep to light activity (reading, talking, tending wounds)?`,
      options: [{ id: 'light', label: 'Yes: a proper short rest' }, { id: 'strenuous', label: 'No: nothing more strenuous is allowed, so no rest' }],
      default: 'light',
    }) === 'light';
    advanceClock(ctx, minutes(c.minutes), 'a short rest', 'A5E-REST-2');
    if (!light) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-REST-2', text: 'strenuous activity: the time passes but it was no short rest' });
      return;
    }
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-REST-1', text: `short rest (${c.minutes} minutes): ${ids.map((x) => ctx.state.creatures[x]!.name).join(', ')}` });
    for (const cid of ids) {
      restoreOnRest(ctx, cid, ['short']);
      spendHitDice(ctx, cid);
    }
  },
});
