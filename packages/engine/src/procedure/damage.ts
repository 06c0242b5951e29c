import type { RollRecord } from '@fray/dice';
import { calculateDamage, type DamagePart } from '../damage/calculate';
import type { Json } from '../core/json';
import type { Resolution } from '../resolve/context';
import { runStage } from '../ruleset/hooks';

/** Splits a damage roll into typed parts by its labels; unlabelled dice take `defaultType`. */
export function damagePartsFromRoll(record: RollRecord, defaultType: string): DamagePart[] {
  const dice: Record<string, number> = {};
  for (const t of record.terms) if (t.kind === 'dice') dice[t.label ?? ''] = (dice[t.label ?? ''] ?? 0) + t.count;
  const parts: DamagePart[] = [];
  for (const [label, amount] of Object.entries(record.byLabel)) parts.push({ type: label || defaultType, amount, ...(dice[label] ? { dice: dice[label] } : {}) });
  return parts;
}

export interface DealDamageOptions {
  source?: string | null;
  options?: Iterable<string>;
  data?: Record<string, Json>;
}

/**
 * Calculated, then applied: the ruleset's steps in its order, one row each, then hit points and the
 * hooks that watch them (dying, staggered, morale).
 */
export function dealDamage(ctx: Resolution, target: string, parts: DamagePart[], opts: DealDamageOptions = {}): { toHp: number; hpAfter: number } {
  const before = ctx.state.creatures[target];
  if (!before) ctx.reject('unknown-creature', `no creature '${target}'`);
  const payload = runStage(ctx, 'damage.modify', {
    target,
    source: opts.source ?? null,
    parts: parts.map((p) => ({ ...p })),
    options: new Set(opts.options ?? []),
    calculation: null,
    data: opts.data ?? {},
  });
  const profile = ctx.ruleset.damageProfile(ctx.state, target);
  const calc = payload.calculation ?? calculateDamage(payload.parts, profile, ctx.ruleset.damageSteps);
  const c = ctx.state.creatures[target]!;
  const hpBefore = c.hp;
  const tempBefore = c.tempHp;
  const floor = Math.min(0, ctx.ruleset.hpFloor?.(ctx.state, target) ?? 0);
  const hpAfter = Math.max(floor, hpBefore - calc.toHp);
  ctx.emit({
    type: 'DamageApplied',
    target,
    source: opts.source ?? null,
    rows: calc.rows,
    total: calc.total,
    absorbed: calc.absorbed,
    toHp: calc.toHp,
    hpBefore,
    hpAfter,
    tempBefore,
    tempAfter: tempBefore - calc.absorbed,
  });
  if (calc.total > 0) {
    runStage(ctx, 'hp.changed', { creatureId: target, before: hpBefore, after: hpAfter, damage: calc.toHp, source: opts.source ?? null, data: payload.data });
    if (hpAfter <= 0) {
      runStage(ctx, 'hp.zero', { creatureId: target, before: hpBefore, damage: calc.toHp, overflow: calc.toHp - hpBefore, source: opts.source ?? null, data: payload.data });
    }
  }
  return { toHp: calc.toHp, hpAfter };
}

/** Heals up to the maximum; returns (and logs) the hit points regained, counted from a rule's `from` when it gives one. */
export function heal(ctx: Resolution, target: string, amount: number, source: string | null = null, ruleId?: string): number {
  const c = ctx.state.creatures[target];
  if (!c) ctx.reject('unknown-creature', `no creature '${target}'`);
  const p = runStage(ctx, 'heal.modify', { target, amount: Math.max(0, amount), source, blocked: null });
  if (p.blocked) {
    ctx.emit({ type: 'RuleApplied', ruleId: p.blocked.ruleId ?? ruleId ?? 'heal', text: p.blocked.reason, creatureId: target });
    return 0;
  }
  // Read before emitting: the event updates this same creature object in place.
  const hpBefore = c.hp;
  // The amount is the hit points regained, counted from where a rule starts the healing (13th Age: from 0).
  const from = Math.max(hpBefore, p.from ?? hpBefore);
  const hpAfter = Math.max(hpBefore, Math.min(c.maxHp, from + Math.max(0, p.amount)));
  const regained = Math.max(0, hpAfter - from);
  ctx.emit({ type: 'HealingApplied', target, source, amount: regained, hpBefore, hpAfter, ...(ruleId ? { ruleId } : {}) });
  if (hpAfter !== hpBefore) runStage(ctx, 'hp.changed', { creatureId: target, before: hpBefore, after: hpAfter, damage: 0, source, data: {} });
  return regained;
}

/** Temporary hit points do not add: the holder keeps the larger set unless a ruleset asks them. */
export function grantTempHp(ctx: Resolution, target: string, amount: number, reason: string, ruleId?: string): void {
  const c = ctx.state.creatures[target];
  if (!c) ctx.reject('unknown-creature', `no creature '${target}'`);
  if (amount <= c.tempHp) return;
  ctx.emit({ type: 'HitPointsSet', target, tempHp: amount, reason, ...(ruleId ? { ruleId } : {}) });
}
