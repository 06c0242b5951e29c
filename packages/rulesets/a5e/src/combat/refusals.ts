import type { Command, EncounterState, Json, LoadedRuleset, Refusal } from '@fray/engine';
import { standUpRefusal } from '../position/prone';
import { sheetOf } from '../sheet/derived';
import { a5eAttackRefusal } from './attack-options';

/**
 * Why A5E refuses this action now, from the query its handler asks (`standUpRefusal`; `a5eAttackRefusal`
 * for the Attack action or an off-hand attack on one target); undefined for a command it has no such
 * query for (dispatch decides). The simulator's lean policy asks it instead of restating the rules.
 */
export function a5eCommandRefusal(ruleset: LoadedRuleset, state: EncounterState, command: Command): Refusal | null | undefined {
  const cmd = command as { type: string; actorId?: string; action?: string; targets?: string[]; options?: Record<string, Json> };
  if (cmd.type !== 'takeAction' || typeof cmd.actorId !== 'string' || !Object.hasOwn(state.creatures, cmd.actorId)) return undefined;
  if (cmd.action === 'stand-up') return standUpRefusal(ruleset, state, cmd.actorId);
  if (cmd.action === 'attack' || cmd.action === 'off-hand-attack') {
    const options = cmd.options ?? {};
    const attacks = sheetOf(state.creatures[cmd.actorId]!).attacks;
    const attack = options['attack'] === undefined ? attacks[0] : attacks.find((a) => a.id === options['attack']);
    const targets = cmd.targets ?? [];
    return attack && targets.length === 1 ? a5eAttackRefusal(ruleset, state, cmd.actorId, cmd.action, attack, targets[0]!, options) : undefined;
  }
  return undefined;
}
