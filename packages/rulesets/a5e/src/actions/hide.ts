import { hasFlag, type EncounterState, type Hook, type Json, type LoadedRuleset } from '@fray/engine';
import { FLAG } from '../conditions/definitions';
import { a5eTest } from '../core/d20';
import { ACTION, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import type { ActionHandler } from '../module';
import { seesThroughConditions } from '../conditions/queries';
import { rejectWith } from './common';
import { UNSEEN_BY_TARGET } from './dodge';
import { HIDDEN, canObserve, hiddenState, hostile, isHiddenFrom, passivePerception } from './stealth';

const observersGiven = (options: Readonly<Record<string, Json>>): string[] | null =>
  (Array.isArray(options['observers']) ? options['observers'].filter((x): x is string => typeof x === 'string') : null);

/** Why it cannot Hide now, asked before the Narrator is: an observer named that is not there, or the action cannot be paid. */
export function hideRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  for (const o of observersGiven(purchase.options) ?? []) if (!Object.hasOwn(state.creatures, o)) return { code: 'unknown-creature', message: `no observer '${o}'`, ruleId: 'A5E-ACT-12' };
  return spendRefusal(ruleset, state, actorId, ACTION, 'A5E-ACT-12', { purchase });
}

/**
 * Hide (A5E-ACT-12): the Narrator first rules whether hiding is possible from here (proposed default:
 * only when invisible or heavily obscured). Then a Dexterity (Stealth) check against the passive
 * Perception of each creature able to observe it (`options.observers`, default every hostile creature
 * that can notice anything): it is hidden from each one whose score it strictly beats (A5E-CORE-12).
 */
export const hideAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const me = () => (ctx.state.creatures[actorId])!;
  rejectWith(ctx, hideRefusal(ctx.ruleset, ctx.state, actorId, purchaseOf(action, targets, options)));
  const given = observersGiven(options);
  const observers = given ?? ctx.state.creatureIds.filter((o) => o !== actorId && hostile(ctx.state, actorId, o) && canObserve(ctx.ruleset, ctx.state, o));
  const concealed = hasFlag(ctx.ruleset, me(), FLAG.heavilyObscured);
  const possible = ctx.ask({
    key: 'a5e.hidePossible', to: { role: 'gm' }, about: actorId, ruleId: 'A5E-ACT-12',
    text: `Can ${me().name} try to hide from where it is (heavily obscured, invisible or behind cover)?`,
    options: [{ id: 'yes', label: 'Yes: roll Stealth' }, { id: 'no', label: 'No: nowhere to hide' }],
    default: concealed ? 'yes' : 'no',
  });
  if (possible !== 'yes') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-12', text: `the Narrator rules ${me().name} has nowhere to hide; no action spent`, creatureId: actorId });
    return;
  }
  spend(ctx, actorId, ACTION, 'A5E-ACT-12', { purchase: purchaseOf(action, targets, options) });
  const stealth = a5eTest(ctx, { kind: 'check', actor: actorId, ability: 'dex', skill: 'stealth', dc: null, options: ['check:stealth', 'check:hide'], ruleId: 'A5E-ACT-12' }).total ?? 0;
  const from: string[] = [];
  for (const o of observers) {
    const passive = passivePerception(ctx, o);
    const beats = stealth > passive;
    if (beats) from.push(o);
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-CORE-12', text: `Stealth ${stealth} vs ${ctx.state.creatures[o]!.name}'s passive Perception ${passive}: ${beats ? 'hidden' : 'noticed'}`, creatureId: actorId });
  }
  ctx.emit({ type: 'VarSet', creatureId: actorId, key: HIDDEN, value: from.length ? { stealth, from } : null });
};

/**
 * Whether the target of an attack can see its attacker, as far as conditions and hiding tell: a blinded
 * target sees nothing, an invisible attacker is unseen without truesight or blindsight, a hidden one is
 * unseen by those it hides from. Light and obscurement belong to the vision rules.
 */
export function targetCannotSeeAttacker(ctx: Parameters<ActionHandler>[0], target: string, attacker: string): boolean {
  if (!ctx.state.creatures[target] || !ctx.state.creatures[attacker]) return false;
  return !seesThroughConditions(ctx.state, target, attacker, ctx.ruleset) || isHiddenFrom(ctx.state, attacker, target);
}

/**
 * Attacks from hiding: the atom Dodge reads when the target cannot see its attacker (from the senses
 * rules' unseen-attacker sources when they ran, else from conditions and hiding), and the hidden
 * attacker's advantage (the unseen-attacker benefit Hide grants, A5E-ACT-12 / A5E-ATK-10) unless the
 * senses rules already gave it.
 */
export const unseenAttackerHook: Hook<'test.modifiers'> = {
  stage: 'test.modifiers', id: 'a5e.actions.unseen-attacker', priority: 60, ruleId: 'A5E-ACT-12',
  run: (ctx, p) => {
    if (p.kind !== 'attack' || !p.actor || !p.target) return;
    const sensed = p.rollModeSources.some((s) => s.ruleId === 'A5E-ATK-10' || s.ruleId === 'A5E-ATK-11');
    if (sensed || targetCannotSeeAttacker(ctx, p.target, p.actor)) p.options.add(UNSEEN_BY_TARGET);
    if (isHiddenFrom(ctx.state, p.actor, p.target) && !p.rollModeSources.some((s) => s.ruleId === 'A5E-ATK-10')) {
      p.rollModeSources.push({ mode: 'advantage', source: `${p.actor}:hidden`, label: 'hidden attacker', ruleId: 'A5E-ACT-12' });
    }
  },
};

/** A hidden attacker gives its position away once the attack is made, hit or miss (A5E-ATK-10). */
export const revealOnAttackHook: Hook<'test.outcome'> = {
  stage: 'test.outcome', id: 'a5e.actions.reveal-on-attack', priority: 900, ruleId: 'A5E-ACT-12',
  run: (ctx, p) => {
    if (p.kind !== 'attack' || !p.actor || !hiddenState(ctx.state.creatures[p.actor])) return;
    ctx.emit({ type: 'VarSet', creatureId: p.actor, key: HIDDEN, value: null });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ATK-10', text: `${ctx.state.creatures[p.actor]!.name} attacked and is no longer hidden`, creatureId: p.actor });
  },
};
