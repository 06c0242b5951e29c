import { testPredicate, type BreakdownRow, type Modifier, type StackingPolicy } from '@fray/engine';

/**
 * 13A-STACK-1..5: everything adds, except (a) same-name effects count once, the largest (13A-STACK-4);
 * (b) magic-item bonuses: only the best (type 'item', 13A-STACK-2); (c) condition penalties: only
 * the worst (type 'condition', 13A-STACK-3).
 */
export const thirteenStacking: StackingPolicy = (mods, options) => {
  const rows = new Map<Modifier, BreakdownRow>();
  const row = (m: Modifier, applied: boolean, reason?: BreakdownRow['reason'], by?: string): BreakdownRow => ({
    id: m.id, label: m.label, value: m.value, type: m.type, source: m.source, applied,
    ...(reason ? { reason } : {}), ...(by ? { by } : {}), ...(m.ruleId ? { ruleId: m.ruleId } : {}),
  });
  const live = mods.filter((m) => testPredicate(m.predicate, options));
  for (const m of mods) if (!live.includes(m)) rows.set(m, row(m, false, 'predicate-false'));
  const byName = new Map<string, Modifier>();
  for (const m of live) {
    const cur = byName.get(m.id);
    if (!cur || Math.abs(m.value) > Math.abs(cur.value)) byName.set(m.id, m);
  }
  const named = live.filter((m) => byName.get(m.id) === m);
  for (const m of live) if (!named.includes(m)) rows.set(m, row(m, false, 'same-effect', byName.get(m.id)!.id));
  const pick = (kind: 'item' | 'condition') => {
    const pool = named.filter((m) => m.type === kind && (kind === 'item' ? m.value > 0 : m.value < 0));
    return pool.reduce<Modifier | null>((best, m) => (!best || Math.abs(m.value) > Math.abs(best.value) ? m : best), null);
  };
  const bestItem = pick('item');
  const worstCondition = pick('condition');
  for (const m of named) {
    const winner = m.type === 'item' && m.value > 0 ? bestItem : m.type === 'condition' && m.value < 0 ? worstCondition : m;
    rows.set(m, winner === m ? row(m, true) : row(m, false, 'superseded', winner!.id));
  }
  return mods.map((m) => rows.get(m)!);
};
