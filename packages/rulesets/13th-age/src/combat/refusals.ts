import type { Command, EncounterState, Json, LoadedRuleset, Refusal } from '@fray/engine';
import type { Rules } from '../core/economy';
import { potionRefusal, rallyRefusal, stabilizeRefusal } from '../hp/healing-actions';
import { comeBackRefusal, disengageRefusalOn, engageRefusalOn, moveAwayRefusal, popFreeRefusal, releaseRefusal, teleportRefusal } from '../position/movement';
import { checkRefusal } from '../special/checks';
import { commandQueries } from '../flow/commands';
import { attackRefusal13a, attacksOf } from './attack-options';

type ActionQuery = (q: Rules, actorId: string, targets: readonly string[], options: Readonly<Record<string, Json>>) => Refusal | null | undefined;

/**
 * Each action's refusal query, the one its handler rejects with first. Each answers everything its
 * action rejects: what comes after is a roll or a prompt that never refuses (a save, a check, an
 * opportunity attack, the GM's "is there room?"). An action not listed is an attack by its id (below).
 */
const queries: Record<string, ActionQuery> = {
  engage: (q, id, targets) => engageRefusalOn(q, id, targets),
  disengage: (q, id, targets) => disengageRefusalOn(q, id, targets),
  moveAway: (q, id) => moveAwayRefusal(q, id),
  comeBack: (q, id) => comeBackRefusal(q, id),
  teleport: (q, id) => teleportRefusal(q, id),
  popFree: popFreeRefusal,
  release: releaseRefusal,
  rally: (q, id) => rallyRefusal(q, id),
  stabilize: stabilizeRefusal,
  potion: potionRefusal,
  check: (q, id, _targets, options) => checkRefusal(q, id, options),
};

/**
 * Why 13th Age refuses this command now, from the query its handler asks first: an action from
 * `queries` above, an attack on one target from `attackRefusal13a`, a player-facing command from
 * `commandQueries` (flow/commands.ts); undefined for a command it has no such query for (dispatch
 * decides). `hasAction` says which actions this build has (a build without a module has not its actions).
 * The legal commands and the simulator's lean policy ask it instead of restating the rules.
 */
export function commandRefusal13a(ruleset: LoadedRuleset, state: EncounterState, command: Command, hasAction: (action: string) => boolean = () => true): Refusal | null | undefined {
  const q: Rules = { state, ruleset };
  const cmd = command as { type: string; actorId?: unknown; creatureId?: unknown; action?: unknown; targets?: unknown; options?: unknown };
  if (cmd.type !== 'takeAction') {
    const query = Object.hasOwn(commandQueries, cmd.type) && Object.hasOwn(ruleset.commandByType, cmd.type) ? commandQueries[cmd.type] : undefined;
    // The engine's gate answers for a creature that is not there.
    return query && typeof cmd.creatureId === 'string' && Object.hasOwn(state.creatures, cmd.creatureId) ? query(q, command) : undefined;
  }
  if (typeof cmd.actorId !== 'string' || !Object.hasOwn(state.creatures, cmd.actorId) || typeof cmd.action !== 'string') return undefined;
  const targets = Array.isArray(cmd.targets) ? (cmd.targets as unknown[]) : [];
  // The engine refuses a target that is not there before any action runs.
  const unknown = targets.find((t) => typeof t !== 'string' || !Object.hasOwn(state.creatures, t));
  if (unknown !== undefined) return { code: 'unknown-creature', message: `no target '${String(unknown)}'` };
  const options = (cmd.options ?? {}) as Record<string, Json>;
  const query = Object.hasOwn(queries, cmd.action) && hasAction(cmd.action) ? queries[cmd.action] : undefined;
  if (query) return query(q, cmd.actorId, targets as string[], options);
  // An attack by its id on one target (`attackRefusal13a`). Several targets, flexible attacks, another
  // weapon die (the GM is asked first) and a coup de grace (its own checks) are dispatch's to judge.
  const atk = attacksOf(state, cmd.actorId).find((a) => a.id === cmd.action);
  const plain = options['swapDie'] === undefined && options['coupDeGrace'] !== true;
  return atk && plain && targets.length === 1 ? attackRefusal13a(ruleset, state, cmd.actorId, atk, targets[0] as string) : undefined;
}
