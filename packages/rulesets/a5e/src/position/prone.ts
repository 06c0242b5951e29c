import { addCondition, hasCondition, removeCondition, type EncounterState, type LoadedRuleset, type Resolution } from '@fray/engine';
import { costNote, isActingNow, MOVEMENT, REACTION, spend, spendRefusal, type Purchase, type Refusal, purchaseOf } from '../core/economy';
import { speedOf } from '../conditions/queries';
import { MOVED } from '../movement/speed';
import type { ActionHandler } from '../module';
import { perceive } from '../senses/vision';
import { spaceOf } from './geometry';
import { mayReact } from './reactions';

/** Why it cannot drop prone now: already prone, or not its turn (A5E-POS-7). */
export function dropProneRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const c = state.creatures[actorId]!;
  if (hasCondition(c, 'prone')) return { code: 'already-prone', message: `${c.name} is already prone`, ruleId: 'A5E-POS-7' };
  return spendRefusal(ruleset, state, actorId, 'free', 'A5E-POS-7', { purchase });
}

/** Dropping prone on its own turn costs no movement (A5E-POS-7). */
export const dropProneAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  const refusal = dropProneRefusal(ctx.ruleset, ctx.state, actorId, purchase);
  if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  spend(ctx, actorId, 'free', 'A5E-POS-7', { purchase });
  addCondition(ctx, actorId, 'prone', { source: actorId, ruleId: 'A5E-POS-7' });
};

/**
 * Standing up costs half its Speed (A5E-POS-8, A5E-COND-24): half the Speed itself, not half of what
 * is left, and a creature with less left than that, or with Speed 0, cannot stand this turn.
 */
export const standUpAction: ActionHandler = (ctx, actorId) => {
  const c = ctx.state.creatures[actorId]!;
  const refusal = standUpRefusal(ctx.ruleset, ctx.state, actorId);
  if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  const cost = Math.floor(speedOf(ctx.ruleset, ctx.state, actorId) / 2);
  const left = c.resources[MOVEMENT] ?? 0;
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: MOVEMENT, value: left - cost, ruleId: 'A5E-POS-8' });
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: MOVED, value: (c.resources[MOVED] ?? 0) + cost, ruleId: 'A5E-POS-8' });
  removeCondition(ctx, actorId, 'prone', `stood up for ${cost} ft of movement`, 'A5E-POS-8');
};

/** Why it cannot stand up now (A5E-POS-8): not prone, not its turn, Speed 0, less than half its Speed left. */
export function standUpRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string): Refusal | null {
  const c = state.creatures[actorId]!;
  if (!hasCondition(c, 'prone')) return { code: 'not-prone', message: `${c.name} is not prone`, ruleId: 'A5E-POS-8' };
  if (!isActingNow(state, actorId)) return { code: 'not-your-turn', message: `${c.name} can stand up only on its turn`, ruleId: 'A5E-POS-8' };
  const speed = speedOf(ruleset, state, actorId);
  const cost = Math.floor(speed / 2);
  const left = c.resources[MOVEMENT] ?? 0;
  if (speed <= 0) return { code: 'speed-zero', message: `${c.name}'s Speed is 0, so it cannot stand up`, ruleId: 'A5E-POS-8' };
  if (left < cost) return { code: 'not-enough-movement', message: `standing up costs ${cost} ft (half of Speed ${speed}); ${c.name} has ${left} ft left`, ruleId: 'A5E-POS-8' };
  return null;
}

/**
 * A creature targeted by a ranged attack it can see may drop prone with its reaction, before the roll,
 * so the prone rules apply to that attack (A5E-POS-7, proposed ruling). Asked when the table has a
 * space (option `a5e.dropProneReaction`: 'auto' default, 'ask' always, 'off' never).
 */
export function offerDropProne(ctx: Resolution, attacker: string, target: string): void {
  const setting = ctx.state.options['a5e.dropProneReaction'] ?? 'auto';
  if (setting === 'off' || (setting === 'auto' && !spaceOf(ctx.state))) return;
  const t = ctx.state.creatures[target];
  if (!t || hasCondition(t, 'prone') || !mayReact(ctx.ruleset, ctx.state, target)) return;
  if (!perceive(ctx.ruleset, ctx.state, target, attacker).perceives) return;
  const note = costNote(ctx.ruleset, ctx.state, target, REACTION);
  const answer = ctx.ask({
    key: 'a5e.dropProne', to: { controllerOf: target }, about: target, ruleId: 'A5E-POS-7',
    text: `${ctx.state.creatures[attacker]!.name} takes aim at ${t.name}: drop prone with its reaction${note ? ` (${note})` : ''}?`,
    options: [{ id: 'stay', label: 'Stay standing' }, { id: 'drop-prone', label: 'Drop prone (reaction)' }], default: 'stay',
  });
  if (answer !== 'drop-prone') return;
  spend(ctx, target, REACTION, 'A5E-POS-7');
  addCondition(ctx, target, 'prone', { source: target, ruleId: 'A5E-POS-7' });
}
