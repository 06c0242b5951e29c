import { runStage, type CreatureState, type EncounterState, type Resolution } from '@fray/engine';
import { mod, sheetOf } from '../sheet/derived';
import type { StatBlock } from '../sheet/stat-block';

/**
 * Creature vars of breath and suffocation. `noAir` is the one other areas read (the dying rules:
 * no healing or stabilizing while a suffocated creature still has no air, A5E-DYING-19).
 */
export const NO_AIR = 'noAir';
export const BREATH_TURNS = 'breathTurns';
export const SUFFOCATING = 'suffocating';
export const SUFFOCATION_TURNS = 'suffocationTurns';
export const AIR_CAUSE = 'noAirCause';

/** Held breath: 1 + Constitution modifier minutes, never under 30 seconds (A5E-ENV-3), in rounds. */
export function breathRounds(sheet: StatBlock, roundSeconds: number): number {
  const seconds = Math.max(30, (1 + mod(sheet, 'con')) * 60);
  return Math.max(1, Math.floor(seconds / roundSeconds));
}

/** Rounds a suffocating creature lasts: its Constitution modifier, at least 1 (A5E-ENV-5). */
export function suffocationRounds(sheet: StatBlock): number {
  return Math.max(1, mod(sheet, 'con'));
}

export const hasNoAir = (c: CreatureState): boolean => c.vars[NO_AIR] === true;
export const isSuffocating = (c: CreatureState): boolean => c.vars[SUFFOCATING] === true;
export const isHoldingBreath = (c: CreatureState): boolean => hasNoAir(c) && !isSuffocating(c);

/** Whether the creature's turn this round has already begun (so this round's breath is spent). */
function turnBegunThisRound(state: EncounterState, id: string): boolean {
  if (state.phase !== 'combat' || state.turnIndex < 0) return false;
  const at = state.order.findIndex((e) => e.creatureId === id);
  return at >= 0 && at <= state.turnIndex;
}

function setVar(ctx: Resolution, id: string, key: string, value: number | boolean | string | null): void {
  const now = ctx.state.creatures[id]!.vars[key];
  if (now === value || (now === undefined && value === null)) return;
  ctx.emit({ type: 'VarSet', creatureId: id, key, value });
}

/**
 * It begins suffocating (A5E-ENV-4): it lasts its Constitution modifier in rounds. When this happens
 * at the start of its turn, that turn is the first of them (catalog timing, A5E-ENV-5).
 */
export function startSuffocating(ctx: Resolution, id: string, ruleId: string, atOwnTurnStart: boolean): void {
  const c = ctx.state.creatures[id]!;
  const rounds = suffocationRounds(sheetOf(c));
  setVar(ctx, id, BREATH_TURNS, 0);
  setVar(ctx, id, SUFFOCATING, true);
  setVar(ctx, id, SUFFOCATION_TURNS, atOwnTurnStart ? rounds - 1 : rounds);
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${c.name} is out of breath and suffocating: ${rounds} round${rounds === 1 ? '' : 's'} before it drops`, creatureId: id });
}

/**
 * It can no longer breathe (drowning, strangling, smothering, an airless plane: A5E-ENV-4). It holds
 * its breath first unless the Narrator says it could not (A5E-ENV-3).
 */
export function loseAir(ctx: Resolution, id: string, opts: { holdBreath: boolean; cause: string; ruleId?: string }): void {
  const c = ctx.state.creatures[id]!;
  if (hasNoAir(c)) return;
  setVar(ctx, id, NO_AIR, true);
  setVar(ctx, id, AIR_CAUSE, opts.cause);
  if (!opts.holdBreath) return startSuffocating(ctx, id, 'A5E-ENV-4', false);
  const rounds = breathRounds(sheetOf(c), ctx.state.roundSeconds);
  setVar(ctx, id, BREATH_TURNS, turnBegunThisRound(ctx.state, id) ? rounds - 1 : rounds);
  ctx.emit({ type: 'RuleApplied', ruleId: opts.ruleId ?? 'A5E-ENV-3', text: `${c.name} holds its breath (${opts.cause}): ${rounds} rounds`, creatureId: id });
}

/** It can breathe again: breath and suffocation reset. */
export function regainAir(ctx: Resolution, id: string): void {
  const c = ctx.state.creatures[id]!;
  if (!hasNoAir(c)) return;
  for (const key of [NO_AIR, AIR_CAUSE, BREATH_TURNS, SUFFOCATING, SUFFOCATION_TURNS]) setVar(ctx, id, key, null);
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ENV-4', text: `${c.name} can breathe again`, creatureId: id });
}

/**
 * Start of its turn, without air: a held breath counts down; once out of breath it suffocates; when
 * its suffocation rounds are spent it drops to 0 hit points and is dying (A5E-ENV-3, A5E-ENV-5).
 */
export function breathAtTurnStart(ctx: Resolution, id: string): void {
  const c = ctx.state.creatures[id]!;
  if (!hasNoAir(c) || c.status === 'dead') return;
  if (!isSuffocating(c)) {
    const left = (c.vars[BREATH_TURNS] as number | undefined) ?? 0;
    if (left > 0) return setVar(ctx, id, BREATH_TURNS, left - 1);
    return startSuffocating(ctx, id, 'A5E-ENV-5', true);
  }
  const left = (c.vars[SUFFOCATION_TURNS] as number | undefined) ?? 0;
  if (left > 0) return setVar(ctx, id, SUFFOCATION_TURNS, left - 1);
  if (c.hp <= 0) return;
  const before = c.hp;
  ctx.emit({ type: 'HitPointsSet', target: id, hp: 0, reason: 'suffocation', ruleId: 'A5E-ENV-5' });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ENV-5', text: `${c.name} suffocates: 0 hit points`, creatureId: id });
  const data = { cause: 'suffocation' };
  runStage(ctx, 'hp.changed', { creatureId: id, before, after: 0, damage: 0, source: null, data });
  runStage(ctx, 'hp.zero', { creatureId: id, before, damage: 0, overflow: 0, source: null, data });
}
