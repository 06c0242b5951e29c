import { advanceClock, betweenFightsCommand, days, endUntilRest, heal, removeCondition } from '@fray/engine';
import { z } from 'zod';
import { creatureIn, isPc, sheetOf } from '../core/sheet';
import { FTD_VARS, HOURS_OUT, partyOf } from './party';

const campSchema = z.object({
  type: z.literal('ftd.camp'),
  creatureIds: z.array(z.string().min(1)).min(1).max(50).optional(),
  /** dungeons and hostile wilderness are never safe (ruling 13) */
  safe: z.boolean(),
  /** whether they ate; resilience and exhaustion need food as well as rest */
  fed: z.boolean().default(true),
  nights: z.number().int().min(1).max(365).default(1),
  /** PCs given medical care (a successful care check): unsafe rest then cures exhaustion too */
  cared: z.array(z.string().min(1)).max(50).default([]),
}).strict();

/**
 * GM: nights of rest between fights. Safe nights heal 1 HP per level, unsafe ones 1 HP (FTD-HEAL-4,
 * -5); rest ends penalties that last until rest. Rest with food resets the hours counted against
 * resilience (FTD-RESIL-1 ruling); safe rest with food, or unsafe rest with food and medical care,
 * ends exhaustion (FTD-RESIL-6). A safe camp is safety: the way back starts over.
 */
export const campCommand = betweenFightsCommand('a rest', {
  schema: campSchema,
  run: (ctx, c) => {
    const party = partyOf(ctx, c.creatureIds);
    for (const id of c.cared) if (!party.includes(id)) ctx.reject('unknown-creature', `${id} is not among those resting`);
    advanceClock(ctx, days(c.nights), c.safe ? 'safe rest' : 'unsafe rest', c.safe ? 'FTD-HEAL-4' : 'FTD-HEAL-5');
    for (const id of party) {
      const x = creatureIn(ctx.state, id);
      if (!isPc(x) || x.status === 'dead' || x.status === 'dying') continue;
      heal(ctx, id, (c.safe ? sheetOf(x).level : 1) * c.nights, 'rest', c.safe ? 'FTD-HEAL-4' : 'FTD-HEAL-5');
      endUntilRest(ctx, id, ['night']);
      if (!c.fed) continue;
      if ((x.vars[HOURS_OUT] ?? 0) !== 0) ctx.emit({ type: 'VarSet', creatureId: id, key: HOURS_OUT, value: 0 });
      if (c.safe || c.cared.includes(id)) {
        if (removeCondition(ctx, id, 'exhausted', c.safe ? 'a safe night\'s rest with food' : 'rest and food under medical care', 'FTD-RESIL-6')) {
          ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RESIL-6', text: `${x.name} is no longer exhausted`, creatureId: id });
        }
      } else if (x.conditions.some((k) => k.conditionId === 'exhausted')) {
        ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RESIL-6', text: `unsafe rest does not cure ${x.name}'s exhaustion`, creatureId: id });
      }
    }
    if (c.safe) {
      ctx.emit({ type: 'VarSet', creatureId: null, key: FTD_VARS.travelTurns, value: 0 });
      ctx.emit({ type: 'VarSet', creatureId: null, key: FTD_VARS.scenes, value: 0 });
    }
  },
});
