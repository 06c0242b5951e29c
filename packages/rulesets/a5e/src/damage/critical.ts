import type { Resolution, TestPayload } from '@fray/engine';
import { canSpend, costNote, REACTION, spend } from '../core/economy';
import { sheetOf } from '../sheet/derived';
import { CRIT_BLOCK_USED_VAR, SHIELD_SACRIFICED_VAR, usesFullRules } from '../dying/state';
import { gainFatigue } from '../conditions/tracks';

/**
 * A critical hit confirmed against a creature that could turn it into a hit: with its reaction it
 * may sacrifice an equipped shield (A5E-DMG-5) or, once per rest, block and take a level of fatigue
 * (A5E-DMG-6). Both use the reaction; only the fatigue block is once per rest (AMB-20). Creatures
 * under the monster rule accrue no fatigue, so only their shields are offered.
 */
export function offerCritDowngrade(ctx: Resolution, p: TestPayload): void {
  if (p.kind !== 'attack' || p.outcome !== 'crit' || !p.target) return;
  const t = ctx.state.creatures[p.target];
  if (!t || t.hp <= 0 || !canSpend(ctx.ruleset, ctx.state, t.id, REACTION)) return;
  const shield = sheetOf(t).shield && t.vars[SHIELD_SACRIFICED_VAR] !== true;
  const block = usesFullRules(t) && t.vars[CRIT_BLOCK_USED_VAR] !== true;
  if (!shield && !block) return;
  const attacker = p.actor ? ctx.state.creatures[p.actor]?.name ?? p.actor : 'an attacker';
  const note = costNote(ctx.ruleset, ctx.state, t.id, REACTION);
  const answer = ctx.ask({
    key: 'a5e.crit.block',
    to: { controllerOf: t.id },
    about: t.id,
    text: `${attacker} scores a critical hit on ${t.name}: use your reaction to turn it into a normal hit${note ? ` (${note})` : ''}?`,
    options: [
      { id: 'take', label: 'Take the critical hit' },
      ...(block ? [{ id: 'block', label: 'Block it: reaction and one level of fatigue (once per rest)' }] : []),
      ...(shield ? [{ id: 'sacrifice-shield', label: 'Sacrifice your shield (reaction)' }] : []),
    ],
    default: 'take',
    ruleId: block ? 'A5E-DMG-6' : 'A5E-DMG-5',
    context: { attacker: p.actor, natural: p.natural },
  });
  if (answer === 'take') return;
  const ruleId = answer === 'block' ? 'A5E-DMG-6' : 'A5E-DMG-5';
  spend(ctx, p.target, REACTION, ruleId);
  if (answer === 'block') {
    gainFatigue(ctx, p.target, 1, 'A5E-DMG-6');
    ctx.emit({ type: 'VarSet', creatureId: p.target, key: CRIT_BLOCK_USED_VAR, value: true });
    ctx.emit({ type: 'RuleApplied', ruleId, text: `${ctx.state.creatures[p.target]!.name} blocks the critical hit: it becomes a normal hit`, creatureId: p.target });
  } else {
    ctx.emit({ type: 'VarSet', creatureId: p.target, key: SHIELD_SACRIFICED_VAR, value: true });
    ctx.emit({ type: 'RuleApplied', ruleId, text: `${ctx.state.creatures[p.target]!.name} sacrifices its shield: the critical hit becomes a normal hit`, creatureId: p.target });
  }
  p.outcome = 'hit';
}
