import { currentCreatureId, isImmuneTo, type ConditionInstance, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { saveBonus, sheetOf } from '../sheet/derived';
import type { Attack } from '../sheet/stat-block';
import { ATTACK_WITHIN_5 } from '../position/attack-geometry';
import { TRACK_MAX } from '../conditions/tracks';
import { MOVEMENT, MOVEMENT_MAX } from '../core/economy';
import { saveEndsSpec } from '../core/save-ends';
import { activeEntries, type ActiveEntry } from '../world/config';
import { worldSource } from '../world/apply';
import { WORLD_MADE } from '../world/spawn';
import type { WorldEffect } from '../world/types';
import { attackAbility } from '../sheet/derived';
import { explainRollMode, type HeldCondition } from './roll-modes';
import {
  A_POISONED, A_PRONE, A_RESTRAINED, KernelConditions, T_PARALYZED, T_PRONE, T_RESTRAINED, type KernelConditionRider, type KernelConditionStart, type KernelEachSave, type KernelTurnEndSave,
} from './kernel-conditions';

/**
 * What `kernel-conditions.ts` plays, read from the rules' own data at compile time: the environment
 * entries that bring a condition with a duration (a turn-end save that restrains until the end of the
 * next turn, Tenacious Mud A5E-WORLD-41; a world action on each creature that poisons until the end of
 * its next turn, Swamp Gas A5E-WORLD-42), the attack riders that paralyze until a save ends them or
 * grapple (A5E-COND-20, A5E-COND-16), and those conditions as a fight under way holds them. Every roll
 * mode is the rules' own (`explainRollMode` over every mix of the conditions a creature can hold);
 * immunities are the rules' (`conditionImmunities`). Anything else is left to the callers to refuse.
 */

/** Whether an environment feature is the turn-end save the module plays (restrained until the end of the next turn, on a Strength save). */
export function isRestrainingTurnEndSave(e: WorldEffect): e is Extract<WorldEffect, { kind: 'turnEndSave' }> {
  return e.kind === 'turnEndSave' && e.save.ability === 'str' && e.onFail.kind === 'condition' && e.onFail.condition === 'restrained' && e.onFail.until === 'endOfNextTurn';
}

/** Whether a world action's effect is the each-creature save the module plays (poisoned until the end of the next turn). */
export function isPoisoningEachSave(e: WorldEffect): e is Extract<WorldEffect, { kind: 'saveAction' }> {
  return e.kind === 'saveAction' && e.targets === 'each' && !e.oncePerTarget && e.save.ability === 'con'
    && e.onFail.kind === 'condition' && e.onFail.condition === 'poisoned' && e.onFail.until === 'endOfNextTurn';
}

/** An attack's rider the module plays, null without riders, undefined for any other. */
export function conditionRiderOf(attack: Attack): { rider: KernelConditionRider; endsDc?: number } | undefined {
  const nodes = (attack.onHit ?? []) as unknown as Record<string, unknown>[];
  if (nodes.length !== 1) return undefined;
  const node = nodes[0]!;
  if (node['kind'] === 'applyCondition' && node['condition'] === 'grappled' && Object.keys(node).length === 2) return { rider: { kind: 'grapple' } };
  if (node['kind'] !== 'save' || node['ability'] !== 'con' || typeof node['dc'] !== 'number' || Object.keys(node).some((k) => !['kind', 'ability', 'dc', 'fail'].includes(k))) return undefined;
  const fail = node['fail'] as Record<string, unknown>[];
  const apply = fail.length === 1 ? fail[0]! : null;
  if (!apply || apply['kind'] !== 'applyCondition' || apply['condition'] !== 'paralyzed' || Object.keys(apply).some((k) => !['kind', 'condition', 'duration'].includes(k))) return undefined;
  const d = apply['duration'] as { kind?: string; save?: unknown; timing?: string } | undefined;
  const spec = d?.kind === 'saveEnds' && d.timing === 'end' ? saveEndsSpec(d.save as never) : null;
  if (!spec || spec.ability !== 'con') return undefined;
  return { rider: { kind: 'paralyze', dc: node['dc'] }, endsDc: spec.dc };
}

const held = (id: string, level?: number): HeldCondition => ({ conditionId: id, instanceId: `${id}#1`, ...(level ? { level } : {}) });
const NORMAL = 0;
const ADVANTAGE = 1;
const DISADVANTAGE = 2;

/** Whether holding `conditionId` fails a save of `ability` without a roll (its `autoFail` effects). */
function failsSave(ruleset: LoadedRuleset, conditionId: string, ability: string): boolean {
  return (ruleset.conditionById[conditionId]?.effects ?? []).some((e) => e.kind === 'autoFail' && !e.predicate && (e.selector === 'save' || e.selector === `save:${ability}`));
}

/** What a creature under way holds that the module reads, in the order it holds them; or why not. */
interface HeldStart {
  restrained: number;
  poisoned: number;
  paralyses: number[];
  grappledBy: string[];
}

/**
 * Whether a condition instance a creature of a fight under way holds is one the module plays (the
 * caller refuses the rest): the mud's restraint and the gas's poison until the end of its next turn,
 * a paralysis a Constitution save at the end of its turns ends, the incapacitated one brought, a
 * grapple by a creature in the fight.
 */
export function playedInstance(state: EncounterState, creatureId: string, inst: ConditionInstance, mudId: string | null, gasId: string | null, endsDc: number | null): boolean {
  const d = inst.duration;
  const untilMyTurnEnds = d.kind === 'turns' && d.creatureId === creatureId && d.boundary === 'end' && d.count === 1 && !d.skipCurrent;
  switch (inst.conditionId) {
    case 'restrained':
      return mudId !== null && inst.source === worldSource(mudId) && untilMyTurnEnds;
    case 'poisoned':
      return gasId !== null && inst.source === worldSource(gasId) && untilMyTurnEnds;
    case 'paralyzed': {
      const spec = d.kind === 'saveEnds' && d.timing === 'end' ? saveEndsSpec(d.save) : null;
      return spec !== null && spec.ability === 'con' && spec.dc === endsDc;
    }
    case 'incapacitated': {
      const c = state.creatures[creatureId]!;
      return d.kind === 'untilRemoved' && c.conditions.some((x) => x.instanceId === inst.impliedBy && x.conditionId === 'paralyzed');
    }
    case 'grappled':
      return d.kind === 'untilRemoved' && inst.source !== null && state.creatureIds.includes(inst.source);
    default:
      return false;
  }
}

/** The entries of the environment the module plays: the mud's and the gas's, or null. */
export function conditionEntries(state: EncounterState): { mud: ActiveEntry | null; gas: ActiveEntry | null } {
  let mud: ActiveEntry | null = null;
  let gas: ActiveEntry | null = null;
  for (const a of activeEntries(state)) {
    if (a.entry.effects.length !== 1) continue;
    const e = a.entry.effects[0]!;
    if (a.entry.kind === 'feature' && isRestrainingTurnEndSave(e) && !mud) mud = a;
    if (a.entry.kind === 'action' && isPoisoningEachSave(e) && !a.entry.recharge && !gas) gas = a;
  }
  return { mud, gas };
}

/**
 * The module for this fight (mapless), null when nothing in it brings these conditions, or why not.
 * `riders[k]` is creature k's first attack's rider as `conditionRiderOf` read it (null without one).
 */
export function compileConditions(
  ruleset: LoadedRuleset, state: EncounterState, riders: readonly (ReturnType<typeof conditionRiderOf> | null)[], speed: Int32Array,
): KernelConditions | null | { unsupported: string } {
  const no = (unsupported: string) => ({ unsupported });
  const ids = state.creatureIds;
  const n = ids.length;
  const { mud, gas } = conditionEntries(state);
  const underWay = state.phase === 'combat';
  const holds = underWay && ids.some((id) => state.creatures[id]!.conditions.some((x) => ['restrained', 'poisoned', 'paralyzed', 'grappled'].includes(x.conditionId)));
  if (!mud && !gas && !holds && riders.every((r) => !r)) return null;
  if (state.space !== null) return no('conditions with a duration on a map');
  const ends = [...new Set(riders.flatMap((r) => (r?.endsDc === undefined ? [] : [r.endsDc])))];
  if (ends.length > 1) return no('paralyses ended by saves of different DCs');
  const endsDc = ends[0] ?? null;

  // Immunities (the rules' own list: the stat block's and what its conditions give).
  const immune = (id: string, condition: string) => isImmuneTo(ruleset, state.creatures[id]!, condition, ruleset.conditionImmunities?.(state, id) ?? []);
  for (const id of ids) if (immune(id, 'incapacitated') && !immune(id, 'paralyzed')) return no(`${id}: immune to incapacitated but not to paralyzed`);

  // Saves: a plain d20 whatever a creature holds (strife at any level, prone, the conditions here); the paralyzed and unconscious fail Strength saves, nothing fails a Constitution save.
  const mixes: HeldCondition[][] = [];
  for (let level = 0; level <= TRACK_MAX; level++) {
    for (let m = 0; m < 32; m++) {
      const list = ['prone', 'restrained', 'poisoned', 'paralyzed', 'grappled'].filter((_, b) => m & (1 << b)).map((c) => held(c));
      mixes.push(level ? [...list, held('strife', level)] : list);
    }
  }
  const plainSave = (ability: string, options: string[]) => mixes.every((h) => {
    const m = explainRollMode(ruleset, 'save', h, [], ['save', `save:${ability}`], options);
    return m.mode === 'normal' && m.bonus === 0;
  });
  if (mud) {
    const e = mud.entry;
    if (!plainSave('str', ['save:world', `world:${e.id}`, 'save:ability:str'])) return no(`${mud.name}'s save with advantage or disadvantage (${e.ruleId})`);
    if (!failsSave(ruleset, 'paralyzed', 'str') || !failsSave(ruleset, 'unconscious', 'str')) return no(`${mud.name}'s save rolled by the paralyzed or unconscious (${e.ruleId})`);
  }
  for (const c of ['paralyzed', 'unconscious', 'incapacitated', 'restrained', 'poisoned', 'grappled', 'prone']) if (failsSave(ruleset, c, 'con')) return no(`a Constitution save failed while ${c}`);
  if (gas && !plainSave('con', ['save:world', `world:${gas.entry.id}`, 'save:ability:con'])) return no(`${gas.name}'s save with advantage or disadvantage (${gas.entry.ruleId})`);
  if (endsDc !== null && !plainSave('con', [])) return no('the save that ends a paralysis with advantage or disadvantage');
  for (const [k, r] of riders.entries()) {
    const attackId = sheetOf(state.creatures[ids[k]!]!).attacks[0]?.id ?? '';
    if (r?.rider.kind === 'paralyze' && !plainSave('con', [`attack:id:${attackId}`])) return no(`${ids[k]}: its rider's save with advantage or disadvantage`);
  }

  // Attack modes: every mix of the attacker's prone, restrained, poisoned and the target's prone, restrained, paralyzed (the first attack, no map).
  const attackMode = new Uint8Array(n * 64);
  const within5 = new Uint8Array(n);
  ids.forEach((id, k) => {
    const sheet = sheetOf(state.creatures[id]!);
    const attack = sheet.attacks[0];
    if (!attack) return;
    const ability = attackAbility(sheet, attack);
    const ranged = attack.kind === 'ranged';
    within5[k] = ranged ? 0 : 1;
    const options = [`attack:${ranged ? 'ranged' : 'melee'}`, `attack:id:${attack.id}`, ...(ranged ? [] : [ATTACK_WITHIN_5]), `attack:ability:${ability}`];
    for (let am = 0; am < 8; am++) {
      for (let tm = 0; tm < 8; tm++) {
        const a = [...(am & A_PRONE ? [held('prone')] : []), ...(am & A_RESTRAINED ? [held('restrained')] : []), ...(am & A_POISONED ? [held('poisoned')] : [])];
        const t = [...(tm & T_PRONE ? [held('prone')] : []), ...(tm & T_RESTRAINED ? [held('restrained')] : []), ...(tm & T_PARALYZED ? [held('paralyzed')] : [])];
        const m = explainRollMode(ruleset, 'attack', a, t, ['attack', `attack:${ability}`], options);
        attackMode[k * 64 + am * 8 + tm] = m.mode === 'advantage' ? ADVANTAGE : m.mode === 'disadvantage' ? DISADVANTAGE : NORMAL;
      }
    }
  });

  let mudSpec: KernelTurnEndSave | null = null;
  if (mud) {
    const e = mud.entry.effects[0] as Extract<WorldEffect, { kind: 'turnEndSave' }>;
    mudSpec = { dc: e.save.dc, bonus: Int32Array.from(ids, (id) => saveBonus(sheetOf(state.creatures[id]!), 'str')) };
  }
  let gasSpec: KernelEachSave | null = null;
  if (gas) {
    const e = gas.entry.effects[0] as Extract<WorldEffect, { kind: 'saveAction' }>;
    gasSpec = {
      dc: e.save.dc, bonus: Int32Array.from(ids, (id) => saveBonus(sheetOf(state.creatures[id]!), 'con')),
      eligible: Uint8Array.from(ids, (id) => (state.creatures[id]!.tags.includes(WORLD_MADE) ? 0 : 1)),
    };
  }

  let start: KernelConditionStart | null = null;
  if (underWay) {
    const current = state.creatures[currentCreatureId(state)!]!;
    start = {
      restrained: new Uint8Array(n), poisoned: new Uint8Array(n), paralyses: ids.map(() => []), grapples: new Uint8Array(n * n),
      actingMax: Math.max(0, current.resources[MOVEMENT_MAX] ?? 0), actingLeft: Math.max(0, current.resources[MOVEMENT] ?? 0),
    };
    for (const [k, id] of ids.entries()) {
      const c = state.creatures[id]!;
      const h: HeldStart = { restrained: 0, poisoned: 0, paralyses: [], grappledBy: [] };
      for (const inst of c.conditions) {
        if (inst.conditionId === 'restrained') h.restrained = 1;
        else if (inst.conditionId === 'poisoned') h.poisoned = 1;
        else if (inst.conditionId === 'paralyzed') h.paralyses.push(c.conditions.some((x) => x.conditionId === 'incapacitated' && x.impliedBy === inst.instanceId) ? 1 : 0);
        else if (inst.conditionId === 'grappled' && inst.source !== null) h.grappledBy.push(inst.source);
      }
      if (h.paralyses.length && endsDc === null) return no(`${id}: paralyzed without an attack here that paralyzes`);
      start.restrained[k] = h.restrained;
      start.poisoned[k] = h.poisoned;
      start.paralyses[k] = h.paralyses;
      for (const g of h.grappledBy) start.grapples[ids.indexOf(g) * n + k]!++;
    }
  }

  return new KernelConditions({
    n, attackMode, within5,
    immuneRestrained: Uint8Array.from(ids, (id) => (immune(id, 'restrained') ? 1 : 0)),
    immunePoisoned: Uint8Array.from(ids, (id) => (immune(id, 'poisoned') ? 1 : 0)),
    immuneParalyzed: Uint8Array.from(ids, (id) => (immune(id, 'paralyzed') ? 1 : 0)),
    immuneGrappled: Uint8Array.from(ids, (id) => (immune(id, 'grappled') ? 1 : 0)),
    conSave: Int32Array.from(ids, (id) => saveBonus(sheetOf(state.creatures[id]!), 'con')), speed,
    paralysisEndsDc: endsDc ?? 0,
    mud: mudSpec, gas: gasSpec, start,
  });
}
