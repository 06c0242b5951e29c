import { diceTextSchema, rulesetCommand } from '@fray/engine';
import { addCondition, heal, removeInstance, type ConditionDef, type DurationInput, type Resolution, type StagePayloads } from '@fray/engine';
import { z } from 'zod';
import { suffocatingAtZero } from '../dying/first-aid';
import { wake, DEAD, DYING, STABLE } from '../dying/state';
import { durationInputSchema } from '@fray/engine';

/** Healing that cannot land: the dead (A5E-HP-5) and the suffocating at 0 hit points (A5E-DYING-19). */
export function blockHealing(ctx: Resolution, p: StagePayloads['heal.modify']): void {
  const c = ctx.state.creatures[p.target]!;
  if (c.status === DEAD) p.blocked = { reason: `${c.name} is dead and cannot regain hit points`, ruleId: 'A5E-HP-5' };
  else if (suffocatingAtZero(ctx, p.target)) p.blocked = { reason: `${c.name} still cannot breathe and cannot be healed`, ruleId: 'A5E-DYING-19' };
}

/** Any hit point regained at 0 ends unconsciousness and dying, and resets the tallies (A5E-DYING-1, A5E-DYING-4). */
export function wakeOnHealing(ctx: Resolution, p: StagePayloads['hp.changed']): void {
  const c = ctx.state.creatures[p.creatureId]!;
  if (p.before === 0 && p.after > 0 && (c.status === DYING || c.status === STABLE)) wake(ctx, p.creatureId, 'A5E-DYING-1');
}

/** Marker carrying the duration of temporary hit points whose source gives one (A5E-HP-10). */
export const TEMP_HP = 'temporary-hit-points';
const TEMP_HP_GRANT_VAR = 'tempHpGrant';
export const tempHpCondition: ConditionDef = { id: TEMP_HP, name: 'Temporary hit points (timed)', ruleId: 'A5E-HP-10', effects: [] };

/**
 * Temporary hit points never add up: a creature holding some chooses which set to keep, the larger
 * by default (A5E-HP-8). They can go past the maximum and land at full health (A5E-HP-7), and at 0
 * hit points they wake no one (A5E-HP-9). With a duration they vanish when it ends (A5E-HP-10);
 * without one they last until used or a long rest.
 */
export function grantTemporaryHitPoints(ctx: Resolution, id: string, amount: number, opts: { source?: string | null; duration?: DurationInput } = {}): boolean {
  if (!ctx.state.creatures[id]) return ctx.reject('unknown-creature', `no creature '${id}'`);
  const c = () => ctx.state.creatures[id]!;
  if (amount <= 0) return false;
  if (c().tempHp > 0) {
    if (amount === c().tempHp && !opts.duration) return false;
    const answer = ctx.ask({
      key: 'a5e.tempHp.keep',
      to: { controllerOf: id },
      about: id,
      text: `${c().name} has ${c().tempHp} temporary hit points and is offered ${amount}: they do not add up. Which set does it keep?`,
      options: [{ id: 'new', label: `Take the new ${amount}` }, { id: 'old', label: `Keep the current ${c().tempHp}` }],
      default: amount > c().tempHp ? 'new' : 'old',
      ruleId: 'A5E-HP-8',
    });
    if (answer === 'old') return false;
  }
  const previous = c().conditions.find((x) => x.instanceId === c().vars[TEMP_HP_GRANT_VAR]);
  if (c().vars[TEMP_HP_GRANT_VAR] !== undefined) ctx.emit({ type: 'VarSet', creatureId: id, key: TEMP_HP_GRANT_VAR, value: null });
  if (previous) removeInstance(ctx, id, previous, 'replaced by new temporary hit points');
  ctx.emit({ type: 'HitPointsSet', target: id, tempHp: amount, reason: `temporary hit points${opts.source ? ` from ${opts.source}` : ''}`, ruleId: 'A5E-HP-7' });
  if (opts.duration) {
    const inst = addCondition(ctx, id, TEMP_HP, { source: opts.source ?? null, duration: opts.duration, ruleId: 'A5E-HP-10', data: { amount } });
    if (inst) ctx.emit({ type: 'VarSet', creatureId: id, key: TEMP_HP_GRANT_VAR, value: inst.instanceId });
  }
  return true;
}

/** The timed grant ran out: whatever is left of it goes (A5E-HP-10). */
export function tempHpExpired(ctx: Resolution, p: StagePayloads['condition.removed']): void {
  if (p.condition.conditionId !== TEMP_HP) return;
  const c = ctx.state.creatures[p.creatureId];
  if (!c || c.vars[TEMP_HP_GRANT_VAR] !== p.condition.instanceId) return;
  ctx.emit({ type: 'VarSet', creatureId: p.creatureId, key: TEMP_HP_GRANT_VAR, value: null });
  if (c.tempHp > 0) ctx.emit({ type: 'HitPointsSet', target: p.creatureId, tempHp: 0, reason: 'temporary hit points ran out', ruleId: 'A5E-HP-10' });
}

/** Used up: the timer has nothing left to end. */
export function tempHpSpent(ctx: Resolution, p: StagePayloads['hp.changed']): void {
  const c = ctx.state.creatures[p.creatureId]!;
  if (c.tempHp > 0 || c.vars[TEMP_HP_GRANT_VAR] === undefined) return;
  const inst = c.conditions.find((x) => x.instanceId === c.vars[TEMP_HP_GRANT_VAR]);
  ctx.emit({ type: 'VarSet', creatureId: p.creatureId, key: TEMP_HP_GRANT_VAR, value: null });
  if (inst) removeInstance(ctx, p.creatureId, inst, 'temporary hit points used up');
}

const id = z.string().min(1).max(200);

/** Narrator: healing from any source, up to the maximum (A5E-HP-3). */
export const healCommand = rulesetCommand({
  gmOnly: true,
  schema: z.object({
    type: z.literal('a5e.heal'),
    creatureId: id,
    amount: z.number().int().min(0).max(100_000).optional(),
    dice: diceTextSchema().optional(),
    source: id.optional(),
  }).strict().refine((c) => (c.amount === undefined) !== (c.dice === undefined), { message: 'give exactly one of amount or dice' }),
  run: (ctx, c) => {
    if (!ctx.state.creatures[c.creatureId]) ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
    const amount = c.amount ?? ctx.roll(c.dice!, { roller: c.source ?? null, purpose: 'healing' }).total;
    heal(ctx, c.creatureId, amount, c.source ?? null, 'A5E-HP-3');
  },
});

/** Narrator: grant temporary hit points, optionally for a limited time. */
export const tempHpCommand = rulesetCommand({
  gmOnly: true,
  schema: z.object({
    type: z.literal('a5e.grantTempHp'),
    creatureId: id,
    amount: z.number().int().min(1).max(100_000),
    source: id.optional(),
    duration: durationInputSchema.optional(),
  }).strict(),
  run: (ctx, c) => {
    grantTemporaryHitPoints(ctx, c.creatureId, c.amount, { source: c.source ?? null, ...(c.duration ? { duration: c.duration as DurationInput } : {}) });
  },
});
