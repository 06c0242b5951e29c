import type { EncounterState, Hook, LoadedRuleset } from '@fray/engine';
import { distanceBetween, isHostile, isIncapacitated, reachOf } from '../position/geometry';
import { isDuelist, opponentOf } from './active';

/** The opponent is hostile, not incapacitated and within reach of the duelist (DUEL-MAGIC-3). */
export function opponentThreatens(ruleset: LoadedRuleset, state: EncounterState, actor: string): boolean {
  const opp = opponentOf(state, actor);
  if (!opp) return false;
  const o = state.creatures[opp]!;
  const d = distanceBetween(state, opp, actor);
  return isHostile(state, opp, actor) && !isIncapacitated(ruleset, o) && d !== null && d <= reachOf(o);
}

/**
 * Ranged attacks within reach (DUEL-MAGIC-3): the base disadvantage (A5E-ATK-14) counts only the
 * opponent in a duel, never a spectator. The base source is taken out and put back under the duel's rule
 * when the opponent is the one within reach. Runs before targeted attacks look for disadvantage.
 */
export const rangedInReachHook: Hook<'test.modifiers'> = {
  stage: 'test.modifiers', id: 'a5e.duel.ranged-in-reach', priority: 800, ruleId: 'DUEL-MAGIC-3',
  run: (ctx, p) => {
    if (p.kind !== 'attack' || !p.actor || !isDuelist(ctx.state, p.actor) || !p.options.has('attack:ranged')) return;
    const o = ctx.state.creatures[opponentOf(ctx.state, p.actor)!]!;
    const threatened = opponentThreatens(ctx.ruleset, ctx.state, p.actor);
    const before = p.rollModeSources.length;
    p.rollModeSources = p.rollModeSources.filter((s) => s.ruleId !== 'A5E-ATK-14');
    if (threatened) {
      p.rollModeSources.push({ mode: 'disadvantage', source: 'duel:ranged-in-reach', label: `ranged attack within ${o.name}'s reach`, ruleId: 'DUEL-MAGIC-3' });
    } else if (p.rollModeSources.length < before) {
      p.data[SPECTATORS_IGNORED] = true;
    }
  },
};

/** test payload data: the base rule's disadvantage was dropped because only spectators were within reach */
const SPECTATORS_IGNORED = 'a5e.duel.spectators-in-reach';

/** Says why a ranged attack with spectators in reach has no disadvantage (DUEL-MAGIC-3), once gathering has decided it. */
export const rangedInReachNoteHook: Hook<'test.commit'> = {
  stage: 'test.commit', id: 'a5e.duel.ranged-in-reach-note', priority: 2, ruleId: 'DUEL-MAGIC-3',
  run: (ctx, p) => {
    if (p.data[SPECTATORS_IGNORED] === true && p.actor) ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-MAGIC-3', text: 'spectators within reach do not hinder a duelist\'s ranged attack', creatureId: p.actor });
  },
};
