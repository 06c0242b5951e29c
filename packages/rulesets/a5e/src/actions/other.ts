import type { EncounterState, Json, LoadedRuleset } from '@fray/engine';
import { a5eTest } from '../core/d20';
import { ACTION, spend, spendOneAttack, spendOneAttackRefusal, type Cost, purchaseOf, spendRefusal, type Purchase, type Refusal } from '../core/economy';
import { spellBlock } from '../conditions/queries';
import type { ActionHandler } from '../module';
import { abilityIds, type AbilityId } from '../sheet/stat-block';
import { livingRefusal, oneTargetRefusal, rejectWith } from './common';

const costOf = (v: Json | undefined, fallback: Cost = ACTION): Cost => (v === 'bonusAction' || v === 'reaction' || v === 'free' || v === 'action' ? v : fallback);

/** An improvised action's check (`options.check`), as given. */
const improvisedCheck = (options: Readonly<Record<string, Json>>) => options['check'] as { ability?: Json; skill?: Json; dc?: Json } | undefined;

/**
 * Why it cannot improvise now (A5E-ACT-1): the cost (`options.cost`, the action by default) cannot be
 * paid, or `options.check` is not `{ ability, skill?, dc }`. Whether it is possible is the Narrator's
 * question, asked after.
 */
export function improviseRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const check = improvisedCheck(purchase.options);
  return spendRefusal(ruleset, state, actorId, costOf(purchase.options['cost']), 'A5E-ACT-1', { purchase })
    ?? (check && (typeof check.ability !== 'string' || !abilityIds.includes(check.ability as AbilityId) || typeof check.dc !== 'number') ? { code: 'bad-option', message: 'options.check is { ability, skill?, dc }', ruleId: 'A5E-ACT-1' } : null);
}

/**
 * An improvised action (A5E-ACT-1): the Narrator says whether it is possible; if so it costs its action
 * (or `options.cost`) and, if `options.check` names one `{ ability, skill?, dc }`, that check decides it.
 * Other rules' action costs (pushing over a table, dislodging a boulder) go the same way (A5E-ACT-21).
 */
export const improviseAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const me = () => (ctx.state.creatures[actorId])!;
  const what = typeof options['description'] === 'string' && options['description'] ? options['description'] : 'something improvised';
  const cost = costOf(options['cost']);
  rejectWith(ctx, improviseRefusal(ctx.ruleset, ctx.state, actorId, purchaseOf(action, targets, options)));
  const check = improvisedCheck(options);
  const ok = ctx.ask({
    key: 'a5e.improvise', to: { role: 'gm' }, about: actorId, ruleId: 'A5E-ACT-1',
    text: `${me().name} wants to ${what}. Is it possible?`,
    options: [{ id: 'possible', label: 'Possible' }, { id: 'impossible', label: 'Not possible' }],
    default: 'possible',
  });
  if (ok !== 'possible') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-1', text: `the Narrator rules ${me().name} cannot ${what}; nothing spent`, creatureId: actorId });
    return;
  }
  spend(ctx, actorId, cost, 'A5E-ACT-21', { purchase: purchaseOf(action, targets, options) });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-21', text: `${me().name}: ${what} (${cost === ACTION ? 'action' : cost})`, creatureId: actorId });
  if (check) {
    a5eTest(ctx, {
      kind: 'check', actor: actorId, ability: check.ability as AbilityId, ...(typeof check.skill === 'string' ? { skill: check.skill } : {}),
      dc: { label: 'DC', value: check.dc as number }, options: ['check:improvised'], ruleId: 'A5E-ACT-1',
    });
  }
};

/**
 * Why it cannot cast this spell now (A5E-ACT-6): no spell named, strife 6+ for a levelled spell
 * (A5E-STRIFE-6), a casting time that is no action, or the cost cannot be paid (a duel's price and its
 * rules on magic and spells a round, through the cost hooks).
 */
export function castSpellRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const options = purchase.options;
  if (!(typeof options['spell'] === 'string' && options['spell'])) return { code: 'no-spell', message: 'name the spell (options.spell)', ruleId: 'A5E-ACT-6' };
  const level = typeof options['level'] === 'number' ? options['level'] : 1;
  const blocked = spellBlock(state, actorId, { cantrip: level === 0 }, ruleset);
  if (blocked) return blocked;
  const cost = costOf(options['castingTime']);
  if (cost === 'free') return { code: 'bad-option', message: "castingTime is 'action', 'bonusAction' or 'reaction'", ruleId: 'A5E-ACT-6' };
  return spendRefusal(ruleset, state, actorId, cost, 'A5E-ACT-6', { purchase });
}

/**
 * Cast a Spell (A5E-ACT-6): the engine keeps the books (its action, bonus action or reaction per
 * `options.castingTime`); the spell's effects are outside these rules. Strife 6+ allows cantrips only
 * (`options.level` 0; A5E-STRIFE-6).
 */
export const castSpellAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const me = ctx.state.creatures[actorId]!;
  const purchase = purchaseOf(action, targets, options);
  const refusal = castSpellRefusal(ctx.ruleset, ctx.state, actorId, purchase);
  if (refusal) return ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  const spell = String(options['spell']);
  const cost = costOf(options['castingTime']);
  spend(ctx, actorId, cost, 'A5E-ACT-6', { purchase });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-6', text: `${me.name} casts ${spell} (${cost === ACTION ? '1 action' : cost})`, creatureId: actorId });
};

export const basicManeuvers = ['disarm', 'grapple', 'knockdown', 'overrun', 'shove'] as const;

/**
 * Why it cannot make this maneuver now (A5E-ACT-4, A5E-ACT-5): none named, not one target, a target not
 * there or dead, or its cost cannot be paid (a basic maneuver one attack of the Attack action, a combat
 * maneuver `options.cost`, the action by default). Whether it works is the Narrator's, asked after.
 */
export function maneuverRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const { targets, options } = purchase;
  const name = options['maneuver'];
  if (typeof name !== 'string' || !name) return { code: 'no-maneuver', message: `name the maneuver: ${basicManeuvers.join(', ')} or a combat maneuver`, ruleId: 'A5E-ACT-4' };
  return oneTargetRefusal(targets, 'A maneuver', 'A5E-ACT-4')
    ?? livingRefusal(state, targets[0]!, 'A5E-ACT-4')
    ?? (isBasicManeuver(name)
      ? spendOneAttackRefusal(ruleset, state, actorId, 'A5E-ACT-4', { purchase })
      : spendRefusal(ruleset, state, actorId, costOf(options['cost']), 'A5E-ACT-5', { purchase }));
}

const isBasicManeuver = (name: string) => (basicManeuvers as readonly string[]).includes(name);

/**
 * A basic maneuver in place of one attack of the Attack action (A5E-ACT-4): it uses up one attack
 * (starting the Attack action if none is under way). Its resolution is the Combat Maneuvers chapter,
 * outside these rules, so the Narrator records whether it worked (A5E-ACT-5 likewise for combat maneuvers,
 * `options.maneuver` any name with `options.cost`).
 */
export const maneuverAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, maneuverRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const name = options['maneuver'] as string;
  const basic = isBasicManeuver(name);
  const target = targets[0]!;
  const me = () => (ctx.state.creatures[actorId])!;
  if (basic) spendOneAttack(ctx, actorId, 'A5E-ACT-4', 'A5E-ACT-4', { purchase });
  else spend(ctx, actorId, costOf(options['cost']), 'A5E-ACT-5', { purchase });
  const ruleId = basic ? 'A5E-ACT-4' : 'A5E-ACT-5';
  const result = ctx.ask({
    key: 'a5e.maneuverResult', to: { role: 'gm' }, about: actorId, ruleId,
    text: `${me().name} attempts ${name} against ${ctx.state.creatures[target]!.name}: resolve it by the Combat Maneuvers rules.`,
    options: [{ id: 'success', label: 'It works' }, { id: 'failure', label: 'It fails' }],
    default: 'failure',
  });
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${me().name}'s ${name} against ${ctx.state.creatures[target]!.name}: ${result === 'success' ? 'it works' : 'it fails'}`, creatureId: actorId });
};
