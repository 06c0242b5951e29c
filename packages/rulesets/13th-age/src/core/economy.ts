import { activeEffects, currentCreatureId, type EncounterState, type Json, type LoadedRuleset, type Resolution } from '@fray/engine';

/** What a rules question reads: the state and the ruleset (a Resolution is one; so is a screen's view). */
export interface Rules {
  readonly state: EncounterState;
  readonly ruleset: LoadedRuleset;
}

/** Why a command is refused, in the words and under the rule the command would be rejected with. */
export interface Refusal {
  code: string;
  message: string;
  ruleId: string;
}

export type ActionKind = 'standard' | 'move' | 'quick';

/** 13A-ACT-2: the slots that may pay for an action, cheapest first. */
const payers: Record<ActionKind, ActionKind[]> = { standard: ['standard'], move: ['move', 'standard'], quick: ['quick', 'move', 'standard'] };

export function canPay(ctx: Rules, id: string, kind: ActionKind): ActionKind | null {
  const r = ctx.state.creatures[id]!.resources;
  return payers[kind].find((k) => (r[k] ?? 0) > 0) ?? null;
}

/** 13A-ACT-7: the unconscious and the stunned take no actions. */
export function cannotAct(ctx: Rules, id: string): string | null {
  const c = ctx.state.creatures[id]!;
  if (c.status === 'dead') return `${c.name} is dead`;
  const forbid = activeEffects(ctx.ruleset, c).find((a) => a.effect.kind === 'forbid' && a.effect.what === 'action');
  return forbid ? `${c.name} is ${forbid.conditionId} and can take no actions` : null;
}

/** On its own turn, able to act, with a slot that can pay; spends it (13A-ACT-1/2/6). */
export function spendAction(ctx: Resolution, id: string, kind: ActionKind, ruleId = '13A-ACT-1'): ActionKind {
  const refusal = actionRefusal(ctx, id, kind, ruleId);
  if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  const slot = canPay(ctx, id, kind)!;
  const value = ctx.state.creatures[id]!.resources[slot]! - 1;
  ctx.emit({ type: 'ResourceSet', creatureId: id, key: slot, value, ...(slot !== kind ? { ruleId: '13A-ACT-2' } : {}) });
  return slot;
}

/**
 * Why it cannot take an action of this kind now (13A-ACT-1/2/7): not its turn, unable to act, or no
 * slot left that can pay. `spendAction` asks it before paying; the action menu and legal commands too.
 */
export function actionRefusal(ctx: Rules, id: string, kind: ActionKind, ruleId = '13A-ACT-1'): Refusal | null {
  if (currentCreatureId(ctx.state) !== id) return { code: 'not-your-turn', message: `it is not ${id}'s turn`, ruleId };
  const why = cannotAct(ctx, id);
  if (why) return { code: 'cannot-act', message: why, ruleId: '13A-ACT-7' };
  if (!canPay(ctx, id, kind)) return { code: 'no-action-left', message: `${ctx.state.creatures[id]!.name} has no ${kind} action left this turn (a standard can pay for a move or quick, a move for a quick)`, ruleId: '13A-ACT-2' };
  return null;
}

/** The same question after paying for one action of `first` (two moves to reach a far-away foe, 13A-POS-3). */
export function afterPaying(ctx: Rules, id: string, first: ActionKind): Rules {
  const slot = canPay(ctx, id, first);
  if (!slot) return ctx;
  const c = ctx.state.creatures[id]!;
  const creature = { ...c, resources: { ...c.resources, [slot]: (c.resources[slot] ?? 0) - 1 } };
  return { ruleset: ctx.ruleset, state: { ...ctx.state, creatures: { ...ctx.state.creatures, [id]: creature } } };
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
