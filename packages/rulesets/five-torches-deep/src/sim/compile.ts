import { parseDice } from '@fray/dice';
import {
  activeEffects, calculateDamage, computeModified, conditionModifiers, conditionRollModes, d20For, freshFightRefusal, type CompiledFight, type CompiledPolicySpec, type CreatureState, type EncounterState, type LoadedRuleset, type Modifier,
  type NotCompiled, type Resolution, type RollModeSource,
} from '@fray/engine';
import { attackAbility } from '../combat/attack';
import { lightEffects } from '../campaign/light';
import { ftdCheckParts, type FtdCheckRequest } from '../core/check';
import { abilityMod, isPc, overload, scores, sheetOf } from '../core/sheet';
import { stabilizeCheck } from '../combat/death';
import { abilityIds, type AttackDef, type StatBlock } from '../sheet/stat-block';
import { FtdFightKernel, type KernelCreature, type KernelTerm, type KernelTest, type MoraleGroup } from './fight-kernel';
import { FtdMinuteAfter, type StabilizeTestOf } from './minute-after';

/**
 * Encounter options a compiled fight honours: the morale trigger and the light are read below; the
 * edge prompt only asks a question both prompt answerers leave at 'none'; travel's cadence never
 * acts in a fight. Every other option stays on the engine.
 */
const KNOWN_OPTIONS = new Set(['moraleTriggers', 'light', 'edgePrompt', 'travelRollCadence']);
/** Encounter vars the rules' own functions read here (the scene's light); every other var stays on the engine. */
const KNOWN_VARS = new Set(['ftd.light']);
/** Creature vars the rules' own functions read here (scores after injuries, load, coins, the light on it) or that change nothing in a fight. */
const KNOWN_CREATURE_VARS = new Set(['abilities', 'load', 'coins', 'ftd.lightLevel', 'lostParts']);
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
 * kernel models (`fight-kernel.ts`): a fresh fight without a map, modules, counters, an ambush or
 * other encounter vars; creatures fresh from their stat blocks (no conditions, temporary hit points,
 * tracks, tallies, hidden creatures or vars beyond scores, load, coins and light), each attacking
 * with the first attack its stat block lists (every attack reaches without a map). Numbers come from
 * the rules' own functions: the attack's ability and modifier (`attackAbility`, `abilityMod`), load
 * (`overload`), light (`lightEffects`), the roll mode (the ruleset's `rollMode`), the modifiers'
 * total (`computeModified` with the ruleset's stacking), initiative (the ruleset's `rollInitiative`)
 * and the damage each target takes (`calculateDamage` with its profile).
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
  const notFresh = freshFightRefusal(state, { options: KNOWN_OPTIONS, vars: KNOWN_VARS });
  if (notFresh !== null) return no(notFresh);
  if (ruleset.initiativeTies !== 'rolloff') return no('initiative ties that are not rolled off');
  if (!state.creatureIds.length) return no('nobody is in the fight');

  const ctx = { state, ruleset } as unknown as Resolution;
  const sides: string[] = [];
  const creatures: KernelCreature[] = [];
  for (const id of state.creatureIds) {
    const c = state.creatures[id]!;
    const why = creatureRefusal(c);
    if (why) return no(`${id}: ${why}`);
    if (!sides.includes(c.side)) sides.push(c.side);
    const init = ruleset.rollInitiative(ctx, id);
    if (init.tiebreak.length) return no(`${id}: initiative tie-break keys`);
    const attack = sheetOf(c).attacks[0] ?? null;
    const terms: KernelTerm[] = [];
    let damageText = '';
    if (attack) {
      // FTD-ATK-7: the attack's dice plus the ability's modifier when it adds it.
      const mod = attack.addMod ? abilityMod(c, attackAbility[attack.kind]) : 0;
      damageText = mod === 0 ? attack.damage : `${attack.damage}${mod > 0 ? '+' : ''}${mod}`;
      for (const t of parseDice(damageText).terms) {
        if (t.kind === 'dice' && t.keep) return no(`${id}: damage dice that keep or drop`);
        terms.push(t.kind === 'dice' ? { count: t.count, sides: t.sides, sign: t.sign } : { count: 0, sides: 0, sign: t.sign * t.value });
      }
    }
    creatures.push({
      id, side: sides.indexOf(c.side), hp: c.hp, maxHp: c.maxHp, ac: sheetOf(c).ac, initiative: init.total,
      attack: attack ? { name: attack.name, damageText, terms, tests: [] } : null,
    });
  }

  // Per attacker and target: the attack roll as ftdCheck and d20Test build it.
  for (const a of creatures) {
    if (!a.attack) continue;
    const c = state.creatures[a.id]!;
    const attack = sheetOf(c).attacks[0]!;
    for (const t of creatures) {
      const test = t.side === a.side ? null : attackTest(ruleset, state, c, attack, state.creatures[t.id]!);
      if (typeof test === 'string') return no(`${a.id}: ${test}`);
      a.attack.tests.push(test);
    }
  }

  // Every target takes damage as rolled (FTD's only step is temporary hit points, and there are none): its own calculation, for every amount an attack can deal.
  let most = 0;
  for (const c of creatures) most = Math.max(most, 2 * (c.attack?.terms.reduce((s, t) => s + (t.count ? t.count * t.sides : Math.max(0, t.sign)), 0) ?? 0));
  for (const c of creatures) {
    const profile = ruleset.damageProfile(state, c.id);
    for (let amount = 0; amount <= most; amount++) {
      const calc = calculateDamage([{ type: 'damage', amount }], profile, ruleset.damageSteps);
      if (calc.toHp !== amount || calc.total !== amount || calc.absorbed !== 0) return no(`${c.id}: damage not taken as rolled`);
    }
  }

  // The battle begins (FTD-MORALE-4): the GM's call, then one check per group (FTD-MORALE-5).
  const morale: MoraleGroup[] = [];
  const npcs = state.creatureIds.filter((id) => !isPc(state.creatures[id]!));
  if (state.options['moraleTriggers'] !== false && npcs.length && MORALE_CALLS[spec.prompts] === 'side') {
    for (const group of sideGroups(state, npcs.filter((id) => sheetOf(state.creatures[id]!).living))) {
      const who = roller(state, group);
      const test = moraleTest(ruleset, state, state.creatures[who]!);
      if (typeof test === 'string') return no(`${who}: ${test}`);
      morale.push({ roller: state.creatureIds.indexOf(who), test });
    }
  }
  const minute = spec.afterFight === 'ftd-minute' ? minuteAfter(ruleset, state, sides) : null;
  return new FtdFightKernel(state.creatureIds, sides, creatures, morale, spec, (id) => ruleset.damageProfile(state, id), ruleset.damageSteps, minute);
}

/** The instance an injury adds (FTD-INJURY-4): a creature admitted has no conditions, and stabilizing took its 0 HP one away. */
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
      s = { ...state, creatures: { ...state.creatures, [id]: { ...c, vars, conditions: injured ? [{ ...INJURED, duration: { ...INJURED.duration } }] : [] } } };
    }
    return ftdCheckTest(ruleset, s, stabilizeCheck(s, id, ids[p]!));
  };
  const side = Int32Array.from(ids, (id) => sides.indexOf(state.creatures[id]!.side));
  const pc = Uint8Array.from(ids, (id) => (isPc(state.creatures[id]!) ? 1 : 0));
  const scores0 = Int32Array.from(ids.flatMap((id) => abilityIds.map((a) => scores(state.creatures[id]!)[a])));
  return new FtdMinuteAfter(ids, side, pc, scores0, testOf);
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
    kind: req.kind, actor: req.actor, target: req.target ?? null, against: req.against!, ruleId: req.ruleId!,
    mode: rollMode.mode === 'advantage' ? 1 : rollMode.mode === 'disadvantage' ? 2 : 0,
    bonus: mod.total + rollMode.bonus,
    rows: [{ id: 'base', label: parts.base.label, value: parts.base.value, type: 'base', source: req.actor, applied: true }, ...mod.rows],
    rollMode, dice: d20For(rollMode.mode),
  };
}

/** Why a creature is outside the compiled rules, or null. */
function creatureRefusal(c: CreatureState): string | null {
  const sheet = c.sheet as unknown as StatBlock;
  if (c.status !== 'conscious' || c.hp <= 0) return 'not up at the start';
  if (c.tempHp !== 0) return 'temporary hit points';
  if (c.conditions.length) return 'conditions';
  if (Object.values(c.tracks).some((v) => v !== 0)) return 'tracks';
  if (Object.values(c.tallies).some((v) => v !== 0)) return 'tallies';
  if (c.hidden) return 'hidden';
  const vars = Object.keys(c.vars).filter((k) => !KNOWN_CREATURE_VARS.has(k));
  if (vars.length) return `vars ${vars.join(', ')}`;
  const kind = sheet.kind === 'character' ? 'pc' : sheet.kind;
  if (!c.tags.includes(kind) || c.tags.some((t) => t !== kind && !HARMLESS_TAGS.has(t))) return `tags ${c.tags.join(', ')}`;
  return null;
}

/** Roll mode and modifiers of one d20 check, as ftdCheck gathers them and d20Test rolls them (FTD-CHECK-1..4); or why it is not compiled. */
function checkTest(
  ruleset: LoadedRuleset, state: EncounterState, c: CreatureState,
  req: { kind: string; target: string | null; selectors: string[]; options: string[]; base: { label: string; value: number }; modifiers: Modifier[]; against: { label: string; value: number }; ruleId: string },
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
    kind: req.kind, actor: c.id, target: req.target, against: req.against, ruleId: req.ruleId,
    mode: rollMode.mode === 'advantage' ? 1 : rollMode.mode === 'disadvantage' ? 2 : 0,
    bonus: mod.total + rollMode.bonus,
    rows: [{ id: 'base', label: req.base.label, value: req.base.value, type: 'base', source: c.id, applied: true }, ...mod.rows],
    rollMode, dice: d20For(rollMode.mode),
  };
}

/** An attack roll as resolveAttack asks for it: a monster's own bonus, else the ability's modifier and PB (FTD-ATK-1, FTD-ATK-2, FTD-ATK-8). */
function attackTest(ruleset: LoadedRuleset, state: EncounterState, c: CreatureState, attack: AttackDef, t: CreatureState): KernelTest | string {
  const ability = attackAbility[attack.kind];
  const fixed = attack.bonus !== undefined;
  return checkTest(ruleset, state, c, {
    kind: 'attack', target: t.id,
    selectors: ['check', ...(fixed ? [] : [`check:${ability}`]), 'attack', `attack:${attack.kind}`],
    options: [`attack:${attack.kind}`, `attack:${attack.id}`],
    base: fixed ? { label: `${attack.name} bonus`, value: attack.bonus! } : { label: `${ability.toUpperCase()} mod`, value: abilityMod(c, ability) },
    modifiers: attack.proficient && !fixed ? [{ id: 'proficiency', label: 'proficiency bonus', value: sheetOf(c).proficiency, type: 'proficiency', source: c.id, ruleId: 'FTD-CHECK-4' }] : [],
    against: { label: 'AC', value: sheetOf(t).ac },
    ruleId: fixed ? 'FTD-ATK-8' : 'FTD-ATK-1',
  });
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
