import {
  emptyOutcome, finishFight, hostilesUp, pickTarget, resetOutcome, sideStanding, type CompiledFight, type CompiledPolicySpec, type DiceDraw, type FightOutcome,
  type PolicyDraw,
} from '@fray/engine';

/** One term of a dice roll: `count` dice of `sides` with `sign`; count 0: the constant `sign`. */
export interface KernelTerm {
  count: number;
  sides: number;
  sign: number;
}

/** A creature's attack as the kernel makes it, its numbers taken from the rules' own functions at compile time. */
export interface KernelAttack {
  /** the attack roll's modifier without the escalation die (13A-ATK-2) */
  bonus: number;
  /** adds the escalation die (PCs, 13A-ESC-2; monsters whose stat block says so, 13A-ESC-3) */
  escalation: boolean;
  /** the hit damage roll (13A-WPN-1/2, 13A-DMG-2) */
  damage: KernelTerm[];
  /** miss damage (13A-ATK-7): none, the attacker's level, or `missTerms` */
  miss: 'none' | 'level' | 'dice';
  missTerms: KernelTerm[];
  level: number;
  /** 2, plus one per distinct crit-doubling effect (13A-CRIT-3/4) */
  critMult: number;
}

export interface KernelCreature {
  id: string;
  side: number;
  hp: number;
  maxHp: number;
  /** the lowest its hit points go (`hpFloor`: a PC's -maximum, 13A-HP-1; 0 otherwise) */
  floor: number;
  /** a PC: falls unconscious at 0 and makes death saves (13A-HP-5, 13A-DYING); otherwise slain at 0 (13A-HP-6) */
  pc: boolean;
  /** index of its mook mob (pooled hit points, damage spilling on in join order), or -1 */
  mob: number;
  /** the initiative bonus (13A-STAT-4) */
  initiative: number;
  /** index of its shared initiative roll (identical monsters, 13A-INIT-3), or -1 */
  group: number;
  saveBonus: number;
  recoveries: number;
  /** the recovery roll (13A-HEAL-1) */
  recovery: KernelTerm[];
  /** the attack the simulator's policy makes, or null (it then ends its turns) */
  attack: KernelAttack | null;
}

/** Per attacker i and target j, at i * n + j. */
export interface KernelPairs {
  /** the defense the attack is against (13A-DEF-7) */
  defenses: Int32Array;
  /** the lowest natural that crits (13A-CRIT-1/2) */
  critFrom: Int32Array;
  /** resistance (13A-RES-2): 0 none, the number, or IMMUNE (13A-RES-4) */
  resist: Int32Array;
}

export const IMMUNE = -1;
/** 13A-DYING-2: a death save succeeds on 16+. */
const DEATH_SAVE = 16;
/** 13A-DYING-4: the fourth failed death save of a battle kills. */
const DEATH_SAVE_FAILURES = 4;
/** 13A-ESC-1: the escalation die stops at 6. */
const ESCALATION_MAX = 6;
/** The resources the table's events show being spent: attacks spend the standard action; a death save that wakes spends a recovery and, short of a natural 20, the turn's actions. */
const RESOURCE_KEYS = ['standard', 'move', 'quick', 'recoveries'] as const;
const STANDARD = 0;
const MOVE = 1;
const QUICK = 2;
const RECOVERIES = 3;
const CONSCIOUS = 0;
const UNCONSCIOUS = 1;
const DEAD = 2;

/**
 * A 13th Age fight as the engine plays it under the simulator's policies, for the states `compile.ts`
 * admits, with the engine's draws in the engine's order:
 * - startCombat: in encounter order each creature rolls d20 + its initiative bonus, identical monsters
 *   once for all (13A-INIT-1, 13A-INIT-3); the order is by total, then bonus, then PCs, then join order
 *   (13A-INIT-4); no roll-offs. The escalation die is 0 in round 1 and rises by 1 each later round, to
 *   6 (13A-ESC-1). The dead take no turns.
 * - a turn: an unconscious PC first rolls its death save (13A-DYING-1): 16+ spends a recovery and heals
 *   the roll from 0 (13A-DYING-2, 13A-HEAL-3), and short of a natural 20 the turn's actions are gone
 *   (13A-DYING-3); otherwise a failure, the fourth of the battle kills (13A-DYING-4). A creature up
 *   with an attack then attacks once with its standard action (a hostile still up, by the policy's
 *   strategy) and ends its turn.
 * - an attack: a d20; a natural 1 fumbles (13A-ATK-6, no miss damage); a natural in the crit range
 *   crits (13A-CRIT-1/2); otherwise the total (bonus + escalation die) against the defense. A hit rolls
 *   damage once, a crit multiplies it (13A-CRIT-3/4); a miss deals miss damage (13A-ATK-7); then
 *   resistance by the natural roll (13A-RES-2/4, 13A-DMG-4), never below 0 (13A-DMG-5).
 * - damage: a monster at 0 is slain (13A-HP-6); a mook's overflow spills to the first mook of its mob
 *   still standing, in join order, as it is, and on (13A-TGT-1, the mob); a PC falls unconscious at 0
 *   or below (13A-HP-5) and dies at -half its maximum (13A-DYING-5), its hit points floored at -maximum.
 * Handed back to the engine: a death save that succeeds with no recovery left (13A-HEAL-4) or whose
 * recovery roll heals nothing.
 * The simulator's checks come before every command, as in its fight loop: one side standing wins,
 * past the round limit it is a draw.
 */
export class ThirteenFightKernel implements CompiledFight {
  readonly resourceKeys: readonly string[] = RESOURCE_KEYS;
  private readonly n: number;
  private readonly side: Int32Array;
  private readonly hp0: Int32Array;
  private readonly maxHp: Int32Array;
  private readonly floor: Int32Array;
  private readonly pc: Uint8Array;
  private readonly initBonus: Int32Array;
  private readonly group: Int32Array;
  private readonly saveBonus: Int32Array;
  private readonly recoveries0: Int32Array;
  private readonly hasAttack: Uint8Array;
  private readonly bonus: Int32Array;
  private readonly escalates: Uint8Array;
  private readonly missKind: Uint8Array;
  private readonly level: Int32Array;
  private readonly critMult: Int32Array;
  /** the mob's members in join order: mobMembers[mobFrom[m] .. mobFrom[m + 1]) */
  private readonly mob: Int32Array;
  private readonly mobFrom: Int32Array;
  private readonly mobMembers: Int32Array;
  // dice expressions: creature k's damage roll is terms [damageAt[2k], damageAt[2k + 1]), likewise miss and recovery
  private readonly termCount: Int32Array;
  private readonly termSides: Int32Array;
  private readonly termSign: Int32Array;
  private readonly damageAt: Int32Array;
  private readonly missAt: Int32Array;
  private readonly recoveryAt: Int32Array;
  private readonly defenses: Int32Array;
  private readonly critFrom: Int32Array;
  private readonly resist: Int32Array;
  private readonly target: 'weakest' | 'random';
  private readonly maxRounds: number;
  // per-fight scratch
  private readonly hp: Int32Array;
  private readonly status: Uint8Array;
  private readonly up: Uint8Array;
  private readonly upBySide: Int32Array;
  private readonly recoveries: Int32Array;
  private readonly failures: Int32Array;
  private readonly order: Int32Array;
  private readonly total: Int32Array;
  private readonly tie: Int32Array;
  private readonly groupTotal: Int32Array;
  private readonly groupTie: Int32Array;
  private readonly groupRolled: Uint8Array;
  private readonly candidates: Int32Array;

  constructor(
    readonly creatureIds: readonly string[],
    readonly sides: readonly string[],
    creatures: readonly KernelCreature[],
    groups: number,
    mobs: number,
    pairs: KernelPairs,
    spec: CompiledPolicySpec,
  ) {
    const n = creatures.length;
    this.n = n;
    const ints = (f: (c: KernelCreature) => number) => Int32Array.from(creatures, f);
    const flags = (f: (c: KernelCreature) => boolean) => Uint8Array.from(creatures, (c) => (f(c) ? 1 : 0));
    this.side = ints((c) => c.side);
    this.hp0 = ints((c) => c.hp);
    this.maxHp = ints((c) => c.maxHp);
    this.floor = ints((c) => c.floor);
    this.pc = flags((c) => c.pc);
    this.initBonus = ints((c) => c.initiative);
    this.group = ints((c) => c.group);
    this.saveBonus = ints((c) => c.saveBonus);
    this.recoveries0 = ints((c) => c.recoveries);
    this.hasAttack = flags((c) => c.attack !== null);
    this.bonus = ints((c) => c.attack?.bonus ?? 0);
    this.escalates = flags((c) => c.attack?.escalation === true);
    this.missKind = Uint8Array.from(creatures, (c) => (c.attack?.miss === 'level' ? 1 : c.attack?.miss === 'dice' ? 2 : 0));
    this.level = ints((c) => c.attack?.level ?? 0);
    this.critMult = ints((c) => c.attack?.critMult ?? 2);
    this.mob = ints((c) => c.mob);
    this.mobFrom = new Int32Array(mobs + 1);
    const members: number[] = [];
    for (let m = 0; m < mobs; m++) {
      this.mobFrom[m] = members.length;
      creatures.forEach((c, k) => {
        if (c.mob === m) members.push(k);
      });
    }
    this.mobFrom[mobs] = members.length;
    this.mobMembers = Int32Array.from(members);
    // dice expressions, each as terms [at[2k], at[2k + 1]) of creature k
    const terms: KernelTerm[] = [];
    this.damageAt = new Int32Array(2 * n);
    this.missAt = new Int32Array(2 * n);
    this.recoveryAt = new Int32Array(2 * n);
    const place = (at: Int32Array, k: number, list: readonly KernelTerm[]) => {
      at[2 * k] = terms.length;
      terms.push(...list);
      at[2 * k + 1] = terms.length;
    };
    creatures.forEach((c, k) => {
      place(this.damageAt, k, c.attack?.damage ?? []);
      place(this.missAt, k, c.attack?.missTerms ?? []);
      place(this.recoveryAt, k, c.recovery);
    });
    this.termCount = Int32Array.from(terms, (t) => t.count);
    this.termSides = Int32Array.from(terms, (t) => t.sides);
    this.termSign = Int32Array.from(terms, (t) => t.sign);
    this.defenses = pairs.defenses;
    this.critFrom = pairs.critFrom;
    this.resist = pairs.resist;
    this.target = spec.target;
    this.maxRounds = spec.maxRounds;
    this.hp = new Int32Array(n);
    this.status = new Uint8Array(n);
    this.up = new Uint8Array(n);
    this.upBySide = new Int32Array(sides.length);
    this.recoveries = new Int32Array(n);
    this.failures = new Int32Array(n);
    this.order = new Int32Array(n);
    this.total = new Int32Array(n);
    this.tie = new Int32Array(n);
    this.groupTotal = new Int32Array(groups);
    this.groupTie = new Int32Array(groups);
    this.groupRolled = new Uint8Array(groups);
    this.candidates = new Int32Array(n);
  }

  newOutcome(): FightOutcome {
    return emptyOutcome(this.n, RESOURCE_KEYS.length);
  }

  play(dice: DiceDraw, policy: PolicyDraw, out: FightOutcome): boolean {
    resetOutcome(out);
    const { n, hp, status, up, upBySide, order, side, maxRounds } = this;
    upBySide.fill(0);
    for (let k = 0; k < n; k++) {
      hp[k] = this.hp0[k]!;
      status[k] = CONSCIOUS;
      up[k] = 1;
      upBySide[side[k]!]!++;
      this.recoveries[k] = this.recoveries0[k]!;
      this.failures[k] = 0;
    }
    this.rollInitiative(dice);
    out.commands = 1;
    let round = 1;
    for (;;) {
      const escalation = Math.min(round - 1, ESCALATION_MAX);
      for (let i = 0; i < n; i++) {
        const me = order[i]!;
        if (status[me] === DEAD) continue;
        // the turn starts (inside the command that ended the last turn): a dying PC's death save
        let standard = 1;
        if (status[me] === UNCONSCIOUS) {
          const woke = this.deathSave(dice, me, out);
          if (woke < 0) return false;
          standard = woke;
        }
        for (;;) {
          const standing = sideStanding(this.upBySide);
          if (standing !== -2) return finishFight(out, standing, round, maxRounds);
          if (round > maxRounds) return finishFight(out, -1, maxRounds, maxRounds);
          out.commands++;
          if (standard === 0 || !up[me] || !this.hasAttack[me]) break;
          const m = hostilesUp(me, this.side, this.up, this.candidates);
          if (m === 0) break;
          const t = pickTarget(this.target, this.candidates, m, this.hp, this.maxHp, policy);
          standard = 0;
          out.spent[me * RESOURCE_KEYS.length + STANDARD]!++;
          this.attack(dice, me, t, escalation, out);
        }
      }
      round++;
    }
  }





  /** Rolls terms [at[2k], at[2k + 1]) in order. */
  private roll(dice: DiceDraw, at: Int32Array, k: number): number {
    const { termCount, termSides, termSign } = this;
    let total = 0;
    for (let i = at[2 * k]!, end = at[2 * k + 1]!; i < end; i++) {
      const count = termCount[i]!;
      if (count === 0) {
        total += termSign[i]!;
        continue;
      }
      const sides = termSides[i]!;
      let sum = 0;
      for (let d = 0; d < count; d++) sum += dice.next(sides);
      total += termSign[i]! * sum;
    }
    return total;
  }

  /** One attack (13A-ATK-1): the roll, then hit or miss damage. */
  private attack(dice: DiceDraw, me: number, t: number, escalation: number, out: FightOutcome): void {
    out.attacks++;
    const natural = dice.next(20);
    if (natural === 1) return;
    const pair = me * this.n + t;
    const crit = natural >= this.critFrom[pair]!;
    let amount: number;
    if (crit || natural + this.bonus[me]! + (this.escalates[me] ? escalation : 0) >= this.defenses[pair]!) {
      amount = Math.max(0, this.roll(dice, this.damageAt, me)) * (crit ? this.critMult[me]! : 1);
    } else {
      const miss = this.missKind[me]!;
      if (miss === 0) return;
      amount = Math.max(0, miss === 1 ? this.level[me]! : this.roll(dice, this.missAt, me));
    }
    const resist = this.resist[pair]!;
    if (resist !== 0 && amount > 0) {
      if (resist === IMMUNE) amount = 0;
      else if (natural < resist) amount = Math.floor(amount / 2);
    }
    this.damage(t, amount, me, out);
  }

  /** Damage to hit points, and what 0 hit points does; a mook's overflow goes on through its mob. */
  private damage(target: number, amount: number, source: number, out: FightOutcome): void {
    const { hp, floor, maxHp } = this;
    let t = target;
    let left = amount;
    while (left > 0) {
      const before = hp[t]!;
      const after = Math.max(floor[t]!, before - left);
      hp[t] = after;
      out.taken[t]! += left;
      out.dealt[source]! += left;
      if (after > 0) return;
      out.dropped[t] = 1;
      this.up[t] = 0;
      this.upBySide[this.side[t]!]!--;
      if (this.pc[t]) {
        // 13A-DYING-5: dead at -half the maximum; 13A-HP-5: otherwise unconscious
        if (after * 2 <= -maxHp[t]!) this.kill(t, out);
        else this.status[t] = UNCONSCIOUS;
        return;
      }
      this.kill(t, out);
      const mob = this.mob[t]!;
      const overflow = left - before;
      if (mob < 0 || overflow <= 0) return;
      // the first mook of the mob still standing, in join order
      let next = -1;
      for (let i = this.mobFrom[mob]!, end = this.mobFrom[mob + 1]!; i < end; i++) {
        const k = this.mobMembers[i]!;
        if (this.status[k] !== DEAD && hp[k]! > 0) {
          next = k;
          break;
        }
      }
      if (next < 0) return;
      t = next;
      left = overflow;
    }
  }

  private kill(t: number, out: FightOutcome): void {
    this.status[t] = DEAD;
    out.dead[t] = 1;
  }

  /** A dying PC's death save at the start of its turn: 1 a full turn, 0 no actions, -1 outside the compiled rules. */
  private deathSave(dice: DiceDraw, me: number, out: FightOutcome): number {
    const natural = dice.next(20);
    const base = me * RESOURCE_KEYS.length;
    if (natural + this.saveBonus[me]! >= DEATH_SAVE) {
      // 13A-HEAL-4: with no recovery left the healing halves and a penalty follows: left to the engine
      if (this.recoveries[me]! <= 0) return -1;
      const rolled = Math.max(0, this.roll(dice, this.recoveryAt, me));
      // healing from 0 (13A-HEAL-3) that leaves it at 0: conscious and down at once, left to the engine
      if (rolled <= 0) return -1;
      this.recoveries[me]!--;
      out.spent[base + RECOVERIES]!++;
      this.hp[me] = Math.min(this.maxHp[me]!, rolled);
      this.status[me] = CONSCIOUS;
      this.up[me] = 1;
      this.upBySide[this.side[me]!]!++;
      if (natural === 20) return 1;
      out.spent[base + STANDARD]!++;
      out.spent[base + MOVE]!++;
      out.spent[base + QUICK]!++;
      return 0;
    }
    this.failures[me]!++;
    if (this.failures[me]! >= DEATH_SAVE_FAILURES) this.kill(me, out);
    return 0;
  }

  /** Initiative in encounter order, a shared roll per group, sorted (the engine's rollInitiativeFor and sortOrder). */
  private rollInitiative(dice: DiceDraw): void {
    const { n, order, total, tie, group, groupTotal, groupTie, groupRolled, initBonus, pc } = this;
    groupRolled.fill(0);
    for (let k = 0; k < n; k++) {
      order[k] = k;
      const g = group[k]!;
      if (g >= 0 && groupRolled[g]) {
        total[k] = groupTotal[g]!;
        tie[k] = groupTie[g]!;
        continue;
      }
      total[k] = dice.next(20) + initBonus[k]!;
      // tie-break keys [bonus, PC], packed: the bonus first, then 1 for a PC
      tie[k] = initBonus[k]! * 2 + pc[k]!;
      if (g >= 0) {
        groupRolled[g] = 1;
        groupTotal[g] = total[k]!;
        groupTie[g] = tie[k]!;
      }
    }
    // insertion sort: stable, so join order settles what the keys leave tied
    for (let i = 1; i < n; i++) {
      const k = order[i]!;
      let j = i;
      while (j > 0 && this.after(order[j - 1]!, k)) {
        order[j] = order[j - 1]!;
        j--;
      }
      order[j] = k;
    }
  }

  /** Whether a acts after b: lower total, else lower tie-break keys. */
  private after(a: number, b: number): boolean {
    const { total, tie } = this;
    return total[a]! < total[b]! || (total[a] === total[b] && tie[a]! < tie[b]!);
  }
}
