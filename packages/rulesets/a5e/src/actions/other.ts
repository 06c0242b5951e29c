import type { Json } from '@fray/engine';
import { a5eTest } from '../core/d20';
import { ACTION, spend, spendOneAttack, type Cost, purchaseOf } from '../core/economy';
import { spellBlock } from '../conditions/queries';
import type { ActionHandler } from '../module';
import { abilityIds, type AbilityId } from '../sheet/stat-block';
import { oneTarget, requireCanSpend, requireLiving } from './common';

const costOf = (v: Json | undefined, fallback: Cost = ACTION): Cost => (v === 'bonusAction' || v === 'reaction' || v === 'free' || v === 'action' ? v : fallback);

/**
 * An improvised action (A5E-ACT-1): the Narrator says whether it is possible; if so it costs its action
 * (or `options.cost`) and, if `options.check` names one `{ ability, skill?, dc }`, that check decides it.
 * Other rules' action costs (pushing over a table, dislodging a boulder) go the same way (A5E-ACT-21).
 */
export const improviseAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const me = () => (ctx.state.creatures[actorId])!;
  const what = typeof options['description'] === 'string' && options['description'] ? options['description'] : 'something improvised';
  const cost = costOf(options['cost']);
  requireCanSpend(ctx, actorId, cost, 'A5E-ACT-1');
  const check = options['check'] as { ability?: Json; skill?: Json; dc?: Json } | undefined;
  if (check && (typeof check.ability !== 'string' || !abilityIds.includes(check.ability as AbilityId) || typeof check.dc !== 'number')) {
    ctx.reject('bad-option', 'options.check is { ability, skill?, dc }', 'A5E-ACT-1');
  }
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
 * Cast a Spell (A5E-ACT-6): the engine keeps the books (its action, bonus action or reaction per
 * `options.castingTime`); the spell's effects are outside these rules. Strife 6+ allows cantrips only
 * (`options.level` 0; A5E-STRIFE-6).
 */
export const castSpellAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const me = ctx.state.creatures[actorId]!;
  const spell = typeof options['spell'] === 'string' && options['spell'] ? options['spell'] : null;
  if (!spell) return ctx.reject('no-spell', 'name the spell (options.spell)', 'A5E-ACT-6');
  const level = typeof options['level'] === 'number' ? options['level'] : 1;
  const blocked = spellBlock(ctx.state, actorId, { cantrip: level === 0 }, ctx.ruleset);
  if (blocked) ctx.reject(blocked.code, blocked.message, blocked.ruleId);
  const cost = costOf(options['castingTime']);
  if (cost === 'free') ctx.reject('bad-option', "castingTime is 'action', 'bonusAction' or 'reaction'", 'A5E-ACT-6');
  spend(ctx, actorId, cost, 'A5E-ACT-6', { purchase: purchaseOf(action, targets, options) });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-6', text: `${me.name} casts ${spell} (${cost === ACTION ? '1 action' : cost})`, creatureId: actorId });
};

export const basicManeuvers = ['disarm', 'grapple', 'knockdown', 'overrun', 'shove'] as const;

/**
 * A basic maneuver in place of one attack of the Attack action (A5E-ACT-4): it uses up one attack
 * (starting the Attack action if none is under way). Its resolution is the Combat Maneuvers chapter,
 * outside these rules, so the Narrator records whether it worked (A5E-ACT-5 likewise for combat maneuvers,
 * `options.maneuver` any name with `options.cost`).
 */
export const maneuverAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  const name = options['maneuver'];
  if (typeof name !== 'string' || !name) return ctx.reject('no-maneuver', `name the maneuver: ${basicManeuvers.join(', ')} or a combat maneuver`, 'A5E-ACT-4');
  const basic = (basicManeuvers as readonly string[]).includes(name);
  const target = oneTarget(ctx, targets, 'A maneuver', 'A5E-ACT-4');
  requireLiving(ctx, target, 'A5E-ACT-4');
  const me = () => (ctx.state.creatures[actorId])!;
  if (basic) {
    spendOneAttack(ctx, actorId, 'A5E-ACT-4', 'A5E-ACT-4', { purchase: purchaseOf(action, targets, options) });
  } else {
    const cost = costOf(options['cost']);
    requireCanSpend(ctx, actorId, cost, 'A5E-ACT-5');
    spend(ctx, actorId, cost, 'A5E-ACT-5', { purchase: purchaseOf(action, targets, options) });
  }
  const ruleId = basic ? 'A5E-ACT-4' : 'A5E-ACT-5';
  const result = ctx.ask({
    key: 'a5e.maneuverResult', to: { role: 'gm' }, about: actorId, ruleId,
    text: `${me().name} attempts ${name} against ${ctx.state.creatures[target]!.name}: resolve it by the Combat Maneuvers rules.`,
    options: [{ id: 'success', label: 'It works' }, { id: 'failure', label: 'It fails' }],
    default: 'failure',
  });
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${me().name}'s ${name} against ${ctx.state.creatures[target]!.name}: ${result === 'success' ? 'it works' : 'it fails'}`, creatureId: actorId });
};
