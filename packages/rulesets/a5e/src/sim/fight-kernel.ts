import type { DiceSource } from '@fray/dice';
import {
  emptyOutcome, finishFight, hostilesUp, pickTarget, resetOutcome, sideStanding, type CompiledFight, type CompiledPolicySpec, type DamageProfile, type DamageStep, type DiceDraw, type FightOutcome,
  type FrayEventBody, type PolicyDraw,
} from '@fray/engine';
import { FightRecorder } from './fight-record';

/** One term of a damage roll: `count` dice of `sides` (count 0: the constant `sign`), of damage type `type`. */
export interface KernelTerm {
  count: number;
  sides: number;
  sign: number;
  type: string;
}

/** A creature as the kernel sees it, its numbers taken from the rules' own functions at compile time. */
export interface KernelCreature {
  id: string;
  side: number;
  hp: number;
  maxHp: number;
  ac: number;
  /** the initiative check's modifier (A5E-INIT-1: a Dexterity check) */
  initiative: number;
  /** follows the full dying rules (A5E-DYING-1..14) and may block a critical hit (A5E-DMG-6) */
  fullRules: boolean;
  /** may sacrifice a shield against a critical hit (A5E-DMG-5) */
  shield: boolean;
  /** attacks one Attack action makes; 0 without an attack */
  attacks: number;
  bonus: number;
  terms: KernelTerm[];
  /** what recorded events show: the attack's name, its damage roll as the rules write it, its default damage type */
  attackName: string;
  damageText: string;
  damageType: string;
  /** the damage profile the tables were made from (recorded events show its rows) */
  profile: DamageProfile;
}


/** The resources the table's events show being spent: the action, and the rest of a multiattack. */
const RESOURCE_KEYS = ['action', 'attacksLeft'] as const;
/** The engine's roll-off limit (settleTies). */
const ROLL_OFFS = 50;

/**
 * An A5E fight as the engine plays it under the simulator's policies, for the states `compile.ts`
 * admits, with the engine's draws in the engine's order:
 * - startCombat: each creature in encounter order rolls a Dexterity check for initiative (A5E-INIT-1);
 *   ties are rolled off with a d20 per tied creature, again until none are tied (A5E-INIT-3); no
 *   surprise (A5E-ENC-8). The dead take no turns.
 * - on its turn a creature up attacks until its Attack action's attacks are spent (A5E-ACT-3); the
 *   target is a hostile still up, by the policy's strategy; then it ends its turn.
 * - an attack: a d20; a natural 20 hits and crits, a natural 1 misses, otherwise the total against AC
 *   (A5E-ATK-2, A5E-ATK-6). Damage dice in term order; a crit doubles each part (A5E-DMG-4); each
 *   damage type through the target's defences (tabulated `calculateDamage`); hit points floor at 0.
 * - at 0 hit points a monster (or an NPC, the simulator answering the Narrator's question with its
 *   default) dies (A5E-DYING-15, A5E-DYING-16).
 * Handed back to the engine: a creature under the full dying rules dropping to 0, and a crit the
 * target would block or sacrifice a shield against (the simulator's answer when it is bloodied).
 * The simulator's checks come before every command, as in its fight loop: one side standing wins,
 * past the round limit it is a draw.
 */
export class A5eFightKernel implements CompiledFight {
  readonly resourceKeys: readonly string[] = RESOURCE_KEYS;
  private readonly n: number;
  private readonly side: Int32Array;
  private readonly hp0: Int32Array;
  private readonly maxHp: Int32Array;
  private readonly ac: Int32Array;
  private readonly initMod: Int32Array;
  private readonly fullRules: Uint8Array;
  private readonly shield: Uint8Array;
  private readonly attacksPerAction: Int32Array;
  private readonly bonus: Int32Array;
  private readonly termFrom: Int32Array;
  private readonly termTo: Int32Array;
  private readonly termCount: Int32Array;
  private readonly termSides: Int32Array;
  private readonly termSign: Int32Array;
  private readonly termType: Int32Array;
  private readonly typeCount: number;
  /** damage after defences: target t, type y, amount a at tables[tableAt[t * typeCount + y] + a] */
  private readonly tables: Int32Array;
  private readonly tableAt: Int32Array;
  private readonly tableLen: Int32Array;
  private readonly target: 'weakest' | 'random';
  private readonly maxRounds: number;
  // per-fight scratch
  private readonly hp: Int32Array;
  private readonly up: Uint8Array;
  private readonly upBySide: Int32Array;
  private readonly order: Int32Array;
  private readonly total: Int32Array;
  private readonly tieLen: Int32Array;
  private readonly ties: Int32Array;
  private readonly candidates: Int32Array;
  private readonly amounts: Int32Array;
  private readonly recorder: FightRecorder;
  /** attacker a against target t deals one damage type that t takes as rolled (recorded: one 'rolled' row, nothing to calculate) */
  private readonly asRolled: Uint8Array;
  /** while `playRecorded` runs: where the events go, and the dice (whose state each roll records) */
  private record: ((e: FrayEventBody) => void) | null = null;
  private recordDice: DiceSource | null = null;

  constructor(
    readonly creatureIds: readonly string[],
    readonly sides: readonly string[],
    creatures: readonly KernelCreature[],
    types: readonly string[],
    tables: readonly (readonly Int32Array[])[],
    spec: CompiledPolicySpec,
    damageSteps: readonly DamageStep[],
  ) {
    const n = creatures.length;
    this.recorder = new FightRecorder(creatures, damageSteps);
    this.n = n;
    const ints = (f: (c: KernelCreature) => number) => Int32Array.from(creatures, f);
    this.side = ints((c) => c.side);
    this.hp0 = ints((c) => c.hp);
    this.maxHp = ints((c) => c.maxHp);
    this.ac = ints((c) => c.ac);
    this.initMod = ints((c) => c.initiative);
    this.fullRules = Uint8Array.from(creatures, (c) => (c.fullRules ? 1 : 0));
    this.shield = Uint8Array.from(creatures, (c) => (c.shield ? 1 : 0));
    this.attacksPerAction = ints((c) => c.attacks);
    this.bonus = ints((c) => c.bonus);
    const terms = creatures.flatMap((c) => c.terms);
    this.termCount = Int32Array.from(terms, (t) => t.count);
    this.termSides = Int32Array.from(terms, (t) => t.sides);
    this.termSign = Int32Array.from(terms, (t) => t.sign);
    this.termType = Int32Array.from(terms, (t) => types.indexOf(t.type));
    this.termFrom = new Int32Array(n);
    this.termTo = new Int32Array(n);
    let at = 0;
    creatures.forEach((c, k) => {
      this.termFrom[k] = at;
      at += c.terms.length;
      this.termTo[k] = at;
    });
    this.typeCount = types.length;
    this.tableAt = new Int32Array(n * types.length);
    this.tableLen = new Int32Array(n * types.length);
    this.tables = new Int32Array(tables.reduce((a, row) => a + row.reduce((b, t) => b + t.length, 0), 0));
    let off = 0;
    tables.forEach((row, k) => row.forEach((table, y) => {
      this.tableAt[k * types.length + y] = off;
      this.tableLen[k * types.length + y] = table.length;
      this.tables.set(table, off);
      off += table.length;
    }));
    this.target = spec.target;
    this.maxRounds = spec.maxRounds;
    this.asRolled = new Uint8Array(n * n);
    for (let a = 0; a < n; a++) {
      const type = this.recorder.singleTypeOf(a);
      if (type === null) continue;
      const y = types.indexOf(type);
      for (let t = 0; t < n; t++) {
        const table = tables[t]![y]!;
        this.asRolled[a * n + t] = table.every((v, amount) => v === amount) ? 1 : 0;
      }
    }
    this.hp = new Int32Array(n);
    this.up = new Uint8Array(n);
    this.upBySide = new Int32Array(sides.length);
    this.order = new Int32Array(n);
    this.total = new Int32Array(n);
    this.tieLen = new Int32Array(n);
    this.ties = new Int32Array(n * ROLL_OFFS);
    this.candidates = new Int32Array(n);
    this.amounts = new Int32Array(types.length);
  }

  newOutcome(): FightOutcome {
    return emptyOutcome(this.n, RESOURCE_KEYS.length);
  }

  play(dice: DiceDraw, policy: PolicyDraw, out: FightOutcome): boolean {
    resetOutcome(out);
    const { n, hp, up, upBySide, order, side, attacksPerAction, maxRounds } = this;
    upBySide.fill(0);
    for (let k = 0; k < n; k++) {
      hp[k] = this.hp0[k]!;
      up[k] = 1;
      upBySide[side[k]!]!++;
    }
    this.rollInitiative(dice);
    out.commands = 1;
    let round = 1;
    for (;;) {
      for (let i = 0; i < n; i++) {
        const me = order[i]!;
        if (out.dead[me]) continue;
        let attacksLeft = up[me] ? attacksPerAction[me]! : 0;
        let first = true;
        for (;;) {
          const standing = sideStanding(this.upBySide);
          if (standing !== -2) return finishFight(out, standing, round, maxRounds);
          if (round > maxRounds) return finishFight(out, -1, maxRounds, maxRounds);
          out.commands++;
          if (attacksLeft === 0 || !up[me]) break;
          const m = hostilesUp(me, this.side, this.up, this.candidates);
          if (m === 0) break;
          const t = pickTarget(this.target, this.candidates, m, this.hp, this.maxHp, policy);
          out.spent[me * 2 + (first ? 0 : 1)]!++;
          first = false;
          attacksLeft--;
          if (!this.attack(dice, me, t, out)) return false;
        }
      }
      round++;
    }
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





  /** One attack; false when the fight leaves the compiled rules. */
  private attack(dice: DiceDraw, me: number, t: number, out: FightOutcome): boolean {
    out.attacks++;
    const natural = this.record ? this.recorder.d20Roll(this.record, this.recordDice!, me, 'attack') : dice.next(20);
    const crit = natural === 20;
    const hit = crit || (natural !== 1 && natural + this.bonus[me]! >= this.ac[t]!);
    // A crit the target could turn aside (shield, Block): the simulator turns it aside when bloodied.
    if (crit && (this.shield[t] || this.fullRules[t]) && this.hp[t]! * 2 <= this.maxHp[t]!) return false;
    if (this.record) this.recorder.attack(this.record, me, t, natural, crit ? 'crit' : hit ? 'hit' : 'miss');
    if (!hit) return true;
    if (this.record) return this.applyDamage(me, t, this.recorder.damageRoll(this.record, this.recordDice!, me, t, crit, this.asRolled[me * this.n + t] === 1, this.hp[t]!), out);
    const { amounts, termCount, termSides, termSign, termType, typeCount } = this;
    amounts.fill(0);
    for (let k = this.termFrom[me]!, end = this.termTo[me]!; k < end; k++) {
      const count = termCount[k]!;
      if (count === 0) {
        amounts[termType[k]!]! += termSign[k]!;
        continue;
      }
      const sides = termSides[k]!;
      let sum = 0;
      for (let d = 0; d < count; d++) sum += dice.next(sides);
      amounts[termType[k]!]! += termSign[k]! * sum;
    }
    let total = 0;
    const base = t * typeCount;
    for (let y = 0; y < typeCount; y++) {
      const a = amounts[y]!;
      if (a <= 0) continue;
      total += this.tables[this.tableAt[base + y]! + (crit ? 2 * a : a)]!;
    }
    return this.applyDamage(me, t, total, out);
  }

  private applyDamage(me: number, t: number, total: number, out: FightOutcome): boolean {
    out.dealt[me]! += total;
    out.taken[t]! += total;
    if (total <= 0) return true;
    const after = Math.max(0, this.hp[t]! - total);
    this.hp[t] = after;
    if (after > 0) return true;
    out.dropped[t] = 1;
    if (this.fullRules[t]) return false;
    out.dead[t] = 1;
    this.up[t] = 0;
    this.upBySide[this.side[t]!]!--;
    return true;
  }

  /** Initiative checks in encounter order, sorted, ties rolled off (the engine's sortOrder and settleTies). */
  private rollInitiative(dice: DiceDraw): void {
    const { n, order, total, tieLen, ties, initMod } = this;
    for (let k = 0; k < n; k++) {
      const natural = this.record ? this.recorder.d20Roll(this.record, this.recordDice!, k, 'check') : dice.next(20);
      total[k] = natural + initMod[k]!;
      tieLen[k] = 0;
      order[k] = k;
      if (this.record) this.recorder.initiative(this.record, k, natural);
    }
    for (let guard = 0; guard < ROLL_OFFS; guard++) {
      this.sortOrder();
      let rolled = false;
      for (let i = 0; i < n; ) {
        let j = i + 1;
        while (j < n && this.sameKey(order[i]!, order[j]!)) j++;
        if (j - i > 1) {
          rolled = true;
          for (let r = i; r < j; r++) {
            const k = order[r]!;
            ties[k * ROLL_OFFS + tieLen[k]!] = this.record ? this.recorder.d20Roll(this.record, this.recordDice!, k, 'initiative tie-break') : dice.next(20);
            tieLen[k]!++;
          }
        }
        i = j;
      }
      if (!rolled) return;
    }
    this.sortOrder();
  }

  private sameKey(a: number, b: number): boolean {
    const { total, tieLen, ties } = this;
    if (total[a] !== total[b] || tieLen[a] !== tieLen[b]) return false;
    for (let i = 0; i < tieLen[a]!; i++) if (ties[a * ROLL_OFFS + i] !== ties[b * ROLL_OFFS + i]) return false;
    return true;
  }

  /** Negative when a goes first: higher total, then higher roll-offs in turn (none counts lowest), then joined first. */
  private compare(a: number, b: number): number {
    const { total, tieLen, ties } = this;
    if (total[a] !== total[b]) return total[b]! - total[a]!;
    const len = Math.max(tieLen[a]!, tieLen[b]!);
    for (let i = 0; i < len; i++) {
      const x = i < tieLen[a]! ? ties[a * ROLL_OFFS + i]! : -Infinity;
      const y = i < tieLen[b]! ? ties[b * ROLL_OFFS + i]! : -Infinity;
      if (x !== y) return y - x;
    }
    return a - b;
  }

  /** Insertion sort (stable, and the order is nearly sorted after the first pass). */
  private sortOrder(): void {
    const { n, order } = this;
    for (let i = 1; i < n; i++) {
      const k = order[i]!;
      let j = i;
      while (j > 0 && this.compare(order[j - 1]!, k) > 0) {
        order[j] = order[j - 1]!;
        j--;
      }
      order[j] = k;
    }
  }
}
