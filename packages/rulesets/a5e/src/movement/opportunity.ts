import { hasFlag, type CreatureState, type EncounterState, type LoadedRuleset, type Resolution } from '@fray/engine';
import { NO_OPPORTUNITY_ATTACKS } from '../actions/disengage';
import { makeAttack } from '../combat/attack';
import { declaredTestOptions, splitDeclared, withDeclarations } from '../combat/declarations';
import { costNote, REACTION, spend } from '../core/economy';
import { distanceBetween, isHostile, isIncapacitated, withinReach } from '../position/geometry';
import { mayReact } from '../position/reactions';
import { perceive } from '../senses/vision';
import { sheetOf } from '../sheet/derived';
import type { Attack } from '../sheet/stat-block';

/** creature var the actions module may set instead of the disengaged condition: true for the rest of the turn (A5E-ACT-8) */
export const DISENGAGED = 'disengaged';

/** Whether its movement this turn provokes opportunity attacks (A5E-ATK-17: not after Disengage). */
export function provokes(ruleset: LoadedRuleset, c: CreatureState): boolean {
  return c.vars[DISENGAGED] !== true && !hasFlag(ruleset, c, NO_OPPORTUNITY_ATTACKS);
}

/** Its melee attacks that reach `target` where both stand now. */
export function meleeAttacksReaching(state: EncounterState, attacker: string, target: string): Attack[] {
  return sheetOf(state.creatures[attacker]!).attacks.filter((a) => a.kind === 'melee' && withinReach(state, attacker, target, a.reachFeet));
}

export interface Provocation {
  reactor: string;
  /** the creatures leaving its reach (a rider and its mount count as one provocation, A5E-POS-6) */
  targets: string[];
}

/** The creatures that move together: the commanded one, the body that carries it, a rider, a pulled ally. */
export interface MovingGroup {
  id: string;
  body: string;
  rider: string | null;
  pulled: string | null;
}

/**
 * The creatures whose reach each moving creature leaves, grouped by the creature provoked
 * (A5E-ATK-16); disengaged movers provoke nothing (A5E-ATK-17). `leavesReach` is the space's own
 * test (grid distance against reach, or engagement broken in zones). A rider and its mount leave
 * together, so the provoked creature may attack either of them (A5E-POS-6) — but only when one of
 * them is among those leaving, not when only a pulled ally leaves.
 */
export function provocations(ctx: Resolution, m: MovingGroup, wasPresent: (reactor: string) => boolean, leavesReach: (mover: string, reactor: string) => boolean): Provocation[] {
  const { state } = ctx;
  const moving = [m.id, m.body, m.rider, m.pulled].filter((x, i, a): x is string => !!x && a.indexOf(x) === i);
  const leaving = moving.filter((x) => provokes(ctx.ruleset, state.creatures[x]!));
  const out: Provocation[] = [];
  for (const reactor of state.creatureIds) {
    if (moving.includes(reactor) || !wasPresent(reactor) || isIncapacitated(ctx.ruleset, state.creatures[reactor]!)) continue;
    const targets = leaving.filter((x) => isHostile(state, reactor, x) && leavesReach(x, reactor));
    if (!targets.length) continue;
    if (m.rider && (targets.includes(m.rider) || targets.includes(m.body))) {
      const pair = [m.id, m.id === m.body ? m.rider : m.body].filter((x) => leaving.includes(x) && isHostile(state, reactor, x));
      out.push({ reactor, targets: pair });
    } else out.push({ reactor, targets });
  }
  return out;
}

/**
 * Opportunity attacks (A5E-ATK-16): each provoked creature that can see a leaving creature, has its
 * reaction and a melee attack reaching it is asked, before the move takes it out of reach, whether to
 * attack. One reaction, one attack. The answer is `attack:<attack id>` (or `attack:<attack id>:<target>`
 * for the other creature of a mounted pair), with `;<option>=<value>` for a declaration the attack carries
 * (`;target=neck`, a duel's targeted attack), or `decline`.
 */
export function offerOpportunityAttacks(ctx: Resolution, provoked: readonly Provocation[], moverName: string): void {
  for (const { reactor, targets } of provoked) {
    if (!mayReact(ctx.ruleset, ctx.state, reactor)) continue;
    const options: { id: string; label: string }[] = [];
    for (const [i, t] of targets.entries()) {
      const tc = ctx.state.creatures[t];
      if (!tc || tc.status === 'dead' || !perceive(ctx.ruleset, ctx.state, reactor, t).perceives) continue;
      for (const a of meleeAttacksReaching(ctx.state, reactor, t)) {
        // each attack also as the declarations it may carry (a duel's targeted attack, DUEL-TARGET-1)
        options.push(...withDeclarations({ id: i === 0 ? `attack:${a.id}` : `attack:${a.id}:${t}`, label: `${a.name} against ${tc.name}` }, ctx.ruleset, ctx.state, reactor, t, a));
      }
    }
    if (!options.length) continue;
    const r = () => (ctx.state.creatures[reactor])!;
    // what the reaction costs beyond the reaction itself (a duel's purchase of a duel action, DUEL-EXERT-1)
    const note = costNote(ctx.ruleset, ctx.state, reactor, REACTION);
    const answer = ctx.ask({
      key: 'a5e.opportunityAttack', to: { controllerOf: reactor }, about: reactor, ruleId: 'A5E-ATK-16',
      text: `${moverName} is leaving ${r().name}'s reach: make an opportunity attack with its reaction${note ? ` (${note})` : ''}?`,
      options: [...options, { id: 'decline', label: 'Let it go' }],
      context: { targets: [...targets], feet: distanceBetween(ctx.state, reactor, targets[0]!) },
    });
    if (typeof answer !== 'string' || answer === 'decline') continue;
    const chosen = splitDeclared(answer);
    const [, attackId, who] = chosen.base.split(':');
    const target = who ?? targets[0]!;
    const attack = sheetOf(r()).attacks.find((a) => a.id === attackId);
    if (!attack) continue;
    spend(ctx, reactor, REACTION, 'A5E-ATK-16');
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ATK-16', text: `${r().name} makes an opportunity attack against ${ctx.state.creatures[target]!.name}`, creatureId: reactor });
    makeAttack(ctx, reactor, attack, [target], { cost: 'reaction', options: ['attack:opportunity', ...declaredTestOptions(chosen.options)] });
  }
}
