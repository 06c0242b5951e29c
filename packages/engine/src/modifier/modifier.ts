import type { Options, Predicate } from './predicate';
import { testPredicate } from './predicate';

/** A number that may add to a roll or statistic, with where it came from. */
export interface Modifier {
  /** stable slug; the same id from two sources is "the same effect" for uniqueBy stacking */
  id: string;
  label: string;
  value: number;
  /** stacking type, e.g. 'untyped', 'circumstance', 'item'; the ruleset's policy decides what it means */
  type: string;
  /** the thing that granted it: a condition instance, a feature, a creature */
  source: string;
  predicate?: Predicate;
  ruleId?: string;
}

export type NotAppliedReason = 'predicate-false' | 'superseded' | 'same-effect' | 'suppressed' | 'capped';

/** One row per input modifier, applied or not, so a total is always explained. */
export interface BreakdownRow {
  id: string;
  label: string;
  value: number;
  type: string;
  source: string;
  applied: boolean;
  reason?: NotAppliedReason;
  /** id of the row that superseded this one */
  by?: string;
  ruleId?: string;
}

export type StackingPolicy = (mods: readonly Modifier[], options: Options) => BreakdownRow[];

function row(m: Modifier, applied: boolean, reason?: NotAppliedReason, by?: string): BreakdownRow {
  const r: BreakdownRow = { id: m.id, label: m.label, value: m.value, type: m.type, source: m.source, applied };
  if (reason) r.reason = reason;
  if (by) r.by = by;
  if (m.ruleId) r.ruleId = m.ruleId;
  return r;
}

/** Predicates first: a modifier whose predicate fails never competes. */
function withPredicates(mods: readonly Modifier[], options: Options, decide: (live: Modifier[]) => Map<Modifier, BreakdownRow>): BreakdownRow[] {
  const live = mods.filter((m) => testPredicate(m.predicate, options));
  const decided = decide(live);
  return mods.map((m) => decided.get(m) ?? row(m, false, 'predicate-false'));
}

/** Everything adds (the 5e family's flat modifiers). */
export const sumAll: StackingPolicy = (mods, options) =>
  withPredicates(mods, options, (live) => new Map(live.map((m) => [m, row(m, true)])));

/** The same effect (same id) counts once, keeping the largest magnitude; different effects add. */
export function uniqueBy(key: (m: Modifier) => string = (m) => m.id): StackingPolicy {
  return (mods, options) =>
    withPredicates(mods, options, (live) => {
      const out = new Map<Modifier, BreakdownRow>();
      const best = new Map<string, Modifier>();
      for (const m of live) {
        const k = key(m);
        const cur = best.get(k);
        if (!cur || Math.abs(m.value) > Math.abs(cur.value)) best.set(k, m);
      }
      for (const m of live) {
        const winner = best.get(key(m))!;
        out.set(m, winner === m ? row(m, true) : row(m, false, 'same-effect', winner.id));
      }
      return out;
    });
}

/**
 * Within each stacking type only the best bonus and the worst penalty apply; types listed in `except`
 * (usually 'untyped') always add. The pf2e / 13th Age magic-item style.
 */
export function bestBonusWorstPenaltyPerType(except: readonly string[] = ['untyped']): StackingPolicy {
  return (mods, options) =>
    withPredicates(mods, options, (live) => {
      const out = new Map<Modifier, BreakdownRow>();
      const bestBonus = new Map<string, Modifier>();
      const worstPenalty = new Map<string, Modifier>();
      for (const m of live) {
        if (except.includes(m.type)) continue;
        const table = m.value >= 0 ? bestBonus : worstPenalty;
        const cur = table.get(m.type);
        if (!cur || Math.abs(m.value) > Math.abs(cur.value)) table.set(m.type, m);
      }
      for (const m of live) {
        if (except.includes(m.type)) {
          out.set(m, row(m, true));
          continue;
        }
        const winner = (m.value >= 0 ? bestBonus : worstPenalty).get(m.type)!;
        out.set(m, winner === m ? row(m, true) : row(m, false, 'superseded', winner.id));
      }
      return out;
    });
}

export interface ModifiedValue {
  base: number;
  total: number;
  rows: BreakdownRow[];
}

/** A statistic from a base and modifiers: the total and every row explaining it. */
export function computeModified(base: number, mods: readonly Modifier[], policy: StackingPolicy, options: Options): ModifiedValue {
  const rows = policy(mods, options);
  let total = base;
  for (const r of rows) if (r.applied) total += r.value;
  return { base, total, rows };
}
