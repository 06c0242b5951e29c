import type { Options, Predicate } from './predicate';
import { testPredicate } from './predicate';

export type RollMode = 'normal' | 'advantage' | 'disadvantage';

/** Something that would give a d20 roll advantage or disadvantage, with where it came from. */
export interface RollModeSource {
  mode: 'advantage' | 'disadvantage';
  source: string;
  label: string;
  predicate?: Predicate;
  ruleId?: string;
}

export interface RollModeExplanation {
  mode: RollMode;
  /** a flat adjustment some systems use instead of extra dice (e.g. +2 / -2) */
  bonus: number;
  sources: (RollModeSource & { applied: boolean })[];
  /** the policy's verdict in words-as-data, e.g. 'cancelled' */
  verdict: 'none' | 'advantage' | 'disadvantage' | 'cancelled' | 'flat';
}

export type RollModePolicy = (sources: readonly RollModeSource[], options: Options) => RollModeExplanation;

function live(sources: readonly RollModeSource[], options: Options) {
  return sources.map((s) => ({ ...s, applied: testPredicate(s.predicate, options) }));
}

/** 5e family: any number of advantage sources count as one, likewise disadvantage; one of each cancels. */
export const cancelOut: RollModePolicy = (sources, options) => {
  const rows = live(sources, options);
  const adv = rows.some((s) => s.applied && s.mode === 'advantage');
  const dis = rows.some((s) => s.applied && s.mode === 'disadvantage');
  if (adv && dis) return { mode: 'normal', bonus: 0, sources: rows, verdict: 'cancelled' };
  if (adv) return { mode: 'advantage', bonus: 0, sources: rows, verdict: 'advantage' };
  if (dis) return { mode: 'disadvantage', bonus: 0, sources: rows, verdict: 'disadvantage' };
  return { mode: 'normal', bonus: 0, sources: rows, verdict: 'none' };
};

/** Systems without advantage: each side is a flat step (e.g. +2 / -2), and they cancel the same way. */
export function flatSteps(step: number): RollModePolicy {
  return (sources, options) => {
    const rows = live(sources, options);
    const adv = rows.some((s) => s.applied && s.mode === 'advantage');
    const dis = rows.some((s) => s.applied && s.mode === 'disadvantage');
    const bonus = adv === dis ? 0 : adv ? step : -step;
    return { mode: 'normal', bonus, sources: rows, verdict: adv && dis ? 'cancelled' : bonus ? 'flat' : 'none' };
  };
}

/** The d20 expression for a mode: one die, or two keeping the higher or lower. */
export function d20For(mode: RollMode): string {
  return mode === 'advantage' ? '2d20kh1' : mode === 'disadvantage' ? '2d20kl1' : '1d20';
}
