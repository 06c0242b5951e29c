import type { A5eModule } from '../module';
import { beforeLongRestTracks } from '../conditions/tracks';
import { mayReact } from '../position/reactions';
import { offerHitReactions, resetDailyUses, rollRecharges, useAction } from './run';
import { effectsVars } from '../settings';

beforeLongRestTracks({ id: 'a5e.effects.daily-uses', run: (ctx, id) => resetDailyUses(ctx, id) });

/**
 * Stat-block actions and reactions as effect trees (`actions`, `reactions`, attacks' `onHit`): the
 * `use-action` action, recharge rolls at the start of the creature's turn, and reactions offered when
 * an attack hits.
 */
export const effectsModule: A5eModule = {
  id: 'a5e.effects',
  creatureVars: effectsVars,
  hooks: [
    { stage: 'turn.start', id: 'a5e.effects.recharge', priority: 10, run: (ctx, p) => rollRecharges(ctx, p.creatureId) },
    // After the natural 20/1 judgement and the crit downgrade, before hiding gives way.
    { stage: 'test.outcome', id: 'a5e.effects.hit-reactions', priority: 60, ruleId: 'A5E-ROUND-4', run: (ctx, p) => offerHitReactions(ctx, p, (id) => mayReact(ctx.ruleset, ctx.state, id)) },
  ],
  actions: { 'use-action': useAction },
};
