import { z } from 'zod';
import { durationInputSchema, jsonValueSchema, type EffectNode, type Json } from '@fray/engine';
import { conditionDefinitions } from '../conditions/definitions';

/** Condition ids content may apply: the A5E conditions and the two tracks (fatigue, strife). */
export const contentConditionIds: readonly string[] = [...conditionDefinitions.map((c) => c.id), 'fatigue', 'strife'];

/** Named effect hooks A5E content may call (the one escape from the tree into code; `effects/run.ts`). */
export const effectHookIds = ['a5e.raise-ac'] as const;

/** When a reaction is offered: only by an explicit command, or by a prompt when an attack hits the creature. */
export const reactionTriggers = ['manual', 'hit', 'melee-hit'] as const;

/** A duration as content writes it: `creatureId` may be `$actor` or `$target`, filled in when the effect lands. */
function durationSchema(ability: z.ZodType<string>) {
  return durationInputSchema.superRefine((d, ctx) => {
    // A5E's save-ends hook needs {ability, dc} (A5E-COND-1); checked here so it fails at load, not mid-fight.
    if (d.kind !== 'saveEnds') return;
    const save = d.save as Record<string, Json> | null;
    const ok = save !== null && typeof save === 'object' && !Array.isArray(save) && ability.safeParse(save['ability']).success
      && Number.isInteger(save['dc']) && Object.keys(save).every((k) => k === 'ability' || k === 'dc');
    if (!ok) ctx.addIssue({ code: 'custom', path: ['save'], message: `a save-ends duration needs {ability, dc}; got ${JSON.stringify(d.save)}` });
  });
}

/**
 * The stat block's effect trees, mirroring the engine's `EffectNode` (procedure/effects.ts) with A5E's
 * vocabulary: abilities, damage types, dice and condition ids are checked at load, with their path.
 * Built from the stat block's own field schemas so both agree on what an ability or a damage type is.
 */
export function effectSchemas(ability: z.ZodType<string>, damageType: z.ZodType<string>, diceText: z.ZodType<string>) {
  const condition = z.string().refine((id) => contentConditionIds.includes(id), { message: `unknown condition; conditions: ${contentConditionIds.join(', ')}` });
  const to = z.enum(['target', 'self']).optional();
  const key = z.string().regex(/^[a-z0-9.-]+$/, 'keys are kebab-case');
  const json = jsonValueSchema;
  const node: z.ZodType<EffectNode> = z.lazy(() => z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('attack'),
      bonus: z.number().int(),
      /** A5E attacks are against AC */
      defense: z.literal('ac').optional(),
      label: z.string().min(1).optional(),
      /** roll options: 'attack:ranged' makes it a ranged attack, 'ability:int' names the ability (default Str melee, Dex ranged) */
      options: z.array(z.string().min(1)).optional(),
      hit: z.array(node),
      miss: z.array(node).optional(),
      crit: z.array(node).optional(),
    }).strict(),
    z.object({ kind: z.literal('save'), ability, dc: z.number().int().min(0).max(40), fail: z.array(node), success: z.array(node).optional() }).strict(),
    z.object({ kind: z.literal('damage'), dice: diceText, type: damageType, half: z.boolean().optional() }).strict(),
    z.object({ kind: z.literal('heal'), dice: diceText }).strict(),
    z.object({ kind: z.literal('applyCondition'), condition, level: z.number().int().min(1).max(10).optional(), duration: durationSchema(ability).optional(), to }).strict(),
    z.object({ kind: z.literal('removeCondition'), condition, to }).strict(),
    z.object({
      kind: z.literal('choose'), key, text: z.string().min(1), chooser: z.enum(['actor', 'target', 'gm']),
      options: z.array(z.object({ id: key, label: z.string().min(1), effects: z.array(node) }).strict()).min(1),
    }).strict(),
    z.object({ kind: z.literal('hook'), hook: z.enum(effectHookIds), params: json.optional() }).strict(),
  ]) as unknown as z.ZodType<EffectNode>);

  const targets = z.object({
    /** how many creatures it may target; 0 for an effect on itself alone. Without it: 1, or any number with an `area` */
    count: z.number().int().min(0).max(100).optional(),
    rangeFeet: z.number().int().min(0).optional(),
    /** the area in words ("60-foot line"); who stands in it is the command's targets */
    area: z.string().min(1).optional(),
  }).strict();

  const base = {
    id: z.string().regex(/^[a-z0-9-]+$/, 'ids are kebab-case'),
    name: z.string().min(1),
    /** recharge 5–6 is `{min: 5}`: rolled on a d6 at the start of each of its turns while spent */
    recharge: z.object({ min: z.number().int().min(2).max(6) }).strict().optional(),
    /** uses between long rests */
    usesPerDay: z.number().int().min(1).max(20).optional(),
    targets: targets.optional(),
    effects: z.array(node).min(1),
  };
  const action = z.object({ ...base, cost: z.enum(['action', 'bonusAction', 'reaction']).default('action') }).strict();
  const reaction = z.object({
    ...base,
    cost: z.literal('reaction').default('reaction'),
    /** what sets it off, in words, and when the rules offer it by themselves */
    trigger: z.object({ text: z.string().min(1), on: z.enum(reactionTriggers).default('manual') }).strict(),
  }).strict();
  return { node, action, reaction };
}

export type EffectAction = z.infer<ReturnType<typeof effectSchemas>['action']>;
export type EffectReaction = z.infer<ReturnType<typeof effectSchemas>['reaction']>;
