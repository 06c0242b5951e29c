import { activeEffects, currentCreatureId, type Json, type Resolution } from '@fray/engine';

export type ActionKind = 'standard' | 'move' | 'quick';

/** 13A-ACT-2: the slots that may pay for an action, cheapest first. */
const payers: Record<ActionKind, ActionKind[]> = { standard: ['standard'], move: ['move', 'standard'], quick: ['quick', 'move', 'standard'] };

export function canPay(ctx: Resolution, id: string, kind: ActionKind): ActionKind | null {
  const r = ctx.state.creatures[id]!.resources;
  return payers[kind].find((k) => (r[k] ?? 0) > 0) ?? null;
}

/** 13A-ACT-7: the unconscious and the stunned take no actions. */
export function cannotAct(ctx: Resolution, id: string): string | null {
  const c = ctx.state.creatures[id]!;
  if (c.status === 'dead') return `${c.name} is dead`;
  const forbid = activeEffects(ctx.ruleset, c).find((a) => a.effect.kind === 'forbid' && a.effect.what === 'action');
  return forbid ? `${c.name} is ${forbid.conditionId} and can take no actions` : null;
}

/** On its own turn, able to act, with a slot that can pay; spends it (13A-ACT-1/2/6). */
export function spendAction(ctx: Resolution, id: string, kind: ActionKind, ruleId = '13A-ACT-1'): ActionKind {
  if (currentCreatureId(ctx.state) !== id) ctx.reject('not-your-turn', `it is not ${id}'s turn`, ruleId);
  const why = cannotAct(ctx, id);
  if (why) ctx.reject('cannot-act', why, '13A-ACT-7');
  const slot = canPay(ctx, id, kind);
  if (!slot) ctx.reject('no-action-left', `${ctx.state.creatures[id]!.name} has no ${kind} action left this turn (a standard can pay for a move or quick, a move for a quick)`, '13A-ACT-2');
  const value = ctx.state.creatures[id]!.resources[slot]! - 1;
  ctx.emit({ type: 'ResourceSet', creatureId: id, key: slot, value, ...(slot !== kind ? { ruleId: '13A-ACT-2' } : {}) });
  return slot;
}

export function resetTurnBudget(ctx: Resolution, id: string): void {
  for (const k of ['standard', 'move', 'quick'] as const) {
    if (ctx.state.creatures[id]!.resources[k] !== 1) ctx.emit({ type: 'ResourceSet', creatureId: id, key: k, value: 1, ruleId: '13A-ACT-1' });
  }
}

export function setVar(ctx: Resolution, id: string | null, key: string, value: Json | null): void {
  const cur = id === null ? ctx.state.vars[key] : ctx.state.creatures[id]!.vars[key];
  if ((cur ?? null) === value) return;
  ctx.emit({ type: 'VarSet', creatureId: id, key, value });
}
