import { parseDice } from '@fray/dice';
import { currentCreatureId, freshFightRefusal, isEngaged, presetInitiative, type CompiledFight, type ZoneSpaceState, type CompiledPolicySpec, type CreatureState, type EncounterState, type LoadedRuleset, type NotCompiled, type Resolution } from '@fray/engine';
import { basicMelee, critThreshold, damageExpression } from '../combat/attack';
import { resistanceFor } from '../combat/damage';
import { isMook, mobOf } from '../combat/mooks';
import { abilityMod, levelMultiplier, withConstant } from '../core/math';
import { isPc, monsterSheet, pcSheet } from '../core/sheets';
import { defense, initiativeBonus } from '../core/stats';
import { energyTypes, type Attack, type StatBlock } from '../sheet/stat-block';
import { ESCALATION_MAX, ThirteenFightKernel, type KernelStart } from './fight-kernel';
import { IMMUNE, type KernelAttack, type KernelCreature, type KernelTerm } from './kernel-creature';

/**
 * Encounter options a compiled fight can honour: the defense mode is read through `defense` itself;
 * the others act only when the battle ends, which a simulated fight never reaches. Every other option
 * changes something the kernel does not model (meaningful death, say), so such fights stay on the engine.
 */
const HARMLESS_OPTIONS = new Set(['13a.defenseMode', '13a.autoDeathSaveAfterBattle', '13a.lastingWounds']);
/** The kinds `initCreature` tags a creature with that the kernel models (a companion is left to the engine). */
const KINDS = new Set(['pc', 'monster', 'npc']);
/** Action names that are never a stat-block attack (`attackAction`): an attack with one of these ids would not be made. */
const ATTACK_ACTIONS = new Set(['unarmed', 'flexible']);

/**
 * The simulator policy a compiled fight plays (`lean13aTurnPolicy` in packages/sim/src/policy/lean-13a.ts):
 * its description names it, and any other description (the plain attack-only policies) stays on the engine.
 */
export const LEAN_13A_POLICY = 'lean-13a';

/**
 * Compiles a 13th Age fight for the simulator when everything in it is within what the kernel models
 * (`fight-kernel.ts`): the lean 13th Age policy with the simulator's prompt answers; a fresh fight
 * without a map, modules, encounter vars, counters (no escalation hold or unbound die) or ambush;
 * creatures fresh from their stat blocks (no conditions, temporary hit points, tallies, hidden
 * creatures, explicit mobs or spent actions), each with a signature attack (the first standard,
 * non-flexible attack the rules list) without hit effects, natural-roll triggers or a hit-point
 * threshold. A creature's opportunity attack (its basic melee attack, `basicMelee`) is modelled when
 * it has none of those either; otherwise a fight where it is made is handed back.
 * Numbers come from the rules' own functions: the defense attacked (`defense`, also against an
 * unconscious target), the crit range (`critThreshold`), the damage roll (`damageExpression`),
 * resistance (`resistanceFor`), initiative (`initiativeBonus`), the hit point floor (`hpFloor`), mobs
 * (`isMook`, `mobOf`) and the recovery roll (as `useRecovery` builds it). `actions` are the ruleset's
 * own action names (rally, engage, ...), which `runAction` takes before a stat-block attack of the same id.
 */
export function compile13aFight(ruleset: LoadedRuleset, actions: readonly string[], state: EncounterState, spec: CompiledPolicySpec): CompiledFight | NotCompiled {
  const no = (unsupported: string): NotCompiled => ({ unsupported });
  const policy = spec.policy;
  if (policy !== LEAN_13A_POLICY) return no(`the turn policy ${typeof policy === 'string' ? `'${policy}'` : '(attack only)'} is not the lean 13th Age policy the fight compiles`);
  if (spec.prompts !== 'sim') return no(`prompt answers '${spec.prompts}' are not the simulator's`);
  const underWay = state.phase === 'combat';
  const notAdmitted = underWay ? underWayRefusal(state) : freshFightRefusal({ ...state, space: null }, { options: HARMLESS_OPTIONS, presetInitiative: true });
  if (notAdmitted !== null) return no(notAdmitted);
  const notPlaced = spaceRefusal(state);
  if (notPlaced !== null) return no(notPlaced);
  if (!state.creatureIds.length) return no('nobody is in the fight');
  const current = underWay ? currentCreatureId(state) : null;

  // Resolution stand-ins for the rules' functions that read only the state and the ruleset.
  const ctx = { state, ruleset } as unknown as Resolution;
  const sides: string[] = [];
  const groups: string[] = [];
  const mobs: string[] = [];
  const creatures: KernelCreature[] = [];
  const used: [Attack | null, Attack | null][] = [];
  for (const id of state.creatureIds) {
    const c = state.creatures[id]!;
    const why = creatureRefusal(c, actions, underWay, id === current);
    if (why) return no(`${id}: ${why}`);
    if (!sides.includes(c.side)) sides.push(c.side);
    const pc = pcSheet(c);
    const group = c.vars['initiativeGroup'];
    if (typeof group === 'string' && !groups.includes(group)) groups.push(group);
    const mob = mobOf(c);
    if (mob !== null && !mobs.includes(mob)) mobs.push(mob);
    const sig = signatureAttack(c);
    const signature = sig ? kernelAttack(ctx, c, sig, true) : null;
    if (typeof signature === 'string') return no(`${id}: ${sig!.id}: ${signature}`);
    const oa = basicMelee(ctx, id);
    const opportunity = oa ? kernelAttack(ctx, c, oa, false) : null;
    let recovery: KernelTerm[] = [];
    if (pc) {
      const t = termsOf(withConstant(`${pc.level}${pc.recoveryDie}`, abilityMod(pc.abilities.con) * levelMultiplier(pc.level)));
      if (!t) return no(`${id}: recovery dice that keep or drop`);
      recovery = t;
    }
    const sheet = c.sheet as unknown as StatBlock;
    used.push([sig, oa]);
    creatures.push({
      id, side: sides.indexOf(c.side), hp: c.hp, maxHp: c.maxHp, level: sheet.level,
      floor: Math.min(0, ruleset.hpFloor?.(state, id) ?? 0),
      pc: isPc(c),
      mob: mob === null ? -1 : mobs.indexOf(mob),
      initiative: initiativeBonus(state, id),
      presetInitiative: underWay ? null : presetInitiative(state, id),
      group: typeof group === 'string' ? groups.indexOf(group) : -1,
      saveBonus: sheet.saveBonus,
      recoveries: pc ? (c.resources['recoveries'] ?? 0) : 0,
      recovery,
      // 13A-ESC-2/3: PCs add the escalation die; monsters only when their stat block says so.
      escalation: pc !== null || monsterSheet(c)!.usesEscalation,
      twoWeapon: pc?.twoWeapon === true,
      signature,
      opportunity,
    });
  }

  // A shared roll (13A-INIT-3) is one unit: all its members set before the fight, or none.
  const mixed = groups.find((g, k) => new Set(creatures.filter((c) => c.group === k).map((c) => c.presetInitiative === null)).size > 1);
  if (mixed !== undefined) return no(`the group '${mixed}': initiative set before the fight for some of it`);

  // Per attack slot, attacker and target (any other creature: a fumble into melee can hit an ally, 13A-MOD-2).
  const n = creatures.length;
  const pairs = [0, 1].map((slot) => {
    const p = { defenses: new Int32Array(n * n), downDefenses: new Int32Array(n * n), critFrom: new Int32Array(n * n), resist: new Int32Array(n * n) };
    used.forEach((attacks, i) => {
      const atk = attacks[slot];
      if (!atk) return;
      creatures.forEach((t, j) => {
        if (i === j) return;
        const at = i * n + j;
        p.defenses[at] = defense(ruleset, state, t.id, atk.vs).total;
        p.downDefenses[at] = t.pc ? defense(ruleset, unconscious(ruleset, state, t.id), t.id, atk.vs).total : p.defenses[at]!;
        p.critFrom[at] = critThreshold(ctx, atk, t.id);
        // 13A-RES-2/4: halved below the resistance number; mundane energy against an energy resistance does nothing.
        const number = resistanceFor(state, t.id, [atk.damageType]);
        p.resist[at] = number === null ? 0 : (energyTypes as readonly string[]).includes(atk.damageType) && !(atk.magical || atk.spell) ? IMMUNE : number;
      });
    });
    return p;
  });
  return new ThirteenFightKernel(state.creatureIds, sides, creatures, groups.length, mobs.length, [pairs[0]!, pairs[1]!], spec, kernelStart(state));
}

/**
 * A fight under way the kernel can start from (odds from here): rounds going, every creature in the
 * order and none delaying, no prompt waiting, modules, encounter vars or counters but the escalation
 * die, which must stand where the rounds put it (13A-ESC-1: round - 1, at most 6; the kernel carries it
 * on from there), and only options the kernel honours.
 */
function underWayRefusal(state: EncounterState): string | null {
  if (state.pending) return 'a prompt is waiting';
  if (state.round < 1 || state.turnIndex < 0 || state.turnIndex >= state.order.length) return 'a fight under way without a current turn';
  if (state.order.length !== state.creatureIds.length || state.order.some((e) => e.delayed)) return 'a fight under way whose turn order leaves out a creature or holds a delayed one';
  if (state.modules.length) return `modules in play: ${state.modules.join(', ')}`;
  const vars = Object.keys(state.vars);
  if (vars.length) return `encounter vars in play: ${vars.join(', ')}`;
  const counters = Object.keys(state.counters).filter((k) => k !== 'escalation');
  if (counters.length) return `encounter counters in play: ${counters.join(', ')}`;
  if ((state.counters['escalation'] ?? 0) !== Math.min(state.round - 1, ESCALATION_MAX)) return `the escalation die at ${state.counters['escalation'] ?? 0} in round ${state.round}`;
  const option = Object.keys(state.options).find((k) => !HARMLESS_OPTIONS.has(k));
  return option === undefined ? null : `encounter option '${option}'`;
}

/**
 * Zones the kernel plays as if there were no map: everyone in one zone, no pair set apart, so any
 * creature engages any other with a move (13A-ENGAGE-1); engagements already made stand.
 */
function spaceRefusal(state: EncounterState): string | null {
  const space = state.space as (Partial<ZoneSpaceState> & { kind?: string }) | null;
  if (space === null) return null;
  if (space.kind !== 'zones') return 'creatures are placed on a grid map';
  const placed = space.creatures ?? {};
  if (!state.creatureIds.every((id) => Object.hasOwn(placed, id))) return 'not every creature is placed on the map\'s zones';
  if (new Set(state.creatureIds.map((id) => placed[id]!.zone)).size !== 1) return 'creatures in different zones';
  if (Object.keys(space.pairBands ?? {}).length) return 'creatures set apart at a range';
  return null;
}

/** Where the fight stands: fresh (null order), or under way: its order, round, whose turn with its actions left, and the engagements. */
function kernelStart(state: EncounterState): KernelStart {
  const ids = state.creatureIds;
  const engaged: number[] = [];
  const space = state.space as ZoneSpaceState | null;
  if (space !== null) for (let a = 0; a < ids.length; a++) for (let b = a + 1; b < ids.length; b++) if (isEngaged(space, ids[a]!, ids[b]!)) engaged.push(a, b);
  if (state.phase !== 'combat') return { order: null, round: 1, turn: 0, standard: 1, move: 1, engaged: Int32Array.from(engaged) };
  const current = state.creatures[currentCreatureId(state)!]!;
  return {
    order: Int32Array.from(state.order, (e) => ids.indexOf(e.creatureId)), round: state.round, turn: state.turnIndex,
    standard: (current.resources['standard'] ?? 0) >= 1 ? 1 : 0, move: (current.resources['move'] ?? 0) >= 1 ? 1 : 0, engaged: Int32Array.from(engaged),
  };
}

/** The state with `id` unconscious as a PC that drops is (13A-HP-5): the condition and what it implies (helpless, 13A-COND-6). */
function unconscious(ruleset: LoadedRuleset, state: EncounterState, id: string): EncounterState {
  const c = state.creatures[id]!;
  const conditions = [...c.conditions];
  const add = (conditionId: string): void => {
    if (conditions.some((x) => x.conditionId === conditionId)) return;
    conditions.push({ instanceId: `${conditionId}#sim`, conditionId, source: null, duration: { kind: 'untilRemoved' } });
    for (const implied of ruleset.conditionById[conditionId]?.implies ?? []) add(implied);
  };
  add('unconscious');
  return { ...state, creatures: { ...state.creatures, [id]: { ...c, status: 'unconscious', conditions } } };
}

/** The signature attack: the first attack `legalCommands13a` ever lists (a standard action, not flexible). */
function signatureAttack(c: CreatureState): Attack | null {
  return (c.sheet as unknown as StatBlock).attacks.find((a) => !a.flexible && a.action === 'standard' && a.maxTargets >= 1) ?? null;
}

/** An attack with its numbers, or why the kernel does not model it. `onTurn`: made on the attacker's turn (it may provoke). */
function kernelAttack(ctx: Resolution, c: CreatureState, atk: Attack, onTurn: boolean): KernelAttack | string {
  const why = attackRefusal(atk);
  if (why) return why;
  const damage = termsOf(damageExpression(ctx, c.id, atk));
  if (!damage) return 'damage dice that keep or drop';
  let missTerms: KernelTerm[] = [];
  if (atk.miss !== undefined && atk.miss !== 'level') {
    const t = termsOf(atk.miss);
    if (!t) return 'miss damage dice that keep or drop';
    missTerms = t;
  }
  const pc = pcSheet(c);
  return {
    kind: atk.kind,
    // 13A-ATK-2: ability modifier + level + the best magic item; monsters: the stat block's bonus.
    bonus: (pc ? abilityMod(pc.abilities[atk.ability ?? 'str']) + pc.level + Math.max(0, pc.itemAttackBonus) : (atk.bonus ?? monsterSheet(c)!.level + 5)) + atk.penalty,
    damage,
    miss: atk.miss === undefined ? 'none' : atk.miss === 'level' ? 'level' : 'dice',
    missTerms,
    // 13A-CRIT-3/4
    critMult: 2 + new Set(atk.critDoubling).size,
    // 13A-ENGAGE-3/4 (an opportunity attack provokes nothing)
    provokes: !onTurn ? 'none' : atk.spell && !atk.closeQuarters ? 'all' : atk.kind === 'ranged' ? 'others' : 'none',
  };
}

/** Why the attack is outside the compiled rules, or null. */
function attackRefusal(a: Attack): string | null {
  if (a.hpThreshold !== undefined) return 'a hit point threshold (its first legal attack differs by target)';
  if (a.hit.length) return 'effects on a hit';
  if (a.triggers.length) return 'natural-roll triggers';
  return null;
}

/** Why a creature is outside the compiled rules, or null. */
function creatureRefusal(c: CreatureState, actions: readonly string[], underWay: boolean, current: boolean): string | null {
  const sheet = c.sheet as unknown as StatBlock;
  if (c.status !== 'conscious' || c.hp <= 0) return 'not up at the start';
  if (c.tempHp !== 0) return 'temporary hit points';
  if (c.conditions.length) return 'conditions';
  if (Object.values(c.tracks).some((v) => v !== 0)) return 'tracks';
  if (Object.values(c.tallies).some((v) => v !== 0)) return 'tallies (death saves, rallies, recoveries used without one)';
  if (c.hidden) return 'hidden';
  if (!KINDS.has(sheet.kind)) return `a ${sheet.kind}`;
  if (c.tags.length !== 1 || c.tags[0] !== sheet.kind) return `tags ${c.tags.join(', ')}`;
  // initCreature's vars: identical monsters share an initiative roll (13A-INIT-3), and a mook's mob is that group.
  const vars = Object.keys(c.vars);
  const group = `${sheet.name}#${sheet.level}`;
  if (sheet.kind === 'pc' ? vars.length !== 0 : vars.length !== 1 || c.vars['initiativeGroup'] !== group) return `vars ${vars.join(', ')}`;
  if (isMook(c) && mobOf(c) !== group) return 'a mob of its own';
  // Under way, a turn's start gives back its standard, move and quick actions (13A-ACT-8): only the current creature's standard and move count.
  const kept = !underWay ? ['standard', 'move', 'quick', 'interrupt'] : current ? ['quick', 'interrupt'] : ['interrupt'];
  for (const k of kept) if (c.resources[k] !== 1) return `its ${k} action is spent`;
  if (sheet.kind === 'pc' && !((c.resources['recoveries'] ?? -1) >= 0)) return 'no recoveries count';
  const ids = sheet.attacks.map((a) => a.id);
  if (new Set(ids).size !== ids.length) return 'two attacks with one id';
  const clash = ids.find((a) => ATTACK_ACTIONS.has(a) || actions.includes(a));
  if (clash !== undefined) return `an attack called '${clash}'`;
  return null;
}

/** A dice expression as kernel terms (dice in order, constants folded in as count 0), or null when it keeps or drops dice. */
function termsOf(expression: string): KernelTerm[] | null {
  const out: KernelTerm[] = [];
  for (const t of parseDice(expression).terms) {
    if (t.kind === 'dice') {
      if (t.keep) return null;
      out.push({ count: t.count, sides: t.sides, sign: t.sign });
    } else out.push({ count: 0, sides: 0, sign: t.sign * t.value });
  }
  return out;
}
