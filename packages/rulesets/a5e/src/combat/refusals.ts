import type { Command, EncounterState, Json, LoadedRuleset, Refusal } from '@fray/engine';
import { purchaseOf, type Purchase } from '../core/economy';
import { standUpRefusal, dropProneRefusal } from '../position/prone';
import { dashRefusal } from '../actions/dash';
import { disengageRefusal } from '../actions/disengage';
import { dodgeRefusal } from '../actions/dodge';
import { helpRefusal } from '../actions/help';
import { hideRefusal } from '../actions/hide';
import { castSpellRefusal } from '../actions/other';
import { searchRefusal } from '../actions/search';
import { sprintRefusal } from '../actions/sprint';
import { useObjectRefusal } from '../actions/use-object';
import { useActionRefusal } from '../effects/run';
import { escapeGrappleRefusal } from '../conditions/grapple';
import { firstAidRefusal } from '../dying/first-aid';
import { endOngoingDamageRefusal } from '../damage/ongoing';
import { bashRefusal, objectCheckRefusal } from '../objects/interact';
import { worldActionRefusals } from '../world/interactions';
import { pressTheAttackRefusal } from '../actions/press-the-attack';
import { readyRefusal } from '../actions/ready';
import { tumbleRefusal } from '../actions/tumble';
import { improviseRefusal, maneuverRefusal } from '../actions/other';
import { commandRefusal } from '../summons/control';
import { groupAttackRefusal } from '../summons/group';
import { dismountRefusal, mountRefusal } from '../position/mount';
import { backToBackRefusal } from '../position/back-to-back';
import { sheetOf } from '../sheet/derived';
import { a5eAttackRefusal } from './attack-options';

type ActionQuery = (ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase) => Refusal | null | undefined;

/** A weapon attack on one target (`a5eAttackRefusal`); several targets are dispatch's to judge. */
const attackQuery = (action: 'attack' | 'off-hand-attack'): ActionQuery => (ruleset, state, actorId, purchase) => {
  const options = purchase.options as Record<string, Json>;
  const attacks = sheetOf(state.creatures[actorId]!).attacks;
  const attack = options['attack'] === undefined ? attacks[0] : attacks.find((a) => a.id === options['attack']);
  return attack && purchase.targets.length === 1 ? a5eAttackRefusal(ruleset, state, actorId, action, attack, purchase.targets[0]!, options) : undefined;
};

/**
 * Each action's refusal query, the one its handler rejects with first (the cost, a duel's price
 * included, last: `spendRefusal` with the purchase). Every A5E action has one; an action a module adds
 * without one is answered by dispatch. A query says undefined where only the resolution can tell (a
 * hurled rock's one attack a turn behind a prompt; Press the Attack paid from a duel's pool).
 */
const queries: Record<string, ActionQuery> = {
  'stand-up': (ruleset, state, actorId) => standUpRefusal(ruleset, state, actorId),
  'drop-prone': dropProneRefusal,
  attack: attackQuery('attack'),
  'off-hand-attack': attackQuery('off-hand-attack'),
  'use-action': useActionRefusal,
  'cast-spell': castSpellRefusal,
  'use-object': useObjectRefusal,
  dash: dashRefusal,
  disengage: disengageRefusal,
  dodge: dodgeRefusal,
  sprint: sprintRefusal,
  search: searchRefusal,
  hide: hideRefusal,
  help: helpRefusal,
  'press-the-attack': pressTheAttackRefusal,
  ready: readyRefusal,
  tumble: tumbleRefusal,
  improvise: improviseRefusal,
  maneuver: maneuverRefusal,
  command: commandRefusal,
  'group-attack': groupAttackRefusal,
  'escape-grapple': escapeGrappleRefusal,
  firstAid: firstAidRefusal,
  endOngoingDamage: endOngoingDamageRefusal,
  bash: bashRefusal,
  'object-check': objectCheckRefusal,
  mount: mountRefusal,
  dismount: dismountRefusal,
  'back-to-back': backToBackRefusal,
  ...worldActionRefusals,
};

/** Why A5E refuses this `takeAction` now (`queries` above), or undefined when no query answers it. */
export function a5eActionRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, action: string, targets: readonly string[], options: Readonly<Record<string, Json>>): Refusal | null | undefined {
  const query = Object.hasOwn(queries, action) ? queries[action] : undefined;
  return query?.(ruleset, state, actorId, purchaseOf(action, targets, options));
}

/**
 * Why A5E refuses this action now, from the query its handler asks (`a5eActionRefusal`: the weapon
 * attacks, a stat-block action or spell by `use-action`, the named actions, the maneuvers, summons'
 * commands and group attacks, grapples, first aid, ongoing damage, objects, the battlefield's features,
 * mounts and stances, each priced as dispatch prices it, a duel's duel actions included); undefined for
 * a command it has no such query for, or a case its query leaves to the resolution (dispatch decides). The action menu, the legal commands and the simulator's
 * lean policy ask it instead of restating the rules.
 */
export function a5eCommandRefusal(ruleset: LoadedRuleset, state: EncounterState, command: Command): Refusal | null | undefined {
  const cmd = command as { type: string; actorId?: string; action?: string; targets?: string[]; options?: Record<string, Json> };
  if (cmd.type !== 'takeAction' || typeof cmd.actorId !== 'string' || !Object.hasOwn(state.creatures, cmd.actorId) || typeof cmd.action !== 'string') return undefined;
  const targets = Array.isArray(cmd.targets) ? cmd.targets : [];
  // The engine refuses a target that is not there before any action runs.
  const unknown = targets.find((t) => typeof t !== 'string' || !Object.hasOwn(state.creatures, t));
  if (unknown !== undefined) return { code: 'unknown-creature', message: `no target '${String(unknown)}'` };
  return a5eActionRefusal(ruleset, state, cmd.actorId, cmd.action, targets, cmd.options ?? {});
}
