import { currentCreatureId, type ConditionInstance, type CreatureState, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { ACTION, ATTACKS_LEFT, MOVEMENT, REACTION } from '../core/economy';
import { CRIT_BLOCK_USED_VAR, DEAD, DYING, FAILURES, SHIELD_SACRIFICED_VAR, STABLE, STABLE_RECOVERY, SUCCESSES, knownDyingRules } from '../dying/state';
import { OFF_HAND_LEFT, OFF_HAND_READY } from '../combat/attack-options';
import { PENDING_FATIGUE, TRACK_MAX } from '../conditions/tracks';
import { CONSCIOUS as K_CONSCIOUS, DEAD as K_DEAD, DYING as K_DYING, STABLE as K_STABLE } from './fight-dying';
import { STRIFE_TOUCHING_ATTACKS } from './fight-kernel';

/**
 * Where an A5E fight stands when the compiled fight starts from it (odds from here): whose turn in
 * which round, what the current creature has left of its Attack action, and each creature's place in
 * the rules the kernel models (hit points, temporary hit points, dying with its tallies, stable, dead,
 * prone, strife, its reaction, a shield given up, Block used). Arrays are indexed like the fight's
 * creatures. Built from the engine's state by `kernelStart`, after `underWayRefusal` and
 * `underWayCreatureRefusal` admitted it.
 */
export interface A5eKernelStart {
  /** the turn order by creature index, as it stands */
  order: Int32Array;
  /** each creature's initiative total and roll-offs (a creature joining later is seated among them) */
  totals: Int32Array;
  tiebreaks: number[][];
  round: number;
  /** the index in `order` of the creature whose turn it is (its turn has started: no turn-start rules again) */
  turn: number;
  /** the current creature's action unspent (1 or 0), and the attacks left of an Attack action it began */
  action: number;
  attacksLeft: number;
  /** the current creature's movement left (a map's moves spend it) */
  movement: number;
  hp: Int32Array;
  tempHp: Int32Array;
  /** the kernel's dying statuses (fight-dying.ts) and death-save tallies */
  status: Uint8Array;
  successes: Uint8Array;
  failures: Uint8Array;
  prone: Uint8Array;
  strife: Uint8Array;
  reaction: Uint8Array;
  shieldGone: Uint8Array;
  blockUsed: Uint8Array;
}

/** Conditions a creature under way may hold that the kernel models: prone (it stands up first on its turn), bloodied (read from its hit points), strife (its level). */
const MODELLED_CONDITIONS = new Set(['prone', 'bloodied', 'strife']);

/** What the dying and the stable hold besides: unconscious with all it implies (A5E-COND-29), and a stable creature's hours to recovery. */
export function downConditions(ruleset: LoadedRuleset): ReadonlySet<string> {
  const out = new Set<string>([STABLE_RECOVERY]);
  const add = (id: string): void => {
    if (out.has(id)) return;
    out.add(id);
    for (const implied of ruleset.conditionById[id]?.implies ?? []) add(implied);
  };
  add('unconscious');
  return out;
}
/**
 * Creature vars the kernel reads (a shield given up, Block used) or that change nothing it plays: a
 * running start for a jump nobody makes, an off-hand attack the policies never take (A5E-ATK-18).
 */
const MODELLED_VARS = new Set([SHIELD_SACRIFICED_VAR, CRIT_BLOCK_USED_VAR, 'a5e.footRun', OFF_HAND_READY, OFF_HAND_LEFT]);
/** Tallies the kernel reads (death saves) or that wait for the fight's end (fatigue gained in it, A5E-FATIGUE-9). */
const MODELLED_TALLIES = new Set([SUCCESSES, FAILURES, PENDING_FATIGUE]);

/**
 * Why a fight under way is outside what the kernel starts from, or null: rounds going with a current
 * turn, every creature once in the order and none delaying, no prompt waiting, no modules, encounter
 * vars or counters, and only options the kernel honours.
 */
export function underWayRefusal(state: EncounterState, options: ReadonlySet<string>): string | null {
  if (state.pending) return 'a prompt is waiting';
  if (state.round < 1 || state.turnIndex < 0 || state.turnIndex >= state.order.length) return 'a fight under way without a current turn';
  if (state.order.length !== state.creatureIds.length || state.order.some((e) => e.delayed || !state.creatureIds.includes(e.creatureId))
    || new Set(state.order.map((e) => e.creatureId)).size !== state.order.length) return 'a fight under way whose turn order leaves out a creature or holds a delayed one';
  if (state.modules.length) return `modules in play: ${state.modules.join(', ')}`;
  const vars = Object.keys(state.vars);
  if (vars.length) return `encounter vars in play: ${vars.join(', ')}`;
  if (Object.keys(state.counters).length) return `encounter counters in play: ${Object.keys(state.counters).join(', ')}`;
  const option = Object.keys(state.options).find((k) => !options.has(k));
  return option === undefined ? null : `encounter option '${option}'`;
}

/**
 * Why a creature of a fight under way is outside what the kernel models, or null: up (with hit points),
 * dying or stable (under the full dying rules, unconscious and prone), or dead; holding no condition
 * but prone, bloodied, strife below the level that touches its attacks (A5E-STRIFE-4) and the dying's;
 * no tallies but death saves and fatigue waiting for the fight's end, no vars but a shield given up and
 * Block used. Fatigue already in effect is refused (it would change its rolls and its Speed).
 */
export function underWayCreatureRefusal(c: CreatureState, down: ReadonlySet<string>, played: (inst: ConditionInstance) => boolean = () => false): string | null {
  if (c.status === DEAD) return null;
  if (c.status === 'conscious') {
    if (c.hp <= 0) return 'conscious at 0 hit points';
  } else if (c.status === DYING || c.status === STABLE) {
    if (knownDyingRules(c) !== 'pc') return `${c.status} without the full dying rules`;
    if (!c.conditions.some((x) => x.conditionId === 'unconscious') || !c.conditions.some((x) => x.conditionId === 'prone')) return `${c.status} but not unconscious and prone`;
  } else return `status '${c.status}'`;
  const held = (id: string) => MODELLED_CONDITIONS.has(id) || (c.status !== 'conscious' && down.has(id));
  // Conditions with a duration that kernel-conditions.ts plays (`played`) are admitted as they stand.
  const odd = c.conditions.find((x) => !played(x) && (!held(x.conditionId) || (x.duration.kind !== 'untilRemoved' && x.conditionId !== STABLE_RECOVERY)));
  if (odd) return `the condition '${odd.conditionId}'${held(odd.conditionId) ? ' with a duration' : ''}`;
  if (Object.values(c.tracks).some((v) => v !== 0)) return 'fatigue or strife tracks';
  if (c.status === 'conscious' && strifeOf(c) >= STRIFE_TOUCHING_ATTACKS) return `strife ${strifeOf(c)} (A5E-STRIFE-4 touches its attacks)`;
  const tally = Object.keys(c.tallies).find((k) => c.tallies[k] !== 0 && !MODELLED_TALLIES.has(k));
  if (tally !== undefined) return `the tally '${tally}'`;
  const v = Object.keys(c.vars).find((k) => !MODELLED_VARS.has(k));
  if (v !== undefined) return `the var '${v}'`;
  return null;
}

/** Strife in effect (the leveled condition), 0 without. */
export const strifeOf = (c: CreatureState): number => c.conditions.find((x) => x.conditionId === 'strife')?.level ?? 0;

/**
 * The start of a fight under way, or why the kernel cannot take it: the current creature, if prone,
 * must be able to stand up now, as the policies would have it stand first (`standUpRefusal(id)`: the
 * rules' own answer).
 */
export function kernelStart(state: EncounterState, standUpRefusal: (id: string) => string | null): A5eKernelStart | string {
  const ids = state.creatureIds;
  const n = ids.length;
  const start: A5eKernelStart = {
    order: Int32Array.from(state.order, (e) => ids.indexOf(e.creatureId)), round: state.round,
    totals: Int32Array.from(ids, (id) => state.order.find((e) => e.creatureId === id)?.total ?? 0),
    tiebreaks: ids.map((id) => [...(state.order.find((e) => e.creatureId === id)?.tiebreak ?? [])]), turn: state.turnIndex, action: 0, attacksLeft: 0, movement: 0,
    hp: new Int32Array(n), tempHp: new Int32Array(n), status: new Uint8Array(n), successes: new Uint8Array(n), failures: new Uint8Array(n),
    prone: new Uint8Array(n), strife: new Uint8Array(n), reaction: new Uint8Array(n), shieldGone: new Uint8Array(n), blockUsed: new Uint8Array(n),
  };
  for (let k = 0; k < n; k++) {
    const c = state.creatures[ids[k]!]!;
    start.hp[k] = Math.max(0, c.hp);
    start.tempHp[k] = c.tempHp;
    start.status[k] = c.status === DEAD ? K_DEAD : c.status === DYING ? K_DYING : c.status === STABLE ? K_STABLE : K_CONSCIOUS;
    start.successes[k] = c.status === DYING ? (c.tallies[SUCCESSES] ?? 0) : 0;
    start.failures[k] = c.status === DYING ? (c.tallies[FAILURES] ?? 0) : 0;
    // The dying lie prone; the kernel marks prone only a creature up (it stands up first on its turn).
    start.prone[k] = c.status === 'conscious' && c.conditions.some((x) => x.conditionId === 'prone') ? 1 : 0;
    start.strife[k] = Math.min(TRACK_MAX, strifeOf(c));
    start.reaction[k] = (c.resources[REACTION] ?? 0) >= 1 ? 1 : 0;
    start.shieldGone[k] = c.vars[SHIELD_SACRIFICED_VAR] === true ? 1 : 0;
    start.blockUsed[k] = c.vars[CRIT_BLOCK_USED_VAR] === true ? 1 : 0;
  }
  const currentId = currentCreatureId(state)!;
  const current = state.creatures[currentId]!;
  start.action = (current.resources[ACTION] ?? 0) >= 1 ? 1 : 0;
  start.attacksLeft = Math.max(0, current.resources[ATTACKS_LEFT] ?? 0);
  start.movement = Math.max(0, current.resources[MOVEMENT] ?? 0);
  if (start.prone[ids.indexOf(currentId)]) {
    const why = standUpRefusal(currentId);
    if (why !== null) return `${currentId}: prone on its turn and cannot stand up now (${why})`;
  }
  return start;
}
