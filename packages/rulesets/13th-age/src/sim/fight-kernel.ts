import {
  emptyOutcome, finishFight, hostileLists, kernelColumns, pickTarget, type CompiledFight, type CompiledPolicySpec, type DiceDraw, type FightOutcome, type PolicyDraw,
} from '@fray/engine';
import { IMMUNE, type KernelAttack, type KernelCreature, type KernelPairs, type KernelTerm } from './kernel-creature';

/** 13A-DYING-2: a death save succeeds on 16+. */
const DEATH_SAVE = 16;
/** 13A-DYING-4: the fourth failed death save of a battle kills. */
const DEATH_SAVE_FAILURES = 4;
/** 13A-ENGAGE-6, 13A-SAVE-2: disengaging is a normal save, 11+. */
const DISENGAGE_SAVE = 11;
/** 13A-ESC-1: the escalation die stops at 6. */
export const ESCALATION_MAX = 6;
/** No initiative set before the fight: the unit rolls at startCombat. */
const NO_PRESET = -2147483648;

/** Where the fight stands when the kernel starts: fresh, or under way (odds from here). */
export interface KernelStart {
  /** null: a fresh fight (initiative is rolled); else the turn order by index */
  order: Int32Array | null;
  round: number;
  /** the index in `order` of the creature whose turn it is */
  turn: number;
  /** the current creature's standard and move actions left */
  standard: number;
  move: number;
  /** pairs engaged when the fight starts, two indexes each */
  engaged: Int32Array;
}
/** The resources the table's events show being spent: attacks and rallies spend the standard action, engaging and disengaging a move (or the standard as a move), recoveries heal; a death save that wakes spends a recovery and, short of a natural 20, the turn's actions. */
const RESOURCE_KEYS = ['standard', 'move', 'quick', 'recoveries'] as const;
const RESOURCES = RESOURCE_KEYS.length;
const STANDARD = 0;
const MOVE = 1;
const QUICK = 2;
const RECOVERIES = 3;
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
  private readonly saveBonus: Int32Array;
  private readonly recoveries0: Int32Array;
  private readonly escalates: Uint8Array;
  /** per attack: a natural 2 is rerolled (13A-WPN-4: a two-weapon PC's melee attack) */
  private readonly rerollsTwo: Uint8Array;
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
  /** hit damage with at most one group of dice: its count (-1: more groups, rolled term by term), sides and sign, and the constants' sum */
  private readonly damageDice: Int32Array;
  private readonly damageSides: Int32Array;
  private readonly damageSign: Int32Array;
  private readonly damageConstant: Int32Array;
  private readonly mob: Int32Array;
  /**
   * Sets of creatures as bits, `words` 32-bit words a set, creature k at bit k & 31 of word k >> 5: bits
   * run in encounter order, so a set lists its members as the policy sees them.
   */
  private readonly words: number;
  /** mob m's members at mobBits[m * words ..] */
  private readonly mobBits: Int32Array;
  /** creature k's hostiles (everyone on another side) at hostileBits[k * words ..] */
  private readonly hostileBits: Int32Array;
  /**
   * creature k's hostiles in id order (how the zone space lists engagements) at
   * hostilesById[hostileFrom[k] .. hostileFrom[k + 1]); only hostiles are ever engaged
   */
  private readonly hostileFrom: Int32Array;
  private readonly hostilesById: Int32Array;
  /**
   * Initiative units (13A-INIT-3): a shared roll's group, or a creature rolling alone, numbered by their
   * first member in encounter order (the order the rolls come in); members at [unitFrom[u], unitFrom[u + 1]).
   * A unit's sort key packs its total and tie-break keys [bonus, PC]: (d20 + bonus) * initScale + tie.
   */
  private readonly unitFrom: Int32Array;
  private readonly unitMembers: Int32Array;
  private readonly unitBonus: Int32Array;
  /** each unit's initiative count set before the fight, or NO_PRESET */
  private readonly unitPreset: Int32Array;
  private readonly unitTie: Int32Array;
  private readonly unitOf: Int32Array;
  private readonly initScale: number;
  // per slot s, attacker i and target j at s * n * n + i * n + j
  /** the natural roll plus escalation die that hits: the defense less the attack's bonus (against the helpless: downNeeds) */
  private readonly needs: Int32Array;
  private readonly downNeeds: Int32Array;
  private readonly critFrom: Int32Array;
  private readonly resist: Int32Array;
  private readonly target: 'weakest' | 'random';
  private readonly random: boolean;
  private readonly maxRounds: number;
  /** the PCs (all a fight's rallies, recoveries and death saves are theirs) */
  private readonly pcs: Int32Array;
  /** at the start of a fight: everyone up, by side and as bits */
  private readonly upBySide0: Int32Array;
  private readonly upBits0: Int32Array;
  // per-fight scratch
  private readonly hp: Int32Array;
  /** 1 while conscious (fighting); a creature neither up nor dead (the outcome's `dead`) is an unconscious PC */
  private readonly up: Uint8Array;
  /** `up` as a set of bits */
  private readonly upBits: Int32Array;
  private readonly upBySide: Int32Array;
  /** how many sides have someone up (the simulator's check before every command) */
  private sidesUp = 0;
  private readonly recoveries: Int32Array;
  private readonly failures: Int32Array;
  /** 1 once the battle's rally is spent; monsters have it spent for good (only PCs rally) */
  private readonly rallied: Uint8Array;
  /** engagement: whom creature k is engaged with as bits at engagedBits[k * words ..] (the pair both ways), and how many */
  private readonly engagedBits: Int32Array;
  private readonly engagedCount: Int32Array;
  private readonly order: Int32Array;
  private readonly unitKey: Float64Array;
  private readonly unitOrder: Int32Array;
  private readonly creatureKey: Float64Array;
  /** the policy's choices for a command, in encounter order */
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
    private readonly start: KernelStart,
  ) {
    const n = creatures.length;
    this.n = n;
    const { ints, flags } = kernelColumns(creatures);
    this.side = ints((c) => c.side);
    this.hp0 = ints((c) => c.hp);
    this.maxHp = ints((c) => c.maxHp);
    this.level = ints((c) => c.level);
    this.floor = ints((c) => c.floor);
    this.pc = flags((c) => c.pc);
    this.saveBonus = ints((c) => c.saveBonus);
    this.recoveries0 = ints((c) => c.recoveries);
    this.escalates = flags((c) => c.escalation);
    this.meleeFirst = flags((c) => c.signature?.kind === 'melee');
    const attacks: (KernelAttack | string | null)[] = creatures.flatMap((c) => [c.signature, c.opportunity]);
    const modelled = (a: KernelAttack | string | null): KernelAttack | null => (a !== null && typeof a !== 'string' ? a : null);
    this.slotState = Uint8Array.from(attacks, (a) => (a === null ? NO_ATTACK : typeof a === 'string' ? UNMODELLED : MODELLED));
    this.kind = Uint8Array.from(attacks, (a) => ({ melee: MELEE, ranged: RANGED, close: CLOSE })[modelled(a)?.kind ?? 'close']);
    this.provokes = Uint8Array.from(attacks, (a) => ({ none: PROVOKES_NONE, others: PROVOKES_OTHERS, all: PROVOKES_ALL })[modelled(a)?.provokes ?? 'none']);
    this.bonus = Int32Array.from(attacks, (a) => modelled(a)?.bonus ?? 0);
    this.missKind = Uint8Array.from(attacks, (a) => ({ none: 0, level: 1, dice: 2 })[modelled(a)?.miss ?? 'none']);
    this.critMult = Int32Array.from(attacks, (a) => modelled(a)?.critMult ?? 2);
    this.rerollsTwo = Uint8Array.from(attacks, (a, i) => (creatures[i >> 1]!.twoWeapon && modelled(a)?.kind === 'melee' ? 1 : 0));
    this.mob = ints((c) => c.mob);
    const { from, hostiles } = hostileLists(this.side);
    this.hostileFrom = from;
    const words = (n + 31) >>> 5;
    this.words = words;
    this.mobBits = new Int32Array(mobs * words);
    creatures.forEach((c, k) => {
      if (c.mob >= 0) this.mobBits[c.mob * words + (k >>> 5)]! |= 1 << (k & 31);
    });
    this.hostileBits = new Int32Array(n * words);
    for (let k = 0; k < n; k++) for (let h = from[k]!; h < from[k + 1]!; h++) this.hostileBits[k * words + (hostiles[h]! >>> 5)]! |= 1 << (hostiles[h]! & 31);
    this.upBits0 = new Int32Array(words);
    for (let k = 0; k < n; k++) this.upBits0[k >>> 5]! |= 1 << (k & 31);
    this.upBits = this.upBits0.slice();
    const rank = new Int32Array(n);
    creatures.map((c, k) => ({ id: c.id, k })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).forEach((x, r) => {
      rank[x.k] = r;
    });
    this.hostilesById = hostiles.slice();
    for (let k = 0; k < n; k++) this.hostilesById.subarray(from[k]!, from[k + 1]!).sort((a, b) => rank[a]! - rank[b]!);
    // initiative units: a group's shared roll uses its first member's numbers, as the engine's rollInitiativeFor does
    const unitOfGroup = new Int32Array(groups).fill(-1);
    const leads: number[] = [];
    this.unitOf = Int32Array.from(creatures, (c, k) => {
      if (c.group >= 0 && unitOfGroup[c.group]! >= 0) return unitOfGroup[c.group]!;
      if (c.group >= 0) unitOfGroup[c.group] = leads.length;
      leads.push(k);
      return leads.length - 1;
    });
    const units = leads.length;
    this.unitFrom = new Int32Array(units + 1);
    const unitMembers: number[] = [];
    for (let u = 0; u < units; u++) {
      this.unitFrom[u] = unitMembers.length;
      for (let k = 0; k < n; k++) if (this.unitOf[k] === u) unitMembers.push(k);
    }
    this.unitFrom[units] = unitMembers.length;
    this.unitMembers = Int32Array.from(unitMembers);
    this.unitBonus = Int32Array.from(leads, (k) => creatures[k]!.initiative);
    this.unitPreset = Int32Array.from(leads, (k) => creatures[k]!.presetInitiative ?? NO_PRESET);
    // tie-break keys [bonus, PC], packed: the bonus first, then 1 for a PC
    this.unitTie = Int32Array.from(leads, (k) => creatures[k]!.initiative * 2 + (creatures[k]!.pc ? 1 : 0));
    // a scale beyond every tie-break key keeps (total, tie) in order as total * scale + tie
    this.initScale = 2 * (this.unitTie.reduce((m, t) => Math.max(m, Math.abs(t)), 0) + 1);
    this.unitKey = new Float64Array(units);
    this.unitOrder = new Int32Array(units);
    this.creatureKey = new Float64Array(n);
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
    const damage = attacks.map((a) => modelled(a)?.damage ?? []);
    const single = (list: readonly KernelTerm[]) => list.filter((t) => t.count > 0).length <= 1;
    const group = (list: readonly KernelTerm[]): KernelTerm => list.find((t) => t.count > 0) ?? { count: 0, sides: 1, sign: 1 };
    this.damageDice = Int32Array.from(damage, (d) => (single(d) ? group(d).count : -1));
    this.damageSides = Int32Array.from(damage, (d) => group(d).sides);
    this.damageSign = Int32Array.from(damage, (d) => group(d).sign);
    this.damageConstant = Int32Array.from(damage, (d) => d.reduce((sum, t) => sum + (t.count === 0 ? t.sign : 0), 0));
    this.termCount = Int32Array.from(terms, (t) => t.count);
    this.termSides = Int32Array.from(terms, (t) => t.sides);
    this.termSign = Int32Array.from(terms, (t) => t.sign);
    const both = (f: (p: KernelPairs) => Int32Array) => {
      const out = new Int32Array(2 * n * n);
      out.set(f(pairs[SIGNATURE]), 0);
      out.set(f(pairs[OPPORTUNITY]), n * n);
      return out;
    };
    const needs = (f: (p: KernelPairs) => Int32Array) => {
      const out = both(f);
      for (let slot = 0; slot < 2; slot++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[slot * n * n + i * n + j]! -= this.bonus[2 * i + slot]!;
      return out;
    };
    this.needs = needs((p) => p.defenses);
    this.downNeeds = needs((p) => p.downDefenses);
    this.critFrom = both((p) => p.critFrom);
    this.resist = both((p) => p.resist);
    this.target = spec.target;
    this.random = spec.target === 'random';
    this.maxRounds = spec.maxRounds;
    this.hp = new Int32Array(n);
    this.up = new Uint8Array(n);
    this.upBySide = new Int32Array(sides.length);
    this.recoveries = new Int32Array(n);
    this.failures = new Int32Array(n);
    this.rallied = Uint8Array.from(creatures, (c) => (c.pc ? 0 : 1));
    this.pcs = Int32Array.from(creatures.flatMap((c, k) => (c.pc ? [k] : [])));
    this.upBySide0 = new Int32Array(sides.length);
    for (const c of creatures) this.upBySide0[c.side]!++;
    this.engagedBits = new Int32Array(n * words);
    this.engagedCount = new Int32Array(n);
    this.order = new Int32Array(n);
    this.candidates = new Int32Array(n);
  }

  newOutcome(): FightOutcome {
    return emptyOutcome(this.n, RESOURCES);
  }

  play(dice: DiceDraw, policy: PolicyDraw, out: FightOutcome): boolean {
    this.reset(out);
    const { n, hp, up, order, maxRounds, engagedCount, rallied, maxHp, recoveries, meleeFirst, start } = this;
    const dead = out.dead;
    let round = start.round;
    let first = start.turn;
    // under way, the current creature goes on with the actions it has left
    let opening = start.order !== null;
    if (start.order) order.set(start.order);
    else {
      this.rollInitiative(dice);
      out.commands = 1;
    }
    for (;;) {
      // a small integer, not Math.min's double, so that passing it on needs no conversion
      const escalation = round - 1 < ESCALATION_MAX ? round - 1 : ESCALATION_MAX;
      for (let i = first; i < n; i++) {
        const me = order[i]!;
        if (dead[me]) continue;
        const spent = me * RESOURCES;
        // the turn starts (inside the command that ended the last turn): a dying PC's death save
        let standard = 1;
        let move = 1;
        let moveFailed = false;
        if (!up[me]) {
          const woke = this.deathSave(dice, me, out);
          if (woke < 0) return false;
          standard = woke;
          move = woke;
        }
        if (opening) {
          standard = start.standard;
          move = start.move;
          opening = false;
        }
        for (;;) {
          if (this.sidesUp < 2) return finishFight(out, this.standing(), round, maxRounds, up);
          if (round > maxRounds) return finishFight(out, -1, maxRounds, maxRounds, up);
          out.commands++;
          if (!up[me]) break;
          if (standard && !rallied[me] && hp[me]! * 2 <= maxHp[me]! && recoveries[me]! > 0) {
            standard = 0;
            out.spent[spent + STANDARD]!++;
            this.rally(dice, me, out);
            continue;
          }
          // whom the policy picks from: a foe it is engaged with to attack, or a hostile to attack or to engage
          let among = this.hostileBits;
          let m = 0;
          let attack = true;
          if (meleeFirst[me]) {
            // no standard action, and no move it may still make: whoever it is engaged with, the turn ends
            if (!standard && (!move || moveFailed)) break;
            m = engagedCount[me] ? this.countUp(this.engagedBits, me) : 0;
            if (m > 0) {
              if (!standard) break;
              among = this.engagedBits;
            } else {
              if (standard + move === 0 || moveFailed) break;
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
              attack = false;
            }
          } else if (!standard || this.slotState[2 * me + SIGNATURE] !== MODELLED) break;
          // the hostiles up, when it is not attacking a foe it is engaged with
          if (m === 0) m = this.countUp(among, me);
          const t = this.choose(among, me, m, policy);
          if (!attack) {
            this.engage(me, t);
            continue;
          }
          standard = 0;
          out.spent[spent + STANDARD]!++;
          if (!this.attackOnTurn(dice, me, t, escalation, out)) return false;
        }
      }
      round++;
      first = 0;
    }
  }

  /**
   * Everyone fresh, and the outcome cleared as resetOutcome does, in the roster's one loop: a fill call
   * per short array costs more than its stores. downAtEnd is left to finishFight, which writes all of it.
   */
  private reset(out: FightOutcome): void {
    const { n, words, hp, hp0, up, upBits, upBits0, upBySide, upBySide0, recoveries, recoveries0, failures, rallied, pcs, engagedBits, engagedCount } = this;
    out.winner = -1;
    out.rounds = 0;
    out.commands = 0;
    out.attacks = 0;
    const { dealt, taken, dropped, dead, spent } = out;
    for (let s = 0; s < upBySide.length; s++) upBySide[s] = upBySide0[s]!;
    for (let w = 0; w < words; w++) upBits[w] = upBits0[w]!;
    for (let k = 0; k < n; k++) {
      dealt[k] = 0;
      taken[k] = 0;
      dropped[k] = 0;
      dead[k] = 0;
      // the engagements the last fight ended with
      if (engagedCount[k]) {
        for (let w = k * words; w < (k + 1) * words; w++) engagedBits[w] = 0;
        engagedCount[k] = 0;
      }
      hp[k] = hp0[k]!;
      up[k] = 1;
    }
    const engaged = this.start.engaged;
    for (let p = 0; p < engaged.length; p += 2) this.engage(engaged[p]!, engaged[p + 1]!);
    spent.fill(0);
    // only PCs rally, spend recoveries and fail death saves: monsters keep what the constructor gave them
    for (let i = 0; i < pcs.length; i++) {
      const k = pcs[i]!;
      recoveries[k] = recoveries0[k]!;
      failures[k] = 0;
      rallied[k] = 0;
    }
    this.sidesUp = this.sides.length;
  }

  /** The side left standing, or -1 for nobody (once fewer than two sides have someone up). */
  private standing(): number {
    const { upBySide } = this;
    for (let s = 0; s < upBySide.length; s++) if (upBySide[s]! > 0) return s;
    return -1;
  }

  /** Writes the members of set k of `bits` (a creature's hostiles, or whom it is engaged with) that are up into `candidates`, in encounter order. */
  private listUp(bits: Int32Array, k: number): void {
    const { words, upBits, candidates } = this;
    let m = 0;
    for (let w = 0; w < words; w++) {
      for (let set = bits[k * words + w]! & upBits[w]!; set !== 0; set &= set - 1) candidates[m++] = (w << 5) + 31 - Math.clz32(set & -set);
    }
  }

  /** How many members of set k of `bits` are up. */
  private countUp(bits: Int32Array, k: number): number {
    const { words, upBits } = this;
    let m = 0;
    for (let w = 0; w < words; w++) {
      // population count
      let x = bits[k * words + w]! & upBits[w]!;
      x -= (x >>> 1) & 0x55555555;
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      m += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    return m;
  }

  /** The j-th member (from 0, in encounter order) of set k of `bits` that is up, or -1. */
  private nthUp(bits: Int32Array, k: number, j: number): number {
    const { words, upBits } = this;
    for (let w = 0; w < words; w++) {
      for (let set = bits[k * words + w]! & upBits[w]!; set !== 0; set &= set - 1) if (j-- === 0) return (w << 5) + 31 - Math.clz32(set & -set);
    }
    return -1;
  }

  /** The policy's pick among the m members of set k of `bits` that are up. */
  private choose(bits: Int32Array, k: number, m: number, policy: PolicyDraw): number {
    if (this.random) return this.nthUp(bits, k, policy.int(m));
    this.listUp(bits, k);
    return pickTarget(this.target, this.candidates, m, this.hp, this.maxHp, policy);
  }

  /** Attack a's hit damage: one group of dice and constants straight away, else its terms in order. */
  private rollDamage(dice: DiceDraw, a: number): number {
    const count = this.damageDice[a]!;
    if (count < 0) return this.roll(dice, this.damageAt, a);
    const sides = this.damageSides[a]!;
    let sum = 0;
    for (let d = 0; d < count; d++) sum += dice.next(sides);
    return this.damageSign[a]! * sum + this.damageConstant[a]!;
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
    const a = 2 * me + SIGNATURE;
    const provokes = this.provokes[a]!;
    if (provokes !== PROVOKES_NONE && this.engagedCount[me]) {
      const { up, hostilesById } = this;
      for (let h = this.hostileFrom[me]!, end = this.hostileFrom[me + 1]!; h < end; h++) {
        const f = hostilesById[h]!;
        // the unconscious take no actions (13A-ACT-7) and make no opportunity attacks
        if (!this.isEngaged(me, f) || !up[f] || (provokes === PROVOKES_OTHERS && f === t)) continue;
        const state = this.slotState[2 * f + OPPORTUNITY]!;
        if (state === NO_ATTACK) continue;
        if (state === UNMODELLED) return false;
        this.strike(dice, f, OPPORTUNITY, me, escalation, out);
      }
      if (!this.up[me]) return true;
    }
    this.strike(dice, me, SIGNATURE, t, escalation, out);
    return true;
  }

  /** One attack roll and what it deals (13A-ATK-1): attacker k's attack in `slot` at t. */
  private strike(dice: DiceDraw, k: number, slot: number, t: number, escalation: number, out: FightOutcome): void {
    const a = 2 * k + slot;
    // one roll, or two when a two-weapon natural 2 is rerolled (the reroll standing): one call site, one inlined copy of the draw
    let rolls = this.rerollsTwo[a]! + 1;
    let natural: number;
    do {
      out.attacks++;
      natural = dice.next(20);
    } while (natural === 2 && --rolls > 0);
    if (natural === 1) {
      // nobody engaged with the target: no ally to hit instead
      if (this.kind[a] === RANGED && this.engagedCount[t]) this.intoMelee(dice, k, slot, t, escalation, out);
      return;
    }
    const n = this.n;
    const pair = slot * n * n + k * n + t;
    const crit = natural >= this.critFrom[pair]!;
    const need = this.up[t] ? this.needs[pair]! : this.downNeeds[pair]!;
    let amount: number;
    if (crit || natural + (this.escalates[k] ? escalation : 0) >= need) {
      amount = Math.max(0, this.rollDamage(dice, a)) * (crit ? this.critMult[a]! : 1);
    } else {
      const miss = this.missKind[a]!;
      if (miss === 0) return;
      amount = Math.max(0, miss === 1 ? this.level[k]! : this.roll(dice, this.missAt, a));
    }
    this.damage(t, this.resisted(pair, natural, amount), k, out);
  }

  /** 13A-MOD-2: a ranged natural 1 at a foe engaged with the attacker's allies is rerolled against the first of them. */
  private intoMelee(dice: DiceDraw, k: number, slot: number, t: number, escalation: number, out: FightOutcome): void {
    const { n, side, up, hostilesById } = this;
    let ally = -1;
    // the dead are engaged with nobody; whoever is engaged with t is its hostile
    for (let h = this.hostileFrom[t]!, end = this.hostileFrom[t + 1]!; h < end; h++) {
      const x = hostilesById[h]!;
      if (x !== k && this.isEngaged(t, x) && side[x] === side[k]) {
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
    const need = up[ally] ? this.needs[pair]! : this.downNeeds[pair]!;
    if (!crit && natural + (this.escalates[k] ? escalation : 0) < need) return;
    const amount = Math.max(0, this.rollDamage(dice, a)) * (crit ? this.critMult[a]! : 1);
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
        this.upBits[t >>> 5]! &= ~(1 << (t & 31));
        if (--this.upBySide[this.side[t]!]! === 0) this.sidesUp--;
      }
      if (this.pc[t]) {
        // 13A-DYING-5: dead at -half the maximum; 13A-HP-5: otherwise unconscious (13A-DYING-7: already so)
        if (after * 2 <= -maxHp[t]!) this.kill(t, out);
        return;
      }
      this.kill(t, out);
      const mob = this.mob[t]!;
      const overflow = left - before;
      if (mob < 0 || overflow <= 0) return;
      // the first mook of the mob still standing, in join order (mooks are monsters: standing is up)
      const next = this.nthUp(this.mobBits, mob, 0);
      if (next < 0) return;
      t = next;
      left = overflow;
    }
  }

  /** Slain or dead: out of the fight, and out of every engagement (13A-ENGAGE-12). */
  private kill(t: number, out: FightOutcome): void {
    out.dead[t] = 1;
    this.breakEngagements(t);
  }

  private breakEngagements(k: number): void {
    const { words, engagedBits, engagedCount } = this;
    if (!engagedCount[k]) return;
    const kWord = k >>> 5;
    const kBit = ~(1 << (k & 31));
    for (let w = 0; w < words; w++) {
      for (let set = engagedBits[k * words + w]!; set !== 0; set &= set - 1) {
        const j = (w << 5) + 31 - Math.clz32(set & -set);
        engagedBits[j * words + kWord]! &= kBit;
        engagedCount[j]!--;
      }
      engagedBits[k * words + w] = 0;
    }
    engagedCount[k] = 0;
  }

  private isEngaged(k: number, j: number): boolean {
    return ((this.engagedBits[k * this.words + (j >>> 5)]! >>> (j & 31)) & 1) === 1;
  }

  /** 13A-ENGAGE-1: engaged with t (nobody intercepts: the simulator lets the mover pass, 13A-ENGAGE-10). */
  private engage(me: number, t: number): void {
    const { words, engagedBits, engagedCount } = this;
    engagedBits[me * words + (t >>> 5)]! |= 1 << (t & 31);
    engagedBits[t * words + (me >>> 5)]! |= 1 << (me & 31);
    engagedCount[me]!++;
    engagedCount[t]!++;
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
    out.spent[me * RESOURCES + RECOVERIES]!++;
    this.hp[me] = Math.min(this.maxHp[me]!, this.hp[me]! + rolled);
  }

  /** A dying PC's death save at the start of its turn: 1 a full turn, 0 no actions, -1 outside the compiled rules. */
  private deathSave(dice: DiceDraw, me: number, out: FightOutcome): number {
    const natural = dice.next(20);
    const base = me * RESOURCES;
    if (natural + this.saveBonus[me]! >= DEATH_SAVE) {
      // 13A-HEAL-4: with no recovery left the healing halves and a penalty follows: left to the engine
      if (this.recoveries[me]! <= 0) return -1;
      const rolled = Math.max(0, this.roll(dice, this.recoveryAt, me));
      // healing from 0 (13A-HEAL-3) that leaves it at 0: conscious and down at once, left to the engine
      if (rolled <= 0) return -1;
      this.recoveries[me]!--;
      out.spent[base + RECOVERIES]!++;
      this.hp[me] = Math.min(this.maxHp[me]!, rolled);
      this.up[me] = 1;
      this.upBits[me >>> 5]! |= 1 << (me & 31);
      if (this.upBySide[this.side[me]!]!++ === 0) this.sidesUp++;
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

  /**
   * Initiative (the engine's rollInitiativeFor and sortOrder): a roll per unit in encounter order, then
   * by total, then bonus, then PCs, then join order. Units sort stably by key and expand into their
   * members in join order, which is the creatures' own stable sort unless two units tie; then the
   * creatures sort themselves.
   */
  private rollInitiative(dice: DiceDraw): void {
    const { unitKey, unitOrder, unitBonus, unitTie, initScale, unitFrom, unitMembers, order } = this;
    const units = unitKey.length;
    for (let u = 0; u < units; u++) {
      const preset = this.unitPreset[u]!;
      // a count set before the fight rolls nothing, and without tie-break keys it sorts after every rolled unit of its total
      unitKey[u] = preset !== NO_PRESET ? preset * initScale - initScale / 2 : (dice.next(20) + unitBonus[u]!) * initScale + unitTie[u]!;
      unitOrder[u] = u;
    }
    // stable, so the first member's place settles what the keys leave tied
    if (sortByKeyDescending(unitOrder, units, unitKey)) {
      this.sortCreatures();
      return;
    }
    let p = 0;
    for (let i = 0; i < units; i++) {
      const u = unitOrder[i]!;
      for (let x = unitFrom[u]!, end = unitFrom[u + 1]!; x < end; x++) order[p++] = unitMembers[x]!;
    }
  }

  /** Two units tied: every creature by its unit's key, stably, so join order settles the tie. */
  private sortCreatures(): void {
    const { n, order, creatureKey, unitKey, unitOf } = this;
    for (let k = 0; k < n; k++) {
      order[k] = k;
      creatureKey[k] = unitKey[unitOf[k]!]!;
    }
    sortByKeyDescending(order, n, creatureKey);
  }
}

/**
 * Sorts `order[0..len)` by `key[order[i]]`, highest first, stably (an insertion sort: a handful of
 * entries, no allocation); whether any two keys tie.
 */
function sortByKeyDescending(order: Int32Array, len: number, key: Float64Array): boolean {
  let tied = false;
  for (let i = 1; i < len; i++) {
    const x = order[i]!;
    const k = key[x]!;
    let j = i;
    while (j > 0 && key[order[j - 1]!]! < k) {
      order[j] = order[j - 1]!;
      j--;
    }
    order[j] = x;
    if (j > 0 && key[order[j - 1]!] === k) tied = true;
  }
  return tied;
}
