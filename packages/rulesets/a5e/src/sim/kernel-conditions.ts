import type { DiceDraw, FightOutcome } from '@fray/engine';
import { DEAD, DYING, STABLE } from './fight-dying';

/**
 * Conditions with a duration in a compiled fight without a map (`kernel-swamp.ts` compiles them):
 * - restrained by the environment at a turn's end (Tenacious Mud, A5E-WORLD-41) until the end of the
 *   holder's next turn: its attacks at disadvantage, attacks on it with advantage (A5E-COND-26);
 * - poisoned by a world action at a round's start (Swamp Gas, A5E-WORLD-42) until the end of the
 *   holder's next turn: its attacks at disadvantage (A5E-COND-23);
 * - paralyzed by an attack's rider (a failed save) until a save at the end of one of its turns
 *   (A5E-COND-1, A5E-COND-20): incapacitated (no action, no reaction, A5E-COND-17), attacks on it with
 *   advantage and a melee hit a critical hit (A5E-ATK-7), Strength saves failed without a roll;
 * - grappled by an attack's rider (A5E-COND-16): Speed 0, which without a map only stops a creature
 *   standing up; released when the grappler is incapacitated or drops.
 * The engine's instances are followed as it keeps them: each paralysis is its own instance with its own
 * save, and the incapacitated it implies belongs to the instance that brought it (a second paralysis
 * landing on a creature already incapacitated brings none; the first one ending ends it).
 * Roll modes come from the rules at compile time (`explainRollMode` over every mix of conditions).
 * A creature prone (woken from dying) that one of these holds at Speed 0 cannot stand up (A5E-POS-8):
 * it stays prone and attacks so, as the policies do. Handed back: a creature paralyzed more than
 * eight times over.
 */

/** Bits of an attacker's conditions (with prone) and of a target's, indexing the attack-mode table. */
export const A_PRONE = 1;
export const A_RESTRAINED = 2;
export const A_POISONED = 4;
export const T_PRONE = 1;
export const T_RESTRAINED = 2;
export const T_PARALYZED = 4;
/** The most paralysis instances a creature may hold before the fight is handed back. */
const MAX_PARALYSES = 8;
/** Who holds a creature's incapacitated: nobody, a paralysis instance, its unconsciousness. */
const INCAP_NONE = 0;
const INCAP_PARALYSIS = 1;
const INCAP_UNCONSCIOUS = 2;

/** An attack's rider the module plays: a save or paralyzed until a save ends it, or grappled. */
export type KernelConditionRider =
  | { kind: 'paralyze'; dc: number }
  | { kind: 'grapple' };

/** A save at the end of each turn in the environment (Tenacious Mud): failed, restrained until the end of the next turn. */
export interface KernelTurnEndSave {
  dc: number;
  /** each creature's save bonus */
  bonus: Int32Array;
}

/** A world action on each creature (Swamp Gas): a save, failed, poisoned until the end of its next turn. */
export interface KernelEachSave {
  dc: number;
  bonus: Int32Array;
  /** creatures the world made are not its targets */
  eligible: Uint8Array;
}

/** Where a fight under way stands in these conditions, indexed like the fight's creatures. */
export interface KernelConditionStart {
  restrained: Uint8Array;
  poisoned: Uint8Array;
  /** paralysis instances in the order the creature holds them, each 1 when it owns the incapacitated */
  paralyses: number[][];
  /** grapples[g * n + t]: instances of grappled t holds from grappler g */
  grapples: Uint8Array;
  /** the current creature's movement pool: its size this turn and what is left */
  actingMax: number;
  actingLeft: number;
}

export interface KernelConditionTables {
  n: number;
  /** the roll mode (0 normal, 1 advantage, 2 disadvantage) of attacker a's attack at a * 64 + attacker bits * 8 + target bits */
  attackMode: Uint8Array;
  /** a's attack is made within 5 feet (a melee attack without a map): a hit on the paralyzed crits */
  within5: Uint8Array;
  /** immune (the rules' condition immunities) to restrained, poisoned, paralyzed, grappled */
  immuneRestrained: Uint8Array;
  immunePoisoned: Uint8Array;
  immuneParalyzed: Uint8Array;
  immuneGrappled: Uint8Array;
  /** Constitution save bonuses (a rider's save and the save that ends the paralysis) */
  conSave: Int32Array;
  /** each creature's Speed with none of these conditions (its movement pool at a turn's start) */
  speed: Int32Array;
  /** the DC of the Constitution save that ends a paralysis (one for every paralysis the fight can bring, checked at compile time) */
  paralysisEndsDc: number;
  mud: KernelTurnEndSave | null;
  gas: KernelEachSave | null;
  start: KernelConditionStart | null;
}

export class KernelConditions {
  private readonly n: number;
  readonly restrained: Uint8Array;
  readonly poisoned: Uint8Array;
  private readonly parCount: Uint8Array;
  /** paralysis instance i of creature k owns its incapacitated: parOwns[k * MAX_PARALYSES + i] */
  private readonly parOwns: Uint8Array;
  private readonly incap: Uint8Array;
  private readonly grapples: Uint8Array;
  /**
   * The creature whose turn it is and its movement pool (the turn's size and what is left): a condition
   * gained or lost on its own turn rebuilds the pool (A5E-MOVE-22), and what the rebuild takes away
   * shows as movement spent, as the engine's events show it.
   */
  private acting = -1;
  private actMax = 0;
  private actLeft = 0;

  constructor(private readonly t: KernelConditionTables) {
    const n = t.n;
    this.n = n;
    this.restrained = new Uint8Array(n);
    this.poisoned = new Uint8Array(n);
    this.parCount = new Uint8Array(n);
    this.parOwns = new Uint8Array(n * MAX_PARALYSES);
    this.incap = new Uint8Array(n);
    this.grapples = new Uint8Array(n * n);
  }

  /** The fight's start: as it stands under way (`status`: the kernel's dying statuses), else nobody holds anything. */
  reset(status: Uint8Array): void {
    const s = this.t.start;
    this.parOwns.fill(0);
    if (!s) {
      this.restrained.fill(0);
      this.poisoned.fill(0);
      this.parCount.fill(0);
      this.incap.fill(0);
      this.grapples.fill(0);
      return;
    }
    this.restrained.set(s.restrained);
    this.poisoned.set(s.poisoned);
    this.grapples.set(s.grapples);
    for (let k = 0; k < this.n; k++) {
      const list = s.paralyses[k]!;
      this.parCount[k] = list.length;
      let owned = false;
      list.forEach((owns, i) => {
        this.parOwns[k * MAX_PARALYSES + i] = owns;
        if (owns) owned = true;
      });
      this.incap[k] = owned ? INCAP_PARALYSIS : status[k] === DYING || status[k] === STABLE ? INCAP_UNCONSCIOUS : INCAP_NONE;
    }
  }

  /** k's turn starts: its pool is its Speed, 0 while a condition holds it or it lies unconscious (A5E-MOVE-1). */
  beginTurn(k: number, status: Uint8Array): void {
    this.acting = k;
    this.actMax = this.actLeft = this.canStand(k) && status[k] !== DYING && status[k] !== STABLE ? this.t.speed[k]! : 0;
  }

  /** The fight under way resumes in k's turn, its pool as it stands. */
  resumeTurn(k: number): void {
    this.acting = k;
    this.actMax = this.t.start!.actingMax;
    this.actLeft = this.t.start!.actingLeft;
  }

  /** The creature whose turn it is spends `feet` of movement (standing up). */
  moved(feet: number): void {
    this.actLeft -= feet;
  }

  /** The roll mode of a's attack on t (0 normal, 1 advantage, 2 disadvantage). */
  attackMode(a: number, t: number, proneA: number, proneT: number): number {
    const am = proneA | (this.restrained[a]! << 1) | (this.poisoned[a]! << 2);
    const tm = proneT | (this.restrained[t]! << 1) | ((this.parCount[t]! > 0 ? 1 : 0) << 2);
    return this.t.attackMode[a * 64 + am * 8 + tm]!;
  }

  /** Whether creature k (up) may take actions: not incapacitated. */
  canAct(k: number): boolean {
    return this.incap[k] === INCAP_NONE;
  }

  /** Whether t may take a reaction (to turn a critical hit aside): not incapacitated. */
  canReact(t: number): boolean {
    return this.incap[t] === INCAP_NONE;
  }

  /** A hit by a on t becomes a critical hit: t is paralyzed and a attacks from within 5 feet (A5E-ATK-7). */
  critOnHit(a: number, t: number): boolean {
    return this.parCount[t]! > 0 && this.t.within5[a] === 1;
  }

  /** Whether k could stand up: no Speed 0 from these conditions (A5E-COND-16, A5E-COND-20, A5E-COND-26). */
  canStand(k: number): boolean {
    if (this.restrained[k] || this.parCount[k]) return false;
    for (let g = 0; g < this.n; g++) if (this.grapples[g * this.n + k]) return false;
    return true;
  }

  /**
   * An attack's rider on t after the damage (`runOnHit`): not on the dead. Paralysis: a Constitution
   * save (rolled by the dying too: unconsciousness fails only Strength and Dexterity saves), failed, a
   * new instance. False when the fight leaves what the module plays.
   */
  rider(dice: DiceDraw, r: KernelConditionRider, a: number, t: number, status: Uint8Array): boolean {
    if (status[t] === DEAD) return true;
    if (r.kind === 'grapple') {
      if (!this.t.immuneGrappled[t]) this.grapples[a * this.n + t]!++;
      return true;
    }
    if (dice.next(20) + this.t.conSave[t]! >= r.dc || this.t.immuneParalyzed[t]) return true;
    const c = this.parCount[t]!;
    if (c >= MAX_PARALYSES) return false;
    const owns = this.incap[t] === INCAP_NONE ? 1 : 0;
    this.parOwns[t * MAX_PARALYSES + c] = owns;
    this.parCount[t] = c + 1;
    if (owns) {
      this.incap[t] = INCAP_PARALYSIS;
      // Incapacitated, it lets go of what it holds (A5E-COND-16).
      this.release(t);
    }
    return true;
  }

  /** t dropped (dying, stable or dead): unconscious or dead, it holds nothing (A5E-COND-16); its unconsciousness brings incapacitated if nothing did. */
  dropped(t: number, dead: boolean): void {
    this.release(t);
    if (!dead && this.incap[t] === INCAP_NONE) this.incap[t] = INCAP_UNCONSCIOUS;
  }

  /** k wakes from dying (A5E-DYING-6); held by a condition with Speed 0 it stays prone until free (`canStand`). */
  woke(k: number): void {
    if (this.incap[k] === INCAP_UNCONSCIOUS) this.incap[k] = INCAP_NONE;
  }

  private release(g: number): void {
    const a = this.acting;
    const held = a >= 0 && this.grapples[g * this.n + a]! > 0 && !this.canStand(a);
    this.grapples.fill(0, g * this.n, (g + 1) * this.n);
    // Freed on its own turn, its pool is rebuilt at its Speed (nothing moved while it was 0).
    if (held && this.canStand(a)) this.actMax = this.actLeft = this.t.speed[a]!;
  }

  /**
   * The end of k's turn (`endTurn`): the environment's save first (the turn-end stage: not for the dead;
   * paralyzed or unconscious fails it without a roll, A5E-COND-20, A5E-COND-29), then each paralysis's
   * save in the order it holds them (A5E-COND-1; the dead too, as the engine's turn end rolls them), then the durations tied to the end of its turn run
   * out: the mud's old restraint (a new one, made during its own turn, lasts to the end of the next) and
   * the gas's poison. False when the fight leaves what the module plays.
   */
  turnEnd(dice: DiceDraw, k: number, status: Uint8Array, out: FightOutcome, spentMove: number, spentMax: number): boolean {
    const dead = status[k] === DEAD;
    let restrainedNow = 0;
    const mud = this.t.mud;
    if (mud && !dead) {
      const autoFail = this.parCount[k]! > 0 || status[k] === DYING || status[k] === STABLE;
      const failed = autoFail || dice.next(20) + mud.bonus[k]! < mud.dc;
      if (failed && !this.t.immuneRestrained[k]) {
        restrainedNow = 1;
        // Restrained on its own turn while free to move: its pool drops to 0 (A5E-MOVE-22).
        if (this.canStand(k)) {
          out.spent[spentMax]! += this.actMax;
          out.spent[spentMove]! += this.actLeft;
        }
      }
    }
    this.acting = -1;
    const c = this.parCount[k]!;
    if (c > 0) {
      // The dead roll it too: a turn's end rolls every save its holder's conditions name.
      let kept = 0;
      const base = k * MAX_PARALYSES;
      for (let i = 0; i < c; i++) {
        const owns = this.parOwns[base + i]!;
        if (dice.next(20) + this.t.conSave[k]! >= this.t.paralysisEndsDc) {
          if (owns) this.incap[k] = INCAP_NONE;
          continue;
        }
        this.parOwns[base + kept++] = owns;
      }
      // A paralysis ending takes its incapacitated with it, even from the unconscious (the engine adds none back).
      this.parCount[k] = kept;
    }
    this.restrained[k] = restrainedNow;
    this.poisoned[k] = 0;
    return true;
  }

  /**
   * A world action on each creature (Swamp Gas, A5E-WORLD-42): in the fight's order every creature not
   * dead and not made by the world saves (the dying too: unconsciousness fails no Constitution save);
   * failed, poisoned until the end of its next turn (A5E-COND-23), unless immune (A5E-DMG-15).
   */
  gasAction(dice: DiceDraw, out: FightOutcome, status: Uint8Array): void {
    const gas = this.t.gas!;
    for (let k = 0; k < this.n; k++) {
      if (status[k] === DEAD || out.dead[k] || !gas.eligible[k]) continue;
      if (dice.next(20) + gas.bonus[k]! < gas.dc && !this.t.immunePoisoned[k]) this.poisoned[k] = 1;
    }
  }

  /** Someone the gas can act on. */
  gasUsable(out: FightOutcome): boolean {
    const gas = this.t.gas!;
    for (let k = 0; k < this.n; k++) if (!out.dead[k] && gas.eligible[k]) return true;
    return false;
  }
}
