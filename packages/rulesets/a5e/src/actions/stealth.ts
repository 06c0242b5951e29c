import { hasFlag, type CreatureState, type EncounterState, type Json, type LoadedRuleset, type Resolution } from '@fray/engine';
import { FLAG } from '../conditions/definitions';
import { passiveScore } from '../core/checks';

/**
 * creature var: who a hidden creature is hidden from and its Stealth total, from Hide (A5E-ACT-12) or
 * the surprise step (A5E-ENC-5). Only its controller and the GM see creature vars.
 */
export const HIDDEN = 'a5e.hidden';

export interface HiddenState {
  stealth: number;
  from: string[];
}

export function hiddenState(c: CreatureState | undefined): HiddenState | null {
  const v = c?.vars[HIDDEN] as unknown as HiddenState | undefined;
  return v && typeof v.stealth === 'number' && Array.isArray(v.from) ? v : null;
}

export function isHiddenFrom(state: EncounterState, hider: string, observer: string): boolean {
  return hiddenState(state.creatures[hider])?.from.includes(observer) ?? false;
}

export function hiddenJson(h: HiddenState): Json {
  return { stealth: h.stealth, from: [...h.from] };
}

/** Passive Perception through the shared passive-score rules (A5E-CORE-11). */
export const passivePerception = (ctx: Resolution, id: string): number => passiveScore(ctx, id, { ability: 'wis', skill: 'perception' }).score;

/** Different sides are hostile (the engine's convention). */
export function hostile(state: EncounterState, a: string, b: string): boolean {
  return state.creatures[a]!.side !== state.creatures[b]!.side;
}

/** A creature that can notice anything: not dead, and no condition leaves it perceiving nothing (unconscious). */
export function canObserve(ruleset: LoadedRuleset, state: EncounterState, id: string): boolean {
  const c = state.creatures[id];
  return !!c && c.status !== 'dead' && !hasFlag(ruleset, c, FLAG.perceivesNothing);
}
