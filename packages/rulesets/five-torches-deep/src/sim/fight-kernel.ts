import type { DiceSource } from '@fray/dice';
import {
  RollOffOrder, emptyOutcome, finishFight, hostilesUp, pickTarget, resetOutcome, sideStanding, type BreakdownRow, type CompiledFight, type CompiledPolicySpec, type DamageProfile,
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
  /** the attack roll against each creature by index (null for allies, never attacked) */
  tests: (KernelTest | null)[];
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
  /** the first attack its stat block lists, or null (it then ends its turns) */
  attack: KernelAttack | null;
}

/** One morale check when the battle begins: the roller's index and its check (FTD-MORALE-4, FTD-MORALE-5). */
export interface MoraleGroup {
  roller: number;
  test: KernelTest;
}

/** The resources the table's events show being spent: an attack spends the active action (FTD-ACT-2). */
const RESOURCE_KEYS = ['active'] as const;
/** The engine's roll-off limit (settleTies). */
const NORMAL = 0;
const ADVANTAGE = 1;

/**
 * A Five Torches Deep fight as the engine plays it under the simulator's policies, for the states
 * `compile.ts` admits, with the engine's draws in the engine's order:
 * - startCombat: no initiative roll, the DEX score is the count (FTD-INIT-1); ties are rolled off with
 *   a d20 per tied creature, again until none are tied (FTD-INIT-4, the engine's roll-off). Then the
 *   battle begins (FTD-MORALE-4): when the prompt answers call morale, each group of living monsters
 *   rolls its check (d20 + WIS + morale bonus against DC 11, FTD-MORALE-1, FTD-MORALE-2); a monster
 *   that fails flees, which changes nothing for a policy that only attacks.
 * - a turn: a creature up attacks a hostile still up, by the policy's strategy, with its first attack,
 *   spending its active action (FTD-ACT-2); then it ends its turn. A creature at 0 hit points is dying
 *   and takes no turns (FTD-DEATH-1).
 * - an attack: a d20, two keeping one under advantage or disadvantage (load above STR, light;
 *   FTD-LOAD-3, FTD-LIGHT-6..13, FTD-CHECK-3); a natural 20 crits; otherwise the total against AC, a
 *   natural 1 included (FTD-ATK-1). A hit rolls the damage (at least 0), a crit doubles it
 *   (FTD-CRIT-1); hit points floor at 0, where the target drops, dying (FTD-DEATH-1).
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
  private readonly dex: Int32Array;
  private readonly hasAttack: Uint8Array;
  private readonly termFrom: Int32Array;
  private readonly termTo: Int32Array;
  private readonly termCount: Int32Array;
  private readonly termSides: Int32Array;
  private readonly termSign: Int32Array;
  /** attacker a against target t at a * n + t: the roll mode and what the modifiers add */
  private readonly pairMode: Uint8Array;
  private readonly pairBonus: Int32Array;
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
  /** the round each creature dropped in (the start of its dying minute, FTD-DEATH-2) */
  private readonly droppedRound: Int32Array;
  private round = 0;
  private readonly order: Int32Array;
  /** the DEX order: each creature's score is its count, ties rolled off */
  private readonly initiative: RollOffOrder;
  private readonly tieBreak = (k: number, dice: DiceDraw): number =>
    this.record ? this.recorder.d20(this.record, this.recordDice!, k, 'initiative tie-break', NORMAL) : dice.next(20);
  private readonly candidates: Int32Array;
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
  ) {
    const n = creatures.length;
    this.n = n;
    const ints = (f: (c: KernelCreature) => number) => Int32Array.from(creatures, f);
    this.side = ints((c) => c.side);
    this.hp0 = ints((c) => c.hp);
    this.maxHp = ints((c) => c.maxHp);
    this.ac = ints((c) => c.ac);
    this.dex = ints((c) => c.initiative);
    this.hasAttack = Uint8Array.from(creatures, (c) => (c.attack ? 1 : 0));
    const terms = creatures.flatMap((c) => c.attack?.terms ?? []);
    this.termCount = Int32Array.from(terms, (t) => t.count);
    this.termSides = Int32Array.from(terms, (t) => t.sides);
    this.termSign = Int32Array.from(terms, (t) => t.sign);
    this.termFrom = new Int32Array(n);
    this.termTo = new Int32Array(n);
    let at = 0;
    creatures.forEach((c, k) => {
      this.termFrom[k] = at;
      at += c.attack?.terms.length ?? 0;
      this.termTo[k] = at;
    });
    this.pairMode = new Uint8Array(n * n);
    this.pairBonus = new Int32Array(n * n);
    creatures.forEach((c, a) => c.attack?.tests.forEach((test, t) => {
      if (!test) return;
      this.pairMode[a * n + t] = test.mode;
      this.pairBonus[a * n + t] = test.bonus;
    }));
    this.moraleMode = Uint8Array.from(morale, (g) => g.test.mode);
    this.moraleBonus = Int32Array.from(morale, (g) => g.test.bonus);
    this.moraleDc = Int32Array.from(morale, (g) => g.test.against.value);
    this.target = spec.target;
    this.maxRounds = spec.maxRounds;
    this.minuteAfter = minuteAfter;
    this.recorder = new FtdFightRecorder(creatures, profileOf, damageSteps);
    this.hp = new Int32Array(n);
    this.up = new Uint8Array(n);
    this.upBySide = new Int32Array(sides.length);
    this.droppedRound = new Int32Array(n);
    this.initiative = new RollOffOrder(n);
    this.initiative.total.set(this.dex);
    this.order = this.initiative.order;
    this.candidates = new Int32Array(n);
  }

  newOutcome(): FightOutcome {
    return emptyOutcome(this.n, RESOURCE_KEYS.length);
  }

  play(dice: DiceDraw, policy: PolicyDraw, out: FightOutcome): boolean {
    resetOutcome(out);
    const { n, hp, up, upBySide, order, side, hasAttack, maxRounds } = this;
    upBySide.fill(0);
    for (let k = 0; k < n; k++) {
      hp[k] = this.hp0[k]!;
      up[k] = 1;
      upBySide[side[k]!]!++;
    }
    this.rollInitiative(dice);
    for (let g = 0; g < this.morale.length; g++) this.moraleCheck(dice, g);
    out.commands = 1;
    let round = 1;
    for (;; round++) {
      this.round = round;
      for (let i = 0; i < n; i++) {
        const me = order[i]!;
        // FTD-DEATH-1: the dying take no turns (nobody else leaves the order in these fights)
        if (!up[me]) continue;
        let acted = false;
        for (;;) {
          const standing = sideStanding(upBySide);
          if (standing !== -2) return this.finish(dice, out, standing, round);
          if (round > maxRounds) return this.finish(dice, out, -1, round);
          out.commands++;
          if (acted || !hasAttack[me]) break;
          const m = hostilesUp(me, side, up, this.candidates);
          if (m === 0) break;
          const t = pickTarget(this.target, this.candidates, m, hp, this.maxHp, policy);
          acted = true;
          out.spent[me]!++;
          this.attack(dice, me, t, out);
        }
      }
    }
  }

  /** The fight is over in `round`; with the minute after it, that minute plays (`minute-after.ts`). */
  private finish(dice: DiceDraw, out: FightOutcome, winner: number, round: number): boolean {
    finishFight(out, winner, round, this.maxRounds, this.up);
    if (!this.minuteAfter) return true;
    const rec = this.record ? { record: this.record, dice: this.recordDice!, recorder: this.recorder } : null;
    return this.minuteAfter.play(dice, out, this.up, this.droppedRound, round, rec);
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

  /** One attack (FTD-ATK-1): the roll, then the damage on a hit, doubled on a crit (FTD-CRIT-1). */
  private attack(dice: DiceDraw, me: number, t: number, out: FightOutcome): void {
    out.attacks++;
    const pair = me * this.n + t;
    const record = this.record;
    const natural = record ? this.recorder.d20(record, this.recordDice!, me, 'attack', this.pairMode[pair]!) : this.d20(dice, this.pairMode[pair]!);
    const crit = natural === 20;
    const hit = crit || natural + this.pairBonus[pair]! >= this.ac[t]!;
    if (record) this.recorder.attack(record, me, t, natural, crit ? 'crit' : hit ? 'hit' : 'miss');
    if (!hit) return;
    let amount: number;
    if (record) amount = this.recorder.damage(record, this.recordDice!, me);
    else {
      const { termCount, termSides, termSign } = this;
      amount = 0;
      for (let k = this.termFrom[me]!, end = this.termTo[me]!; k < end; k++) {
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
    if (amount === 0) return;
    this.hp[t] = after;
    if (after > 0) return;
    out.dropped[t] = 1;
    this.droppedRound[t] = this.round;
    this.up[t] = 0;
    this.upBySide[this.side[t]!]!--;
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
