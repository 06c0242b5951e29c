import { parseDice } from '@fray/dice';
import {
  activeEffects, calculateDamage, presetInitiativeRefusal, computeModified, conditionModifiers, conditionRollModes, currentCreatureId, d20For, engage, isEngaged, type CompiledFight, type CompiledPolicySpec,
  type BreakdownRow, type CreatureState, type EncounterState, type LoadedRuleset, type Modifier, type NotCompiled, type Resolution, type RollModeSource, type ZoneSpaceState,
} from '@fray/engine';
import { attackCheck, canAttack, damageExpression, rangeRollModes } from '../combat/attack';
import { ambientLight, lightEffects } from '../campaign/light';
import { ftdCheckParts, type FtdCheckRequest } from '../core/check';
import { abilityMod, isPc, overload, scores, sheetOf, speedOf } from '../core/sheet';
import { stabilizeCheck } from '../combat/death';
import { abilityIds, type StatBlock } from '../sheet/stat-block';
import {
  FtdFightKernel, type AttackTestOf, type KernelAttack, type KernelCreature, type KernelStart, type KernelTerm, type KernelTest, type KernelZones, type MoraleGroup,
} from './fight-kernel';
import { FtdMinuteAfter, type StabilizeTestOf } from './minute-after';

/**
 * Encounter options a compiled fight honours: the morale trigger and the light are read below; the
 * edge prompt only asks a question both prompt answerers leave at 'none'; travel's cadence never
 * acts in a fight. Every other option stays on the engine.
 */
const KNOWN_OPTIONS = new Set(['moraleTriggers', 'light', 'edgePrompt', 'travelRollCadence']);
/** Encounter vars the rules' own functions read here (the scene's light); every other var stays on the engine. */
const KNOWN_VARS = new Set(['ftd.light']);
/**
 * Creature vars the rules' own functions read here (scores after injuries, load, coins, the light on it)
 * or that change nothing in a fight (hours out of a haven: only travel's resilience reads it).
 */
const KNOWN_CREATURE_VARS = new Set(['abilities', 'load', 'coins', 'ftd.lightLevel', 'lostParts', 'ftd.hoursOut']);
/**
 * Conditions that only give light (FTD-LIGHT-2): the rules' own `lightAt` reads them when each check is
 * built. A light that burns down during the fight or the minute after is refused at compile time, and a
 * carrier dying in the minute after hands the fight back when its light was the scene's only one.
 */
const LIGHT_SOURCES = new Set(['torch', 'lantern']);
/** Tags that change nothing in a fight nobody dies in (a leader's or expert's death calls morale; FTD-MORALE-4). */
const HARMLESS_TAGS = new Set(['leader', 'expert']);
/** The morale DC (FTD-MORALE-1). */
const MORALE_DC = 11;

/**
 * The prompt answers a compiled fight knows, by the name the policy gives them:
 * - 'sim': the simulator's (each prompt's default): nobody calls morale when the battle begins;
 * - 'ftd-demo': the FTD demo's (`ftdDemoPromptPolicy`): the GM calls morale, the monsters rolling as
 *   a side (FTD-MORALE-4, FTD-MORALE-5), and a monster that fails flees rather than surrenders.
 * Both leave the edge prompt at 'none'.
 */
const MORALE_CALLS: Record<string, 'no' | 'side'> = { sim: 'no', 'ftd-demo': 'side' };

/**
 * Compiles a Five Torches Deep fight for the simulator when everything in it is within what the
 * kernel models (`fight-kernel.ts`): a fresh fight, or one under way (its order, round, whose turn
 * and the actions it has left, the dying and the dead), without a map or in zones (engagements and
 * range bands), without modules, counters, an ambush or other encounter vars; creatures fresh from
 * their stat blocks apart from their hit points (no conditions but a dying creature's incapacitation,
 * no temporary hit points, tracks, tallies, hidden creatures or vars beyond scores, load, coins,
 * light and when it dropped). Numbers come from the rules' own functions: each attack roll from
 * `attackCheck`, `rangeRollModes` and `ftdCheckParts` with the conditions' roll modes, which attack
 * reaches whom from `canAttack`, who may engage whom from the engine's `engage`, the damage
 * expression from `damageExpression`, speed from `speedOf`, initiative from the ruleset's
 * `rollInitiative`, and the damage each target takes from `calculateDamage` with its profile.
 */
export function compileFtdFight(ruleset: LoadedRuleset, state: EncounterState, spec: CompiledPolicySpec): CompiledFight | NotCompiled {
  const no = (unsupported: string): NotCompiled => ({ unsupported });
  if (!Object.hasOwn(MORALE_CALLS, spec.prompts)) return no(`prompt answers '${spec.prompts}' are not ones the compiled fight knows`);
  // A spec may name a turn policy of its own (13th Age's lean one); this fight plays only the attack-first policy, which names none.
  const policy = spec.policy;
  if (policy !== undefined) return no(`the turn policy '${String(policy)}' is not the attack-first policy the fight compiles`);
  if (spec.afterFight !== undefined && spec.afterFight !== 'ftd-minute') return no(`what the policies do after the fight ('${spec.afterFight}') is not what the compiled fight plays`);
  // After the fight a death may call morale, and a stabilized NPC may roll an injury: only the simulator's answers (no to both) are played there.
  if (spec.afterFight === 'ftd-minute' && spec.prompts !== 'sim') return no(`the minute after the fight with prompt answers '${spec.prompts}'`);
  const notAdmitted = stateRefusal(state);
  if (notAdmitted !== null) return no(notAdmitted);
  if (ruleset.initiativeTies !== 'rolloff') return no('initiative ties that are not rolled off');
  if (!state.creatureIds.length) return no('nobody is in the fight');
  const underWay = state.phase === 'combat';
  const ids = state.creatureIds;

  const ctx = { state, ruleset } as unknown as Resolution;
  const sides: string[] = [];
  const creatures: KernelCreature[] = [];
  for (const id of ids) {
    const c = state.creatures[id]!;
    const why = creatureRefusal(c, underWay, lastSecond(state, spec));
    if (why) return no(`${id}: ${why}`);
    if (!sides.includes(c.side)) sides.push(c.side);
    let initiative = 0;
    const preset = state.order.find((e) => e.creatureId === id);
    if (!underWay && preset) initiative = preset.total;
    else if (!underWay) {
      const init = ruleset.rollInitiative(ctx, id);
      if (init.tiebreak.length) return no(`${id}: initiative tie-break keys`);
      initiative = init.total;
    }
    const attacks: KernelAttack[] = [];
    for (const attack of sheetOf(c).attacks) {
      // FTD-ATK-7: the attack's dice plus the ability's modifier when it adds it.
      const damageText = damageExpression(c, attack);
      const terms: KernelTerm[] = [];
      for (const t of parseDice(damageText).terms) {
        if (t.kind === 'dice' && t.keep) return no(`${id}: damage dice that keep or drop`);
        terms.push(t.kind === 'dice' ? { count: t.count, sides: t.sides, sign: t.sign } : { count: 0, sides: 0, sign: t.sign * t.value });
      }
      attacks.push({ name: attack.name, damageText, terms });
    }
    creatures.push({ id, side: sides.indexOf(c.side), hp: c.hp, maxHp: c.maxHp, ac: sheetOf(c).ac, initiative, attacks, mobile: speedOf(ruleset, c) > 0 });
  }

  // Every target takes damage as rolled (FTD's only step is temporary hit points, and there are none): its own calculation, for every amount an attack can deal.
  let most = 0;
  for (const c of creatures) for (const a of c.attacks) most = Math.max(most, 2 * a.terms.reduce((s, t) => s + (t.count ? t.count * t.sides : Math.max(0, t.sign)), 0));
  for (const c of creatures) {
    const profile = ruleset.damageProfile(state, c.id);
    for (let amount = 0; amount <= most; amount++) {
      const calc = calculateDamage([{ type: 'damage', amount }], profile, ruleset.damageSteps);
      if (calc.toHp !== amount || calc.total !== amount || calc.absorbed !== 0) return no(`${c.id}: damage not taken as rolled`);
    }
  }

  const zones = state.space === null ? null : kernelZones(state, state.space as ZoneSpaceState);
  const testOf: AttackTestOf = (a, j, t, engaged, inMelee) => {
    const attacker = ids[a]!;
    const target = ids[t]!;
    const attack = sheetOf(state.creatures[attacker]!).attacks[j]!;
    const s = zones ? inZones(state, a, t, engaged, inMelee) : state;
    return ftdCheckTest(ruleset, s, attackCheck(s, attacker, target, attack, rangeRollModes(s, attacker, target, attack)));
  };

  // The battle begins (FTD-MORALE-4): the GM's call, then one check per group (FTD-MORALE-5).
  const morale: MoraleGroup[] = [];
  const npcs = ids.filter((id) => !isPc(state.creatures[id]!));
  if (!underWay && state.options['moraleTriggers'] !== false && npcs.length && MORALE_CALLS[spec.prompts] === 'side') {
    for (const group of sideGroups(state, npcs.filter((id) => sheetOf(state.creatures[id]!).living))) {
      const who = roller(state, group);
      const test = moraleTest(ruleset, state, state.creatures[who]!);
      if (typeof test === 'string') return no(`${who}: ${test}`);
      morale.push({ roller: ids.indexOf(who), test });
    }
  }
  const minute = spec.afterFight === 'ftd-minute' ? minuteAfter(ruleset, state, sides) : null;
  return new FtdFightKernel(ids, sides, creatures, morale, spec, (id) => ruleset.damageProfile(state, id), ruleset.damageSteps, minute, kernelStart(state), zones, testOf);
}

/**
 * Why the encounter as a whole is outside what the kernel models, or null: a prompt waiting, a phase
 * other than a fresh setup or rounds under way, a grid map or zones where not everyone is placed,
 * modules, counters, encounter vars beyond the light (and the first death, once under way), options
 * the fight does not honour.
 */
function stateRefusal(state: EncounterState): string | null {
  if (state.pending) return 'a prompt is waiting';
  const fresh = state.phase === 'setup' && state.round === 0;
  if (fresh) {
    const why = presetInitiativeRefusal(state);
    if (why !== null) return why;
  }
  const underWay = state.phase === 'combat' && state.turnIndex >= 0 && state.round >= 1 && outOfOrder(state).every((id) => state.creatures[id]!.status === 'escaped');
  if (!fresh && !underWay) return state.phase === 'combat' ? 'a fight under way whose turn order leaves out a creature that has not escaped' : `the encounter's phase '${state.phase}'`;
  const space = state.space as { kind?: string; creatures?: Record<string, unknown> } | null;
  if (space !== null && space.kind !== 'zones') return 'creatures are placed on a grid map';
  if (space !== null && !state.creatureIds.every((id) => Object.hasOwn(space.creatures ?? {}, id))) return 'not every creature is placed on the map\'s zones';
  if (state.modules.length) return `modules in play: ${state.modules.join(', ')}`;
  const vars = Object.keys(state.vars).filter((k) => !KNOWN_VARS.has(k) && !(underWay && k === 'ftd.firstDeath'));
  if (vars.length) return `encounter vars in play: ${vars.join(', ')}`;
  if (Object.keys(state.counters).length) return `encounter counters in play: ${Object.keys(state.counters).join(', ')}`;
  const option = Object.keys(state.options).find((k) => !KNOWN_OPTIONS.has(k));
  return option === undefined ? null : `encounter option '${option}'`;
}

const UP = 0;
const DYING = 1;
const DEAD = 2;
const ESCAPED = 3;

/** The creatures without a place in the turn order. */
function outOfOrder(state: EncounterState): string[] {
  return state.creatureIds.filter((id) => !state.order.some((e) => e.creatureId === id));
}


/** Where the fight stands: fresh, or its order, round, whose turn with what it has left, the dying (with the round each dropped in) and the dead. */
function kernelStart(state: EncounterState): KernelStart {
  const ids = state.creatureIds;
  const status = Uint8Array.from(ids, (id) => {
    const c = state.creatures[id]!;
    return c.status === 'dead' ? DEAD : c.status === 'dying' ? DYING : c.status === 'escaped' ? ESCAPED : UP;
  });
  const droppedRound = Int32Array.from(ids, (id) => {
    const d = state.creatures[id]!.vars['ftd.droppedRound'];
    return typeof d === 'number' ? d : 0;
  });
  if (state.phase !== 'combat') return { order: null, round: 1, turn: 0, active: 1, movement: 1, status, droppedRound };
  const current = state.creatures[currentCreatureId(state)!]!;
  return {
    order: Int32Array.from(state.order, (e) => ids.indexOf(e.creatureId)), round: state.round, turn: state.turnIndex,
    active: (current.resources['active'] ?? 0) >= 1 ? 1 : 0, movement: (current.resources['movement'] ?? 0) >= 1 ? 1 : 0, status, droppedRound,
  };
}

/** Zones: who is engaged with whom, who may engage whom (`engage` allows it), and the first attack that reaches each target engaged or not (`canAttack`). */
function kernelZones(state: EncounterState, space: ZoneSpaceState): KernelZones {
  const ids = state.creatureIds;
  const n = ids.length;
  const engaged = new Uint8Array(n * n);
  const canEngage = new Uint8Array(n * n);
  const attackAt = new Int8Array(2 * n * n).fill(-1);
  for (let a = 0; a < n; a++) {
    const attacks = sheetOf(state.creatures[ids[a]!]!).attacks;
    for (let t = 0; t < n; t++) {
      if (a === t || state.creatures[ids[t]!]!.side === state.creatures[ids[a]!]!.side) continue;
      engaged[a * n + t] = isEngaged(space, ids[a]!, ids[t]!) ? 1 : 0;
      canEngage[a * n + t] = mayEngage(space, ids[a]!, ids[t]!) ? 1 : 0;
      for (const e of [0, 1]) {
        // a pair that is not engaged and may not engage is never engaged
        if (e === 1 && !engaged[a * n + t] && !canEngage[a * n + t]) continue;
        const s = pairOnly(state, space, a, t, e === 1);
        attackAt[e * n * n + a * n + t] = attacks.findIndex((x) => canAttack(s, ids[a]!, ids[t]!, x));
      }
    }
  }
  return { engaged, canEngage, attackAt };
}

/** Whether the engine would engage a with b (`engage` refuses creatures in different zones). */
function mayEngage(space: ZoneSpaceState, a: string, b: string): boolean {
  try {
    engage(space, a, b);
    return true;
  } catch {
    return false;
  }
}

/** The state with a's and t's engagement only (engaged or not), every other pair apart: what decides whether a's attacks reach t. */
function pairOnly(state: EncounterState, space: ZoneSpaceState, a: number, t: number, engaged: boolean): EncounterState {
  const ids = state.creatureIds;
  const cleared: ZoneSpaceState = { ...space, engagements: {} };
  return { ...state, space: (engaged ? engage(cleared, ids[a]!, ids[t]!) : cleared) as never };
}

/**
 * The state an attack roll of a on t is built from, in zones: the pair engaged or not, and the
 * attacker in melee (engaged with another hostile, made up for the purpose) or not. What else is
 * engaged changes nothing the roll reads (range's roll modes, FTD-POS-6, FTD-ATK-5).
 */
function inZones(state: EncounterState, a: number, t: number, engaged: boolean, inMelee: boolean): EncounterState {
  const ids = state.creatureIds;
  const s = pairOnly(state, state.space as ZoneSpaceState, a, t, engaged);
  if (!inMelee || engaged) return s;
  const side = state.creatures[ids[a]!]!.side;
  const other = ids.find((id, k) => k !== t && k !== a && state.creatures[id]!.side !== side && mayEngage(s.space as ZoneSpaceState, ids[a]!, id));
  if (other === undefined) return s;
  const o = state.creatures[other]!;
  return { ...s, space: engage(s.space as ZoneSpaceState, ids[a]!, other) as never, creatures: { ...s.creatures, [other]: { ...o, status: 'conscious', hp: Math.max(1, o.hp) } } };
}

/** Why a creature is outside the compiled rules, or null. Under way, the dying (incapacitated, with the round it dropped in) and the dead are admitted. */
function creatureRefusal(c: CreatureState, underWay: boolean, lastSecond: number): string | null {
  const sheet = c.sheet as unknown as StatBlock;
  // The dead, and the escaped (out of the turn order: nobody may target them, FTD-POS-4), take no part in the rest of the fight.
  if (underWay && (c.status === 'dead' || c.status === 'escaped')) return null;
  const dying = underWay && c.status === 'dying' && c.hp === 0;
  if (!dying && (c.status !== 'conscious' || c.hp <= 0)) return underWay ? `${c.status} at ${c.hp} HP` : 'not up at the start';
  if (c.tempHp !== 0) return 'temporary hit points';
  const held = c.conditions.filter((x) => !LIGHT_SOURCES.has(x.conditionId));
  const burnsDown = c.conditions.find((x) => LIGHT_SOURCES.has(x.conditionId) && x.duration.kind !== 'untilRemoved' && !(x.duration.kind === 'gameTime' && (x.duration.endsAtSeconds ?? 0) > lastSecond));
  if (burnsDown) return `a ${burnsDown.conditionId} that may burn down before the fight and the minute after it are over`;
  if (dying) {
    if (held.length !== 1 || held[0]!.conditionId !== 'incapacitated') return 'conditions besides dying';
    if (typeof c.vars['ftd.droppedRound'] !== 'number') return 'dying without the round it dropped in';
  } else if (held.length) return 'conditions';
  if (Object.values(c.tracks).some((v) => v !== 0)) return 'tracks';
  if (Object.values(c.tallies).some((v) => v !== 0)) return 'tallies';
  if (c.hidden) return 'hidden';
  const vars = Object.keys(c.vars).filter((k) => !KNOWN_CREATURE_VARS.has(k) && !(dying && k === 'ftd.droppedRound'));
  if (vars.length) return `vars ${vars.join(', ')}`;
  const kind = sheet.kind === 'character' ? 'pc' : sheet.kind;
  if (!c.tags.includes(kind) || c.tags.some((t) => t !== kind && !HARMLESS_TAGS.has(t))) return `tags ${c.tags.join(', ')}`;
  return null;
}

/** The last second of game time a simulated fight can reach: every round to the limit, then the minute after it, with a round to spare. */
function lastSecond(state: EncounterState, spec: CompiledPolicySpec): number {
  return state.clockSeconds + (spec.maxRounds + 2) * state.roundSeconds + 2 * 60;
}

/** The instance an injury adds (FTD-INJURY-4): a creature admitted has no conditions but lights, and stabilizing took its 0 HP one away. */
const INJURED = { instanceId: 'injured#1', conditionId: 'injured', source: 'injury', duration: { kind: 'untilRest', rest: 'night' } } as const;

/** The minute after the fight (`minute-after.ts`), its stabilizing checks built by the rules as each helper then stands. */
function minuteAfter(ruleset: LoadedRuleset, state: EncounterState, sides: readonly string[]): FtdMinuteAfter {
  const ids = state.creatureIds;
  const testOf: StabilizeTestOf = (h, p, changed, injured) => {
    const id = ids[h]!;
    let s = state;
    if (changed || injured) {
      const c = state.creatures[id]!;
      const vars = changed ? { ...c.vars, abilities: Object.fromEntries(abilityIds.map((a, k) => [a, changed[k]!])) } : c.vars;
      const lights = c.conditions.filter((x) => LIGHT_SOURCES.has(x.conditionId));
      s = { ...state, creatures: { ...state.creatures, [id]: { ...c, vars, conditions: [...lights, ...(injured ? [{ ...INJURED, duration: { ...INJURED.duration } }] : [])] } } };
    }
    return ftdCheckTest(ruleset, s, stabilizeCheck(s, id, ids[p]!));
  };
  const side = Int32Array.from(ids, (id) => sides.indexOf(state.creatures[id]!.side));
  const pc = Uint8Array.from(ids, (id) => (isPc(state.creatures[id]!) ? 1 : 0));
  const scores0 = Int32Array.from(ids.flatMap((id) => abilityIds.map((a) => scores(state.creatures[id]!)[a])));
  // In darkness, the carriers' lights make the scene dim (lightAt): the checks were built with them lit.
  const carries = Uint8Array.from(ids, (id) => (state.creatures[id]!.status !== 'dead' && state.creatures[id]!.conditions.some((x) => LIGHT_SOURCES.has(x.conditionId)) ? 1 : 0));
  const lightMatters = ambientLight(state) === 'darkness' && carries.some((x) => x === 1);
  return new FtdMinuteAfter(ids, side, pc, scores0, testOf, lightMatters ? carries : null);
}

/**
 * A check as `ftdCheck` builds it and `d20Test` rolls it, without a GM's edge: the rules' own parts
 * (`ftdCheckParts`), then the actor's and target's conditions; or why it would not be rolled.
 */
function ftdCheckTest(ruleset: LoadedRuleset, state: EncounterState, req: FtdCheckRequest): KernelTest | string {
  const parts = ftdCheckParts({ state }, req);
  if (parts.light.impossible) return `a ${req.kind} that light makes impossible`;
  const actor = state.creatures[req.actor]!;
  if (activeEffects(ruleset, actor).some((a) => a.effect.kind === 'autoFail')) return `a ${req.kind} a condition may fail`;
  const selectors = parts.selectors;
  const options = new Set([...(req.options ?? []), ...selectors.map((x) => `${req.kind}:${x}`)]);
  const modifiers = [...parts.modifiers, ...conditionModifiers(ruleset, state, req.actor, selectors)];
  const sources = [...parts.sources, ...parts.light.sources, ...conditionRollModes(ruleset, state, req.actor, req.target ?? null, selectors)];
  const mod = computeModified(parts.base.value, modifiers, ruleset.stacking, options);
  const rollMode = ruleset.rollMode(sources, options);
  return {
    kind: req.kind, actor: req.actor, target: req.target ?? null, against: req.against!, ...(req.againstRows ? { againstRows: req.againstRows } : {}), ruleId: req.ruleId!,
    mode: rollMode.mode === 'advantage' ? 1 : rollMode.mode === 'disadvantage' ? 2 : 0,
    bonus: mod.total + rollMode.bonus,
    rows: [{ id: 'base', label: parts.base.label, value: parts.base.value, type: 'base', source: req.actor, applied: true }, ...mod.rows],
    rollMode, dice: d20For(rollMode.mode),
  };
}

/** Roll mode and modifiers of one d20 check, as ftdCheck gathers them and d20Test rolls them (FTD-CHECK-1..4); or why it is not compiled. */
function checkTest(
  ruleset: LoadedRuleset, state: EncounterState, c: CreatureState,
  req: { kind: string; target: string | null; selectors: string[]; options: string[]; base: { label: string; value: number }; modifiers: Modifier[]; against: { label: string; value: number }; againstRows?: BreakdownRow[]; ruleId: string },
): KernelTest | string {
  const sources: RollModeSource[] = [];
  // FTD-LOAD-3: any load above STR gives disadvantage on every check.
  if (overload(c) > 0) sources.push({ mode: 'disadvantage', source: 'load', label: `carrying ${overload(c)} load over STR`, ruleId: 'FTD-LOAD-3' });
  const light = lightEffects(state, { kind: req.kind, actor: c.id, target: req.target, selectors: req.selectors, options: req.options });
  if (light.impossible) return `a ${req.kind} that light makes impossible`;
  sources.push(...light.sources);
  const options = new Set([...req.options, ...req.selectors.map((s) => `${req.kind}:${s}`)]);
  const mod = computeModified(req.base.value, req.modifiers, ruleset.stacking, options);
  const rollMode = ruleset.rollMode(sources, options);
  return {
    kind: req.kind, actor: c.id, target: req.target, against: req.against, ...(req.againstRows ? { againstRows: req.againstRows } : {}), ruleId: req.ruleId,
    mode: rollMode.mode === 'advantage' ? 1 : rollMode.mode === 'disadvantage' ? 2 : 0,
    bonus: mod.total + rollMode.bonus,
    rows: [{ id: 'base', label: req.base.label, value: req.base.value, type: 'base', source: c.id, applied: true }, ...mod.rows],
    rollMode, dice: d20For(rollMode.mode),
  };
}

/** A monster's morale check: WIS, its morale bonus, no PB (FTD-MORALE-2). */
function moraleTest(ruleset: LoadedRuleset, state: EncounterState, c: CreatureState): KernelTest | string {
  const bonus = sheetOf(c).moraleBonus;
  return checkTest(ruleset, state, c, {
    kind: 'morale', target: null, selectors: ['check', 'check:wis', 'morale'], options: [],
    base: { label: 'WIS mod', value: abilityMod(c, 'wis') },
    modifiers: bonus ? [{ id: 'morale-bonus', label: 'morale bonus (HD)', value: bonus, type: 'morale', source: c.id, ruleId: 'FTD-MORALE-2' }] : [],
    against: { label: 'morale DC', value: MORALE_DC }, ruleId: 'FTD-MORALE-2',
  });
}

/** Monsters grouped by side, in encounter order (FTD-MORALE-5, `groupsOf` with 'side'). */
function sideGroups(state: EncounterState, ids: readonly string[]): string[][] {
  const map = new Map<string, string[]>();
  for (const id of ids) {
    const side = state.creatures[id]!.side;
    map.set(side, [...(map.get(side) ?? []), id]);
  }
  return [...map.values()];
}

/** Who rolls for a group: its leader, else the member with the most HD, the first of equals (FTD-MORALE-5, `roller`). */
function roller(state: EncounterState, members: readonly string[]): string {
  const sheet = (id: string) => sheetOf(state.creatures[id]!);
  return members.find((id) => sheet(id).leader) ?? [...members].sort((a, b) => sheet(b).hd - sheet(a).hd)[0]!;
}
