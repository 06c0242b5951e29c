import type { Command, EncounterState, Json, LoadedRuleset, Refusal } from '@fray/engine';
import { actRefusal } from '../core/economy';
import { sheetOf } from '../core/sheet';
import { retreatRefusal } from './retreat';
import { ftdAttackRefusal } from './attack-options';

/**
 * Why Five Torches Deep refuses this action now, from the query its handler asks (`ftdAttackRefusal`
 * for an attack, `retreatRefusal`, `actRefusal` for hiding); undefined for a command it has no such
 * query for (dispatch decides).
 */
export function ftdCommandRefusal(ruleset: LoadedRuleset, state: EncounterState, command: Command): Refusal | null | undefined {
  const cmd = command as { type: string; actorId?: string; action?: string; targets?: string[]; options?: Record<string, Json> };
  if (cmd.type !== 'takeAction' || typeof cmd.actorId !== 'string' || !Object.hasOwn(state.creatures, cmd.actorId)) return undefined;
  const q = { state, ruleset };
  switch (cmd.action) {
    case 'attack': {
      const attacks = sheetOf(state.creatures[cmd.actorId]!).attacks;
      const id = cmd.options?.['attack'];
      const attack = typeof id === 'string' ? attacks.find((a) => a.id === id) : attacks[0];
      const targets = cmd.targets ?? [];
      return attack && targets.length === 1 ? ftdAttackRefusal(ruleset, state, cmd.actorId, attack, targets[0]!) : undefined;
    }
    case 'retreat':
      return retreatRefusal(q, cmd.actorId);
    case 'hide':
      return actRefusal(q, cmd.actorId, 'active');
    default:
      return undefined;
  }
}
