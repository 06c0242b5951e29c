import { z } from 'zod';
import { currentCreatureId, endTurn, placeInOrder, type EncounterState, type InitiativeEntry, type InitiativeResult, type Resolution } from '@fray/engine';
import type { Refusal } from './economy';
import type { FtdModule } from '../module';
import { creatureIn, scores } from './sheet';

/** No roll: the DEX score is the count (FTD-INIT-1); ties roll off once (FTD-INIT-4, the engine's roll-off). */
export function rollInitiative(ctx: Resolution, creatureId: string): InitiativeResult {
  return { total: scores(creatureIn(ctx.state, creatureId)).dex, tiebreak: [] };
}

const ambushSchema = z.object({ type: z.literal('ftd.declareAmbush'), side: z.string().min(1) }).strict();
const delaySchema = z.object({ type: z.literal('ftd.delay'), creatureId: z.string().min(1), after: z.string().min(1) }).strict();

/** Why it cannot delay until after that creature (FTD-INIT-3): only on its own turn, and only to a later place in the order. */
export function delayRefusal(ctx: { readonly state: EncounterState }, cmd: { creatureId: string; after: string }): Refusal | null {
  if (currentCreatureId(ctx.state) !== cmd.creatureId) return { code: 'not-your-turn', message: `${cmd.creatureId} can only delay on its own turn`, ruleId: 'FTD-INIT-3' };
  const me = ctx.state.order.findIndex((e) => e.creatureId === cmd.creatureId);
  const anchor = ctx.state.order.findIndex((e) => e.creatureId === cmd.after);
  if (anchor < 0) return { code: 'not-in-order', message: `${cmd.after} has no place in the initiative order` };
  if (anchor <= me) return { code: 'cannot-delay-earlier', message: `${cmd.after} acts before ${cmd.creatureId}: a delay only moves later`, ruleId: 'FTD-INIT-3' };
  return null;
}

export const initiativeModule: FtdModule = {
  id: 'initiative',
  hooks: [
    {
      // The ambushers take a whole turn before anyone else in round 1, then the DEX order resumes (FTD-INIT-2).
      stage: 'encounter.start', id: 'ftd.initiative.ambush', priority: 0, ruleId: 'FTD-INIT-2',
      run: (ctx) => {
        const side = ctx.state.vars['ftd.ambush'];
        if (typeof side !== 'string') return;
        const order = ctx.state.order;
        const first = order.filter((e) => creatureIn(ctx.state, e.creatureId).side === side);
        const rest = order.filter((e) => creatureIn(ctx.state, e.creatureId).side !== side);
        ctx.emit({ type: 'VarSet', creatureId: null, key: 'ftd.normalOrder', value: order as never });
        ctx.emit({ type: 'InitiativeSet', order: [...first, ...rest], reason: `ambush: the ${side} side acts first in round 1`, ruleId: 'FTD-INIT-2' });
      },
    },
    {
      stage: 'round.end', id: 'ftd.initiative.after-ambush', priority: 0, ruleId: 'FTD-INIT-2',
      run: (ctx) => {
        const normal = ctx.state.vars['ftd.normalOrder'] as InitiativeEntry[] | undefined;
        if (!normal) return;
        const ids = new Set(ctx.state.order.map((e) => e.creatureId));
        ctx.emit({ type: 'VarSet', creatureId: null, key: 'ftd.normalOrder', value: null });
        ctx.emit({ type: 'InitiativeSet', order: normal.filter((e) => ids.has(e.creatureId)), reason: 'the ambush round is over: DEX order from now on', ruleId: 'FTD-INIT-2' });
      },
    },
    {
      // A delayer takes its new, permanent place right after the creature it chose (FTD-INIT-3).
      stage: 'turn.end', id: 'ftd.initiative.delay-lands', priority: 50, ruleId: 'FTD-INIT-3',
      run: (ctx, p) => {
        for (const id of ctx.state.creatureIds) {
          const c = creatureIn(ctx.state, id);
          if (c.vars['ftd.delayAfter'] !== p.creatureId) continue;
          ctx.emit({ type: 'VarSet', creatureId: id, key: 'ftd.delayAfter', value: null });
          ctx.emit({ type: 'VarSet', creatureId: id, key: 'ftd.delaying', value: null });
          const who = (x: string) => (creatureIn(ctx.state, x).hidden ? 'a creature' : creatureIn(ctx.state, x).name);
          placeInOrder(ctx, id, { after: p.creatureId }, `${who(id)} delays: from now on acts after ${who(p.creatureId)}`);
        }
      },
    },
    {
      // The creature it waited for never acted (it fell): the delayer takes the last place instead.
      stage: 'round.end', id: 'ftd.initiative.delay-stranded', priority: 10, ruleId: 'FTD-INIT-3',
      run: (ctx) => {
        for (const e of ctx.state.order) {
          if (!e.delayed) continue;
          const last = ctx.state.order.filter((x) => x.creatureId !== e.creatureId).at(-1);
          ctx.emit({ type: 'VarSet', creatureId: e.creatureId, key: 'ftd.delayAfter', value: null });
          ctx.emit({ type: 'VarSet', creatureId: e.creatureId, key: 'ftd.delaying', value: null });
          if (last) placeInOrder(ctx, e.creatureId, { after: last.creatureId }, 'a delaying creature waited for one that did not act: last place from now on');
        }
      },
    },
  ],
  commands: [
    {
      type: 'ftd.declareAmbush', gmOnly: true,
      schema: ambushSchema as never,
      run: (ctx, raw) => {
        const cmd = raw as unknown as z.infer<typeof ambushSchema>;
        if (ctx.state.phase !== 'setup') ctx.reject('already-started', 'declare an ambush before combat starts', 'FTD-INIT-2');
        if (!ctx.state.creatureIds.some((id) => creatureIn(ctx.state, id).side === cmd.side)) ctx.reject('unknown-side', `no creature is on side '${cmd.side}'`);
        ctx.emit({ type: 'VarSet', creatureId: null, key: 'ftd.ambush', value: cmd.side });
        ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-INIT-2', text: `ambush: the ${cmd.side} side will take a full turn before anyone else` });
      },
    },
    {
      type: 'ftd.delay',
      schema: delaySchema as never,
      actor: (c) => (c as { creatureId?: string }).creatureId ?? null,
      run: (ctx, raw) => {
        const cmd = raw as unknown as z.infer<typeof delaySchema>;
        const refusal = delayRefusal(ctx, cmd);
        if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
        const order = ctx.state.order;
        ctx.emit({ type: 'VarSet', creatureId: cmd.creatureId, key: 'ftd.delayAfter', value: cmd.after });
        ctx.emit({ type: 'VarSet', creatureId: cmd.creatureId, key: 'ftd.delaying', value: true });
        const secret = creatureIn(ctx.state, cmd.creatureId).hidden || creatureIn(ctx.state, cmd.after).hidden;
        ctx.emit({ type: 'InitiativeSet', order: order.map((e) => (e.creatureId === cmd.creatureId ? { ...e, delayed: true } : e)), reason: `${ctx.state.creatures[cmd.creatureId]?.name ?? cmd.creatureId} delays until after ${ctx.state.creatures[cmd.after]?.name ?? cmd.after}`, ruleId: 'FTD-INIT-3' }, secret ? 'gm' : undefined);
        endTurn(ctx);
      },
    },
  ],
};
