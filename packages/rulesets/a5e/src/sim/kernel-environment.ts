import { parseDice } from '@fray/dice';
import { calculateDamage, type DiceDraw, type EncounterState, type FightOutcome, type LoadedRuleset } from '@fray/engine';
import { TRACK_MAX } from '../conditions/tracks';
import { massiveDamageThreshold } from '../damage/massive';
import { saveBonus, sheetOf, sizeRank } from '../sheet/derived';
import { DEAD, DYING, STABLE, type KernelDying } from './fight-dying';
import { activeEntries, configProblems, readWorldConfig, WORLD_OPTIONS, WORLD_VARS, type ActiveEntry } from '../world/config';
import type { WorldEffect } from '../world/types';
import { explainRollMode, type HeldCondition } from './roll-modes';
import { DIFFICULT_EVERYWHERE, MARKED } from '../world/features';
import { FED_SENSES, SENSES_HEARING } from '../world/senses-feed';
import { isPoisoningEachSave, isRestrainingTurnEndSave } from './compile-conditions';
import type { KernelConditions } from './kernel-conditions';
import type { A5eGrid } from './grid-kernel';
import { gridEnvironmentRefusal, KernelGridPush } from './kernel-grid-environment';
import { spawnRefusal } from './kernel-spawn';

/**
 * What the world module (`world/`) does in a fight the compiled fight plays: without a map, or on a
 * grid under way (what the map adds: `kernel-grid-environment.ts`), under the simulator's policies
 * (attack-first; the Narrator's prompts answered as the demo does).
 *
 * Features that change nothing such a fight rolls, and why:
 * - difficult terrain (A5E-WORLD-36, A5E-WORLD-40 ...): without a map nobody moves (standing up costs
 *   half the Speed, not terrain);
 * - hearing limits (A5E-WORLD-37) and a world action's silence (A5E-WORLD-19): only hearing checks
 *   read them, and everyone sees everyone;
 * - cover from obstacles (A5E-WORLD-16, A5E-WORLD-17): taken with an action the policies never use;
 * - hidden hazards (A5E-WORLD-18, A5E-WORLD-28): only a Perception check finds them.
 * World actions the kernel plays (A5E-ROUND-2 order at each round's start, the first round's after
 * initiative): each spent one rolls its recharge d6 (A5E-WORLD-4); then the environment takes one
 * (A5E-WORLD-3) among those charged with someone to act on, cycled by round number as the simulator's
 * Narrator answers; a one-creature action strikes the biggest figure still in the fight (largest size,
 * then most hit points, then first listed), who saves (A5E-WORLD-6: a success does nothing); on a
 * failure its damage is rolled and goes through the target's defences (tabulated `calculateDamage`),
 * or its push moves nobody without a map (on a grid it sets the creature down, `KernelGridPush`); a
 * once-per-target action remembers whom it chose (A5E-WORLD-39); a spent action with a recharge rolls its d6 at once (A5E-WORLD-4).
 * Everything else an environment does is refused at compile time by name.
 * A creature down but alive (dying, stable, knocked out) can be picked once the biggest figures are
 * struck: unconscious, it fails a Strength or Dexterity save without a roll (A5E-COND-29); damage at 0
 * hit points calls for the save against massive damage at its threshold then (A5E-DYING-10), wakes a
 * stable creature into dying (A5E-DYING-14) and costs a death save (A5E-DYING-8: the Narrator's
 * default; the third failure is death).
 * Handed back to the engine: a world action whose save a creature down would roll, and a recorded
 * fight with an environment.
 */

/**
 * Encounter vars the world module keeps that the kernel reads (what is spent, who was struck) or that
 * change nothing it rolls (a silence, the senses the world fed, difficult terrain everywhere, the squares
 * it made difficult on a map: the map carries them, `kernel-grid-environment.ts`).
 */
const WORLD_VARS_PLAYED: ReadonlySet<string> = new Set([WORLD_VARS.recharging, WORLD_VARS.struck, WORLD_VARS.silence, FED_SENSES, SENSES_HEARING, DIFFICULT_EVERYWHERE, MARKED]);

/** A fight under way in an environment as the rest of the compiled fight sees it: without the world's vars the kernel plays. */
export function withoutWorldVars(state: EncounterState): EncounterState {
  if (state.options[WORLD_OPTIONS.environment] === undefined) return state;
  const vars = Object.fromEntries(Object.entries(state.vars).filter(([k]) => !WORLD_VARS_PLAYED.has(k)));
  return { ...state, vars };
}

/** Feature effects that change nothing in a fight without a map played by attack-first policies. */
const INERT_FEATURES: ReadonlySet<WorldEffect['kind']> = new Set(['difficultTerrain', 'hearingLimit', 'cover', 'concealsHazards']);

/** One world action as the kernel plays it. */
interface KernelWorldAction {
  id: string;
  name: string;
  /** 0: no recharge; else the lowest d6 face that regains it */
  recharge: number;
  /** 'save': one creature saves; 'silence': nothing the kernel rolls; 'each': every creature saves against a condition (kernel-conditions.ts); 'spawn': a swarm joins (kernel-spawn.ts) */
  kind: 'save' | 'silence' | 'each' | 'spawn';
  oncePerTarget: boolean;
  /** the save's DC and each creature's bonus */
  dc: number;
  saveBonus: Int32Array;
  /** unconscious creatures fail this save without a roll (A5E-COND-29) */
  downFails: boolean;
  /** damage on a failed save: `count` dice of `sides` (0: none, a push), then the amount each creature takes at tables[k][amount] */
  count: number;
  /** a push on a failed save, in feet (0: none; without a map it moves nobody) */
  push: number;
  sides: number;
  taken: Int32Array[];
}

/** What a kernel exposes to the world's start-of-round phase. */
export interface WorldHost {
  readonly hp: Int32Array;
  readonly up: Uint8Array;
  readonly dying: KernelDying;
  /** the save against massive damage (A5E-DMG-16); true when it holds */
  massiveSave(dice: DiceDraw, t: number): boolean;
  /** what of the damage gets past t's temporary hit points, which it spends (A5E-DMG-19) */
  throughTempHp(t: number, total: number): number;
  /** fights being recorded hand back at the first world action */
  readonly recording: boolean;
  /** damage the world deals to creature t, after its defences (nobody deals it) */
  worldDamage(dice: DiceDraw, t: number, total: number, out: FightOutcome): void;
  /** where everyone stands on a map (a push moves them), or null */
  readonly grid: A5eGrid | null;
  /** a creature the world brings in joins the fight (kernel-spawn.ts); false when the fight leaves the compiled rules */
  join(dice: DiceDraw, out: FightOutcome): boolean;
}

export class KernelWorld {
  /** a spent action waiting for its recharge, by action index */
  private readonly spent: Uint8Array;
  /** creatures a once-per-target action has chosen (one list for all of them, the world module's `struck`) */
  private readonly chosen: Uint8Array;
  private readonly available: Int32Array;
  /** the conditions a world action on each creature brings (kernel-conditions.ts), set by the compiler when one is in play */
  conditions: KernelConditions | null = null;

  constructor(
    private readonly actions: readonly KernelWorldAction[],
    private readonly size: Int32Array,
    /** the damage at 0 hit points that calls for the save against massive damage (A5E-DYING-10) */
    private readonly massiveAtZero: Int32Array,
    /** where the fight starts: the actions waiting for a recharge, the creatures already chosen */
    private readonly spent0: Uint8Array,
    private readonly chosen0: Uint8Array,
    /** on a map: the pushes' landing squares (`kernel-grid-environment.ts`) */
    private readonly pusher: KernelGridPush | null = null,
  ) {
    this.spent = new Uint8Array(actions.length);
    this.chosen = new Uint8Array(size.length);
    this.available = new Int32Array(actions.length);
    this.spawns = actions.some((a) => a.kind === 'spawn');
  }

  /** a world action brings a creature into the fight (the compiler holds slots for it, kernel-spawn.ts) */
  readonly spawns: boolean;

  /** The fight's start: what is spent and who was chosen (a fresh fight: nothing, nobody). */
  reset(): void {
    this.spent.set(this.spent0);
    this.chosen.set(this.chosen0);
  }

  /** The start-of-round phase (A5E-ROUND-2 b, c); false when the fight leaves the compiled rules. */
  roundStart(host: WorldHost, dice: DiceDraw, round: number, out: FightOutcome): boolean {
    const { actions, spent } = this;
    // The world's rolls are not recorded: a recorded fight plays on the engine from its first round.
    if (host.recording) return false;
    for (let a = 0; a < actions.length; a++) if (spent[a] && dice.next(6) >= actions[a]!.recharge) spent[a] = 0;
    let m = 0;
    for (let a = 0; a < actions.length; a++) if (!spent[a] && this.usable(a, out)) this.available[m++] = a;
    if (m === 0) return true;
    const a = this.available[(round - 1) % m]!;
    const action = actions[a]!;
    if (action.kind === 'each') this.conditions!.gasAction(dice, out, host.dying.status);
    if (action.kind === 'spawn' && !host.join(dice, out)) return false;
    if (action.kind === 'save') {
      const t = this.biggest(a, host, out);
      const down = !host.up[t];
      if (down && !action.downFails) return false;
      if (action.oncePerTarget) this.chosen[t] = 1;
      const failed = down || dice.next(20) + action.saveBonus[t]! < action.dc;
      if (failed && action.count) {
        let sum = 0;
        for (let d = 0; d < action.count; d++) sum += dice.next(action.sides);
        const total = action.taken[t]![sum]!;
        if (down) this.damageAtZero(host, dice, t, total, out);
        else host.worldDamage(dice, t, total, out);
      }
      if (failed && action.push && this.pusher && host.grid) this.pusher.push(host.grid, t, action.push);
    }
    if (action.recharge) {
      spent[a] = 1;
      if (dice.next(6) >= action.recharge) spent[a] = 0;
    }
    return true;
  }

  /** Damage nobody dealt to a creature at 0 hit points, dying or stable (`dying/zero.ts` damagedAtZero, no attack). */
  private damageAtZero(host: WorldHost, dice: DiceDraw, t: number, damage: number, out: FightOutcome): void {
    // Swallowed whole by temporary hit points, it changes nothing (AMB-15).
    const total = host.throughTempHp(t, damage);
    out.taken[t]! += total;
    if (total <= 0) return;
    const { status, failures } = host.dying;
    // The threshold reads the whole instance, as a drop's does (AMB-5).
    if (damage >= this.massiveAtZero[t]! && !host.massiveSave(dice, t)) {
      status[t] = DEAD;
      out.dead[t] = 1;
      return;
    }
    if (status[t] === STABLE) status[t] = DYING;
    if (++failures[t]! >= 3) {
      status[t] = DEAD;
      out.dead[t] = 1;
    }
  }

  /** Someone to act on: a creature still in the fight the action may choose (a silence needs nobody). */
  private usable(a: number, out: FightOutcome): boolean {
    const action = this.actions[a]!;
    if (action.kind === 'silence') return true;
    if (action.kind === 'each') return this.conditions!.gasUsable(out);
    const n = this.size.length;
    for (let k = 0; k < n; k++) if (!out.dead[k] && !(action.oncePerTarget && this.chosen[k])) return true;
    return false;
  }

  /** The simulator's Narrator's pick (the demo's `world.target` answer): largest, then most hit points, then first listed. */
  private biggest(a: number, host: WorldHost, out: FightOutcome): number {
    const n = this.size.length;
    const once = this.actions[a]!.oncePerTarget;
    let best = -1;
    for (let k = 0; k < n; k++) {
      if (out.dead[k] || (once && this.chosen[k])) continue;
      if (best < 0 || this.size[k]! > this.size[best]! || (this.size[k] === this.size[best] && host.hp[k]! > host.hp[best]!)) best = k;
    }
    return best;
  }
}

/** The save modes a creature up may roll with, by strife level below the attacks' handing back (all must be normal). */
const strife = (level: number): HeldCondition[] => (level ? [{ conditionId: 'strife', instanceId: 'strife#1', level }] : []);
const STRIFE_LEVELS_UP = 4;

/**
 * The environment of a fight as the kernel plays it (on a map: `gridEnvironmentRefusal`), null
 * without one, or why not. Reads the world module's own configuration (`activeEntries`, `readWorldConfig`) and numbers
 * (`saveBonus`, `calculateDamage` with each creature's damage profile).
 */
export function compileEnvironment(ruleset: LoadedRuleset, state: EncounterState): KernelWorld | null | { unsupported: string } {
  if (state.options[WORLD_OPTIONS.environment] === undefined) return null;
  const no = (why: string) => ({ unsupported: why });
  const config = readWorldConfig(state);
  const problems = configProblems(config);
  if (problems.length) return no(problems.join('; '));
  if (config.actionsPerRound !== 1) return no(`${config.actionsPerRound} world actions a round`);
  const onMap = gridEnvironmentRefusal(state);
  if (onMap !== null) return no(onMap);
  const ids = state.creatureIds;
  const actions: KernelWorldAction[] = [];
  for (const a of activeEntries(state)) {
    if (a.entry.kind === 'feature') {
      // A turn-end save that restrains is kernel-conditions.ts's (compile-conditions.ts reads it).
      const odd = a.entry.effects.find((e) => !INERT_FEATURES.has(e.kind) && !isRestrainingTurnEndSave(e));
      if (odd) return no(`the environment's ${a.name} (${a.entry.ruleId})`);
      continue;
    }
    const action = compileAction(ruleset, state, a);
    if ('unsupported' in action) return action;
    actions.push(action);
  }
  const formula = state.options['massiveDamageAtZero'] === 'level' ? 'level' : 'triple';
  // A fight under way carries what the world module keeps: actions waiting to recharge, creatures struck.
  const recharging = (state.vars[WORLD_VARS.recharging] ?? {}) as Record<string, unknown>;
  const struck = (state.vars[WORLD_VARS.struck] ?? []) as unknown[];
  return new KernelWorld(
    actions,
    Int32Array.from(ids, (id) => sizeRank(sheetOf(state.creatures[id]!).size)),
    Int32Array.from(ids, (id) => massiveDamageThreshold(sheetOf(state.creatures[id]!), true, formula)),
    Uint8Array.from(actions, (x) => (recharging[x.id] !== undefined ? 1 : 0)),
    Uint8Array.from(ids, (id) => (struck.includes(id) ? 1 : 0)),
    state.space === null ? null : new KernelGridPush(state),
  );
}

function compileAction(ruleset: LoadedRuleset, state: EncounterState, a: ActiveEntry): KernelWorldAction | { unsupported: string } {
  const no = { unsupported: `the environment's world action ${a.name} (${a.entry.ruleId})` };
  if (a.entry.effects.length !== 1) return no;
  const effect = a.entry.effects[0]!;
  const base = { id: a.entry.id, name: a.name, recharge: a.entry.recharge ?? 0, oncePerTarget: false, dc: 0, saveBonus: new Int32Array(0), downFails: false, count: 0, sides: 0, taken: [], push: 0 };
  if (effect.kind === 'silence') return { ...base, kind: 'silence' };
  if (isPoisoningEachSave(effect) && !a.entry.recharge) return { ...base, kind: 'each' };
  // A swarm joins (kernel-spawn.ts): anyone in the fight the world did not make is someone to act on.
  if (effect.kind === 'spawn') {
    const why = spawnRefusal(state, a, effect);
    return why === null ? { ...base, kind: 'spawn' } : { unsupported: why };
  }
  if (effect.kind !== 'saveAction' || effect.targets !== 'one') return no;
  const { ability, dc } = effect.save;
  const ids = state.creatureIds;
  // Creatures up hold no condition touching a save but strife below 4 (higher hands the fight back when it wakes).
  for (let level = 0; level < Math.min(STRIFE_LEVELS_UP, TRACK_MAX + 1); level++) {
    const mode = explainRollMode(ruleset, 'save', strife(level), [], ['save', `save:${ability}`], ['save:world', `world:${a.entry.id}`, `save:ability:${ability}`]);
    if (mode.mode !== 'normal') return { unsupported: `${a.name}'s save with advantage or disadvantage at strife ${level}` };
  }
  const bonuses = Int32Array.from(ids, (id) => saveBonus(sheetOf(state.creatures[id]!), ability));
  const downFails = (ruleset.conditionById['unconscious']?.effects ?? []).some((e) => e.kind === 'autoFail' && !e.predicate && (e.selector === 'save' || e.selector === `save:${ability}`));
  const action: KernelWorldAction = { ...base, kind: 'save', oncePerTarget: effect.oncePerTarget === true, dc, saveBonus: bonuses, downFails };
  if (effect.onFail.kind === 'push') return { ...action, push: effect.onFail.feet };
  if (effect.onFail.kind !== 'damage' || effect.onFail.gearDice) return no;
  const terms = parseDice(effect.onFail.dice).terms;
  const term = terms[0];
  if (terms.length !== 1 || term?.kind !== 'dice' || term.keep || term.sign !== 1) return no;
  const type = effect.onFail.type;
  const most = term.count * term.sides;
  const taken = ids.map((id) => {
    const profile = ruleset.damageProfile(state, id);
    return Int32Array.from({ length: most + 1 }, (_, amount) => calculateDamage([{ type, amount }], profile, ruleset.damageSteps).total);
  });
  return { ...action, count: term.count, sides: term.sides, taken };
}
