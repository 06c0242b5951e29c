import { z } from 'zod';
import { activeEffects, addCondition, currentCreatureId, removeCondition, type ConditionDef, type EncounterState, type Json, type LoadedRuleset, type Resolution } from '@fray/engine';
import type { FtdModule } from '../module';
import { creatureIn } from './sheet';

export type Slot = 'active' | 'movement' | 'quick';
export const slots: readonly Slot[] = ['active', 'movement', 'quick'];

/** What a rules question reads: the state and the ruleset (a Resolution is one; so is a screen's view). */
export interface Rules {
  readonly state: EncounterState;
  readonly ruleset: LoadedRuleset;
}

/** Why a command is refused, in the words it would be rejected with. */
export interface Refusal {
  code: string;
  message: string;
  ruleId?: string;
}

/** Whether the action clock runs: in combat, until the GM declares the fight over (FTD-DEATH-2). */
export function inRounds(ctx: { readonly state: EncounterState }): boolean {
  return ctx.state.phase === 'combat' && ctx.state.vars['ftd.fightOver'] !== true;
}

const refuse = (ctx: Resolution, r: Refusal | null): void => {
  if (r) ctx.reject(r.code, r.message, r.ruleId);
};

/** Incapacitated creatures take no action of any type (FTD-DEATH-1). */
export function requireAble(ctx: Resolution, actorId: string): void {
  refuse(ctx, ableRefusal(ctx, actorId));
}

/** Why it can take no action at all (FTD-DEATH-1): dead, or incapacitated. */
export function ableRefusal(ctx: Rules, actorId: string): Refusal | null {
  const c = creatureIn(ctx.state, actorId);
  if (c.status === 'dead') return { code: 'cannot-act', message: `${c.name} is dead`, ruleId: 'FTD-DEATH-1' };
  if (activeEffects(ctx.ruleset, c).some((a) => a.effect.kind === 'forbid' && a.effect.what === 'action')) {
    return { code: 'cannot-act', message: `${c.name} is incapacitated and cannot act`, ruleId: 'FTD-DEATH-1' };
  }
  return null;
}

/** Actions belong to the acting creature's turn while rounds are counted (FTD-ACT-1). */
export function requireTurn(ctx: Resolution, actorId: string): void {
  refuse(ctx, turnRefusal(ctx, actorId));
}

/** Why it cannot act now (FTD-DEATH-1, FTD-ACT-1): unable, or not its turn while rounds are counted. */
export function turnRefusal(ctx: Rules, actorId: string): Refusal | null {
  const able = ableRefusal(ctx, actorId);
  if (able) return able;
  if (inRounds(ctx) && currentCreatureId(ctx.state) !== actorId) return { code: 'not-your-turn', message: `it is not ${creatureIn(ctx.state, actorId).name}'s turn`, ruleId: 'FTD-ACT-1' };
  return null;
}

/** Spends one action of a type; a second of the same type needs a trade-down (FTD-ACT-2). */
export function spend(ctx: Resolution, actorId: string, slot: Slot): void {
  if (!inRounds(ctx)) return;
  refuse(ctx, slotRefusal(ctx, actorId, slot));
  const c = creatureIn(ctx.state, actorId);
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: slot, value: (c.resources[slot] ?? 0) - 1, ruleId: 'FTD-ACT-2' });
}

/** Why it has no action of this type left this round (FTD-ACT-2); outside rounds nothing is counted. */
export function slotRefusal(ctx: Rules, actorId: string, slot: Slot): Refusal | null {
  if (!inRounds(ctx)) return null;
  const c = creatureIn(ctx.state, actorId);
  return (c.resources[slot] ?? 0) < 1 ? { code: `no-${slot}-action-left`, message: `${c.name} has no ${slot} action left this round: trade one down or end the turn`, ruleId: 'FTD-ACT-2' } : null;
}

/** Why it cannot act now and pay for an action of this type: `turnRefusal`, then `slotRefusal`. */
export function actRefusal(ctx: Rules, actorId: string, slot: Slot): Refusal | null {
  return turnRefusal(ctx, actorId) ?? slotRefusal(ctx, actorId, slot);
}

export function hasSlot(ctx: Resolution, actorId: string, slot: Slot): boolean {
  return !inRounds(ctx) || (creatureIn(ctx.state, actorId).resources[slot] ?? 0) >= 1;
}

const tradeSchema = z.object({
  type: z.literal('ftd.tradeDown'),
  creatureId: z.string().min(1),
  from: z.enum(['active', 'movement']),
  to: z.enum(['movement', 'quick']),
}).strict().refine((c) => c.from !== c.to, { message: 'trade an action down to another type' });

/**
 * Why it cannot trade an action down now (FTD-ACT-4/6): on its turn, in rounds, with the action it
 * trades. Trading the active action down asks the GM first, and a GM who refuses leaves it accepted
 * (nothing traded), so with no active action left only dispatch knows the answer (undefined).
 */
export function tradeDownRefusal(ctx: Rules, cmd: { creatureId: string; from: Slot }): Refusal | null | undefined {
  const turn = turnRefusal(ctx, cmd.creatureId);
  if (turn) return turn;
  if (!inRounds(ctx)) return { code: 'not-in-rounds', message: 'actions are only counted in combat rounds' };
  const slot = slotRefusal(ctx, cmd.creatureId, cmd.from);
  return cmd.from === 'active' && slot ? undefined : slot;
}

const concentrating: ConditionDef = { id: 'concentrating', name: 'Concentrating', ruleId: 'FTD-ACT-9', effects: [] };

/** Starts concentration; it costs the quick action from the next turn on (FTD-ACT-9). */
export function startConcentration(ctx: Resolution, id: string, what: string): void {
  removeCondition(ctx, id, 'concentrating', 'a new concentration replaces the old');
  addCondition(ctx, id, 'concentrating', { source: id, ruleId: 'FTD-ACT-9', data: { what, since: ctx.state.round } });
}

export const economyModule: FtdModule = {
  id: 'economy',
  conditions: [concentrating],
  hooks: [
    {
      stage: 'turn.start', id: 'ftd.economy.refresh', priority: 0, ruleId: 'FTD-ACT-2',
      run: (ctx, p) => {
        for (const slot of slots) ctx.emit({ type: 'ResourceSet', creatureId: p.creatureId, key: slot, value: 1 });
        ctx.emit({ type: 'ResourceSet', creatureId: p.creatureId, key: 'moveFeet', value: 0 });
      },
    },
    {
      stage: 'turn.end', id: 'ftd.economy.concentration', priority: 10, ruleId: 'FTD-ACT-9',
      run: (ctx, p) => {
        const c = creatureIn(ctx.state, p.creatureId);
        const inst = c.conditions.find((x) => x.conditionId === 'concentrating');
        if (!inst || c.vars['ftd.delaying'] === true) return;
        const since = (inst.data as Record<string, Json> | undefined)?.['since'];
        if (typeof since === 'number' && since >= ctx.state.round) return;
        if ((c.resources['quick'] ?? 0) >= 1) {
          ctx.emit({ type: 'ResourceSet', creatureId: c.id, key: 'quick', value: (c.resources['quick'] ?? 1) - 1, ruleId: 'FTD-ACT-9' });
          ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-9', text: `${c.name} spends its quick action to keep concentrating`, creatureId: c.id });
        } else {
          removeCondition(ctx, c.id, 'concentrating', 'no quick action left to keep concentrating');
        }
      },
    },
  ],
  commands: [
    {
      type: 'ftd.tradeDown',
      schema: tradeSchema as never,
      actor: (c) => (c as { creatureId?: string }).creatureId ?? null,
      run: (ctx, raw) => {
        const cmd = raw as unknown as z.infer<typeof tradeSchema>;
        refuse(ctx, tradeDownRefusal(ctx, cmd) ?? null);
        if (cmd.from === 'active') {
          const ok = ctx.ask({
            key: 'ftd.tradeDown.allow', to: { role: 'gm' }, about: cmd.creatureId, ruleId: 'FTD-ACT-4',
            text: `${creatureIn(ctx.state, cmd.creatureId).name} wants to use its active action as a ${cmd.to} action. Allow it?`,
            options: [{ id: 'allow', label: 'Allow' }, { id: 'refuse', label: 'Refuse' }], default: 'allow',
          });
          if (ok !== 'allow') {
            ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-ACT-4', text: 'the GM refuses the trade', creatureId: cmd.creatureId });
            return;
          }
        }
        spend(ctx, cmd.creatureId, cmd.from);
        const c = creatureIn(ctx.state, cmd.creatureId);
        ctx.emit({ type: 'ResourceSet', creatureId: c.id, key: cmd.to, value: (c.resources[cmd.to] ?? 0) + 1, ruleId: cmd.from === 'active' ? 'FTD-ACT-4' : 'FTD-ACT-6' });
      },
    },
  ],
};

