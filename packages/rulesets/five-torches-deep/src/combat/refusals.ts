import type { Command, EncounterState, Json, LoadedRuleset, Refusal } from '@fray/engine';
import type { Rules, Slot } from '../core/economy';
import { tradeDownRefusal } from '../core/economy';
import { castRefusal, drawRefusal, otherRefusal, readyRefusal, triggerRefusal } from '../core/actions';
import { delayRefusal } from '../core/initiative';
import { attackActionRefusal, hideRefusal } from './attack';
import { stabilizeRefusal } from './death';
import { healRefusal, treatRefusal } from './healing';
import { retreatRefusal } from './retreat';
import { lightSourceRefusal, type LightSource } from '../campaign/light';

type ActionQuery = (q: Rules, actorId: string, targets: readonly string[], options: Readonly<Record<string, Json>>) => Refusal | null | undefined;

/**
 * Each action's refusal query, the one its handler rejects with first. Each answers everything its
 * action rejects before a roll or a GM's ruling; undefined where that ruling still decides (`other`:
 * which action it is, once a slot is spent). An action not listed is answered by dispatch.
 */
const queries: Record<string, ActionQuery> = {
  attack: attackActionRefusal,
  hide: (q, id) => hideRefusal(q, id),
  retreat: (q, id) => retreatRefusal(q, id),
  ready: readyRefusal,
  draw: (q, id) => drawRefusal(q, id),
  cast: (q, id, _targets, options) => castRefusal(q, id, options),
  other: (q, id) => otherRefusal(q, id),
  stabilize: stabilizeRefusal,
  heal: healRefusal,
  treat: (q, id, targets) => treatRefusal(q, id, targets),
};

/** A command's query, given the command as its schema parsed it (defaults filled in). */
type CommandQuery = (q: Rules, command: Record<string, unknown>) => Refusal | null | undefined;

/**
 * The commands' queries, each asked once the command's schema holds (as dispatch checks it first).
 * ftd.trigger is the GM's, answered too (the table shows whether a readied attack can go off). The
 * other GM-only commands (ending the fight, passing time, rests, morale, light, chases, the campaign's)
 * stay with dispatch: no menu, policy or legal-command list offers them.
 */
const commandQueries: Record<string, CommandQuery> = {
  'ftd.delay': (q, c) => delayRefusal(q, c as { creatureId: string; after: string }),
  'ftd.tradeDown': (q, c) => tradeDownRefusal(q, c as { creatureId: string; from: Slot }),
  'ftd.trigger': (q, c) => triggerRefusal(q, c['creatureId'] as string),
  'ftd.lightSource': (q, c) => lightSourceRefusal(q.state, c as { creatureId: string; source: LightSource; douse: boolean }),
  // Picking up or dropping gear is refused only for a creature that is not there (the engine's gate).
  'ftd.setLoad': () => null,
};

/**
 * Why Five Torches Deep refuses this command now, from the query its handler asks first (`queries`
 * and `commandQueries` above); undefined for a command it has no such query for (dispatch decides).
 * `hasAction` says which actions this build has (a build without a module has not its actions).
 */
export function ftdCommandRefusal(ruleset: LoadedRuleset, state: EncounterState, command: Command, hasAction: (action: string) => boolean = () => true): Refusal | null | undefined {
  const q: Rules = { state, ruleset };
  const cmd = command as { type: string; actorId?: unknown; creatureId?: unknown; action?: unknown; targets?: unknown; options?: unknown };
  if (cmd.type !== 'takeAction') {
    const def = ruleset.commandByType[cmd.type];
    const query = Object.hasOwn(commandQueries, cmd.type) && def ? commandQueries[cmd.type] : undefined;
    const parsed = query && def ? def.schema.safeParse(command) : undefined;
    if (!query || !parsed?.success) return undefined;
    // The engine's gate answers for an acting creature that is not there.
    if (def!.actor && !Object.hasOwn(state.creatures, String(cmd.creatureId))) return undefined;
    return query(q, parsed.data as Record<string, unknown>);
  }
  if (typeof cmd.actorId !== 'string' || !Object.hasOwn(state.creatures, cmd.actorId) || typeof cmd.action !== 'string') return undefined;
  const targets = Array.isArray(cmd.targets) ? (cmd.targets as unknown[]) : [];
  // The engine refuses a target that is not there before any action runs.
  const unknown = targets.find((t) => typeof t !== 'string' || !Object.hasOwn(state.creatures, t));
  if (unknown !== undefined) return { code: 'unknown-creature', message: `no target '${String(unknown)}'` };
  const query = Object.hasOwn(queries, cmd.action) && hasAction(cmd.action) ? queries[cmd.action] : undefined;
  return query?.(q, cmd.actorId, targets as string[], (cmd.options ?? {}) as Record<string, Json>);
}
