import {
  calculateDamage, dealDamage, damagePartsFromRoll, type AnyHook, type DamagePart, type DamagePayload, type DamageRow,
  type Json, type Resolution,
} from '@fray/engine';
import { isUnderwater } from '../hazards/underwater';

/** dealDamage option: a successful save halves this damage (A5E-DMG-20 step 4). */
export const HALF_DAMAGE = 'damage:half';
/** dealDamage option: the damage happens underwater, where bludgeoning and fire are halved (A5E-DMG-17). */
export const UNDERWATER_DAMAGE = 'damage:underwater';
/** Damage types water halves (A5E-ENV-10, A5E-SCEN-3). */
export const WATER_HALVES = ['bludgeoning', 'fire'];

/**
 * Keys this pipeline keeps in the damage payload's data while it runs: the rows so far (the hazards
 * module looks here for the A5E-DMG-17 row before halving water damage itself), the amounts reached.
 */
export const DATA_ROWS = 'a5e.adjust';
export const DATA_REACHED = 'a5e.reached';
/** the whole instance after resistance and vulnerability, temporary hit points included (AMB-5) */
export const DATA_TOTAL = 'a5e.total';

/** Sums signed parts per type, then floors each at 0: a penalty lowers damage but never below 0 (A5E-DMG-1). */
export function mergeParts(parts: readonly DamagePart[]): DamagePart[] {
  const byType = new Map<string, DamagePart>();
  for (const p of parts) {
    const cur = byType.get(p.type);
    const dice = (cur?.dice ?? 0) + (p.dice ?? 0);
    byType.set(p.type, { type: p.type, amount: (cur?.amount ?? 0) + p.amount, ...(dice ? { dice } : {}) });
  }
  return [...byType.values()].map((x) => ({ ...x, amount: Math.max(0, x.amount) }));
}

/** Halving rounds down (A5E-CORE-13). */
export const halve = (n: number): number => Math.floor(n / 2);

const underwater = (ctx: Resolution, p: DamagePayload): boolean => p.options.has(UNDERWATER_DAMAGE) || isUnderwater(ctx.state, p.target);

const rowsOf = (p: DamagePayload): DamageRow[] => p.data[DATA_ROWS] as unknown as DamageRow[];

/** Any change some other hook made since the last row shows as an adjust row, so the rows always add up. */
function noteChanges(p: DamagePayload): void {
  p.parts = mergeParts(p.parts);
  const reached = p.data[DATA_REACHED] as Record<string, number>;
  for (const part of p.parts) {
    const was = reached[part.type] ?? 0;
    if (was !== part.amount) rowsOf(p).push({ step: 'adjust', type: part.type, before: was, after: part.amount, note: 'changed by another effect' });
    reached[part.type] = part.amount;
  }
}

/** First of all: the damage as rolled, signed parts of one type summed and floored at 0 (A5E-DMG-1). */
function rolled(_ctx: Resolution, p: DamagePayload): void {
  p.parts = mergeParts(p.parts);
  p.data[DATA_ROWS] = p.parts.map((x) => ({ step: 'rolled', type: x.type, before: x.amount, after: x.amount })) as unknown as Json;
  p.data[DATA_REACHED] = Object.fromEntries(p.parts.map((x) => [x.type, x.amount]));
}

function halveParts(p: DamagePayload, types: readonly string[] | 'all', ruleId: string, note: string): void {
  noteChanges(p);
  const reached = p.data[DATA_REACHED] as Record<string, number>;
  p.parts = p.parts.map((part) => {
    if ((types !== 'all' && !types.includes(part.type)) || part.amount <= 0) return part;
    const after = halve(part.amount);
    rowsOf(p).push({ step: 'adjust', type: part.type, before: part.amount, after, ruleId, note });
    reached[part.type] = after;
    return { ...part, amount: after };
  });
}

/**
 * Step 4 of A5E-DMG-20, water: bludgeoning and fire halved underwater, before flat reductions and
 * resistance, so water and resistance stack to a quarter (A5E-DMG-17, AMB-25). Early, so the
 * hazards module's own water hook (priority 20) finds the row and does not halve twice.
 */
function waterHalving(ctx: Resolution, p: DamagePayload): void {
  if (underwater(ctx, p)) halveParts(p, WATER_HALVES, 'A5E-DMG-17', 'halved underwater');
}

/**
 * Step 4 of A5E-DMG-20, the save: "half damage on a success", after bonuses added per die (step 2,
 * hooks below priority 500) and before flat reductions and resistance.
 */
function saveHalving(_ctx: Resolution, p: DamagePayload): void {
  if (p.options.has(HALF_DAMAGE)) halveParts(p, 'all', 'A5E-DMG-20', 'halved by a successful save');
}

/** Last: the ruleset's steps over what is left, with the roll and the adjustments in front. */
function calculate(ctx: Resolution, p: DamagePayload): void {
  if (p.calculation) return;
  if (!p.data[DATA_ROWS]) rolled(ctx, p);
  noteChanges(p);
  const profile = ctx.ruleset.damageProfile(ctx.state, p.target);
  const calc = calculateDamage(p.parts, profile, ctx.ruleset.damageSteps);
  p.calculation = { ...calc, rows: [...rowsOf(p), ...calc.rows.filter((r) => r.step !== 'rolled')] };
  p.data[DATA_TOTAL] = calc.total;
  delete p.data[DATA_ROWS];
  delete p.data[DATA_REACHED];
}

export const pipelineHooks: AnyHook[] = [
  { stage: 'damage.modify', id: 'a5e.damage.rolled', priority: -1000, ruleId: 'A5E-DMG-1', run: rolled },
  { stage: 'damage.modify', id: 'a5e.damage.water', priority: 10, ruleId: 'A5E-DMG-17', run: waterHalving },
  { stage: 'damage.modify', id: 'a5e.damage.saveHalving', priority: 500, ruleId: 'A5E-DMG-20', run: saveHalving },
  { stage: 'damage.modify', id: 'a5e.damage.calculate', priority: 900, ruleId: 'A5E-DMG-20', run: calculate },
];

export interface DamageTarget {
  id: string;
  /** halved by a successful save */
  half?: boolean;
  /** takes nothing (a save that negates) */
  none?: boolean;
}

export interface DamageEffect {
  source: string | null;
  /** e.g. "8d6 fire" or "2d6 + 3"; unlabelled dice take `type` */
  expression: string;
  type: string;
  purpose: string;
  options?: string[];
  data?: Record<string, Json>;
}

/**
 * One effect damaging several creatures at once: the dice are rolled once and every target uses that
 * roll, each with its own save result and defences (A5E-DMG-3).
 */
export function damageEffect(ctx: Resolution, effect: DamageEffect, targets: readonly DamageTarget[]): void {
  const hit = targets.filter((t) => !t.none);
  if (!hit.length) return;
  const record = ctx.roll(effect.expression, { roller: effect.source, purpose: effect.purpose });
  if (targets.length > 1) ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DMG-3', text: `${effect.purpose}: one roll of ${record.total} for ${hit.length} targets` });
  for (const t of hit) {
    dealDamage(ctx, t.id, damagePartsFromRoll(record, effect.type), {
      source: effect.source,
      options: [...(effect.options ?? []), ...(t.half ? [HALF_DAMAGE] : [])],
      data: { ...(effect.data ?? {}) },
    });
  }
}
