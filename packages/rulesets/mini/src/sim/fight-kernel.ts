import type { CompiledDice, DiceSource } from '@fray/dice';
import {
  RollOffOrder, emptyOutcome, finishFight, hostileLists, kernelColumns, pickTarget, resetOutcome, sideStanding,
  type CompiledFight, type CompiledPolicySpec, type DiceDraw, type FightOutcome, type PolicyDraw,
} from '@fray/engine';

/** One form of a creature's damage roll (as hit, or as crit) and what each target takes of it. */
export interface KernelDamage {
  dice: CompiledDice;
  /** hit points target t loses to a roll totalling `amount`: `toHp[t][amount - dice.min]` */
  toHp: readonly Int32Array[];
}

/** A creature as the kernel sees it, every number taken from the rules at compile time (`compile.ts`). */
export interface KernelCreature {
  side: number;
  hp: number;
  maxHp: number;
  /** up as the simulator counts it: conscious with hit points left */
  up: boolean;
  /** takes turns (everyone but the dead) */
  takesTurn: boolean;
  /** dead before the fight goes on (counted as a death) */
  dead: boolean;
  /** the rules let nobody target it (hidden) */
  untargetable: boolean;
  /** its initiative roll, or null when the GM set its count before the fight (`preset`) */
  initiative: CompiledDice | null;
  preset: number;
  ac: number;
  /** against each target t: its attack's d20 roll (by roll mode) and the bonus added to the natural */
  attackRoll: readonly CompiledDice[];
  attackBonus: Int32Array;
  hit: KernelDamage;
  crit: KernelDamage;
}

/** Where a fight under way stands: its order, round and whose turn it is, with the actions that creature has left. */
export interface KernelStart {
  order: Int32Array;
  round: number;
  turn: number;
  actionsLeft: number;
}

/** Outcomes as `attackOutcome` gives them, tabulated by natural × 2 + success. */
export const MISS = 0;
export const HIT = 1;
export const CRIT = 2;

/** The resources the table's events show being spent: the action. */
const RESOURCE_KEYS = ['action'] as const;

/**
 * A mini fight as the engine plays it under the simulator's policies (`legalTurnPolicy`, the prompt
 * answers of `demoPromptPolicy`), for the states `compile.ts` admits, with the engine's draws in its order:
 * - startCombat (a fresh fight): each creature without a count set by the GM rolls its initiative dice, in
 *   encounter order; everyone is sorted and ties rolled off with a d20 each until none are tied
 *   (`RollOffOrder`, the engine's `settleTies`). Or the fight goes on from where it stands (`KernelStart`).
 * - a turn starts: the creature's action is back. A creature up with its action attacks a hostile up that
 *   it may target (not hidden), by the policy's pick; then it ends its turn. The dead take no turns; the
 *   rest of the fallen end theirs.
 * - an attack: the d20 roll its roll mode gives (conditions of attacker and target), plus its bonus
 *   (base and conditions' modifiers); `attackOutcome` of the natural and the total against AC; a hit rolls
 *   the damage dice, a crit the doubled dice (`damageDiceFor`); the target loses what `calculateDamage`
 *   makes of the total with its profile (tabulated); hit points floor at 0, and a creature at 0 is out
 *   (a PC unconscious, a monster spared: the answers only change its status, never who fights).
 * Before every command, as the simulator's fight loop checks: one side standing wins, past the round
 * limit it is a draw, past its command cap it stalls (handed back to the engine, which counts that).
 */
export class MiniFightKernel implements CompiledFight {
  readonly resourceKeys: readonly string[] = RESOURCE_KEYS;
  private readonly n: number;
  private readonly side: Int32Array;
  private readonly hp0: Int32Array;
  private readonly maxHp: Int32Array;
  private readonly up0: Uint8Array;
  private readonly takes: Uint8Array;
  private readonly dead0: Uint8Array;
  private readonly targetable: Uint8Array;
  private readonly ac: Int32Array;
  private readonly initiativeRoll: readonly (CompiledDice | null)[];
  private readonly preset: Int32Array;
  private readonly attackRoll: readonly CompiledDice[];
  private readonly attackBonus: Int32Array;
  private readonly hit: readonly KernelDamage[];
  private readonly crit: readonly KernelDamage[];
  private readonly hostileFrom: Int32Array;
  private readonly hostiles: Int32Array;
  private readonly outcome: Uint8Array;
  private readonly target: 'weakest' | 'random';
  private readonly maxRounds: number;
  /** the simulator's cap on commands in one fight (`playFight`): past it the fight stalls */
  private readonly cap: number;
  // per-fight scratch
  private readonly hp: Int32Array;
  private readonly up: Uint8Array;
  private readonly upBySide: Int32Array;
  private readonly initiative: RollOffOrder;
  private readonly candidates: Int32Array;
  /** the dice the compiled rolls draw from: the fight's own stream, set by `play` */
  private draw: DiceDraw | null = null;
  private readonly source: DiceSource = { kind: 'seeded', next: (sides) => this.draw!.next(sides) };
  private readonly rollOff = (_k: number, dice: DiceDraw): number => dice.next(20);

  constructor(
    readonly creatureIds: readonly string[],
    readonly sides: readonly string[],
    creatures: readonly KernelCreature[],
    /** `attackOutcome` by natural × 2 + success (1: the total reached AC) */
    outcome: Uint8Array,
    spec: CompiledPolicySpec,
    private readonly start: KernelStart | null,
    /** the actions a creature has as its turn starts (`ACTIONS_PER_TURN`) */
    private readonly actionsPerTurn: number,
  ) {
    const n = creatures.length;
    this.n = n;
    const { ints, flags } = kernelColumns(creatures);
    this.side = ints((c) => c.side);
    this.hp0 = ints((c) => c.hp);
    this.maxHp = ints((c) => c.maxHp);
    this.up0 = flags((c) => c.up);
    this.takes = flags((c) => c.takesTurn);
    this.dead0 = flags((c) => c.dead);
    this.targetable = flags((c) => !c.untargetable);
    this.ac = ints((c) => c.ac);
    this.initiativeRoll = creatures.map((c) => c.initiative);
    this.preset = ints((c) => c.preset);
    this.attackRoll = creatures.flatMap((c) => c.attackRoll);
    this.attackBonus = Int32Array.from(creatures.flatMap((c) => [...c.attackBonus]));
    this.hit = creatures.map((c) => c.hit);
    this.crit = creatures.map((c) => c.crit);
    const lists = hostileLists(this.side);
    this.hostileFrom = lists.from;
    this.hostiles = lists.hostiles;
    this.outcome = outcome;
    this.target = spec.target;
    this.maxRounds = spec.maxRounds;
    this.cap = 100 + 20 * n * spec.maxRounds;
    this.hp = new Int32Array(n);
    this.up = new Uint8Array(n);
    this.upBySide = new Int32Array(sides.length);
    this.initiative = new RollOffOrder(n);
    this.candidates = new Int32Array(n);
  }

  newOutcome(): FightOutcome {
    return emptyOutcome(this.n, RESOURCE_KEYS.length);
  }

  play(dice: DiceDraw, policy: PolicyDraw, out: FightOutcome): boolean {
    resetOutcome(out);
    this.draw = dice;
    const { n, hp, up, upBySide, side, takes, maxRounds } = this;
    upBySide.fill(0);
    for (let k = 0; k < n; k++) {
      hp[k] = this.hp0[k]!;
      up[k] = this.up0[k]!;
      if (up[k]) upBySide[side[k]!]!++;
      // Down from the start counts as dropped (the simulator's observer), dead as a death.
      else out.dropped[k] = 1;
      out.dead[k] = this.dead0[k]!;
    }
    let commands = 0;
    let order: Int32Array;
    let round: number;
    let turn: number;
    let actions: number;
    if (this.start) {
      ({ order, round, turn, actionsLeft: actions } = this.start);
    } else {
      commands++;
      order = this.rollInitiative(dice);
      round = 1;
      turn = this.nextTaker(order, -1);
      actions = this.actionsPerTurn;
    }
    for (;;) {
      const standing = sideStanding(upBySide);
      if (standing !== -2 || round > maxRounds) {
        out.commands = commands;
        return finishFight(out, standing === -2 ? -1 : standing, round, maxRounds, up);
      }
      // The simulator calls a fight that runs past its command cap stalled: the engine counts that.
      if (commands > this.cap) return false;
      commands++;
      const me = order[turn]!;
      if (up[me] && actions > 0) {
        const m = this.targets(me);
        if (m > 0) {
          const t = pickTarget(this.target, this.candidates, m, hp, this.maxHp, policy);
          actions--;
          out.spent[me]!++;
          this.attack(me, t, out);
          continue;
        }
      }
      // End the turn: the next creature in the order that takes turns, or a new round.
      let next = this.nextTaker(order, turn);
      if (next < 0) {
        round++;
        next = this.nextTaker(order, -1);
      }
      turn = next;
      actions = this.actionsPerTurn;
      // Nobody left to take a turn (everyone dead): the order stands still, as the engine's does.
      if (turn < 0 || !takes[order[turn]!]) return false;
    }
  }

  /** The first creature after position `from` in the order that takes turns, or -1. */
  private nextTaker(order: Int32Array, from: number): number {
    for (let i = from + 1; i < order.length; i++) if (this.takes[order[i]!]) return i;
    return -1;
  }

  /** The hostiles of `me` up and targetable, in encounter order, into `candidates`; how many. */
  private targets(me: number): number {
    const { hostiles, up, targetable, candidates } = this;
    let m = 0;
    for (let i = this.hostileFrom[me]!, end = this.hostileFrom[me + 1]!; i < end; i++) {
      const t = hostiles[i]!;
      if (up[t] && targetable[t]) candidates[m++] = t;
    }
    return m;
  }

  private attack(me: number, t: number, out: FightOutcome): void {
    out.attacks++;
    const at = me * this.n + t;
    const natural = this.attackRoll[at]!.rollTotal(this.source);
    const success = natural + this.attackBonus[at]! >= this.ac[t]! ? 1 : 0;
    const outcome = this.outcome[natural * 2 + success]!;
    if (outcome === MISS) return;
    const damage = outcome === CRIT ? this.crit[me]! : this.hit[me]!;
    const rolled = damage.dice.rollTotal(this.source);
    const toHp = damage.toHp[t]![rolled - damage.dice.min]!;
    out.dealt[me]! += toHp;
    out.taken[t]! += toHp;
    const after = Math.max(0, this.hp[t]! - toHp);
    this.hp[t] = after;
    if (after > 0) return;
    out.dropped[t] = 1;
    this.up[t] = 0;
    this.upBySide[this.side[t]!]!--;
  }

  /** Initiative in encounter order (a count the GM set stands), sorted, ties rolled off (the engine's sortOrder and settleTies). */
  private rollInitiative(dice: DiceDraw): Int32Array {
    const total = this.initiative.total;
    for (let k = 0; k < this.n; k++) {
      const roll = this.initiativeRoll[k];
      total[k] = roll ? roll.rollTotal(this.source) : this.preset[k]!;
    }
    this.initiative.settle(dice, this.rollOff);
    return this.initiative.order;
  }
}
