import type { Command, EncounterState, LoadedRuleset, Refusal } from '@fray/engine';
import type { Rules } from '../core/economy';
import { rallyRefusal } from '../hp/healing-actions';
import { disengageRefusal, engageRefusal, moveAwayRefusal } from '../position/movement';
import { attackRefusal13a, attacksOf } from './attack-options';

/**
 * Why 13th Age refuses this action now, from the query its handler asks first (`engageRefusal`,
 * `disengageRefusal`, `moveAwayRefusal`, `rallyRefusal`, `attackRefusal13a` for an attack on one
 * target); undefined for a command it has no such query for (dispatch decides). The legal commands and
 * the simulator's lean policy ask it instead of restating the rules.
 */
export function commandRefusal13a(ruleset: LoadedRuleset, state: EncounterState, command: Command): Refusal | null | undefined {
  const cmd = command as { type: string; actorId?: string; action?: string; targets?: string[] };
  if (cmd.type !== 'takeAction' || typeof cmd.actorId !== 'string' || !Object.hasOwn(state.creatures, cmd.actorId)) return undefined;
  const q: Rules = { state, ruleset };
  const id = cmd.actorId;
  const targets = cmd.targets ?? [];
  switch (cmd.action) {
    case 'engage':
      return targets.length === 1 && Object.hasOwn(state.creatures, targets[0]!) ? engageRefusal(q, id, targets[0]!) : undefined;
    case 'disengage':
      return disengageRefusal(q, id);
    case 'moveAway':
      return moveAwayRefusal(q, id);
    case 'rally':
      return rallyRefusal(q, id);
    default: {
      const atk = attacksOf(state, id).find((a) => a.id === cmd.action);
      return atk && targets.length === 1 ? attackRefusal13a(ruleset, state, id, atk, targets[0]!) : undefined;
    }
  }
}
