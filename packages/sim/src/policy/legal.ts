import { hasCondition, type Command, type CreatureState, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { approachMove } from './approach';
import { demoPromptPolicy, isUp } from './demo';
import { turnChoices } from './turn';
import type { PolicyRng, SimPolicies } from './types';

/** Which hostile an attacker goes for. */
export type TargetStrategy = 'weakest' | 'random';

const hurt = (c: CreatureState) => c.hp / Math.max(1, c.maxHp);

/**
 * The simulator's pick among hostiles `ids` (encounter order) and their commands: 'random' one draw from
 * the policy stream; 'weakest' the lowest share of hit points, then the fewest, then the first.
 */
export function pickCandidate(state: EncounterState, ids: readonly string[], cmds: readonly Command[], target: TargetStrategy, rng: PolicyRng): Command {
  if (target === 'random') return cmds[rng.int(ids.length)]!;
  let best = 0;
  for (let k = 1; k < ids.length; k++) {
    const c = state.creatures[ids[k]!]!;
    const b = state.creatures[ids[best]!]!;
    if (hurt(c) < hurt(b) || (hurt(c) === hurt(b) && c.hp < b.hp)) best = k;
  }
  return cmds[best]!;
}

/** The ids of a creature's stat-block attacks: 13th Age names an attack action by its attack's id. */
function attackIds(c: CreatureState): ReadonlySet<string> {
  const attacks = (c.sheet as { attacks?: { id?: unknown }[] } | null)?.attacks ?? [];
  return new Set(attacks.map((a) => a.id).filter((id): id is string => typeof id === 'string'));
}

/**
 * A turn policy over the rules' own legal commands (`legalCommands`), so it never tries anything the
 * rules would refuse: attack a hostile that is still up (an attack is the action 'attack', as in A5E
 * and Five Torches Deep, or an action named by one of the actor's attacks, as in 13th Age; 13th Age
 * melee needs engagement, which this policy never seeks), with the first attack the rules list for it
 * (the stat block's order), chosen by `target`: 'weakest' (lowest share of hit points, then fewest,
 * then encounter order) or 'random' (uniform over hostiles still up, from the fight's policy stream).
 * Nothing to attack: on a map, close in on a hostile (`approachMove`: engage it in zones, step next
 * to it on a grid, as the rules allow and without provoking), else end the turn. A prone creature first stands up when the rules list standing up for
 * it (a takeAction 'stand-up', as A5E names it, A5E-POS-8): otherwise it would fight prone all fight.
 */
export function legalTurnPolicy(target: TargetStrategy = 'weakest'): SimPolicies['chooseCommand'] {
  return (state: EncounterState, ruleset: LoadedRuleset, rng: PolicyRng): Command | null => {
    const turn = turnChoices(state, ruleset);
    if (!turn) return null;
    const { me, legal, endTurn } = turn;
    if (!isUp(me)) return endTurn;
    if (hasCondition(me, 'prone')) {
      const stand = legal.find((c) => c.type === 'takeAction' && (c as { action?: string }).action === 'stand-up' && (c as { actorId?: string }).actorId === me.id);
      if (stand) return stand;
    }
    const attacks = attackIds(me);
    // first legal attack per target, in encounter order
    const byTarget = new Map<string, Command>();
    for (const cmd of legal) {
      if (cmd.type !== 'takeAction' || (cmd as { actorId?: string }).actorId !== me.id) continue;
      const action = (cmd as { action?: string }).action ?? '';
      if (action !== 'attack' && !attacks.has(action)) continue;
      const t = (cmd as { targets?: string[] }).targets?.[0];
      const c = t ? state.creatures[t] : undefined;
      if (!c || c.side === me.side || !isUp(c) || byTarget.has(c.id)) continue;
      byTarget.set(c.id, cmd);
    }
    if (byTarget.size === 0) return (endTurn && approachMove(state, ruleset, me, target, rng)) ?? endTurn;
    const ids = state.creatureIds.filter((id) => byTarget.has(id));
    if (target === 'random') return byTarget.get(ids[rng.int(ids.length)]!)!;
    let best: CreatureState | null = null;
    for (const id of ids) {
      const c = state.creatures[id]!;
      if (!best || hurt(c) < hurt(best) || (hurt(c) === hurt(best) && c.hp < best.hp)) best = c;
    }
    return byTarget.get(best!.id)!;
  };
}

/** The generic simulator policies: legal attacks on the weakest hostile, the demo's prompt answers. */
export const legalPolicies = (target: TargetStrategy = 'weakest'): SimPolicies => ({ chooseCommand: legalTurnPolicy(target), prompts: demoPromptPolicy });
