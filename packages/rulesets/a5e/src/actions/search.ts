import { a5eTest } from '../core/d20';
import type { EncounterState, LoadedRuleset } from '@fray/engine';
import { ACTION, spend, spendRefusal, purchaseOf, type Purchase, type Refusal } from '../core/economy';
import type { ActionHandler } from '../module';
import { rejectWith } from './common';
import { HIDDEN, hiddenJson, hiddenState } from './stealth';

/** Why it cannot Search now, asked before the Narrator is: the action cannot be paid. */
export function searchRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  return spendRefusal(ruleset, state, actorId, ACTION, 'A5E-ACT-17', { purchase });
}

/**
 * Search (A5E-ACT-17): an active chance on top of passive scores. The Narrator calls for Wisdom
 * (Perception) or Intelligence (Investigation). Every creature hidden from the searcher whose Stealth
 * total the check strictly beats is found (a tie leaves it hidden, A5E-CORE-12); `options.dc` also
 * judges the check against a DC (a hidden object or trap).
 */
export const searchAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  rejectWith(ctx, searchRefusal(ctx.ruleset, ctx.state, actorId, purchaseOf(action, targets, options)));
  // Read before the Narrator is asked: after a question the working state is another object.
  const me = ctx.state.creatures[actorId]!;
  const suggested = options['skill'] === 'investigation' ? 'investigation' : 'perception';
  const skill = ctx.ask({
    key: 'a5e.searchCheck', to: { role: 'gm' }, about: actorId, ruleId: 'A5E-ACT-17',
    text: `Which check does ${me.name}'s Search call for?`,
    options: [{ id: 'perception', label: 'Wisdom (Perception)' }, { id: 'investigation', label: 'Intelligence (Investigation)' }],
    default: suggested,
  }) === 'investigation' ? 'investigation' : 'perception';
  spend(ctx, actorId, ACTION, 'A5E-ACT-17', { purchase: purchaseOf(action, targets, options) });
  const dc = typeof options['dc'] === 'number' ? options['dc'] : null;
  const total = a5eTest(ctx, {
    kind: 'check', actor: actorId, ability: skill === 'perception' ? 'wis' : 'int', skill, dc: dc === null ? null : { label: 'DC', value: dc },
    options: [`check:${skill}`, 'check:search'], ruleId: 'A5E-ACT-17',
  }).total ?? 0;
  for (const id of ctx.state.creatureIds) {
    const h = hiddenState(ctx.state.creatures[id]);
    if (!h || !h.from.includes(actorId)) continue;
    if (total > h.stealth) {
      const from = h.from.filter((x) => x !== actorId);
      ctx.emit({ type: 'VarSet', creatureId: id, key: HIDDEN, value: from.length ? hiddenJson({ stealth: h.stealth, from }) : null });
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ACT-17', text: `${ctx.state.creatures[actorId]!.name} finds ${ctx.state.creatures[id]!.name} (${total} beats Stealth ${h.stealth})`, creatureId: id });
    }
  }
};
