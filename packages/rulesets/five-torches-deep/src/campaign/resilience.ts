import { addCondition, dealDamage, hasCondition, rulesetCommand, type ConditionDef, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { ftdCheck } from '../core/check';
import { creatureIn, isPc, scores } from '../core/sheet';
import { HOURS_OUT, RESILIENCE_LOST, numVar } from './party';

export const exhaustedCondition: ConditionDef = {
  id: 'exhausted', name: 'Exhausted (disadvantage on all checks, speed 0, cannot fight or cast)', ruleId: 'FTD-RESIL-5',
  effects: [
    { kind: 'rollMode', selector: 'check', subject: 'self', mode: 'disadvantage', ruleId: 'FTD-RESIL-5' },
    { kind: 'speed', set: 0, ruleId: 'FTD-RESIL-5' },
    { kind: 'forbid', what: 'attack', ruleId: 'FTD-RESIL-5' },
  ],
};

/** Resilience: hours equal to the CON score (as it is now), less what the GM wore away (FTD-RESIL-1, -2). */
export function resilienceOf(ctx: Resolution, id: string): number {
  const c = creatureIn(ctx.state, id);
  return Math.max(0, scores(c).con - numVar(c.vars[RESILIENCE_LOST]));
}

/**
 * One more hour on the road for a PC. Past its resilience the GM may call a check (1d20 + CON mod
 * against 10 + hours over) whose failure exhausts it; an exhausted PC pushed on meets the GM's
 * escalation (FTD-RESIL-3, -4).
 */
export function adventureHour(ctx: Resolution, id: string): void {
  const c = creatureIn(ctx.state, id);
  if (!isPc(c) || c.status === 'dead' || c.status === 'dying') return;
  const out = numVar(c.vars[HOURS_OUT]) + 1;
  ctx.emit({ type: 'VarSet', creatureId: id, key: HOURS_OUT, value: out });
  const over = out - resilienceOf(ctx, id);
  if (over <= 0) return;
  if (hasCondition(c, 'exhausted')) return escalate(ctx, id, over);
  const call = ctx.ask({
    key: 'ftd.resilience.call', to: { role: 'gm' }, about: id, ruleId: 'FTD-RESIL-3',
    text: `${c.name} has adventured ${out} hours, ${over} past a resilience of ${resilienceOf(ctx, id)}. Call for a resilience check (DC ${10 + over})?`,
    options: [{ id: 'check', label: `Resilience check, DC ${10 + over}` }, { id: 'no', label: 'Not yet' }], default: 'check',
  });
  if (call !== 'check') return;
  resilienceCheck(ctx, id, 10 + over);
}

export function resilienceCheck(ctx: Resolution, id: string, dc: number): boolean {
  const c = creatureIn(ctx.state, id);
  const r = ftdCheck(ctx, {
    kind: 'check', actor: id, ability: 'con', proficient: false,
    against: { label: 'resilience DC', value: dc }, selectors: ['check:resilience'], ruleId: 'FTD-RESIL-3',
  });
  if (r.outcome === 'success') return true;
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RESIL-4', text: `${c.name} fails the resilience check and is exhausted`, creatureId: id });
  addCondition(ctx, id, 'exhausted', { source: 'resilience', ruleId: 'FTD-RESIL-4' });
  return false;
}

function escalate(ctx: Resolution, id: string, over: number): void {
  const c = () => creatureIn(ctx.state, id);
  const pick = ctx.ask({
    key: 'ftd.resilience.escalate', to: { role: 'gm' }, about: id, ruleId: 'FTD-RESIL-4',
    text: `${c().name} is exhausted and still pushing on (${over} hours past resilience). What does it cost?`,
    options: [
      { id: 'none', label: 'Nothing more yet' }, { id: 'hp', label: 'Lose 1d6 HP' },
      { id: 'injury', label: 'An injury (disadvantage on all checks until rest)' }, { id: 'pass-out', label: 'Passes out until rested' },
    ],
    default: 'none',
  });
  if (pick === 'hp') {
    const amount = ctx.roll('1d6', { roller: null, purpose: 'exhaustion' }).total;
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RESIL-4', text: `${c().name} pushes on exhausted and loses ${amount} HP`, creatureId: id });
    dealDamage(ctx, id, [{ type: 'damage', amount }], { source: null, options: ['damage:exhaustion'] });
  } else if (pick === 'injury') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RESIL-4', text: `${c().name} pushes on exhausted and is injured`, creatureId: id });
    if (!hasCondition(c(), 'injured')) addCondition(ctx, id, 'injured', { source: 'exhaustion', ruleId: 'FTD-RESIL-4', duration: { kind: 'untilRest', rest: 'night' } });
  } else if (pick === 'pass-out') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RESIL-4', text: `${c().name} collapses and passes out`, creatureId: id });
    addCondition(ctx, id, 'incapacitated', { source: 'exhaustion', ruleId: 'FTD-RESIL-4', duration: { kind: 'untilRest', rest: 'night' } });
  }
}

const wearSchema = z.object({
  type: z.literal('ftd.wearResilience'),
  creatureId: z.string().min(1),
  hours: z.number().int().min(1).max(30),
  reason: z.string().min(1).max(300),
}).strict();

/** GM: the road or the weather wears a PC's resilience down; the player is told why (FTD-RESIL-2). */
export const wearResilienceCommand = rulesetCommand({
  gmOnly: true, schema: wearSchema,
  run: (ctx, c) => {
    const who = ctx.state.creatures[c.creatureId];
    if (!who) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
    if (!isPc(who)) ctx.reject('not-a-pc', 'resilience is a PC\'s', 'FTD-RESIL-1');
    ctx.emit({ type: 'VarSet', creatureId: who.id, key: RESILIENCE_LOST, value: numVar(who.vars[RESILIENCE_LOST]) + c.hours });
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RESIL-2', text: `${who.name}'s resilience drops by ${c.hours} hours to ${resilienceOf(ctx, who.id)}: ${c.reason}`, creatureId: who.id });
  },
});

const exhaustSchema = z.object({ type: z.literal('ftd.exhaust'), creatureId: z.string().min(1), cause: z.enum(['magic', 'disease', 'poison', 'tainted-food', 'other']) }).strict();

/** GM: something else exhausts a creature: a curse, a sickness, tainted food (FTD-RESIL-7). */
export const exhaustCommand = rulesetCommand({
  gmOnly: true, schema: exhaustSchema,
  run: (ctx, c) => {
    const who = ctx.state.creatures[c.creatureId];
    if (!who) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
    if (hasCondition(who, 'exhausted')) ctx.reject('already-exhausted', `${who.name} is already exhausted (it has no levels)`, 'FTD-RESIL-5');
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-RESIL-7', text: `${who.name} is exhausted (${c.cause.replace('-', ' ')})`, creatureId: who.id });
    addCondition(ctx, who.id, 'exhausted', { source: c.cause, ruleId: 'FTD-RESIL-7' });
  },
});
