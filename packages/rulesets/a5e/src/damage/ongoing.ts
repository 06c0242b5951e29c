import { diceTextSchema, rulesetCommand } from '@fray/engine';
import {
  addCondition, dealDamage, damagePartsFromRoll, durationInputSchema, removeInstance,
  type ConditionDef, type ConditionInstance, type DurationInput, type EncounterState, type Json, type LoadedRuleset, type Resolution,
} from '@fray/engine';
import { parseDice } from '@fray/dice';
import { z } from 'zod';
import { ACTION, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import { rejectWith } from '../actions/common';
import { UNTYPED } from '../combat/damage';
import { damageTypes } from '../sheet/stat-block';

export const ONGOING_DAMAGE = 'ongoing-damage';

/** One ongoing effect: what it deals each turn and how it ends (A5E-DMG-8, A5E-DMG-9). */
export interface OngoingDamage {
  /** e.g. "1d10 fire"; unlabelled dice take `type`, and with no type at all the loss is untyped */
  damage: string;
  type?: string;
  name: string;
  /** a creature can spend an action to end it (smothering flames) */
  endsWithAction: boolean;
}

export const ongoingDamageCondition: ConditionDef = {
  id: ONGOING_DAMAGE, name: 'Ongoing damage', ruleId: 'A5E-DMG-8', effects: [],
  data: {
    schema: z.object({ damage: diceTextSchema(), name: z.string().min(1).max(100), endsWithAction: z.boolean(), type: z.string().min(1).max(40).optional() }),
    example: "{ damage: '1d6 fire', name: burning, endsWithAction: true }",
  },
};

const known = new Set<string>([...damageTypes, UNTYPED]);

/** Refuses damage labelled with something that is not one of the thirteen types (A5E-DMG-7). */
export function checkDamageTypes(ctx: Resolution, expression: string, ruleId = 'A5E-DMG-7'): void {
  let parsed;
  try {
    parsed = parseDice(expression);
  } catch (e) {
    return ctx.reject('bad-dice', `bad damage '${expression}': ${(e as Error).message}`, ruleId);
  }
  for (const t of parsed.terms) {
    if (t.label !== undefined && !known.has(t.label)) {
      ctx.reject('unknown-damage-type', `'${t.label}' is not a damage type; types: ${damageTypes.join(', ')}`, ruleId);
    }
  }
}

export function applyOngoingDamage(ctx: Resolution, id: string, o: OngoingDamage, source: string | null, duration?: DurationInput): ConditionInstance | null {
  checkDamageTypes(ctx, o.damage, 'A5E-DMG-8');
  return addCondition(ctx, id, ONGOING_DAMAGE, {
    source,
    ruleId: 'A5E-DMG-8',
    data: { damage: o.damage, name: o.name, endsWithAction: o.endsWithAction, ...(o.type ? { type: o.type } : {}) },
    ...(duration ? { duration } : {}),
  });
}

const dataOf = (inst: ConditionInstance): OngoingDamage => inst.data as unknown as OngoingDamage;

/**
 * As each of its turns ends, the creature takes every ongoing damage it carries. A named type meets
 * resistance and vulnerability; untyped loss ignores them (A5E-DMG-8). It is damage in every other
 * way: temporary hit points absorb it, and at 0 hit points it is "other damage" (A5E-DYING-8).
 */
export function ongoingAtTurnEnd(ctx: Resolution, id: string): void {
  const list = ctx.state.creatures[id]?.conditions.filter((x) => x.conditionId === ONGOING_DAMAGE) ?? [];
  for (const inst of list) {
    const o = dataOf(inst);
    const record = ctx.roll(o.damage, { roller: inst.source, purpose: `ongoing ${o.name}` });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DMG-8', text: `${ctx.state.creatures[id]!.name} takes ongoing damage from ${o.name}`, creatureId: id });
    dealDamage(ctx, id, damagePartsFromRoll(record, o.type ?? UNTYPED), { source: inst.source, options: ['damage:ongoing'], data: { ongoing: o.name } });
  }
}

/** The ongoing damage on the target an action may end (A5E-DMG-9): all of it, or the one `options.effect` names (instance or name). */
function endableOngoing(state: EncounterState, targetId: string, options: Readonly<Record<string, Json>>): ConditionInstance[] {
  const which = typeof options['effect'] === 'string' ? options['effect'] : null;
  return state.creatures[targetId]!.conditions.filter((x) => x.conditionId === ONGOING_DAMAGE && dataOf(x).endsWithAction && (!which || x.instanceId === which || dataOf(x).name === which));
}

/**
 * Why it cannot end ongoing damage now (A5E-DMG-9): the target (itself by default) is not there or has
 * none an action can end (of the one named), or the action cannot be paid.
 */
export function endOngoingDamageRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const targetId = purchase.targets[0] ?? actorId;
  const t = Object.hasOwn(state.creatures, targetId) ? state.creatures[targetId] : undefined;
  if (!t) return { code: 'unknown-creature', message: `no creature '${targetId}'`, ruleId: 'A5E-DMG-9' };
  const which = typeof purchase.options['effect'] === 'string' ? purchase.options['effect'] : null;
  if (!endableOngoing(state, targetId, purchase.options).length) return { code: 'no-ongoing-damage', message: `${t.name} has no ongoing damage an action can end${which ? ` named '${which}'` : ''}`, ruleId: 'A5E-DMG-9' };
  return spendRefusal(ruleset, state, actorId, ACTION, 'A5E-DMG-9', { purchase });
}

/** The action that ends ongoing damage whose effect allows it (A5E-DMG-9): on oneself or another. */
export function endOngoingDamage(ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>, action: string): void {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, endOngoingDamageRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const targetId = targets[0] ?? actorId;
  const endable = endableOngoing(ctx.state, targetId, options);
  spend(ctx, actorId, ACTION, 'A5E-DMG-9', { purchase });
  for (const inst of endable) removeInstance(ctx, targetId, inst, `ended by ${actorId}'s action`, 'A5E-DMG-9');
}

const id = z.string().min(1).max(200);

/** Narrator: set ongoing damage on a creature (a fire elemental's touch, a bleeding wound). */
export const ongoingDamageCommand = rulesetCommand({
  gmOnly: true,
  schema: z.object({
    type: z.literal('a5e.ongoingDamage'),
    creatureId: id,
    damage: diceTextSchema(),
    damageType: z.enum([...damageTypes, UNTYPED]).optional(),
    name: z.string().min(1).max(100).optional(),
    source: id.optional(),
    endsWithAction: z.boolean().optional(),
    duration: durationInputSchema.optional(),
  }).strict(),
  run: (ctx, c) => {
    if (!ctx.state.creatures[c.creatureId]) ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
    applyOngoingDamage(ctx, c.creatureId, {
      damage: c.damage,
      name: c.name ?? c.damage,
      endsWithAction: c.endsWithAction ?? true,
      ...(c.damageType ? { type: c.damageType } : {}),
    }, c.source ?? null, c.duration as DurationInput | undefined);
  },
});
