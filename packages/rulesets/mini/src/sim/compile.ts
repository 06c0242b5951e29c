import { compileDice, parseDice, type CompiledDice } from '@fray/dice';
import {
  activeEffects, calculateDamage, currentCreatureId, d20For, presetInitiativeRefusal,
  type CompiledFight, type CompiledPolicySpec, type CreatureState, type EncounterState, type LoadedRuleset, type NotCompiled,
} from '@fray/engine';
import { ACTIONS_PER_TURN, attackOutcome, damageDiceFor, initiativeDice, miniAttackRoll, type MiniSheet } from '../mini-ruleset';
import { CRIT, HIT, MISS, MiniFightKernel, type KernelCreature, type KernelDamage, type KernelStart } from './fight-kernel';

/**
 * The hooks the kernel plays, by stage and id: the action back as a turn starts, a creature at 0 going
 * down (a PC unconscious, a monster spared or killed: either way out of the fight), and the save that
 * ends a condition (never rolled: no condition the kernel admits ends on a save). A ruleset built with
 * other hooks plays on the engine.
 */
const KNOWN_HOOKS: Record<string, readonly string[]> = { 'turn.start': ['mini.economy.reset'], 'hp.zero': ['mini.drop'], 'duration.save': ['mini.save-ends'] };
/** Condition effects the kernel plays: modifiers and roll modes (read into each attack's roll), damage adjustments (read by the damage profile). */
const MODELLED_EFFECTS = new Set(['modifier', 'rollMode', 'damageAdjust']);
/** Durations that never run out during a fight: the kernel never ticks them. */
const LASTING = new Set(['untilRemoved', 'untilRest', 'endOfEncounter']);
/** Tags the rules read in a fight: `pc` (a character goes unconscious at 0; a monster is spared or killed, out of the fight either way). */
const KNOWN_TAGS = new Set(['pc']);
/** Encounter options that change nothing in a fight whose conditions never run out. */
const HARMLESS_OPTIONS = new Set(['roundSeconds']);
/** Marks a creature whose initiative is rolled (none was set before the fight). */
const NO_PRESET = -2147483648;

/**
 * Compiles a mini fight for the simulator when everything in it is within what the kernel models
 * (`fight-kernel.ts`): a fresh fight (initiative set by the GM for some included) or one under way, without
 * a map, modules, options, counters or vars; creatures with any hit points and status, hidden or not, whose
 * conditions (for those still up) only modify attack rolls, give roll modes or adjust damage, and never run
 * out; no temporary hit points, tallies or creature vars. Numbers come from the rules' own functions: each
 * attack's roll mode and bonus from the conditions as `d20Test` gathers them (`conditionModifiers`,
 * `conditionRollModes`, the ruleset's stacking and roll-mode policies), its outcome from `attackOutcome`, the
 * damage dice from `damageDiceFor`, the initiative roll from `initiativeDice`, and what each target loses from
 * `calculateDamage` with its `damageProfile`, tabulated for every total a roll can make.
 */
export function compileMiniFight(ruleset: LoadedRuleset, state: EncounterState, spec: CompiledPolicySpec): CompiledFight | NotCompiled {
  const no = (unsupported: string): NotCompiled => ({ unsupported });
  // 'sim': the simulator's answers (`demoPromptPolicy`): a monster at 0 is spared. Spared or killed, it is out of the fight.
  if (spec.prompts !== 'sim') return no(`prompt answers '${spec.prompts}' are not the simulator's`);
  if (spec.policy !== undefined) return no(`the turn policy '${spec.policy}' is not the attack-first policy the fight compiles`);
  if (spec.afterFight !== undefined) return no(`what the policies do after the fight ('${spec.afterFight}') is not played by the compiled fight`);
  const hooks = hookRefusal(ruleset);
  if (hooks !== null) return no(hooks);
  if (ruleset.hpFloor) return no('a hit point floor other than 0');
  if (ruleset.initiativeTies !== 'rolloff') return no('initiative ties that are not rolled off');
  const notAdmitted = stateRefusal(state);
  if (notAdmitted !== null) return no(notAdmitted);
  const ids = state.creatureIds;
  if (!ids.length) return no('nobody is in the fight');

  const sides: string[] = [];
  for (const id of ids) if (!sides.includes(state.creatures[id]!.side)) sides.push(state.creatures[id]!.side);
  const creatures: KernelCreature[] = [];
  for (const id of ids) {
    const c = state.creatures[id]!;
    const why = creatureRefusal(ruleset, c);
    if (why !== null) return no(`${id}: ${why}`);
    const sheet = c.sheet as unknown as MiniSheet;
    const preset = state.phase === 'setup' ? state.order.find((e) => e.creatureId === id) : undefined;
    const hit = damageRoll(damageDiceFor(sheet.damage, 'hit'), sheet.damageType);
    const crit = damageRoll(damageDiceFor(sheet.damage, 'crit'), sheet.damageType);
    if (typeof hit === 'string' || typeof crit === 'string') return no(`${id}: ${typeof hit === 'string' ? hit : crit}`);
    const rolls = ids.map((t) => attackTest(ruleset, state, id, t));
    creatures.push({
      side: sides.indexOf(c.side), hp: c.hp, maxHp: c.maxHp, up: isUp(c), takesTurn: ruleset.takesTurn ? ruleset.takesTurn(state, id) : c.status !== 'dead', dead: c.status === 'dead',
      untargetable: c.hidden, initiative: preset ? null : compileDice(parseDice(initiativeDice(sheet))), preset: preset?.total ?? NO_PRESET, ac: sheet.ac,
      attackRoll: rolls.map((r) => r.dice), attackBonus: Int32Array.from(rolls, (r) => r.bonus),
      hit: damageTable(ruleset, state, hit), crit: damageTable(ruleset, state, crit),
    });
  }
  // The attack's outcome for every natural and whether the total reached AC, from the rules' own step.
  const codes = { miss: MISS, hit: HIT, crit: CRIT } as const;
  const outcome = new Uint8Array(42);
  for (let natural = 1; natural <= 20; natural++) for (const success of [0, 1]) outcome[natural * 2 + success] = codes[attackOutcome(natural, success === 1)];
  return new MiniFightKernel(ids, sides, creatures, outcome, spec, kernelStart(state), ACTIONS_PER_TURN);
}

/** Up as the simulator counts it (`isUp`): conscious with hit points left. */
const isUp = (c: CreatureState): boolean => c.status === 'conscious' && c.hp > 0;

/** Why the ruleset's hooks are not the ones the kernel plays, or null. */
function hookRefusal(ruleset: LoadedRuleset): string | null {
  for (const [stage, hooks] of Object.entries(ruleset.hooksByStage)) {
    const known = Object.hasOwn(KNOWN_HOOKS, stage) ? KNOWN_HOOKS[stage]! : [];
    const other = (hooks ?? []).find((h) => !known.includes(h.id));
    if (other) return `a rule the compiled fight does not play ('${other.id}' at ${stage})`;
  }
  return null;
}

/**
 * Why the encounter as a whole is outside what the kernel models, or null: a prompt waiting, a phase other
 * than a fresh setup or rounds under way, a map, modules, counters, vars, options it does not honour, an
 * order with delays, groups or someone left out.
 */
function stateRefusal(state: EncounterState): string | null {
  if (state.pending) return 'a prompt is waiting';
  if (state.phase === 'setup') {
    if (state.round !== 0) return 'a setup past round 0';
    const why = presetInitiativeRefusal(state);
    if (why !== null) return why;
  } else if (state.phase === 'combat') {
    if (state.round < 1 || state.turnIndex < 0 || state.turnIndex >= state.order.length || currentCreatureId(state) === null) return 'a fight under way with nobody\'s turn';
    const odd = state.order.find((e) => e.delayed);
    if (odd) return `${odd.creatureId} has delayed its turn`;
    const missing = state.creatureIds.find((id) => !state.order.some((e) => e.creatureId === id));
    if (missing) return `${missing} has no place in the turn order`;
  } else return `the encounter's phase '${state.phase}'`;
  if (state.space !== null) return 'creatures are placed on a map';
  if (state.modules.length) return `modules in play: ${state.modules.join(', ')}`;
  if (Object.keys(state.vars).length) return `encounter vars in play: ${Object.keys(state.vars).join(', ')}`;
  if (Object.keys(state.counters).length) return `encounter counters in play: ${Object.keys(state.counters).join(', ')}`;
  const option = Object.keys(state.options).find((k) => !HARMLESS_OPTIONS.has(k));
  return option === undefined ? null : `encounter option '${option}'`;
}

/** Why a creature is outside the compiled rules, or null. A creature down already only takes (empty) turns: its conditions change nothing. */
function creatureRefusal(ruleset: LoadedRuleset, c: CreatureState): string | null {
  if (c.tempHp !== 0) return 'temporary hit points';
  if (Object.values(c.tallies).some((v) => v !== 0)) return 'tallies';
  if (Object.keys(c.vars).length) return `vars ${Object.keys(c.vars).join(', ')}`;
  const tag = c.tags.find((t) => !KNOWN_TAGS.has(t));
  if (tag !== undefined) return `the tag '${tag}'`;
  if (!isUp(c)) return null;
  const ending = c.conditions.find((x) => !LASTING.has(x.duration.kind));
  if (ending) return `${ending.conditionId} lasts '${ending.duration.kind}' (conditions that run out are played on the engine)`;
  const effect = activeEffects(ruleset, c).find((a) => !MODELLED_EFFECTS.has(a.effect.kind));
  if (effect) return `${effect.conditionId}${effect.level ? ` at level ${effect.level}` : ''}: its '${effect.effect.kind}' effect`;
  return null;
}

/** Where a fight under way stands, or null for a fresh one (startCombat rolls the order). */
function kernelStart(state: EncounterState): KernelStart | null {
  if (state.phase !== 'combat') return null;
  const ids = state.creatureIds;
  const current = state.creatures[currentCreatureId(state)!]!;
  return {
    order: Int32Array.from(state.order, (e) => ids.indexOf(e.creatureId)), round: state.round, turn: state.turnIndex,
    actionsLeft: current.resources['action'] ?? 0,
  };
}

/** Attacker a's roll against target t: the ruleset's own (`miniAttackRoll`), its d20 by roll mode. */
function attackTest(ruleset: LoadedRuleset, state: EncounterState, a: string, t: string): { dice: CompiledDice; bonus: number } {
  const roll = miniAttackRoll(ruleset, state, a, t);
  return { dice: compileDice(parseDice(d20For(roll.mode))), bonus: roll.bonus };
}

/** A damage roll of one type (`damagePartsFromRoll` makes one part of it), or why the kernel does not play it. */
function damageRoll(text: string, defaultType: string): { dice: CompiledDice; type: string; count: number } | string {
  const expression = parseDice(text);
  const labels = new Set(expression.terms.map((x) => x.label ?? ''));
  if (labels.size > 1) return `damage of several types (${text})`;
  const label = [...labels][0] ?? '';
  const count = expression.terms.reduce((n, x) => n + (x.kind === 'dice' ? x.count : 0), 0);
  return { dice: compileDice(expression), type: label || defaultType, count };
}

/** What each creature loses to every total the roll can make: `calculateDamage` with its profile, as `dealDamage` applies it. */
function damageTable(ruleset: LoadedRuleset, state: EncounterState, roll: { dice: CompiledDice; type: string; count: number }): KernelDamage {
  const toHp = state.creatureIds.map((id) => {
    const profile = ruleset.damageProfile(state, id);
    const table = new Int32Array(roll.dice.max - roll.dice.min + 1);
    for (let amount = roll.dice.min; amount <= roll.dice.max; amount++) {
      table[amount - roll.dice.min] = calculateDamage([{ type: roll.type, amount, ...(roll.count ? { dice: roll.count } : {}) }], profile, ruleset.damageSteps).toHp;
    }
    return table;
  });
  return { dice: roll.dice, toHp };
}
