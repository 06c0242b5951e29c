import { hasCondition, type Command, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { isActingNow, isHiddenFrom, optionRefusal } from '@fray/ruleset-a5e';
import { approachMove } from './approach';
import { isUp } from './demo';
import { actingCreature, offeredEndTurn } from './turn';
import { pickCandidate, type TargetStrategy } from './legal';
import type { PolicyRng, SimPolicies } from './types';

/**
 * The same choice as `legalTurnPolicy(target)` on the A5E rules, without enumerating every legal
 * command each decision: whether it may attack, with which attack and whom comes from the ruleset's
 * one answer (`attackOptions`, A5E's `a5eAttackOptions`, which A5E's legal commands and attack handler
 * ask too); it lists hostiles as A5E's legal commands do (alive, not secret, not hidden from the
 * attacker) and picks from those still up exactly as the legal-command policy does, drawing
 * from the policy stream the same way. A prone creature stands up first when A5E's legal commands
 * would list 'stand-up' (flow/legal.ts: the questions `standUpAction` asks, A5E-POS-8). Nothing to
 * attack on a map: close in as `legalTurnPolicy` does (`approachMove`). Tested command
 * for command against `legalTurnPolicy` and against `legalCommands` on states from played fights
 * (packages/cli/test/lean-policy.test.ts).
 */
export function leanA5eTurnPolicy(target: TargetStrategy = 'weakest'): SimPolicies['chooseCommand'] {
  return (state: EncounterState, ruleset: LoadedRuleset, rng: PolicyRng): Command | null => {
    const me = actingCreature(state);
    if (!me) return null;
    const endTurn = offeredEndTurn(state);
    if (!isUp(me) || endTurn === null) return endTurn;
    if (hasCondition(me, 'prone')) {
      const stand = standUp(ruleset, state, me.id);
      if (stand) return stand;
    }
    // May it attack, with which attack, whom: A5E's own answer (`a5eAttackOptions`, which its attack handler rejects with).
    const options = (ruleset.attackOptions?.(state, me.id) ?? []).filter((o) => o.refusal === null && (o.command as { action?: string }).action === 'attack');
    if (options.length === 0) return approachMove(state, ruleset, me, target, rng) ?? endTurn;
    // first attack (stat block order) per hostile still up, in encounter order
    const ids: string[] = [];
    const cmds: Command[] = [];
    for (const id of state.creatureIds) {
      const t = state.creatures[id]!;
      if (id === me.id || t.side === me.side || t.hidden || !isUp(t) || isHiddenFrom(state, id, me.id)) continue;
      const o = options.find((x) => x.targetRefusal(id) === null);
      if (!o) continue;
      ids.push(id);
      cmds.push({ type: 'takeAction', actorId: me.id, action: 'attack', targets: [id], options: { attack: o.attackId } });
    }
    if (ids.length === 0) return approachMove(state, ruleset, me, target, rng) ?? endTurn;
    return pickCandidate(state, ids, cmds, target, rng);
  };
}

/** Standing up as A5E's legal commands list it: on its turn, when the rules' own answer allows it (`standUpRefusal`, A5E-POS-8). */
function standUp(ruleset: LoadedRuleset, state: EncounterState, actor: string): Command | null {
  if (!isActingNow(state, actor)) return null;
  const cmd: Command = { type: 'takeAction', actorId: actor, action: 'stand-up', targets: [] };
  return ruleset.commandRefusal?.(state, cmd) || optionRefusal(ruleset, state, cmd) ? null : cmd;
}
