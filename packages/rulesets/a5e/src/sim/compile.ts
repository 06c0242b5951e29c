import {
  calculateDamage, freshFightRefusal, presetInitiative, type CompiledFight, type CompiledPolicySpec, type ConditionInstance, type CreatureState, type EncounterState, type LoadedRuleset, type NotCompiled,
} from '@fray/engine';
import { speedOf } from '../conditions/queries';
import { ROUND_LENGTHS } from '../flow/encounter';
import { attackAbility, attackBonus, mod, saveBonus, sheetOf } from '../sheet/derived';
import { ATTACK_WITHIN_5 } from '../position/attack-geometry';
import { DEATH_SAVE } from '../dying/death-save';
import { TRACK_MAX } from '../conditions/tracks';
import { explainRollMode, type HeldCondition } from './roll-modes';
import { massiveDamageThreshold } from '../damage/massive';
import { damageExpression } from '../combat/attack';
import { acStatistic } from '../sheet/armor-class';
import type { StatBlock } from '../sheet/stat-block';
import { knownDyingRules } from '../dying/state';
import { A5eFightKernel, STRIFE_TOUCHING_ATTACKS, type KernelCreature, type KernelSlot, type KernelTerm } from './fight-kernel';
import { downConditions, kernelStart, underWayCreatureRefusal, underWayRefusal, type A5eKernelStart } from './kernel-state';
import { standUpRefusal } from '../position/prone';
import { A5eGrid } from './grid-kernel';
import { kernelSlot, riderTargetRefusal } from './kernel-attacks';
import { STABLE_RECOVERY } from '../dying/state';
import { compileEnvironment, withoutWorldVars } from './kernel-environment';
import { knockOutTable } from './kernel-knock-out';
import { compileConditions, conditionEntries, conditionRiderOf, playedInstance } from './compile-conditions';
import { KernelSpawn, withSpawnSlots } from './kernel-spawn';

/**
 * The conditions a creature up or down in a compiled fight can hold that touch its rolls: prone once it
 * has woken from dying (until it stands up as its turn's first command), strife from massive damage and
 * natural 1s on death saves. One instance each.
 */
const PRONE: HeldCondition = { conditionId: 'prone', instanceId: 'prone#1' };
const strife = (level: number): HeldCondition[] => (level ? [{ conditionId: 'strife', instanceId: 'strife#1', level }] : []);

/**
 * Encounter options a compiled fight can honour (the wind's way: where a push goes, `kernel-grid-environment.ts`).
 * Every other option changes something the kernel does not model, so such fights stay on the engine.
 */
const HARMLESS_OPTIONS = new Set(['npcDyingPrompt', 'massiveDamageAtZero', 'fatigueLevel7', 'expertiseStacking', 'otherDamageAtZeroPrompt', 'knockOutPrompt', 'environment',
  // the environment's entries as the Narrator set them (compileEnvironment judges what is then in play)
  'environmentDisable', 'environmentRename', 'windDirection',
  // the Narrator's statistics for what the world brings in (kernel-spawn.ts refuses a swarm given them)
  'environmentCreatures']);
/** Creature tags `initCreature` gives; anything else (no-initiative, a mount's, a summon's) is outside. */
const KIND_TAGS = new Set(['pc', 'npc', 'monster']);

/**
 * Compiles an A5E fight for the simulator when everything in it is within what the kernel models
 * (`fight-kernel.ts`): a fresh fight without a map, duel, countdown or scenario, in an environment only
 * when its world actions are ones the kernel plays (`kernel-environment.ts`), knock-outs asked on every
 * melee drop answered as the simulator does (`kernel-knock-out.ts`); creatures
 * fresh from their stat blocks (no conditions, effects, vars, hidden or controlled creatures, reactions),
 * each fighting with the first of its stat block's attacks, melee or ranged (without a map nothing
 * about range changes the roll: `attackSituation`), without riders, whose damage is plain dice and
 * constants. Stat-block actions are admitted: the simulator's policies never use them, and a recharge
 * is rolled only once one is spent. Numbers come from the rules' own functions: the attack
 * bonus (`attackBonus`), the damage roll (`damageExpression`), the damage each target takes
 * (`calculateDamage` with its `damageProfile` and the ruleset's steps, tabulated per damage type).
 */
export function compileA5eFight(ruleset: LoadedRuleset, given: EncounterState, spec: CompiledPolicySpec): CompiledFight | NotCompiled {
  let state = given;
  const no = (unsupported: string): NotCompiled => ({ unsupported });
  if (spec.prompts !== 'sim') return no(`prompt answers '${spec.prompts}' are not the simulator's`);
  if (spec.policy !== undefined) return no(`the turn policy '${spec.policy}' is not the attack-first policy the fight compiles`);
  // Odds from here: a fight under way starts where it stands (kernel-state.ts).
  const underWay = state.phase === 'combat';
  const notAdmitted = underWay ? underWayRefusal(withoutWorldVars(state), HARMLESS_OPTIONS) : freshFightRefusal({ ...state, space: null }, { options: HARMLESS_OPTIONS, presetInitiative: true });
  if (notAdmitted !== null) return no(notAdmitted);
  const space = state.space as { kind?: string; creatures?: Record<string, unknown> } | null;
  const onGrid = space !== null;
  if (space !== null) {
    if (space.kind !== 'grid') return no('creatures are placed in zones');
    const unplaced = state.creatureIds.find((id) => !Object.hasOwn(space.creatures ?? {}, id));
    if (unplaced !== undefined) return no(`${unplaced} is not placed on the map`);
  }
  if (!(ROUND_LENGTHS as readonly number[]).includes(state.roundSeconds)) return no('a round length the rules refuse');
  if (!state.creatureIds.length) return no('nobody is in the fight');
  // The environment's share (`kernel-environment.ts`): what it does, or why the kernel cannot play it.
  const world = compileEnvironment(ruleset, state);
  if (world !== null && 'unsupported' in world) return no(world.unsupported);
  // A world action that brings a swarm in: the kernel's creatures go on with slots for it (kernel-spawn.ts).
  if (world?.spawns) state = withSpawnSlots(ruleset, state);
  const own = given.creatureIds.length;

  // Conditions with a duration (kernel-conditions.ts): the first attacks' riders that paralyze or grapple, the environment's mud and gas.
  const riders = state.creatureIds.map((id) => {
    const first = sheetOf(state.creatures[id]!).attacks[0];
    return first?.onHit?.length ? (conditionRiderOf(first) ?? null) : null;
  });
  const { mud, gas } = conditionEntries(state);
  const endsDc = riders.find((r) => r?.endsDc !== undefined)?.endsDc ?? null;

  const sides: string[] = [];
  const creatures: KernelCreature[] = [];
  const down = downConditions(ruleset);
  for (const [k, id] of state.creatureIds.entries()) {
    const c = state.creatures[id]!;
    const played = (inst: ConditionInstance) => playedInstance(state, id, inst, mud?.entry.id ?? null, gas?.entry.id ?? null, endsDc);
    const why = (underWay ? underWayCreatureRefusal(c, down, played) : freshCreatureRefusal(c)) ?? creatureRefusal(c, k >= own);
    if (why) return no(`${id}: ${why}`);
    if (!sides.includes(c.side)) sides.push(c.side);
    const sheet = sheetOf(c);
    const rules = knownDyingRules(c);
    const attack = sheet.attacks[0];
    // Without a map the policies make the first attack; on a grid the rules pick by reach and range, so each is a slot (null: not modelled, handed back if made).
    const made = sheet.attacks.map((a) => kernelSlot(sheet, a, attackBonus(sheet, a)));
    if (typeof made[0] === 'string') return no(`${id}: ${made[0]}`);
    // A rider that paralyzes or grapples is played for the first attack without a map only.
    const slots = made.map((sl) => (typeof sl === 'string' || (!onGrid && sl !== made[0]) || (onGrid && sl.condition) ? null : sl));
    const terms: KernelTerm[] = attack ? (made[0] as KernelSlot).terms : [];
    // Attacks by and on a creature woken from dying, which stays prone (A5E-COND-24), indexed by attacker prone × 2 + target prone.
    const ability = attack ? attackAbility(sheet, attack) : 'str';
    const ranged = attack?.kind === 'ranged';
    const attackOptions = [`attack:${ranged ? 'ranged' : 'melee'}`, `attack:id:${attack?.id ?? ''}`, ...(ranged ? [] : [ATTACK_WITHIN_5]), `attack:ability:${ability}`];
    const attackModes = [0, 1, 2, 3].map((k) => explainRollMode(ruleset, 'attack', k & 2 ? [PRONE] : [], k & 1 ? [PRONE] : [], ['attack', `attack:${ability}`], attackOptions));
    // Death saves and the save against massive damage, by strife level (strife 2's disadvantage is for concentration only).
    const levels = Array.from({ length: TRACK_MAX + 1 }, (_, level) => level);
    const deathSaveModes = levels.map((level) => explainRollMode(ruleset, 'save', strife(level), [], ['save', 'save:death'], [DEATH_SAVE]));
    const massiveModes = levels.map((level) => explainRollMode(ruleset, 'save', strife(level), [], ['save', 'save:con'], ['save:massive-damage', 'save:ability:con']));
    if ([...deathSaveModes, ...massiveModes].some((m) => m.mode !== 'normal')) return no(`${id}: a save with advantage or disadvantage`);
    // Standing up after waking (A5E-POS-8): half the Speed it has then (prone, bloodied, its strife), -1 when that Speed is 0.
    const standCost = levels.slice(0, STRIFE_TOUCHING_ATTACKS).map((level) => {
      const speed = speedOf(ruleset, wokenState(state, id, level), id);
      return speed > 0 ? Math.floor(speed / 2) : -1;
    });
    const acStat = acStatistic(ruleset, state, id);
    // A turn's movement (A5E-ROUND-4): its Speed then, which the kernel takes to be the same prone or not.
    const plain = { ...state, creatures: { ...state.creatures, [id]: { ...c, conditions: [] } } };
    const speed = speedOf(ruleset, plain, id);
    if (onGrid && speed !== speedOf(ruleset, wokenState(state, id, 0), id)) return no(`${id}: a Speed that changes when it is prone or bloodied`);
    creatures.push({
      id, name: c.name, attackModes, deathSaveModes, massiveModes, standCost, side: sides.indexOf(c.side), hp: c.hp, maxHp: c.maxHp, tempHp: c.tempHp, ac: acStat.total, acRows: acStat.rows,
      initiative: mod(sheet, 'dex'),
      // A count the GM set before the fight stands; startCombat rolls for the rest (A5E-INIT-1).
      presetInitiative: underWay ? null : presetInitiative(state, id),
      // Characters and important NPCs follow the full dying rules; everyone else dies at 0 (the NPC question's default).
      fullRules: rules === 'pc',
      // A drop is never at 0 hit points here (the policies attack only creatures up), so the threshold is the catalog's.
      massive: massiveDamageThreshold(sheet),
      conSave: saveBonus(sheet, 'con'),
      shield: sheet.shield,
      attacks: attack ? sheet.attacksPerAction : 0,
      bonus: attack ? attackBonus(sheet, attack) : 0,
      terms,
      attackName: attack?.name ?? '',
      damageText: attack ? damageExpression(sheet, attack) : '',
      damageType: attack?.damageType ?? '',
      // Temporary hit points come last (A5E-DMG-19): the kernel takes them off what the tables give.
      profile: { ...ruleset.damageProfile(state, id), tempHp: 0 },
      slots, strSave: saveBonus(sheet, 'str'), dexSave: saveBonus(sheet, 'dex'), speed,
    });
  }

  // Per target and damage type: what each amount becomes after the target's defences.
  const made = creatures.flatMap((c) => c.slots.filter((sl): sl is KernelSlot => sl !== null));
  const types = [...new Set(made.flatMap((sl) => sl.terms.map((t) => t.type)))];
  const maxByType = new Map<string, number>();
  for (const sl of made) {
    const perType = new Map<string, number>();
    for (const t of sl.terms) perType.set(t.type, (perType.get(t.type) ?? 0) + (t.count ? t.count * t.sides : Math.max(0, t.sign)));
    for (const [type, v] of perType) maxByType.set(type, Math.max(maxByType.get(type) ?? 0, 2 * v));
  }
  const tables: Int32Array[][] = [];
  for (const c of creatures) {
    const profile = c.profile;
    if (profile.threshold !== null) return no(`${c.id}: a damage threshold`);
    tables.push(types.map((type) => {
      const max = maxByType.get(type) ?? 0;
      const table = new Int32Array(max + 1);
      for (let amount = 0; amount <= max; amount++) table[amount] = calculateDamage([{ type, amount }], profile, ruleset.damageSteps).total;
      return table;
    }));
  }
  // A rider's save is rolled as a plain d20 by whoever it can hit, and knocks it prone.
  for (const c of creatures) {
    for (const [i, sl] of c.slots.entries()) {
      if (!sl?.rider) continue;
      for (const t of creatures) {
        if (t.side === c.side) continue;
        const why = riderTargetRefusal(ruleset, sheetOf(state.creatures[t.id]!), sl.rider, sheetOf(state.creatures[c.id]!).attacks[i]!.id);
        if (why) return no(`${t.id}: ${why}`);
      }
    }
  }
  let start: A5eKernelStart | null = null;
  if (underWay) {
    const s = kernelStart(state, (id) => standUpRefusal(ruleset, state, id)?.message ?? null);
    if (typeof s === 'string') return no(s);
    start = s;
  }
  const conditions = compileConditions(ruleset, state, riders, Int32Array.from(creatures, (c) => c.speed));
  if (conditions !== null && 'unsupported' in conditions) return no(conditions.unsupported);
  if (world) world.conditions = conditions;
  const grid = onGrid ? new A5eGrid(ruleset, state, [...down].filter((d) => d !== STABLE_RECOVERY).concat('prone'), (k, i) => (creatures[k]!.slots[i] ? i : -1)) : null;
  const spawn = world?.spawns ? new KernelSpawn(own, state.creatureIds.length - own, Int32Array.from(creatures, (c) => c.initiative)) : null;
  // The fight's own sides come first; each swarm's is after them.
  const ownSides = new Set(given.creatureIds.map((id) => given.creatures[id]!.side)).size;
  return new A5eFightKernel(given.creatureIds, sides.slice(0, ownSides), creatures, types, tables, spec, ruleset.damageSteps, start, grid, { world, knockOut: knockOutTable(state), conditions, spawn });
}

/** The fight's state with creature `id` as it wakes from dying: prone, bloodied at 1 hit point, with `strife` levels of strife. */
function wokenState(state: EncounterState, id: string, strifeLevel: number): EncounterState {
  const held = (conditionId: string, level?: number): ConditionInstance =>
    ({ instanceId: `${conditionId}#1`, conditionId, source: null, duration: { kind: 'untilRemoved' }, ...(level ? { level } : {}) });
  const conditions = [held('prone'), held('bloodied'), ...(strifeLevel ? [held('strife', strifeLevel)] : [])];
  const c = state.creatures[id]!;
  return { ...state, creatures: { ...state.creatures, [id]: { ...c, hp: 1, conditions } } };
}

/** Why a creature of a fresh fight is outside the compiled rules (it must be as its stat block made it, temporary hit points aside), or null. */
function freshCreatureRefusal(c: CreatureState): string | null {
  if (c.status !== 'conscious' || c.hp <= 0) return 'not up at the start';
  if (c.conditions.length) return 'conditions';
  if (Object.values(c.tracks).some((v) => v !== 0)) return 'fatigue or strife';
  if (Object.values(c.tallies).some((v) => v !== 0)) return 'tallies';
  if (Object.keys(c.vars).length) return `vars ${Object.keys(c.vars).join(', ')}`;
  return null;
}

/** Why a creature's stat block or standing is outside the compiled rules, or null; `spawned`: a slot for one the world brings in, its tags the world module's. */
function creatureRefusal(c: CreatureState, spawned: boolean): string | null {
  if (c.hidden) return 'hidden';
  if (!spawned && c.tags.some((t) => !KIND_TAGS.has(t))) return `tags ${c.tags.join(', ')}`;
  const sheet = sheetOf(c) as StatBlock;
  if (sheet.kind === 'object') return 'an object';
  // Reactions set off by a hit are offered and declined (the simulator's answer); the others need a command the policies never give.
  if (sheet.reactions?.some((r) => r.trigger.on !== 'hit' && r.trigger.on !== 'melee-hit' && r.trigger.on !== 'manual')) return 'reactions';
  return null;
}
