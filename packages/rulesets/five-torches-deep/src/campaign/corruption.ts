import { diceTextSchema, rulesetCommand } from '@fray/engine';
import { addCondition, gameTimeExpired, hasCondition, hours, type AnyHook, type ConditionDef, type Json, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { abilityIds, type Ability } from '../sheet/stat-block';
import { ftdCheck } from '../core/check';
import { creatureIn, isPc, scores } from '../core/sheet';
import { die } from '../combat/death';

const stageSchema = z.object({
  /** how long the stage lasts (an hour to weeks) */
  hours: z.number().int().min(1).max(24 * 7 * 8),
  /** what the stage does when it takes hold: 1d6 off an ability, exhaustion, or a penalty the GM applies */
  effect: z.enum(['str', 'dex', 'con', 'int', 'wis', 'cha', 'exhaustion', 'other']),
  dice: diceTextSchema().regex(/^\d*d\d+([+-]\d+)?$/).default('1d6'),
  note: z.string().max(200).optional(),
}).strict();

export const afflictionSchema = z.object({
  name: z.string().min(1).max(100),
  /** usually 11, higher for nastier sources or more HD (FTD-CORRUPT-1) */
  dc: z.number().int().min(1).max(30).default(11),
  /** usually CON; the GM may rule otherwise (a magical disease) */
  ability: z.enum(abilityIds).default('con'),
  stages: z.array(stageSchema).min(1).max(12),
}).strict();
export type Affliction = z.infer<typeof afflictionSchema>;

export const infectedCondition: ConditionDef = {
  id: 'infected', name: 'Infected (a corruption runs its stages)', ruleId: 'FTD-CORRUPT-2', effects: [],
  data: {
    schema: z.object({ affliction: afflictionSchema, stage: z.number().int().min(0) })
      .refine((d) => d.stage < d.affliction.stages.length, { message: 'stage is past the last stage of the affliction' }),
    example: '{ affliction: { name: ..., stages: [...] }, stage: 0 } (or use ftd.afflict)',
  },
};

interface InfectionData {
  affliction: Affliction;
  stage: number;
}

function checkAgainst(ctx: Resolution, id: string, a: Affliction, ruleId: string): { failed: boolean; natural1: boolean } {
  // The check uses the score as it is now, already lowered by earlier stages (FTD-CORRUPT-3).
  const r = ftdCheck(ctx, {
    kind: 'check', actor: id, ability: a.ability, proficient: false,
    against: { label: `${a.name} DC`, value: a.dc }, selectors: ['check:corruption'], ruleId, dangerous: isPc(creatureIn(ctx.state, id)),
  });
  return { failed: r.outcome !== 'success', natural1: r.natural === 1 };
}

/** A stage takes hold: ability damage (1d6 by default, doubled after a natural 1), exhaustion, or the GM's penalty (FTD-CORRUPT-4). */
function applyStage(ctx: Resolution, id: string, a: Affliction, stage: number, natural1: boolean): void {
  const c = creatureIn(ctx.state, id);
  const s = a.stages[stage]!;
  if (s.effect === 'exhaustion') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CORRUPT-4', text: `${a.name}, stage ${stage + 1}: ${c.name} is exhausted`, creatureId: id });
    if (!hasCondition(c, 'exhausted')) addCondition(ctx, id, 'exhausted', { source: a.name, ruleId: 'FTD-RESIL-7' });
    return;
  }
  if (s.effect === 'other') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CORRUPT-4', text: `${a.name}, stage ${stage + 1}: ${s.note ?? 'the GM applies the penalty'}`, creatureId: id });
    return;
  }
  const ability = s.effect as Ability;
  let loss = Math.max(0, ctx.roll(s.dice, { roller: null, purpose: `${a.name}: ${ability.toUpperCase()} damage` }).total);
  if (natural1) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CRIT-2', text: `natural 1: ${c.name} takes double damage (${loss} → ${loss * 2})`, creatureId: id });
    loss *= 2;
  }
  const now = scores(c);
  const after = Math.max(0, now[ability] - loss);
  ctx.emit({ type: 'VarSet', creatureId: id, key: 'abilities', value: { ...now, [ability]: after } });
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CORRUPT-4', text: `${a.name}, stage ${stage + 1}: ${c.name} loses ${loss} ${ability.toUpperCase()} (${now[ability]} → ${after})`, creatureId: id });
  if (after === 0 && ability === 'con') die(ctx, id, `${a.name} took its CON to 0`, 'FTD-CORRUPT-5');
  else if (after === 0 && !hasCondition(c, 'drained')) addCondition(ctx, id, 'drained', { source: a.name, ruleId: 'FTD-INJURY-2', data: { ability } });
}

/** `from`: when the stage began (the end of the one before, which the clock may have passed by a little). */
function enterStage(ctx: Resolution, id: string, a: Affliction, stage: number, natural1: boolean, from = ctx.state.clockSeconds): void {
  applyStage(ctx, id, a, stage, natural1);
  if (creatureIn(ctx.state, id).status === 'dead') return;
  const data: InfectionData = { affliction: a, stage };
  addCondition(ctx, id, 'infected', { source: a.name, ruleId: 'FTD-CORRUPT-2', duration: { kind: 'gameTime', seconds: hours(a.stages[stage]!.hours), endsAtSeconds: from + hours(a.stages[stage]!.hours) }, data: data as unknown as Json });
}

const afflictSchema = z.object({ type: z.literal('ftd.afflict'), creatureId: z.string().min(1), affliction: afflictionSchema }).strict();

/**
 * GM: a disease, poison or venom reaches a creature. A failed check (CON mod against DC 11 by
 * default) infects it, and the first stage takes hold at once (FTD-CORRUPT-1, -2 ruling).
 */
export const afflictCommand = rulesetCommand({
  gmOnly: true, schema: afflictSchema,
  run: (ctx, c) => {
    const who = ctx.state.creatures[c.creatureId];
    if (!who) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
    if (who.status === 'dead') ctx.reject('illegal-target', `${who.name} is dead`);
    const r = checkAgainst(ctx, who.id, c.affliction, 'FTD-CORRUPT-1');
    if (!r.failed) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CORRUPT-1', text: `${who.name} resists ${c.affliction.name}`, creatureId: who.id });
      return;
    }
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CORRUPT-1', text: `${who.name} is infected by ${c.affliction.name}`, creatureId: who.id });
    enterStage(ctx, who.id, c.affliction, 0, false);
  },
});

/**
 * A stage that ran its time out ends with another check: success ends the infection (damage done
 * stays), failure brings the next stage; after the last stage the corruption has run its course
 * (FTD-CORRUPT-3 ruling). A cure removes the condition early and no check follows.
 */
export const stageEndHook: AnyHook = {
  stage: 'condition.removed', id: 'ftd.corruption.stage-end', priority: 0, ruleId: 'FTD-CORRUPT-3',
  run: (ctx, p) => {
    const inst = p.condition;
    if (inst.conditionId !== 'infected' || !gameTimeExpired(inst.duration, ctx.state.clockSeconds)) return;
    const c = creatureIn(ctx.state, p.creatureId);
    if (c.status === 'dead') return;
    const data = inst.data as unknown as InfectionData;
    const a = data.affliction;
    const r = checkAgainst(ctx, c.id, a, 'FTD-CORRUPT-3');
    if (!r.failed) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CORRUPT-3', text: `stage ${data.stage + 1} of ${a.name} ends: ${c.name} fights it off`, creatureId: c.id });
      return;
    }
    const next = data.stage + 1;
    if (next >= a.stages.length) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CORRUPT-3', text: `${a.name} has run its course in ${c.name}`, creatureId: c.id });
      return;
    }
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-CORRUPT-3', text: `stage ${data.stage + 1} of ${a.name} ends and ${c.name} fails the check: stage ${next + 1}`, creatureId: c.id });
    const ended = inst.duration.kind === 'gameTime' ? (inst.duration.endsAtSeconds ?? ctx.state.clockSeconds) : ctx.state.clockSeconds;
    enterStage(ctx, c.id, a, next, r.natural1, ended);
  },
} as AnyHook;
