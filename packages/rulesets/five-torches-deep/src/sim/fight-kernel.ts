import type { DiceSource } from '@fray/dice';
import {
  RollOffOrder, emptyOutcome, finishFight, kernelColumns, pickTarget, resetOutcome, sideStanding, type BreakdownRow, type CompiledFight, type CompiledPolicySpec, type DamageProfile,
  type DamageStep, type DiceDraw, type FightOutcome, type FrayEventBody, type PolicyDraw, type RollModeExplanation,
} from '@fray/engine';
import { FtdFightRecorder } from './fight-record';
import type { FtdMinuteAfter } from './minute-after';

/** One term of a dice roll: `count` dice of `sides` with `sign`; count 0: the constant `sign`. */
export interface KernelTerm {
  count: number;
  sides: number;
  sign: number;
}

/** One d20 check as the rules build it at compile time: what the kernel rolls, and what a recorded event shows. */
export interface KernelTest {
  kind: string;
  actor: string;
  target: string | null;
  against: { label: string; value: number };
  /** the rows explaining `against` when it is AC */
  againstRows?: BreakdownRow[];
  ruleId: string;
  /** 0 one d20, 1 advantage, 2 disadvantage (the ruleset's roll mode, FTD-CHECK-3) */
  mode: number;
  /** what the modifiers add to the natural roll */
  bonus: number;
  rows: BreakdownRow[];
  rollMode: RollModeExplanation;
  dice: string;
}

export interface KernelAttack {
  name: string;
  /** the damage roll as the rules write it (dice, then the ability's modifier; FTD-ATK-7) */
  damageText: string;
  terms: KernelTerm[];
}

/** A creature as the kernel sees it, its numbers taken from the rules' own functions at compile time. */
export interface KernelCreature {
  id: string;
  side: number;
  hp: number;
  maxHp: number;
  ac: number;
  /** its initiative count: the DEX score (FTD-INIT-1) */
  initiative: number;
  /** its attacks in stat-block order (a creature without any ends its turns) */
  attacks: KernelAttack[];
  /** it can move (speed above 0; FTD-LOAD-4) */
  mobile: boolean;
}

/**
 * An attack roll as the rules build it (`attackCheck`, range's and light's roll modes): attacker a with
 * its attack j against t, the pair engaged or not, the attacker in melee or not. A string where the
 * rules would not roll it (the fight goes back to the engine).
 */
export type AttackTestOf = (a: number, j: number, t: number, engaged: boolean, inMelee: boolean) => KernelTest | string;

/** Where the fight stands when the kernel starts: a fresh fight, or one under way (odds from here). */
export interface KernelStart {
  /** null: a fresh fight (initiative and the battle's start are played); else the turn order by index */
  order: Int32Array | null;
  round: number;
  /** the index in `order` of the creature whose turn it is */
  turn: number;
  /** the current creature's active and movement actions left (FTD-ACT-2) */
  active: number;
  movement: number;
  /** 0 up, 1 dying, 2 dead, 3 escaped (out of the turn order and the fight, FTD-RETREAT-5) */
  status: Uint8Array;
  /** the round each dying creature dropped in */
  droppedRound: Int32Array;
}

/**
 * Zones (FTD-POS-5): who is engaged with whom when the fight starts, who may engage whom (the same
 * zone), and the attack the policy would use on each target: the first in stat-block order that
 * reaches it (`canAttack`), engaged (index n * n + a * n + t) or not (a * n + t); -1 for none.
 */
export interface KernelZones {
  engaged: Uint8Array;
  canEngage: Uint8Array;
  attackAt: Int8Array;
}

/** One morale check when the battle begins: the roller's index and its check (FTD-MORALE-4, FTD-MORALE-5). */
export interface MoraleGroup {
  roller: number;
  test: KernelTest;
}

/** The resources the table's events show being spent: an attack spends the active action, engaging the movement action (FTD-ACT-2). */
const RESOURCE_KEYS = ['active', 'movement'] as const;
const ACTIVE = 0;
const MOVEMENT = 1;
const KEYS = RESOURCE_KEYS.length;
const NORMAL = 0;
const ADVANTAGE = 1;
const UP = 0;
const DEAD = 2;
const ESCAPED = 3;
/** a test not built yet */
const UNKNOWN = -1;
/** a test the rules would not roll */
const REFUSED = -2;

/**
 * A Five Torches Deep fight as the engine plays it under the simulator's policies, for the states
 * `compile.ts` admits, with the engine's draws in the engine's order:
 * - a fresh fight's startCombat: no initiative roll, the DEX score is the count (FTD-INIT-1); ties are
 *   rolled off with a d20 per tied creature, again until none are tied (FTD-INIT-4, the engine's
 *   roll-off). Then the battle begins (FTD-MORALE-4): when the prompt answers call morale, each group
 *   of living monsters rolls its check (d20 + WIS + morale bonus against DC 11, FTD-MORALE-1,
 *   FTD-MORALE-2); a monster that fails flees, which changes nothing for a policy that only attacks.
 *   A fight under way starts where it stands: its order, round, whose turn with the actions it has
 *   left, the dying and the dead.
 * - a turn (`legalTurnPolicy`): a creature up attacks a hostile still up that one of its attacks
 *   reaches, by the policy's strategy, with the first attack that reaches it, spending its active
 *   action (FTD-ACT-2). In zones, when none reaches and it could still attack (`approachMove`), it
 *   engages a hostile (by the same strategy) with its movement action unless it is already engaged
 *   with one, it cannot move or the hostile is in another zone, then attacks (FTD-ACT-5, FTD-ATK-4).
 *   Then it ends its turn. A creature at 0 hit points is dying and takes no turns (FTD-DEATH-1).
 * - an attack: a d20, two keeping one under advantage or disadvantage (load above STR, light, a ranged
 *   attack at close range or in melee; FTD-LOAD-3, FTD-LIGHT-6..13, FTD-POS-6, FTD-ATK-5, FTD-CHECK-3);
 *   a natural 20 crits; otherwise the total against AC, a natural 1 included (FTD-ATK-1). A hit rolls
 *   the damage (at least 0), a crit doubles it (FTD-CRIT-1); hit points floor at 0, where the target
 *   drops, dying (FTD-DEATH-1). The GM's edge for a flank is asked and left at 'none' by both answerers.
 * Nobody attacks the dying, so nobody dies in such a fight, and no death calls morale. After it, with
 * the policies' minute after the fight, allies try to stabilize the dying and the dying window runs
 * out (`FtdMinuteAfter`).
 * The simulator's checks come before every command, as in its fight loop: one side standing wins,
 * past the round limit it is a draw.
 */
export class FtdFightKernel implements CompiledFight {
  readonly resourceKeys: readonly string[] = RESOURCE_KEYS;
  private readonly n: number;
  private readonly side: Int32Array;
  private readonly hp0: Int32Array;
  private readonly maxHp: Int32Array;
  private readonly ac: Int32Array;
  private readonly hasAttack: Uint8Array;
  private readonly mobile: Uint8Array;
  /** the most attacks any creature has */
  private readonly most: number;
  /** attack j of creature k is attack k * most + j: its damage terms from termFrom to termTo */
  private readonly termFrom: Int32Array;
  private readonly termTo: Int32Array;
  private readonly termCount: Int32Array;
  private readonly termSides: Int32Array;
  private readonly termSign: Int32Array;
  /** the attack rolls built so far, by `testIndex`: roll mode (UNKNOWN, REFUSED) and what the modifiers add */
  private readonly testMode: Int8Array;
  private readonly testBonus: Int32Array;
  private readonly tests: (KernelTest | undefined)[];
  private readonly moraleMode: Uint8Array;
  private readonly moraleBonus: Int32Array;
  private readonly moraleDc: Int32Array;
  private readonly target: 'weakest' | 'random';
  private readonly maxRounds: number;
  /** the minute after the fight, when the policies play it (`CompiledPolicySpec.afterFight`) */
  private readonly minuteAfter: FtdMinuteAfter | null;
  private readonly recorder: FtdFightRecorder;
  // per-fight scratch
  private readonly hp: Int32Array;
  private readonly up: Uint8Array;
  private readonly upBySide: Int32Array;
  private readonly dead: Uint8Array;
  /** escaped before the kernel started: neither up nor dying, never a target, never back */
  private readonly gone: Uint8Array;
  /** the round each creature dropped in (the start of its dying minute, FTD-DEATH-2) */
  private readonly droppedRound: Int32Array;
  private readonly engaged: Uint8Array;
  private round = 0;
  private readonly order: Int32Array;
  /** the DEX order: each creature's score is its count, ties rolled off */
  private readonly initiative: RollOffOrder;
  private readonly tieBreak = (k: number, dice: DiceDraw): number =>
    this.record ? this.recorder.d20(this.record, this.recordDice!, k, 'initiative tie-break', NORMAL) : dice.next(20);
  private readonly candidates: Int32Array;
  private readonly attackOf: Int32Array;
  /** while `playRecorded` runs: where the events go, and the dice */
  private record: ((e: FrayEventBody) => void) | null = null;
  private recordDice: DiceSource | null = null;

  constructor(
    readonly creatureIds: readonly string[],
    readonly sides: readonly string[],
    creatures: readonly KernelCreature[],
    private readonly morale: readonly MoraleGroup[],
    spec: CompiledPolicySpec,
    profileOf: (id: string) => DamageProfile,
    damageSteps: readonly DamageStep[],
    minuteAfter: FtdMinuteAfter | null,
    private readonly start: KernelStart,
    private readonly zones: KernelZones | null,
    private readonly testOf: AttackTestOf,
  ) {
    const n = creatures.length;
    this.n = n;
    const { ints, flags } = kernelColumns(creatures);
    this.side = ints((c) => c.side);
    this.hp0 = ints((c) => c.hp);
    this.maxHp = ints((c) => c.maxHp);
    this.ac = ints((c) => c.ac);
    this.hasAttack = Uint8Array.from(creatures, (c) => (c.attacks.length ? 1 : 0));
    this.mobile = flags((c) => c.mobile);
    const most = Math.max(1, ...creatures.map((c) => c.attacks.length));
    this.most = most;
    const terms: KernelTerm[] = [];
    this.termFrom = new Int32Array(n * most);
    this.termTo = new Int32Array(n * most);
    creatures.forEach((c, k) => c.attacks.forEach((a, j) => {
      this.termFrom[k * most + j] = terms.length;
      terms.push(...a.terms);
      this.termTo[k * most + j] = terms.length;
    }));
    this.termCount = Int32Array.from(terms, (t) => t.count);
    this.termSides = Int32Array.from(terms, (t) => t.sides);
    this.termSign = Int32Array.from(terms, (t) => t.sign);
    this.testMode = new Int8Array(n * most * n * 4).fill(UNKNOWN);
    this.testBonus = new Int32Array(n * most * n * 4);
    this.tests = new Array<KernelTest | undefined>(n * most * n * 4);
    this.moraleMode = Uint8Array.from(morale, (g) => g.test.mode);
    this.moraleBonus = Int32Array.from(morale, (g) => g.test.bonus);
    this.moraleDc = Int32Array.from(morale, (g) => g.test.against.value);
    this.target = spec.target;
    this.maxRounds = spec.maxRounds;
    this.minuteAfter = minuteAfter;
    this.recorder = new FtdFightRecorder(creatures, profileOf, damageSteps);
    this.hp = new Int32Array(n);
    this.up = new Uint8Array(n);
    this.dead = new Uint8Array(n);
    this.gone = Uint8Array.from(start.status, (x) => (x === ESCAPED ? 1 : 0));
    this.upBySide = new Int32Array(sides.length);
    this.droppedRound = new Int32Array(n);
    this.engaged = new Uint8Array(n * n);
    this.initiative = new RollOffOrder(n);
    this.initiative.total.set(ints((c) => c.initiative));
    this.order = start.order ?? this.initiative.order;
    this.candidates = new Int32Array(n);
    this.attackOf = new Int32Array(n);
  }

  newOutcome(): FightOutcome {
    return emptyOutcome(this.n, KEYS);
  }

  play(dice: DiceDraw, policy: PolicyDraw, out: FightOutcome): boolean {
    resetOutcome(out);
    const { n, hp, up, upBySide, order, side, hasAttack, maxRounds, start, zones, engaged, candidates, attackOf } = this;
    upBySide.fill(0);
    for (let k = 0; k < n; k++) {
      hp[k] = this.hp0[k]!;
      const status = start.status[k]!;
      up[k] = status === UP ? 1 : 0;
      this.dead[k] = status === DEAD ? 1 : 0;
      // down from the start counts as dropped (the simulator's observer)
      out.dropped[k] = up[k] ? 0 : 1;
      this.droppedRound[k] = start.droppedRound[k]!;
      if (up[k]) upBySide[side[k]!]!++;
    }
    if (zones) engaged.set(zones.engaged);
    let round = start.round;
    let first = start.turn;
    if (!start.order) {
      this.rollInitiative(dice);
      for (let g = 0; g < this.morale.length; g++) this.moraleCheck(dice, g);
      out.commands = 1;
      round = 1;
      first = 0;
    }
    let opening = start.order !== null;
    const turns = order.length;
    for (;; round++) {
      this.round = round;
      for (let i = first; i < turns; i++) {
        const me = order[i]!;
        // FTD-DEATH-1: the dying take no turns (the escaped left the order before the kernel started)
        if (!up[me]) continue;
        let active = 1;
        let movement = 1;
        if (opening) {
          active = start.active;
          movement = start.movement;
          opening = false;
        }
        for (;;) {
          const standing = sideStanding(upBySide);
          if (standing !== -2) return this.finish(dice, out, standing, round);
          if (round > maxRounds) return this.finish(dice, out, -1, round);
          out.commands++;
          if (!active || !hasAttack[me]) break;
          // the attacks that reach a hostile still up, the first for each (ftdLegalCommands, legalTurnPolicy)
          let m = 0;
          for (let t = 0; t < n; t++) {
            if (!up[t] || side[t] === side[me]) continue;
            const j = zones ? zones.attackAt[engaged[me * n + t]! * n * n + me * n + t]! : 0;
            if (j < 0) continue;
            attackOf[t] = j;
            candidates[m++] = t;
          }
          if (m > 0) {
            const t = pickTarget(this.target, candidates, m, hp, this.maxHp, policy);
            active = 0;
            out.spent[me * KEYS + ACTIVE]!++;
            if (!this.attack(dice, me, attackOf[t]!, t, out)) return false;
            continue;
          }
          if (!zones) break;
          // nothing in reach (approachMove): engage a hostile, unless already engaged with one
          let inMelee = false;
          for (let t = 0; t < n; t++) {
            if (!up[t] || side[t] === side[me]) continue;
            if (engaged[me * n + t]) inMelee = true;
            candidates[m++] = t;
          }
          if (m === 0 || inMelee) break;
          const foe = pickTarget(this.target, candidates, m, hp, this.maxHp, policy);
          if (!movement || !this.mobile[me] || !zones.canEngage[me * n + foe]) break;
          movement = 0;
          out.spent[me * KEYS + MOVEMENT]!++;
          engaged[me * n + foe] = 1;
          engaged[foe * n + me] = 1;
        }
      }
      first = 0;
    }
  }

  /** The fight is over in `round`; with the minute after it, that minute plays (`minute-after.ts`). */
  private finish(dice: DiceDraw, out: FightOutcome, winner: number, round: number): boolean {
    finishFight(out, winner, round, this.maxRounds, this.up);
    for (let k = 0; k < this.n; k++) if (this.dead[k]) out.dead[k] = 1;
    if (!this.minuteAfter) return true;
    const rec = this.record ? { record: this.record, dice: this.recordDice!, recorder: this.recorder } : null;
    return this.minuteAfter.play(dice, out, this.up, this.dead, this.gone, this.droppedRound, round, rec);
  }

  playRecorded(dice: DiceSource, policy: PolicyDraw, out: FightOutcome, record: (e: FrayEventBody) => void): boolean {
    this.record = record;
    this.recordDice = dice;
    try {
      return this.play(dice, policy, out);
    } finally {
      this.record = null;
      this.recordDice = null;
    }
  }

  /** A d20 test's natural: one die, or two keeping the higher (advantage) or the lower (disadvantage). */
  private d20(dice: DiceDraw, mode: number): number {
    const a = dice.next(20);
    if (mode === NORMAL) return a;
    const b = dice.next(20);
    return mode === ADVANTAGE ? (a > b ? a : b) : a < b ? a : b;
  }

  /** The attack roll's index: attacker, attack, target, the pair engaged, the attacker in melee. */
  private testIndex(me: number, j: number, t: number): number {
    const { n, engaged, zones } = this;
    let at = ((me * this.most + j) * n + t) * 4;
    if (!zones) return at;
    if (engaged[me * n + t]) at += 2;
    for (let x = 0; x < n; x++) {
      if (engaged[me * n + x] && this.up[x] && this.side[x] !== this.side[me]) return at + 1;
    }
    return at;
  }

  /** Builds the attack roll at `at` through the rules (`AttackTestOf`) the first time it is needed. */
  private buildTest(at: number, me: number, j: number, t: number): void {
    const test = this.testOf(me, j, t, (at & 2) !== 0, (at & 1) !== 0);
    if (typeof test === 'string') {
      this.testMode[at] = REFUSED;
      return;
    }
    this.tests[at] = test;
    this.testMode[at] = test.mode;
    this.testBonus[at] = test.bonus;
  }

  /** One attack (FTD-ATK-1): the roll, then the damage on a hit, doubled on a crit (FTD-CRIT-1). False: the rules would not roll it. */
  private attack(dice: DiceDraw, me: number, j: number, t: number, out: FightOutcome): boolean {
    const at = this.testIndex(me, j, t);
    if (this.testMode[at] === UNKNOWN) this.buildTest(at, me, j, t);
    const mode = this.testMode[at]!;
    if (mode === REFUSED) return false;
    out.attacks++;
    const record = this.record;
    const natural = record ? this.recorder.d20(record, this.recordDice!, me, 'attack', mode) : this.d20(dice, mode);
    const crit = natural === 20;
    const hit = crit || natural + this.testBonus[at]! >= this.ac[t]!;
    if (record) this.recorder.test(record, this.tests[at]!, natural, crit ? 'crit' : hit ? 'hit' : 'miss');
    if (!hit) return true;
    let amount: number;
    if (record) amount = this.recorder.damage(record, this.recordDice!, me, j);
    else {
      const { termCount, termSides, termSign } = this;
      amount = 0;
      for (let k = this.termFrom[me * this.most + j]!, end = this.termTo[me * this.most + j]!; k < end; k++) {
        const count = termCount[k]!;
        if (count === 0) {
          amount += termSign[k]!;
          continue;
        }
        const sides = termSides[k]!;
        let sum = 0;
        for (let d = 0; d < count; d++) sum += dice.next(sides);
        amount += termSign[k]! * sum;
      }
    }
    amount = amount > 0 ? amount : 0;
    if (crit) amount *= 2;
    const before = this.hp[t]!;
    const after = before > amount ? before - amount : 0;
    if (record) this.recorder.damageApplied(record, me, t, amount, before, after);
    out.dealt[me]! += amount;
    out.taken[t]! += amount;
    if (amount === 0) return true;
    this.hp[t] = after;
    if (after > 0) return true;
    out.dropped[t] = 1;
    this.droppedRound[t] = this.round;
    this.up[t] = 0;
    this.upBySide[this.side[t]!]!--;
    return true;
  }

  /** A group's morale check when the battle begins; its outcome changes nothing the kernel plays. */
  private moraleCheck(dice: DiceDraw, g: number): void {
    const record = this.record;
    if (!record) {
      this.d20(dice, this.moraleMode[g]!);
      return;
    }
    const group = this.morale[g]!;
    const natural = this.recorder.d20(record, this.recordDice!, group.roller, 'morale', group.test.mode);
    this.recorder.test(record, group.test, natural, natural + this.moraleBonus[g]! >= this.moraleDc[g]! ? 'success' : 'failure');
  }

  /** Initiative counts in encounter order, sorted, ties rolled off (the engine's sortOrder and settleTies). */
  private rollInitiative(dice: DiceDraw): void {
    this.initiative.settle(dice, this.tieBreak);
  }
}
