import { currentCreatureId, hasCondition, type Command, type CreatureState, type EncounterState, type LoadedRuleset } from '@fray/engine';
import {
  ACTION, ATTACKS_LEFT, ATTACKS_MADE, MOVEMENT, attacksPerTurnLimit, canSpend, coverAcBonus, distanceBetween, has, hostileActionBlock, isActingNow, isHiddenFrom,
  optionRefusal, sheetOf, speedOf, withinReach,
} from '@fray/ruleset-a5e';
import { approachMove } from './approach';
import { isUp } from './demo';
import { pickCandidate, type TargetStrategy } from './legal';
import type { PolicyRng, SimPolicies } from './types';

/**
 * The same choice as `legalTurnPolicy(target)` on the A5E rules, without enumerating every legal
 * command each decision: it asks only the questions A5E's `legalCommands` asks of an attack (the
 * attack budget, slowed's one attack, and per hostile: alive, not secret, not hidden from the
 * attacker, no placid/charmed block, not behind total cover, in reach or range, no cost hook's
 * refusal) and picks from the hostiles still up exactly as the legal-command policy does, drawing
 * from the policy stream the same way. A prone creature stands up first when A5E's legal commands
 * would list 'stand-up' (flow/legal.ts: the questions `standUpAction` asks, A5E-POS-8). Nothing to
 * attack on a map: close in as `legalTurnPolicy` does (`approachMove`). Tested command
 * for command against `legalTurnPolicy` and against `legalCommands` on states from played fights
 * (packages/cli/test/lean-policy.test.ts).
 */
export function leanA5eTurnPolicy(target: TargetStrategy = 'weakest'): SimPolicies['chooseCommand'] {
  return (state: EncounterState, ruleset: LoadedRuleset, rng: PolicyRng): Command | null => {
    const current = currentCreatureId(state);
    if (!current) return null;
    // `legalCommands` offers endTurn to the GM whenever it is someone's turn in a running, unpaused fight.
    const endTurn: Command | null = state.phase === 'ended' || state.phase === 'setup' || state.pending ? null : { type: 'endTurn' };
    const me = state.creatures[current]!;
    if (!isUp(me) || endTurn === null) return endTurn;
    if (hasCondition(me, 'prone')) {
      const stand = standUp(ruleset, state, current, me);
      if (stand) return stand;
    }
    if (!mayAttack(ruleset, state, current, me)) return approachMove(state, ruleset, me, target, rng) ?? endTurn;
    // first attack (stat block order) per hostile still up, in encounter order
    const ids: string[] = [];
    const cmds: Command[] = [];
    const attacks = sheetOf(me).attacks;
    for (const id of state.creatureIds) {
      const t = state.creatures[id]!;
      if (id === current || t.side === me.side || t.hidden || !isUp(t)) continue;
      for (const attack of attacks) {
        if (!attackable(ruleset, state, current, me, id, t, attack)) continue;
        const cmd: Command = { type: 'takeAction', actorId: current, action: 'attack', targets: [id], options: { attack: attack.id } };
        if (optionRefusal(ruleset, state, cmd)) continue;
        ids.push(id);
        cmds.push(cmd);
        break;
      }
    }
    if (ids.length === 0) return approachMove(state, ruleset, me, target, rng) ?? endTurn;
    return pickCandidate(state, ids, cmds, target, rng);
  };
}

/** Standing up as A5E's legal commands list it (flow/legal.ts): acting now, Speed above 0, half of it left (A5E-POS-8). */
function standUp(ruleset: LoadedRuleset, state: EncounterState, actor: string, c: CreatureState): Command | null {
  if (!isActingNow(state, actor)) return null;
  const speed = speedOf(ruleset, state, actor);
  if (speed <= 0 || (c.resources[MOVEMENT] ?? 0) < Math.floor(speed / 2)) return null;
  const cmd: Command = { type: 'takeAction', actorId: actor, action: 'stand-up', targets: [] };
  return optionRefusal(ruleset, state, cmd) ? null : cmd;
}

/** An attack of the Attack action is affordable now (A5E-ACT-3), within slowed's one attack a turn (A5E-ACT-24). */
function mayAttack(ruleset: LoadedRuleset, state: EncounterState, actor: string, c: CreatureState): boolean {
  const attackLeft = has(c, ATTACKS_LEFT) ? canSpend(ruleset, state, actor, 'free', { mountMay: false }) : canSpend(ruleset, state, actor, ACTION, { mountMay: false });
  if (!attackLeft) return false;
  const limit = attacksPerTurnLimit(state, actor, ruleset);
  return limit === null || (c.resources[ATTACKS_MADE] ?? 0) < limit;
}

/** As A5E's legal commands decide an attack on a hostile (flow/legal.ts, `attackableFrom`). */
function attackable(
  ruleset: LoadedRuleset, state: EncounterState, actor: string, a: CreatureState, target: string, t: CreatureState, attack: ReturnType<typeof sheetOf>['attacks'][number],
): boolean {
  if (t.status === 'dead' || t.hidden || t.side === a.side || isHiddenFrom(state, target, actor)) return false;
  if (hostileActionBlock(state, actor, target, ruleset)) return false;
  if (coverAcBonus(state, actor, target).degree === 'total') return false;
  if (attack.kind === 'melee') return withinReach(state, actor, target, attack.reachFeet);
  const range = attack.rangeFeet;
  const feet = distanceBetween(state, actor, target);
  return range === undefined || feet === null || feet <= (typeof range === 'number' ? range : range[1]);
}
