import { addCondition, currentCreatureId, type ConditionDef, type EncounterState, type Json, type LoadedRuleset, type RollModeSource } from '@fray/engine';
import { a5eTest, type ExpertiseSource } from '../core/d20';
import { ACTION, BONUS, spend, spendRefusal, type Purchase, type Refusal, purchaseOf } from '../core/economy';
import type { ActionHandler } from '../module';
import { maneuverDC, sheetOf, sizeRank } from '../sheet/derived';
import { livingRefusal, oneTargetRefusal, rejectWith } from './common';

/** creature var: it has the tumbling specialty, so Acrobatics gives a d6 expertise die on Tumble */
export const TUMBLING_SPECIALTY = 'a5e.tumblingSpecialty';

/**
 * Tumbling through (A5E-ACT-19): it may move through the space of the creature in its data
 * (`{ through }`) once this turn. The movement rules read it; it still provokes for leaving reach.
 */
export const tumblingCondition: ConditionDef = {
  id: 'tumbling', name: 'Tumbling through', ruleId: 'A5E-ACT-19',
  effects: [{ kind: 'flag', flag: 'may-pass-through-hostile', ruleId: 'A5E-ACT-19' }],
};

/**
 * Tumble (action, or bonus action with `options.cost: 'bonusAction'`; A5E-ACT-19): a Dexterity save
 * against the hostile creature's combat maneuver DC (A5E-CORE-16) to pass through its space this turn.
 * Smaller than it: advantage; larger: disadvantage; two or more sizes larger: no save. Acrobatics
 * proficiency adds an expertise die (d6 with the tumbling specialty). The creature may let it pass.
 * On a failure the action is spent and it stays where it is, movement intact (proposed ruling).
 */
/** Why it cannot tumble past this creature (A5E-ACT-19): not there, dead, or not hostile. */
export function tumbleTargetRefusal(state: EncounterState, actorId: string, target: string): Refusal | null {
  const living = livingRefusal(state, target, 'A5E-ACT-19');
  if (living) return living;
  const foe = state.creatures[target]!;
  if (foe.side === state.creatures[actorId]!.side || target === actorId) return { code: 'illegal-target', message: `${foe.name} is not hostile: no need to tumble past it`, ruleId: 'A5E-ACT-19' };
  return null;
}

/** Tumble's cost: the action, or the bonus action when `options.cost` asks for it. */
const tumbleCost = (options: Readonly<Record<string, Json>>) => (options['cost'] === 'bonusAction' ? BONUS : ACTION);

/**
 * Why it cannot tumble now (A5E-ACT-19): not one target, one it need not tumble past
 * (`tumbleTargetRefusal`), or the cost cannot be paid. The foe's choice and the save come after.
 */
export function tumbleRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const { targets } = purchase;
  return oneTargetRefusal(targets, 'Tumble', 'A5E-ACT-19')
    ?? tumbleTargetRefusal(state, actorId, targets[0]!)
    ?? spendRefusal(ruleset, state, actorId, tumbleCost(purchase.options), 'A5E-ACT-19', { purchase });
}

export const tumbleAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  rejectWith(ctx, tumbleRefusal(ctx.ruleset, ctx.state, actorId, purchaseOf(action, targets, options)));
  const target = targets[0]!;
  const foe = () => (ctx.state.creatures[target])!;
  const me = () => (ctx.state.creatures[actorId])!;
  const cost = tumbleCost(options);
  const diff = sizeRank(sheetOf(me()).size) - sizeRank(sheetOf(foe()).size);
  const through = () => addCondition(ctx, actorId, 'tumbling', {
    source: actorId, ruleId: 'A5E-ACT-19', data: { through: target },
    duration: { kind: 'turns', creatureId: currentCreatureId(ctx.state) ?? actorId, boundary: 'end', count: 1, skipCurrent: false },
  });
  if (diff >= 2) {
    spend(ctx, actorId, cost, 'A5E-ACT-19', { purchase: purchaseOf(action, targets, options) });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-19', text: `${me().name} is two or more sizes larger than ${foe().name}: it moves through without a save`, creatureId: actorId });
    through();
    return;
  }
  const letPass = ctx.ask({
    key: 'a5e.letPass', to: { controllerOf: target }, about: target, ruleId: 'A5E-ACT-19',
    text: `${me().name} tries to tumble through ${foe().name}'s space. Let it pass?`,
    options: [{ id: 'resist', label: 'Resist (it makes a Dexterity save)' }, { id: 'let-pass', label: 'Let it pass' }],
    default: 'resist',
  });
  spend(ctx, actorId, cost, 'A5E-ACT-19', { purchase: purchaseOf(action, targets, options) });
  if (letPass === 'let-pass') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-19', text: `${foe().name} lets ${me().name} pass`, creatureId: actorId });
    through();
    return;
  }
  const modes: RollModeSource[] = [];
  if (diff < 0) modes.push({ mode: 'advantage', source: 'size', label: `smaller than ${foe().name}`, ruleId: 'A5E-ACT-19' });
  if (diff > 0) modes.push({ mode: 'disadvantage', source: 'size', label: `larger than ${foe().name}`, ruleId: 'A5E-ACT-19' });
  const expertise: ExpertiseSource[] = sheetOf(me()).skills['acrobatics']
    ? [{ source: 'Acrobatics (Tumble)', sides: me().vars[TUMBLING_SPECIALTY] === true ? 6 : 4, ruleId: 'A5E-ACT-19' }]
    : [];
  const p = a5eTest(ctx, {
    kind: 'save', actor: actorId, target, ability: 'dex', dc: { label: `${foe().name}'s maneuver DC`, value: maneuverDC(sheetOf(foe())) },
    options: ['save:tumble'], rollModeSources: modes, expertise, ruleId: 'A5E-ACT-19',
  });
  if (p.outcome === 'success') through();
  else ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-19', text: `${me().name} fails to tumble through and stays where it is, movement intact`, creatureId: actorId });
};
