import type { CommandDef } from '@fray/engine';
import { z } from 'zod';
import { activeEntries, WORLD_VARS } from '../world/config';
import { runWorldAction } from '../world/phase';
import { DUEL_VARS, duelists, inDuel } from './active';

const id = z.string().min(1).max(200);
export const duelWorldActionSchema = z.object({
  type: z.literal('a5e.duel.worldAction'),
  entryId: id,
  /** a world action that brings a creature in, run as a single passing effect (DUEL-WORLD-5) */
  oneTime: z.boolean().optional(),
}).strict();
type DuelWorldAction = z.infer<typeof duelWorldActionSchema>;

/**
 * The environment in a duel (DUEL-WORLD-1..5): the base world actions, but once per turn, at any point
 * of either duelist's turn, as if a reaction, instead of at the top of the round (DUEL-WORLD-3); a
 * spent action still recharges on its d6. A single-target action strikes a duelist chosen by a d6, odd
 * the first listed and even the second (DUEL-WORLD-4); an area action hits everyone in it as written.
 * Actions that bring a creature into the fight are refused unless run as a one-time effect (DUEL-WORLD-5).
 */
export const duelWorldActionCommand: CommandDef<DuelWorldAction> = {
  type: 'a5e.duel.worldAction',
  schema: duelWorldActionSchema as never,
  gmOnly: true,
  run: (ctx, c) => {
    if (!inDuel(ctx.state)) ctx.reject('not-in-duel', 'no duel is running: world actions come at the top of the round (A5E-WORLD-2)', 'DUEL-WORLD-3');
    if (ctx.state.phase !== 'combat' || ctx.state.turnIndex < 0) ctx.reject('no-turn', 'a duel world action happens during a turn', 'DUEL-WORLD-3');
    const turnKey = `${ctx.state.round}:${ctx.state.turnIndex}`;
    if (ctx.state.vars[DUEL_VARS.worldTurn] === turnKey) ctx.reject('world-action-used', 'the environment has already acted this turn (once per turn in a duel)', 'DUEL-WORLD-3');
    const a = activeEntries(ctx.state).find((x) => x.entry.id === c.entryId && x.entry.kind === 'action');
    if (!a) return ctx.reject('unknown-world-action', `no world action '${c.entryId}' in this environment; actions: ${activeEntries(ctx.state).filter((x) => x.entry.kind === 'action').map((x) => x.entry.id).join(', ') || 'none'}`, 'DUEL-WORLD-1');
    const recharging = (ctx.state.vars[WORLD_VARS.recharging] as Record<string, number> | undefined) ?? {};
    if (recharging[a.entry.id] !== undefined) ctx.reject('world-action-recharging', `${a.name} has not recharged yet`, 'DUEL-WORLD-3');
    const addsCreature = a.entry.effects.some((e) => e.kind === 'spawn');
    if (addsCreature && !c.oneTime) ctx.reject('world-action-adds-creature', `${a.name} brings a creature into the fight, which would break the duel: run it as a one-time effect (oneTime: true)`, 'DUEL-WORLD-5');
    ctx.emit({ type: 'VarSet', creatureId: null, key: DUEL_VARS.worldTurn, value: turnKey });
    ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-WORLD-3', text: `the environment acts during the turn, as a reaction: ${a.name}` });
    if (addsCreature) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-WORLD-5', text: `${a.name} as a one-time effect: the creature it brings strikes once and is gone, and never joins the duel` });
      if (a.entry.recharge) ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.recharging, value: { ...recharging, [a.entry.id]: a.entry.recharge } });
      return;
    }
    const single = a.entry.effects.some((e) => e.kind === 'saveAction' && e.targets === 'one');
    let target: string | null = null;
    if (single) {
      const [first, second] = duelists(ctx.state) as [string, string];
      const face = ctx.roll('1d6', { roller: null, purpose: 'world action target (odd: first duelist, even: second)' }).total;
      target = face % 2 === 1 ? first : second;
      ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-WORLD-4', text: `d6 ${face} (${face % 2 === 1 ? 'odd' : 'even'}): ${a.name} targets ${ctx.state.creatures[target]!.name}`, creatureId: target });
    }
    runWorldAction(ctx, a, target);
  },
};
