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
  /**
   * Modifiers with the same key are one effect reaching the roller from several sources (the same
   * condition twice). A policy wrapped in `onceEachEffect` counts the first and marks the others
   * suppressed; other policies ignore the key.
   */
  sameEffect?: string;
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

/**
 * The same effect counts once (A5E-COND-1: a second source of a condition does not intensify it):
 * among the modifiers whose predicate holds, the first of each `sameEffect` key goes to `inner`, the
 * others stay as rows, not applied, reason `suppressed`, `by` the one that counts. No row is dropped.
 */
export function onceEachEffect(inner: StackingPolicy): StackingPolicy {
  return (mods, options) => {
    const first = new Map<string, Modifier>();
    const repeated = new Set<Modifier>();
    for (const m of mods) {
      if (m.sameEffect === undefined || !testPredicate(m.predicate, options)) continue;
      if (first.has(m.sameEffect)) repeated.add(m);
      else first.set(m.sameEffect, m);
    }
    if (!repeated.size) return inner(mods, options);
    // Policies answer one row per modifier, in order, so the kept ones' rows come back in order.
    const kept = inner(mods.filter((m) => !repeated.has(m)), options);
    let i = 0;
    return mods.map((m) => (repeated.has(m) ? row(m, false, 'suppressed', first.get(m.sameEffect!)!.id) : kept[i++]!));
  };
}

export interface ModifiedValue {
  base: number;
  total: number;
  rows: BreakdownRow[];
}

/**
 * A number the rules derive (AC, a defense), explained like a roll: its base row first, then one row
 * per modifier, applied or not; `total` is what the rules use.
 */
export interface Statistic {
  label: string;
  total: number;
  rows: BreakdownRow[];
}

/**
 * A derived number explained (a ruleset's `statistics`, ADR 0006): a statistic, and when the number is a
 * roll's bonus (a saving throw), the roll mode and automatic failure the roll comes with now, which the
 * number cannot hold.
 */
export interface ExplainedStatistic extends Statistic {
  /** advantage or disadvantage the roll has now, and from what ('cancelled': both, so neither) */
  rollMode?: { mode: 'advantage' | 'disadvantage' | 'cancelled'; sources: { mode: 'advantage' | 'disadvantage'; label: string; ruleId?: string }[] };
  /** the roll fails without being made (a paralyzed creature's Strength and Dexterity saves) */
  autoFail?: { reason: string; ruleId?: string };
}

/** An explained statistic in short (the CLI's `--json`): its number, the rows that count, its roll mode and automatic failure. */
export interface DerivedBreakdown {
  /** the number itself (as `derivedNumbers` gives it) */
  value: number;
  /** the applied rows, the base first; ruleId where a rule brings the row */
  rows: { label: string; value: number; ruleId?: string }[];
  rollMode?: ExplainedStatistic['rollMode'];
  autoFail?: ExplainedStatistic['autoFail'];
}

/** The short form of an explained statistic: the rows not applied (suppressed, superseded) are left out. */
export function breakdownOf(s: ExplainedStatistic): DerivedBreakdown {
  const rows = s.rows.filter((r) => r.applied).map((r) => ({ label: r.label, value: r.value, ...(r.ruleId ? { ruleId: r.ruleId } : {}) }));
  return { value: s.total, rows, ...(s.rollMode ? { rollMode: s.rollMode } : {}), ...(s.autoFail ? { autoFail: s.autoFail } : {}) };
}

/** A statistic from its base (where it comes from: a stat block, a formula) and modifiers, through a stacking policy. */
export function statistic(
  label: string, base: { label: string; value: number; source: string; ruleId?: string }, mods: readonly Modifier[], policy: StackingPolicy, options: Options = new Set(),
): Statistic {
  const m = computeModified(base.value, mods, policy, options);
  const baseRow: BreakdownRow = { id: 'base', label: base.label, value: base.value, type: 'base', source: base.source, applied: true, ...(base.ruleId ? { ruleId: base.ruleId } : {}) };
  return { label, total: m.total, rows: [baseRow, ...m.rows] };
}

/** What a d20 test is rolled against when that is a statistic: its label and total, and its rows. */
export function againstStatistic(s: Statistic, label = s.label): { against: { label: string; value: number }; againstRows: BreakdownRow[] } {
  return { against: { label, value: s.total }, againstRows: s.rows };
}

/** A statistic from a base and modifiers: the total and every row explaining it. */
export function computeModified(base: number, mods: readonly Modifier[], policy: StackingPolicy, options: Options): ModifiedValue {
  const rows = policy(mods, options);
  let total = base;
  for (const r of rows) if (r.applied) total += r.value;
  return { base, total, rows };
}
