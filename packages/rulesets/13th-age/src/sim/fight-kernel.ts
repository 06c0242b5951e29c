import {
  emptyOutcome, finishFight, hostilesUp, pickTarget, resetOutcome, sideStanding, type CompiledFight, type CompiledPolicySpec, type DiceDraw, type FightOutcome,
  type PolicyDraw,
} from '@fray/engine';
import { IMMUNE, type KernelAttack, type KernelCreature, type KernelPairs, type KernelTerm } from './kernel-creature';

/** 13A-DYING-2: a death save succeeds on 16+. */
const DEATH_SAVE = 16;
/** 13A-DYING-4: the fourth failed death save of a battle kills. */
const DEATH_SAVE_FAILURES = 4;
/** 13A-ENGAGE-6, 13A-SAVE-2: disengaging is a normal save, 11+. */
const DISENGAGE_SAVE = 11;
/** 13A-ESC-1: the escalation die stops at 6. */
const ESCALATION_MAX = 6;
/** The resources the table's events show being spent: attacks and rallies spend the standard action, engaging and disengaging a move (or the standard as a move), recoveries heal; a death save that wakes spends a recovery and, short of a natural 20, the turn's actions. */
const RESOURCE_KEYS = ['standard', 'move', 'quick', 'recoveries'] as const;
const STANDARD = 0;
const MOVE = 1;
const QUICK = 2;
const RECOVERIES = 3;
const CONSCIOUS = 0;
const UNCONSCIOUS = 1;
const DEAD = 2;
/** A creature's two attacks: slot 0 its signature attack, slot 1 its opportunity attack. */
const SIGNATURE = 0;
const OPPORTUNITY = 1;
const MELEE = 0;
const RANGED = 1;
const CLOSE = 2;
const PROVOKES_NONE = 0;
const PROVOKES_OTHERS = 1;
const PROVOKES_ALL = 2;
/** An attack slot: none (no such attack), one the kernel makes, or one it hands the fight back for. */
const NO_ATTACK = 0;
const MODELLED = 1;
const UNMODELLED = 2;

/**
 * A 13th Age fight as the engine plays it under the simulator's lean 13th Age policy
 * (`packages/sim/src/policy/lean-13a.ts`), for the states `compile.ts` admits, with the engine's
 * draws in the engine's order:
 * - startCombat: in encounter order each creature rolls d20 + its initiative bonus, identical monsters
 *   once for all (13A-INIT-1, 13A-INIT-3); the order is by total, then bonus, then PCs, then join order
 *   (13A-INIT-4); no roll-offs. The escalation die is 0 in round 1 and rises by 1 each later round, to
 *   6 (13A-ESC-1). The dead take no turns.
 * - a turn: an unconscious PC first rolls its death save (13A-DYING-1): 16+ spends a recovery and heals
 *   the roll from 0 (13A-DYING-2, 13A-HEAL-3), and short of a natural 20 the turn's actions are gone
 *   (13A-DYING-3); otherwise a failure, the fourth of the battle kills (13A-DYING-4). Then the policy,
 *   one command at a time: a staggered PC with its first rally and a recovery left rallies (13A-HEAL-5:
 *   the standard action, a recovery roll healed); a creature whose signature attack is melee attacks a
 *   foe it is engaged with that is still up (13A-ENGAGE-2), else engages a hostile still up (a move, or
 *   the standard as a move, 13A-ENGAGE-1, 13A-ACT-2; free hostiles may intercept, 13A-ENGAGE-10, and
 *   the simulator's answers let the mover pass), else, engaged only with foes who are down, disengages
 *   (13A-ENGAGE-6: a move and a normal save at -1 per foe beyond the first; success ends every
 *   engagement, failure any more moving this turn, 13A-ENGAGE-8); any other creature attacks a hostile
 *   still up; targets by the policy's strategy. Nothing left: the turn ends.
 * - engagement: pairs of foes; it ends when either is slain or dies (13A-ENGAGE-12) and stays with an
 *   unconscious PC.
 * - an attack on the attacker's turn while engaged: a ranged attack provokes the engaged foes it does
 *   not target, a spell that is not close-quarters every engaged foe (13A-ENGAGE-3/4); each of them
 *   able to act, in id order, makes an opportunity attack with its basic melee attack (13A-ENGAGE-9);
 *   an attacker dropped by them makes no attack.
 * - an attack roll: a d20; a natural 2 with a melee attack by a two-weapon PC is rerolled, the reroll
 *   standing (13A-WPN-4); a natural 1 fumbles (13A-ATK-6, no miss damage), and with a ranged attack at
 *   a foe engaged with the attacker's allies it is rerolled against the first of them in id order, a
 *   hit dealing the attack's damage to that ally (13A-MOD-2); a natural in the crit range crits
 *   (13A-CRIT-1/2); otherwise the total (bonus + escalation die) against the defense, 4 lower for an
 *   unconscious PC (13A-COND-6). A hit rolls damage once, a crit multiplies it (13A-CRIT-3/4); a miss
 *   deals miss damage (13A-ATK-7); then resistance by the natural roll (13A-RES-2/4, 13A-DMG-4), never
 *   below 0 (13A-DMG-5).
 * - damage: a monster at 0 is slain (13A-HP-6); a mook's overflow spills to the first mook of its mob
 *   still standing, in join order, as it is, and on (13A-TGT-1, the mob); a PC falls unconscious at 0
 *   or below (13A-HP-5) and dies at -half its maximum (13A-DYING-5), its hit points floored at -maximum;
 *   damage to an unconscious PC only brings that nearer (13A-DYING-7).
 * Handed back to the engine: a death save that succeeds with no recovery left (13A-HEAL-4) or whose
 * recovery roll heals nothing; an opportunity attack with an attack the kernel does not model.
 * The simulator's checks come before every command, as in its fight loop: one side standing wins,
 * past the round limit it is a draw.
 */
export class ThirteenFightKernel implements CompiledFight {
  readonly resourceKeys: readonly string[] = RESOURCE_KEYS;
  private readonly n: number;
  private readonly side: Int32Array;
  private readonly hp0: Int32Array;
  private readonly maxHp: Int32Array;
  private readonly level: Int32Array;
  private readonly floor: Int32Array;
  private readonly pc: Uint8Array;
  private readonly initBonus: Int32Array;
  private readonly group: Int32Array;
  private readonly saveBonus: Int32Array;
  private readonly recoveries0: Int32Array;
  private readonly escalates: Uint8Array;
  private readonly twoWeapon: Uint8Array;
  /** the signature attack is melee: the creature fights engaged */
  private readonly meleeFirst: Uint8Array;
  // per attack a = 2k + slot
  private readonly slotState: Uint8Array;
  private readonly kind: Uint8Array;
  private readonly provokes: Uint8Array;
  private readonly bonus: Int32Array;
  private readonly missKind: Uint8Array;
  private readonly critMult: Int32Array;
  // dice expressions as terms [at[2a], at[2a + 1]): attack a's damage and miss damage, creature k's recovery
  private readonly termCount: Int32Array;
  private readonly termSides: Int32Array;
  private readonly termSign: Int32Array;
  private readonly damageAt: Int32Array;
  private readonly missAt: Int32Array;
  private readonly recoveryAt: Int32Array;
  /** the mob's members in join order: mobMembers[mobFrom[m] .. mobFrom[m + 1]) */
  private readonly mob: Int32Array;
  private readonly mobFrom: Int32Array;
  private readonly mobMembers: Int32Array;
  /** creatures in id order (code units): how the zone space lists engagements */
  private readonly byId: Int32Array;
  // per slot s, attacker i and target j at s * n * n + i * n + j
  private readonly defenses: Int32Array;
  private readonly downDefenses: Int32Array;
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
  private readonly rallied: Uint8Array;
  /** engagement: engaged[i * n + j] for the pair both ways; engagedCount[i] how many i is engaged with */
  private readonly engaged: Uint8Array;
  private readonly engagedCount: Int32Array;
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
    /** per slot: the signature attack's pairs, then the opportunity attack's */
    pairs: readonly [KernelPairs, KernelPairs],
    spec: CompiledPolicySpec,
  ) {
    const n = creatures.length;
    this.n = n;
    const ints = (f: (c: KernelCreature) => number) => Int32Array.from(creatures, f);
    const flags = (f: (c: KernelCreature) => boolean) => Uint8Array.from(creatures, (c) => (f(c) ? 1 : 0));
    this.side = ints((c) => c.side);
    this.hp0 = ints((c) => c.hp);
    this.maxHp = ints((c) => c.maxHp);
    this.level = ints((c) => c.level);
    this.floor = ints((c) => c.floor);
    this.pc = flags((c) => c.pc);
    this.initBonus = ints((c) => c.initiative);
    this.group = ints((c) => c.group);
    this.saveBonus = ints((c) => c.saveBonus);
    this.recoveries0 = ints((c) => c.recoveries);
    this.escalates = flags((c) => c.escalation);
    this.twoWeapon = flags((c) => c.twoWeapon);
    this.meleeFirst = flags((c) => c.signature?.kind === 'melee');
    const attacks: (KernelAttack | string | null)[] = creatures.flatMap((c) => [c.signature, c.opportunity]);
    const modelled = (a: KernelAttack | string | null): KernelAttack | null => (a !== null && typeof a !== 'string' ? a : null);
    this.slotState = Uint8Array.from(attacks, (a) => (a === null ? NO_ATTACK : typeof a === 'string' ? UNMODELLED : MODELLED));
    this.kind = Uint8Array.from(attacks, (a) => ({ melee: MELEE, ranged: RANGED, close: CLOSE })[modelled(a)?.kind ?? 'close']);
    this.provokes = Uint8Array.from(attacks, (a) => ({ none: PROVOKES_NONE, others: PROVOKES_OTHERS, all: PROVOKES_ALL })[modelled(a)?.provokes ?? 'none']);
    this.bonus = Int32Array.from(attacks, (a) => modelled(a)?.bonus ?? 0);
    this.missKind = Uint8Array.from(attacks, (a) => ({ none: 0, level: 1, dice: 2 })[modelled(a)?.miss ?? 'none']);
    this.critMult = Int32Array.from(attacks, (a) => modelled(a)?.critMult ?? 2);
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
    const ids = creatures.map((c, k) => ({ id: c.id, k }));
    this.byId = Int32Array.from(ids.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), (x) => x.k);
    const terms: KernelTerm[] = [];
    this.damageAt = new Int32Array(2 * attacks.length);
    this.missAt = new Int32Array(2 * attacks.length);
    this.recoveryAt = new Int32Array(2 * n);
    const place = (at: Int32Array, k: number, list: readonly KernelTerm[]) => {
      at[2 * k] = terms.length;
      terms.push(...list);
      at[2 * k + 1] = terms.length;
    };
    attacks.forEach((a, k) => {
      place(this.damageAt, k, modelled(a)?.damage ?? []);
      place(this.missAt, k, modelled(a)?.missTerms ?? []);
    });
    creatures.forEach((c, k) => place(this.recoveryAt, k, c.recovery));
    this.termCount = Int32Array.from(terms, (t) => t.count);
    this.termSides = Int32Array.from(terms, (t) => t.sides);
    this.termSign = Int32Array.from(terms, (t) => t.sign);
    const both = (f: (p: KernelPairs) => Int32Array) => {
      const out = new Int32Array(2 * n * n);
      out.set(f(pairs[SIGNATURE]), 0);
      out.set(f(pairs[OPPORTUNITY]), n * n);
      return out;
    };
    this.defenses = both((p) => p.defenses);
    this.downDefenses = both((p) => p.downDefenses);
    this.critFrom = both((p) => p.critFrom);
    this.resist = both((p) => p.resist);
    this.target = spec.target;
    this.maxRounds = spec.maxRounds;
    this.hp = new Int32Array(n);
    this.status = new Uint8Array(n);
    this.up = new Uint8Array(n);
    this.upBySide = new Int32Array(sides.length);
    this.recoveries = new Int32Array(n);
    this.failures = new Int32Array(n);
    this.rallied = new Uint8Array(n);
    this.engaged = new Uint8Array(n * n);
    this.engagedCount = new Int32Array(n);
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
    const { n, hp, status, up, upBySide, order, side, maxRounds, engaged, engagedCount, candidates } = this;
    upBySide.fill(0);
    engaged.fill(0);
    engagedCount.fill(0);
    for (let k = 0; k < n; k++) {
      hp[k] = this.hp0[k]!;
      status[k] = CONSCIOUS;
      up[k] = 1;
      upBySide[side[k]!]!++;
      this.recoveries[k] = this.recoveries0[k]!;
      this.failures[k] = 0;
      this.rallied[k] = 0;
    }
    this.rollInitiative(dice);
    out.commands = 1;
    let round = 1;
    for (;;) {
      const escalation = Math.min(round - 1, ESCALATION_MAX);
      for (let i = 0; i < n; i++) {
        const me = order[i]!;
        if (status[me] === DEAD) continue;
        const spent = me * RESOURCE_KEYS.length;
        // the turn starts (inside the command that ended the last turn): a dying PC's death save
        let standard = 1;
        let move = 1;
        let moveFailed = false;
        if (status[me] === UNCONSCIOUS) {
          const woke = this.deathSave(dice, me, out);
          if (woke < 0) return false;
          standard = woke;
          move = woke;
        }
        for (;;) {
          const standing = sideStanding(this.upBySide);
          if (standing !== -2) return finishFight(out, standing, round, maxRounds);
          if (round > maxRounds) return finishFight(out, -1, maxRounds, maxRounds);
          out.commands++;
          if (!up[me]) break;
          if (standard && this.pc[me] && !this.rallied[me] && hp[me]! * 2 <= this.maxHp[me]! && this.recoveries[me]! > 0) {
            standard = 0;
            out.spent[spent + STANDARD]!++;
            this.rally(dice, me, out);
            continue;
          }
          if (this.meleeFirst[me]) {
            // foes it is engaged with that are still up, in encounter order
            let m = 0;
            if (engagedCount[me]) for (let t = 0; t < n; t++) if (engaged[me * n + t] && up[t]) candidates[m++] = t;
            if (standard && m > 0) {
              standard = 0;
              out.spent[spent + STANDARD]!++;
              if (!this.attackOnTurn(dice, me, pickTarget(this.target, candidates, m, hp, this.maxHp, policy), escalation, out)) return false;
              continue;
            }
            if (m > 0 || standard + move === 0 || moveFailed) break;
            // a move, or the standard action as one (13A-ACT-2)
            if (move) {
              move = 0;
              out.spent[spent + MOVE]!++;
            } else {
              standard = 0;
              out.spent[spent + STANDARD]!++;
            }
            if (engagedCount[me]) {
              if (!this.disengage(dice, me)) moveFailed = true;
              continue;
            }
            m = hostilesUp(me, side, up, candidates);
            this.engage(me, pickTarget(this.target, candidates, m, hp, this.maxHp, policy));
            continue;
          }
          if (!standard || this.slotState[2 * me + SIGNATURE] !== MODELLED) break;
          standard = 0;
          out.spent[spent + STANDARD]!++;
          const m = hostilesUp(me, side, up, candidates);
          if (!this.attackOnTurn(dice, me, pickTarget(this.target, candidates, m, hp, this.maxHp, policy), escalation, out)) return false;
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

  /**
   * The policy's attack on the attacker's own turn (its standard action already spent): first the
   * opportunity attacks it provokes, then, if it is still up, the attack. False: handed back.
   */
  private attackOnTurn(dice: DiceDraw, me: number, t: number, escalation: number, out: FightOutcome): boolean {
    const { n, engaged, up } = this;
    const a = 2 * me + SIGNATURE;
    const provokes = this.provokes[a]!;
    if (provokes !== PROVOKES_NONE && this.engagedCount[me]) {
      for (let i = 0; i < n; i++) {
        const f = this.byId[i]!;
        // the unconscious take no actions (13A-ACT-7) and make no opportunity attacks
        if (!engaged[f * n + me] || !up[f] || (provokes === PROVOKES_OTHERS && f === t)) continue;
        const state = this.slotState[2 * f + OPPORTUNITY]!;
        if (state === NO_ATTACK) continue;
        if (state === UNMODELLED) return false;
        this.strike(dice, f, OPPORTUNITY, me, escalation, out);
      }
      if (!up[me]) return true;
    }
    this.strike(dice, me, SIGNATURE, t, escalation, out);
    return true;
  }

  /** One attack roll and what it deals (13A-ATK-1): attacker k's attack in `slot` at t. */
  private strike(dice: DiceDraw, k: number, slot: number, t: number, escalation: number, out: FightOutcome): void {
    const a = 2 * k + slot;
    out.attacks++;
    let natural = dice.next(20);
    if (natural === 2 && this.twoWeapon[k] && this.kind[a] === MELEE) {
      out.attacks++;
      natural = dice.next(20);
    }
    if (natural === 1) {
      if (this.kind[a] === RANGED) this.intoMelee(dice, k, slot, t, escalation, out);
      return;
    }
    const pair = slot * this.n * this.n + k * this.n + t;
    const crit = natural >= this.critFrom[pair]!;
    const defense = this.status[t] === UNCONSCIOUS ? this.downDefenses[pair]! : this.defenses[pair]!;
    let amount: number;
    if (crit || natural + this.bonus[a]! + (this.escalates[k] ? escalation : 0) >= defense) {
      amount = Math.max(0, this.roll(dice, this.damageAt, a)) * (crit ? this.critMult[a]! : 1);
    } else {
      const miss = this.missKind[a]!;
      if (miss === 0) return;
      amount = Math.max(0, miss === 1 ? this.level[k]! : this.roll(dice, this.missAt, a));
    }
    this.damage(t, this.resisted(pair, natural, amount), k, out);
  }

  /** 13A-MOD-2: a ranged natural 1 at a foe engaged with the attacker's allies is rerolled against the first of them. */
  private intoMelee(dice: DiceDraw, k: number, slot: number, t: number, escalation: number, out: FightOutcome): void {
    const { n, engaged, side, status } = this;
    let ally = -1;
    // the dead are engaged with nobody
    for (let i = 0; i < n; i++) {
      const x = this.byId[i]!;
      if (x !== k && engaged[t * n + x] && side[x] === side[k]) {
        ally = x;
        break;
      }
    }
    if (ally < 0) return;
    const a = 2 * k + slot;
    out.attacks++;
    const natural = dice.next(20);
    if (natural === 1) return;
    const pair = slot * n * n + k * n + ally;
    const crit = natural >= this.critFrom[pair]!;
    const defense = status[ally] === UNCONSCIOUS ? this.downDefenses[pair]! : this.defenses[pair]!;
    if (!crit && natural + this.bonus[a]! + (this.escalates[k] ? escalation : 0) < defense) return;
    const amount = Math.max(0, this.roll(dice, this.damageAt, a)) * (crit ? this.critMult[a]! : 1);
    this.damage(ally, this.resisted(pair, natural, amount), k, out);
  }

  /** 13A-RES-2/4: halved below the resistance number, nothing against an immunity. */
  private resisted(pair: number, natural: number, amount: number): number {
    const resist = this.resist[pair]!;
    if (resist === 0 || amount <= 0) return amount;
    if (resist === IMMUNE) return 0;
    return natural < resist ? Math.floor(amount / 2) : amount;
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
      if (this.up[t]) {
        this.up[t] = 0;
        this.upBySide[this.side[t]!]!--;
      }
      if (this.pc[t]) {
        // 13A-DYING-5: dead at -half the maximum; 13A-HP-5: otherwise unconscious (13A-DYING-7: already so)
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

  /** Slain or dead: out of the fight, and out of every engagement (13A-ENGAGE-12). */
  private kill(t: number, out: FightOutcome): void {
    this.status[t] = DEAD;
    out.dead[t] = 1;
    this.breakEngagements(t);
  }

  private breakEngagements(k: number): void {
    const { n, engaged, engagedCount } = this;
    if (!engagedCount[k]) return;
    for (let j = 0; j < n; j++) {
      if (!engaged[k * n + j]) continue;
      engaged[k * n + j] = 0;
      engaged[j * n + k] = 0;
      engagedCount[j]!--;
    }
    engagedCount[k] = 0;
  }

  /** 13A-ENGAGE-1: engaged with t (nobody intercepts: the simulator lets the mover pass, 13A-ENGAGE-10). */
  private engage(me: number, t: number): void {
    this.engaged[me * this.n + t] = 1;
    this.engaged[t * this.n + me] = 1;
    this.engagedCount[me]!++;
    this.engagedCount[t]!++;
  }

  /** 13A-ENGAGE-6/7/8: a normal save at -1 per foe beyond the first; true when it pops free of them all. */
  private disengage(dice: DiceDraw, me: number): boolean {
    const extra = this.engagedCount[me]! - 1;
    if (dice.next(20) + this.saveBonus[me]! - extra < DISENGAGE_SAVE) return false;
    this.breakEngagements(me);
    return true;
  }

  /** 13A-HEAL-5, 13A-HEAL-1/2: the battle's first rally spends a recovery and heals its roll (never past the maximum). */
  private rally(dice: DiceDraw, me: number, out: FightOutcome): void {
    this.rallied[me] = 1;
    const rolled = Math.max(0, this.roll(dice, this.recoveryAt, me));
    this.recoveries[me]!--;
    out.spent[me * RESOURCE_KEYS.length + RECOVERIES]!++;
    this.hp[me] = Math.min(this.maxHp[me]!, this.hp[me]! + rolled);
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
