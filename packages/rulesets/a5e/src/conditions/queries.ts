import {
  activeEffects, currentCreatureId, distanceFeet, flagEffect as engineFlagEffect, hasFlag, type ActiveEffect, type ConditionEffect,
  type ConditionIndex, type CreatureState, type EncounterState, type Json, type SpaceState,
} from '@fray/engine';
import { sheetOf } from '../sheet/derived';
import { FLAG } from './definitions';

/**
 * Questions other modules ask about what a creature's conditions allow: may it act, react, move,
 * cast; how fast is it; whom may it attack. Actions and movement call these before spending.
 * Each reads the conditions' effects (the engine's `activeEffects`) through the loaded ruleset, so a
 * condition another module defines counts wherever its effect matters (issue 18 item 4).
 */
export type { ConditionIndex } from '@fray/engine';

/** The creature var the confused turn roll is recorded in (A5E-COND-8). */
export const CONFUSED_VAR = 'a5e.confused';
/** Movement left when a manic creature's turn began, to tell whether it has moved (A5E-COND-19). */
export const TURN_START_MOVEMENT_VAR = 'a5e.turnStartMovement';

export type ConfusedBehaviour = 'nothing' | 'wander' | 'attack';
export interface ConfusedTurn {
  round: number;
  roll: number;
  behaviour: ConfusedBehaviour;
  /** compass direction of the random move (5–6) */
  direction?: string;
  /** the creature it must attack (7–8), or null when the Narrator picks it (no map) */
  target?: string | null;
}

function firstEffect<K extends ConditionEffect['kind']>(state: EncounterState, id: string, kind: K, test: (e: Extract<ConditionEffect, { kind: K }>) => boolean, rules: ConditionIndex): (ActiveEffect & { effect: Extract<ConditionEffect, { kind: K }> }) | undefined {
  const c = state.creatures[id];
  if (!c || c.conditions.length === 0) return undefined;
  return activeEffects(rules, c).find((a) => a.effect.kind === kind && test(a.effect as Extract<ConditionEffect, { kind: K }>)) as never;
}

/** The active effect that raises a flag, if any. */
export function flagEffect(state: EncounterState, id: string, flag: string, rules: ConditionIndex): ActiveEffect | undefined {
  const c = state.creatures[id];
  return c ? engineFlagEffect(rules, c, flag) : undefined;
}

export function hasConditionFlag(state: EncounterState, id: string, flag: string, rules: ConditionIndex): boolean {
  return flagEffect(state, id, flag, rules) !== undefined;
}

/** A refusal with a code, the reason in words, and the rule behind it. */
export interface Block {
  code: string;
  message: string;
  ruleId: string;
}

export type ActKind = 'action' | 'bonusAction' | 'reaction' | 'move';
const words: Record<ActKind, string> = { action: 'actions', bonusAction: 'bonus actions', reaction: 'reactions', move: 'move' };
const kebab = (s: string) => s.replace(/[A-Z]/g, (m) => '-' + m.toLowerCase());
/** refusal codes per kind, worked out once (actBlock runs for every cost a command or a legal list checks) */
const actCodes: Record<ActKind, string> = { action: 'cannot-take-action', bonusAction: 'cannot-take-bonus-action', reaction: 'cannot-take-reaction', move: 'cannot-move' };

/** The confused roll of the creature's current turn, if it is taking one. */
export function confusedTurn(state: EncounterState, id: string, rules: ConditionIndex): ConfusedTurn | null {
  const c = state.creatures[id];
  if (!c || currentCreatureId(state) !== id || !hasFlag(rules, c, FLAG.randomBehaviour)) return null;
  const v = c.vars[CONFUSED_VAR] as unknown as ConfusedTurn | undefined;
  return v && v.round === state.round ? v : null;
}

/**
 * Why the creature may not take an action, bonus action, reaction or move right now, or null.
 * Reads forbid effects (incapacitated, rattled, slowed, confused: A5E-COND-17/25/27/8), the confused
 * turn roll (A5E-COND-8), "action or bonus action" (slowed, strife 3: A5E-COND-27, A5E-STRIFE-3) and
 * manic's "action or move" (A5E-COND-19) on its own turn.
 */
export function actBlock(state: EncounterState, id: string, what: ActKind, rules: ConditionIndex): Block | null {
  const c = state.creatures[id];
  if (!c) return { code: 'unknown-creature', message: `no creature '${id}'`, ruleId: 'A5E-COND-1' };
  if (c.status === 'dead') return { code: 'dead', message: `${c.name} is dead`, ruleId: 'A5E-DYING-18' };
  const code = actCodes[what];
  // The creature's active effects, worked out once for every question below.
  const effects = c.conditions.length ? activeEffects(rules, c) : [];
  if (what !== 'move') {
    const f = effects.find((a) => a.effect.kind === 'forbid' && a.effect.what === what) as (ActiveEffect & { effect: Extract<ConditionEffect, { kind: 'forbid' }> }) | undefined;
    if (f) return { code, message: `${c.name} is ${f.conditionId} and cannot take ${words[what]}`, ruleId: f.effect.ruleId ?? 'A5E-COND-17' };
  }
  const confused = effects.length ? confusedTurn(state, id, rules) : null;
  if (confused) {
    const blocked = confused.behaviour === 'nothing' ? what !== 'reaction' : confused.behaviour === 'wander' ? what === 'action' || what === 'bonusAction' : what === 'bonusAction';
    if (blocked) return { code, message: `${c.name} is confused (d8 ${confused.roll}: ${confused.behaviour}) and cannot ${what === 'move' ? 'move' : `take ${words[what]}`} this turn`, ruleId: 'A5E-COND-8' };
  }
  if (currentCreatureId(state) !== id) return null;
  const spent = (key: string) => (c.resources[key] ?? 1) < 1;
  const either = effects.find((a) => a.effect.kind === 'flag' && a.effect.flag === FLAG.actionOrBonus);
  if (either && ((what === 'bonusAction' && spent('action')) || (what === 'action' && spent('bonusAction')))) {
    return { code, message: `${c.name} (${either.conditionId}) can take an action or a bonus action this turn, not both`, ruleId: either.effect.ruleId ?? 'A5E-COND-27' };
  }
  if (effects.some((a) => a.effect.kind === 'flag' && a.effect.flag === FLAG.actionOrMove)) {
    const startMove = c.vars[TURN_START_MOVEMENT_VAR];
    const moved = typeof startMove === 'number' && (c.resources['movementFeet'] ?? 0) < startMove;
    if (what === 'bonusAction') return { code, message: `${c.name} is manic: only an action or a move on its turn`, ruleId: 'A5E-COND-19' };
    if (what === 'action' && moved) return { code, message: `${c.name} is manic and has moved, so it cannot act this turn`, ruleId: 'A5E-COND-19' };
    if (what === 'move' && spent('action')) return { code, message: `${c.name} is manic and has acted, so it cannot move this turn`, ruleId: 'A5E-COND-19' };
  }
  return null;
}

export function canAct(state: EncounterState, id: string, what: ActKind, rules: ConditionIndex): boolean {
  return actBlock(state, id, what, rules) === null;
}

export function canTakeReactions(state: EncounterState, id: string, rules: ConditionIndex): boolean {
  return canAct(state, id, 'reaction', rules);
}

/** Slowed and strife 3+: an action or a bonus action on its turn, not both (A5E-COND-27, A5E-STRIFE-3). */
export function actionOrBonusOnly(state: EncounterState, id: string, rules: ConditionIndex): boolean {
  return hasConditionFlag(state, id, FLAG.actionOrBonus, rules);
}

/** Slowed: no more than one attack on its turn (A5E-COND-27); null when there is no limit. */
export function attacksPerTurnLimit(state: EncounterState, id: string, rules: ConditionIndex): number | null {
  return hasConditionFlag(state, id, FLAG.oneAttackPerTurn, rules) ? 1 : null;
}

/** Why a named action (dash, sprint) is forbidden by a condition, e.g. fatigue 1+ (A5E-FATIGUE-1). */
export function namedActionBlock(state: EncounterState, id: string, action: string, rules: ConditionIndex): Block | null {
  const f = firstEffect(state, id, 'forbid', (e) => e.what === action, rules);
  if (!f) return null;
  const c = state.creatures[id]!;
  return { code: `cannot-${kebab(action)}`, message: `${c.name} cannot ${action}: ${f.conditionId}${f.instance.level ? ` ${f.instance.level}` : ''}`, ruleId: f.effect.ruleId ?? 'A5E-FATIGUE-1' };
}

export function canDash(state: EncounterState, id: string, rules: ConditionIndex): boolean {
  return namedActionBlock(state, id, 'dash', rules) === null;
}

export function canSprint(state: EncounterState, id: string, rules: ConditionIndex): boolean {
  return namedActionBlock(state, id, 'sprint', rules) === null;
}

/** Strife 6+: only cantrips (A5E-STRIFE-6). */
export function spellBlock(state: EncounterState, id: string, spell: { cantrip: boolean }, rules: ConditionIndex): Block | null {
  if (spell.cantrip) return null;
  return namedActionBlock(state, id, 'spell', rules) && { code: 'cannot-cast-spells', message: `${state.creatures[id]!.name} can cast only cantrips (strife 6+)`, ruleId: 'A5E-STRIFE-6' };
}

/** Enraged creatures shrug off frightened and placid (A5E-COND-13). */
export function ignoresFearAndCalm(state: EncounterState, id: string, rules: ConditionIndex): boolean {
  return hasConditionFlag(state, id, FLAG.ignoresFearAndCalm, rules);
}

/**
 * Why `actor` may not take a hostile action against `target`: placid (A5E-COND-22, unless enraged)
 * or charmed by that target (A5E-COND-7).
 */
export function hostileActionBlock(state: EncounterState, actor: string, target: string | null, rules: ConditionIndex): Block | null {
  const c = state.creatures[actor];
  if (!c) return null;
  if (c.conditions.length === 0) return null;
  // One pass over the effects: legal-command lists ask this for every foe.
  let calm: ActiveEffect | undefined;
  let enraged = false;
  let charmedBy = false;
  for (const a of activeEffects(rules, c)) {
    if (a.effect.kind !== 'flag') continue;
    if (a.effect.flag === FLAG.noHostileActions) calm ??= a;
    else if (a.effect.flag === FLAG.ignoresFearAndCalm) enraged = true;
    else if (a.effect.flag === FLAG.noHostileAgainstSource && target !== null && a.instance.source === target) charmedBy = true;
  }
  if (calm && !enraged) {
    return { code: 'placid', message: `${c.name} is ${calm.conditionId} and cannot take hostile or aggressive actions`, ruleId: calm.effect.ruleId ?? 'A5E-COND-22' };
  }
  if (target && charmedBy) {
    return { code: 'charmed', message: `${c.name} is charmed by ${state.creatures[target]?.name ?? target} and cannot act against it`, ruleId: 'A5E-COND-7' };
  }
  return null;
}

export interface MovementLimits {
  /** prone: crawl only, each foot costs 1 extra (A5E-COND-24) */
  crawlOnly: boolean;
  /** frightened: may not willingly move closer to these (A5E-COND-15) */
  cannotApproach: string[];
  /** fixated: each foot away from these costs 2 (A5E-COND-14) */
  doubleCostAwayFrom: string[];
  /** enraged: must move straight toward the closest enemy it perceives within 60 ft (A5E-COND-13) */
  mustApproachClosestEnemy: boolean;
}

export function movementLimits(state: EncounterState, id: string, rules: ConditionIndex): MovementLimits {
  const c = state.creatures[id];
  if (!c || c.conditions.length === 0) return { crawlOnly: false, cannotApproach: [], doubleCostAwayFrom: [], mustApproachClosestEnemy: false };
  // One pass over the effects (a move asks this for every step it rehearses).
  const out: MovementLimits = { crawlOnly: false, cannotApproach: [], doubleCostAwayFrom: [], mustApproachClosestEnemy: false };
  let enraged = false;
  for (const a of activeEffects(rules, c)) {
    if (a.effect.kind !== 'flag') continue;
    const source = a.instance.source;
    switch (a.effect.flag) {
      case FLAG.crawlOnly: out.crawlOnly = true; break;
      case FLAG.mustApproachClosestEnemy: out.mustApproachClosestEnemy = true; break;
      case FLAG.ignoresFearAndCalm: enraged = true; break;
      case FLAG.cannotApproachSource: if (source && !out.cannotApproach.includes(source)) out.cannotApproach.push(source); break;
      case FLAG.awayFromSourceCostsDouble: if (source && !out.doubleCostAwayFrom.includes(source)) out.doubleCostAwayFrom.push(source); break;
    }
  }
  if (enraged) out.cannotApproach = [];
  return out;
}

const gridOf = (state: EncounterState): Extract<SpaceState, { kind: 'grid' }> | null => {
  const s = state.space as unknown as SpaceState | null;
  return s && s.kind === 'grid' && s.creatures ? s : null;
};

/** Enemies (other sides, not dead) at the least distance within `maxFeet`, for enraged (A5E-COND-13); ties are all returned. */
export function closestEnemies(state: EncounterState, id: string, maxFeet = 60): string[] {
  const grid = gridOf(state);
  const me = state.creatures[id];
  if (!grid || !me || !grid.creatures[id]) return [];
  let best = Infinity;
  let out: string[] = [];
  for (const other of state.creatureIds) {
    const o = state.creatures[other]!;
    if (o.side === me.side || o.status === 'dead' || !grid.creatures[other]) continue;
    const d = distanceFeet(grid, id, other);
    if (d > maxFeet) continue;
    if (d < best) [best, out] = [d, [other]];
    else if (d === best) out.push(other);
  }
  return out;
}

/** The longest melee reach among the creature's attacks (5 ft without any). */
export function meleeReach(c: CreatureState): number {
  return Math.max(5, ...sheetOf(c).attacks.filter((a) => a.kind === 'melee').map((a) => a.reachFeet));
}

/**
 * Whether conditions let `observer` see `seen`: blinded sees nothing (A5E-COND-5); an invisible
 * creature is seen only with truesight or blindsight in range (A5E-COND-18). Light and obscurement
 * are the vision rules' business.
 */
export function seesThroughConditions(state: EncounterState, observer: string, seen: string, rules: ConditionIndex): boolean {
  if (hasConditionFlag(state, observer, FLAG.cannotSee, rules)) return false;
  const target = state.creatures[seen];
  if (!target || !hasFlag(rules, target, FLAG.unseenWithoutTruesight)) return true;
  const senses = sheetOf(state.creatures[observer]!).senses;
  const range = Math.max(senses.truesight ?? 0, senses.blindsight ?? 0);
  if (range <= 0) return false;
  const grid = gridOf(state);
  return !grid || !grid.creatures[observer] || !grid.creatures[seen] || distanceFeet(grid, observer, seen) <= range;
}

export interface SpeedOptions {
  mode?: 'walk' | 'fly' | 'swim' | 'climb' | 'burrow';
  /** Dash doubles last, after every other step (A5E-ACT-7) */
  dash?: boolean;
}

export interface SpeedStep {
  step: 'base' | 'bonus' | 'halve' | 'cap' | 'zero' | 'dash';
  source: string;
  feet: number;
  ruleId?: string;
}

/**
 * Speed through the A5E-MOVE-22 pipeline: base; bonuses and penalties (grappled and restrained take
 * no bonuses); each distinct halving once, rounding down; "reduced to 5 ft" caps; set to 0; Dash.
 * A condition held twice counts once (A5E-COND-1). Returns every step, the last being the result.
 */
export function speedSteps(ruleset: ConditionIndex, state: EncounterState, id: string, opts: SpeedOptions = {}): SpeedStep[] {
  const c = state.creatures[id]!;
  let feet = sheetOf(c).speed[opts.mode ?? 'walk'] ?? 0;
  const steps: SpeedStep[] = [{ step: 'base', source: opts.mode ?? 'walk', feet }];
  const seen = new Set<string>();
  const speedEffects: { conditionId: string; effect: Extract<ConditionEffect, { kind: 'speed' }> }[] = [];
  for (const a of activeEffects(ruleset, c)) {
    if (a.effect.kind !== 'speed') continue;
    const key = `${a.conditionId}:${JSON.stringify(a.effect as unknown as Json)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    speedEffects.push({ conditionId: a.conditionId, effect: a.effect });
  }
  const noBonus = hasConditionFlag(state, id, FLAG.noSpeedBonus, ruleset);
  const push = (step: SpeedStep['step'], source: string, ruleId?: string) => steps.push({ step, source, feet, ...(ruleId ? { ruleId } : {}) });
  for (const { conditionId, effect } of speedEffects) {
    if (!effect.add || (noBonus && effect.add > 0)) continue;
    feet = Math.max(0, feet + effect.add);
    push('bonus', conditionId, effect.ruleId);
  }
  for (const { conditionId, effect } of speedEffects) {
    if (effect.multiply === undefined) continue;
    feet = Math.floor(feet * effect.multiply);
    push('halve', conditionId, effect.ruleId);
  }
  for (const { conditionId, effect } of speedEffects) {
    if (effect.set === undefined || effect.set <= 0 || feet <= effect.set) continue;
    feet = effect.set;
    push('cap', conditionId, effect.ruleId);
  }
  const zero = speedEffects.find((x) => x.effect.set === 0);
  if (zero && feet > 0) {
    feet = 0;
    push('zero', zero.conditionId, zero.effect.ruleId);
  }
  if (opts.dash) {
    feet *= 2;
    push('dash', 'dash', 'A5E-ACT-7');
  }
  return steps;
}

export function speedOf(ruleset: ConditionIndex, state: EncounterState, id: string, opts: SpeedOptions = {}): number {
  // No conditions and no Dash: the pipeline has nothing but its base step.
  const c = state.creatures[id]!;
  if (!opts.dash && c.conditions.length === 0) return sheetOf(c).speed[opts.mode ?? 'walk'] ?? 0;
  return speedSteps(ruleset, state, id, opts).at(-1)!.feet;
}

/** Standing up from prone costs half the creature's speed (A5E-COND-24, A5E-POS-8). */
export function standUpCost(ruleset: ConditionIndex, state: EncounterState, id: string): number {
  return Math.floor(speedOf(ruleset, state, id) / 2);
}

