import type { InitiativeEntry } from '../core/state';
import type { Resolution } from '../resolve/context';

/** Higher total first, then tie-break keys in order, then the order creatures joined. */
export function sortOrder(entries: InitiativeEntry[], joinOrder: readonly string[]): InitiativeEntry[] {
  const joined = (id: string) => joinOrder.indexOf(id);
  return [...entries].sort((a, b) => {
    if (a.total !== b.total) return b.total - a.total;
    const n = Math.max(a.tiebreak.length, b.tiebreak.length);
    for (let i = 0; i < n; i++) {
      const x = a.tiebreak[i] ?? -Infinity;
      const y = b.tiebreak[i] ?? -Infinity;
      if (x !== y) return y - x;
    }
    if (a.group !== null && a.group === b.group) return joined(a.creatureId) - joined(b.creatureId);
    return joined(a.creatureId) - joined(b.creatureId);
  });
}

/** A unit of initiative: one creature, or a group that shares one roll and one slot. */
function unitKey(e: InitiativeEntry): string {
  return e.group ?? e.creatureId;
}

/**
 * Ties between different units are settled by d20 roll-offs, again and again until none are tied;
 * the roll-off orders the tied units without changing their totals.
 */
export function settleTies(ctx: Resolution, entries: InitiativeEntry[], ruleId?: string): InitiativeEntry[] {
  let out = entries.map((e) => ({ ...e, tiebreak: [...e.tiebreak] }));
  for (let guard = 0; guard < 50; guard++) {
    const sorted = sortOrder(out, ctx.state.creatureIds);
    const tied = new Map<string, string[]>();
    const seen = new Set<string>();
    for (const e of sorted) {
      if (seen.has(unitKey(e))) continue;
      seen.add(unitKey(e));
      const key = `${e.total}|${e.tiebreak.join(',')}`;
      tied.set(key, [...(tied.get(key) ?? []), unitKey(e)]);
    }
    const groups = [...tied.values()].filter((units) => units.length > 1);
    if (!groups.length) return sorted;
    for (const units of groups) {
      for (const unit of units) {
        const roller = out.find((e) => unitKey(e) === unit)!.creatureId;
        const face = ctx.roll('1d20', { roller, purpose: 'initiative tie-break' }).total;
        out = out.map((e) => (unitKey(e) === unit ? { ...e, tiebreak: [...e.tiebreak, face] } : e));
      }
    }
    if (ruleId) ctx.emit({ type: 'RuleApplied', ruleId, text: `initiative ties settled by a d20 roll-off` });
  }
  return sortOrder(out, ctx.state.creatureIds);
}

/** Rolls for the creatures named (a group rolls once for all its members) and merges them into the order. */
export function rollInitiativeFor(ctx: Resolution, creatureIds: readonly string[], groups: Record<string, string | null> = {}): void {
  const fresh: InitiativeEntry[] = [];
  const groupRoll = new Map<string, { total: number; tiebreak: number[] }>();
  for (const id of creatureIds) {
    const group = groups[id] ?? (typeof ctx.state.creatures[id]?.vars['initiativeGroup'] === 'string' ? (ctx.state.creatures[id]!.vars['initiativeGroup'] as string) : null);
    let r = group ? groupRoll.get(group) : undefined;
    if (!r) {
      r = ctx.ruleset.rollInitiative(ctx, id);
      if (group) groupRoll.set(group, r);
    }
    fresh.push({ creatureId: id, total: r.total, tiebreak: [...r.tiebreak], group, delayed: false });
  }
  const kept = ctx.state.order.filter((e) => !creatureIds.includes(e.creatureId));
  let order = sortOrder([...kept, ...fresh], ctx.state.creatureIds);
  if (ctx.ruleset.initiativeTies === 'rolloff') order = settleTies(ctx, order);
  ctx.emit({ type: 'InitiativeSet', order, reason: 'rolled' });
}

/** Moves one creature to act just before or after another, taking that creature's count. */
export function placeInOrder(ctx: Resolution, creatureId: string, rel: { before?: string; after?: string }, reason: string): void {
  const order = ctx.state.order;
  const me = order.find((e) => e.creatureId === creatureId);
  if (!me) ctx.reject('not-in-order', `${creatureId} has no place in the initiative order`);
  const anchorId = rel.before ?? rel.after!;
  const rest = order.filter((e) => e.creatureId !== creatureId);
  const at = rest.findIndex((e) => e.creatureId === anchorId);
  if (at < 0) ctx.reject('not-in-order', `${anchorId} has no place in the initiative order`);
  const anchor = rest[at]!;
  const moved: InitiativeEntry = { ...me, total: anchor.total, tiebreak: [...anchor.tiebreak], group: null, delayed: false };
  const next = [...rest];
  next.splice(rel.before ? at : at + 1, 0, moved);
  // Keep the sort stable for later insertions: re-key tie-breaks by position within equal totals.
  ctx.emit({ type: 'InitiativeSet', order: rekey(next), reason });
}

/** Gives entries with equal totals descending tie-break keys matching their current positions. */
function rekey(order: InitiativeEntry[]): InitiativeEntry[] {
  return order.map((e) => {
    const same = order.filter((x) => x.total === e.total);
    return same.length > 1 ? { ...e, tiebreak: [same.length - same.indexOf(e)] } : e;
  });
}
