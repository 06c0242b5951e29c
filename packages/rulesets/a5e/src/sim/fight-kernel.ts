import type { DiceSource } from '@fray/dice';
import {
  RollOffOrder, emptyOutcome, finishFight, hostileLists, kernelColumns, pickTarget, resetOutcome, sideStanding, type CompiledFight, type CompiledPolicySpec, type DamageProfile, type DamageStep, type DiceDraw, type FightOutcome,
  type BreakdownRow, type FrayEventBody, type PolicyDraw, type RollModeExplanation,
} from '@fray/engine';
import { FightRecorder } from './fight-record';
import type { KernelWorld, WorldHost } from './kernel-environment';
import { CONSCIOUS, DEAD, DYING, STABLE, KernelDying, SAVE_DIED, SAVE_FAILURE, SAVE_STABLE, SAVE_WOKE } from './fight-dying';
import type { A5eKernelStart } from './kernel-state';
import { HAND_BACK, NONE, type A5eGrid } from './grid-kernel';
import type { KernelConditionRider, KernelConditions } from './kernel-conditions';
import type { KernelSpawn } from './kernel-spawn';

/** One term of a damage roll: `count` dice of `sides` (count 0: the constant `sign`), of damage type `type`. */
export interface KernelTerm {
  count: number;
  sides: number;
  sign: number;
  type: string;
}

/**
 * One of a creature's attacks as the kernel makes it: its attack bonus, its damage terms, and a rider
 * it models (a save against being knocked prone, the ashback wolf's bite: `rider` the save's ability,
 * str or dex, with its DC). Without a map only the first attack is made; on a grid the rules pick.
 */
export interface KernelSlot {
  bonus: number;
  terms: KernelTerm[];
  rider: { ability: 'str' | 'dex'; dc: number } | null;
  /** a rider that paralyzes or grapples (kernel-conditions.ts plays it) */
  condition?: KernelConditionRider;
}

/** A creature as the kernel sees it, its numbers taken from the rules' own functions at compile time. */
export interface KernelCreature {
  id: string;
  /** the name the rules' texts use (the stable creature's recovery roll names it) */
  name: string;
  /** how the rules explain its attack's roll mode, by attacker prone × 2 + target prone (A5E-COND-24) */
  attackModes: readonly RollModeExplanation[];
  /** what standing up costs it once woken from dying, by its strife level below 4 (half its Speed then); -1: Speed 0, it cannot stand */
  standCost: readonly number[];
  /** how they explain its death saves and its save against massive damage, by its strife level (all normal rolls) */
  deathSaveModes: readonly RollModeExplanation[];
  massiveModes: readonly RollModeExplanation[];
  side: number;
  hp: number;
  maxHp: number;
  /** temporary hit points at the start (A5E-HP-10: damage takes them first, A5E-DMG-19) */
  tempHp: number;
  ac: number;
  /** the rows explaining its AC (`acStatistic`), which every attack on it records */
  acRows: readonly BreakdownRow[];
  /** the initiative check's modifier (A5E-INIT-1: a Dexterity check) */
  initiative: number;
  /** the initiative count set before the fight (it rolls none), or null */
  presetInitiative: number | null;
  /** follows the full dying rules (A5E-DYING-1..14) and may block a critical hit (A5E-DMG-6) */
  fullRules: boolean;
  /** under the full rules: the damage that calls for a save against massive damage (A5E-DMG-16), and its Constitution save bonus */
  massive: number;
  conSave: number;
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
  /** its stat block's attacks as the kernel makes them (null: one it does not model, which hands a fight back if the rules would make it); the first is `bonus` and `terms` */
  slots: (KernelSlot | null)[];
  /** its Strength and Dexterity save bonuses (a rider's save) */
  strSave: number;
  dexSave: number;
  /** its Speed at the start of its turns (its movement on a grid) */
  speed: number;
}


/**
 * The resources the table's events show being spent: the action, the rest of a multiattack, the reaction
 * that turns a crit aside, the movement standing up costs.
 */
const RESOURCE_KEYS = ['action', 'attacksLeft', 'reaction', 'movementFeet', 'movementMaxFeet'] as const;
const KEYS = RESOURCE_KEYS.length;
const SPENT_ACTION = 0;
const SPENT_ATTACK = 1;
const SPENT_REACTION = 2;
const SPENT_MOVEMENT = 3;
/** the turn's movement pool itself, cut when a condition takes its Speed on its own turn (kernel-conditions.ts) */
const SPENT_MOVEMENT_MAX = 4;
/** Roll modes as the kernel draws them. */
const NORMAL = 0;
const ADVANTAGE = 1;
const DISADVANTAGE = 2;
/** A creature woken with this much strife attacks with Int, Wis or Cha at disadvantage (A5E-STRIFE-4): handed back. */
export const STRIFE_TOUCHING_ATTACKS = 4;
const STRIFE_MAX = 7;
/** No initiative set before the fight: the creature rolls at startCombat. */
const NO_PRESET = -2147483648;
/** The engine's roll-off limit (settleTies). */

/** An attack's two d20s with advantage or disadvantage (A5E-COND-24's prone); the natural kept. */
function twoD20(dice: DiceDraw, mode: number): number {
  const a = dice.next(20);
  const b = dice.next(20);
  return mode === ADVANTAGE ? Math.max(a, b) : Math.min(a, b);
}

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
 * - a crit on a target that could turn it aside with its reaction (a shield not yet given up,
 *   A5E-DMG-5; Block once a fight under the full rules, A5E-DMG-6) is turned into a hit when the
 *   target is bloodied (the simulator's answer), its shield first; the reaction comes back at the
 *   start of its turn (A5E-ROUND-4).
 * - at 0 hit points a monster (or an NPC, the simulator answering the Narrator's question with its
 *   default) dies (A5E-DYING-15, A5E-DYING-16). A character or important NPC (the full rules) first
 *   saves against massive damage when the blow reaches its threshold (A5E-DMG-16: failing is death),
 *   then is dying (`fight-dying.ts`): it rolls a death save as each of its turns starts and ends the
 *   turn (A5E-DYING-3..5), until stable (its 1d4-hour recovery rolled, A5E-DYING-13) or dead.
 *   A natural 20 wakes it at 1 hit point (A5E-DYING-6), prone, its movement back; its turn's first
 *   command stands it up as the policies do, for half its Speed (A5E-POS-8), and its rolls are normal
 *   again. The prone modes (A5E-COND-24) stay tabulated for the attacks of a creature still prone.
 * Handed back to the engine: a creature waking with strife 4 or more (A5E-STRIFE-4 would touch its
 * attacks), or with Speed 0 (it could not stand).
 * The simulator's checks come before every command, as in its fight loop: one side standing wins,
 * past the round limit it is a draw. A turn's start (its death save) comes before those checks.
 */
export class A5eFightKernel implements CompiledFight, WorldHost {
  readonly resourceKeys: readonly string[] = RESOURCE_KEYS;
  private readonly n: number;
  /** the fight's own creatures (the rest are slots for those the world brings in, kernel-spawn.ts) */
  private readonly n0: number;
  private readonly spawn: KernelSpawn | null;
  /** creatures up by side, the fight's own sides only (who stands) */
  private readonly standing: Int32Array;
  private readonly side: Int32Array;
  private readonly hp0: Int32Array;
  private readonly tempHp0: Int32Array;
  private readonly maxHp: Int32Array;
  private readonly ac: Int32Array;
  private readonly initMod: Int32Array;
  private readonly fullRules: Uint8Array;
  private readonly shield: Uint8Array;
  readonly dying: KernelDying;
  /** the reaction is unspent; the shield is given up; Block is used (A5E-DMG-5, A5E-DMG-6) */
  private readonly reaction: Uint8Array;
  private readonly shieldGone: Uint8Array;
  private readonly blockUsed: Uint8Array;
  /** up again after a natural 20 on a death save, and prone until its first command stands it up */
  private readonly prone: Uint8Array;
  /** creature k's stand-up cost at strife level s at k * STRIFE_TOUCHING_ATTACKS + s; -1: it cannot stand */
  private readonly standCost: Int32Array;
  private readonly strife: Uint8Array;
  /** roll mode of attacker a's attack at a * 4 + attacker prone * 2 + target prone */
  private readonly attackMode: Uint8Array;
  /** some creature has a reaction to renew (a crit to turn aside) or may be dying: turn starts matter */
  private readonly turnStarts: boolean;
  private readonly attacksPerAction: Int32Array;
  /** creature k's attack i is slot slotBase[k] + i (-1 where its stat block's attack is not modelled) */
  private readonly slotBase: Int32Array;
  private readonly slotOf: Int32Array;
  private readonly bonus: Int32Array;
  /** a slot's rider: 0 none, 1 a Strength save, 2 a Dexterity save against prone; its DC */
  private readonly rider: Uint8Array;
  private readonly riderDc: Int32Array;
  private readonly riderSaves: Int32Array;
  private readonly speed: Int32Array;
  private readonly hasRiders: boolean;
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
  /** the environment's start-of-round phase (`kernel-environment.ts`), or null */
  private readonly world: KernelWorld | null;
  /** attacker a's melee blow dropping target t knocks it out (A5E-DYING-17, as the simulator answers): at a * n + t, or null */
  private readonly knockOut: Uint8Array | null;
  /** conditions with a duration (kernel-conditions.ts), or null; and each slot's rider it plays */
  private readonly conds: KernelConditions | null;
  private readonly condRider: (KernelConditionRider | null)[];
  // per-fight scratch
  readonly hp: Int32Array;
  private readonly tempHp: Int32Array;
  /** up as the simulator counts it: conscious with hit points left */
  readonly up: Uint8Array;
  private readonly upBySide: Int32Array;
  private readonly order: Int32Array;
  private readonly initiative: RollOffOrder;
  /** each creature's initiative set before the fight, or NO_PRESET */
  private readonly preset: Int32Array;
  /** one roll-off d20 for creature k, recorded when the fight is */
  private readonly tieBreak = (k: number, dice: DiceDraw): number => this.d20(dice, k, 'initiative tie-break');
  private readonly candidates: Int32Array;
  /** creature k's hostiles (`hostileLists`): hostiles[hostileFrom[k] .. hostileFrom[k + 1]), in encounter order */
  private readonly hostileFrom: Int32Array;
  private readonly hostiles: Int32Array;
  /** on a grid, the hostiles up before those out of reach are dropped (whom it may close in on) */
  private readonly foesUp: Int32Array;
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
    /** null: a fresh fight; else where the fight under way stands (`kernel-state.ts`) */
    private readonly start: A5eKernelStart | null = null,
    /** on a grid: where everyone stands and what the map lets them do (`grid-kernel.ts`) */
    readonly grid: A5eGrid | null = null,
    extras: { world?: KernelWorld | null; knockOut?: Uint8Array | null; conditions?: KernelConditions | null; spawn?: KernelSpawn | null } = {},
  ) {
    const n = creatures.length;
    // Creatures past the fight's own are slots for those the world brings in (kernel-spawn.ts).
    this.n0 = creatureIds.length;
    this.spawn = extras.spawn ?? null;
    this.world = extras.world ?? null;
    this.conds = extras.conditions ?? null;
    this.knockOut = extras.knockOut ?? null;
    this.recorder = new FightRecorder(creatures, damageSteps);
    this.n = n;
    const { ints, flags } = kernelColumns(creatures);
    this.side = ints((c) => c.side);
    this.hp0 = ints((c) => c.hp);
    this.tempHp0 = ints((c) => c.tempHp);
    this.maxHp = ints((c) => c.maxHp);
    this.ac = ints((c) => c.ac);
    this.initMod = ints((c) => c.initiative);
    this.preset = ints((c) => c.presetInitiative ?? NO_PRESET);
    this.fullRules = flags((c) => c.fullRules);
    this.shield = flags((c) => c.shield);
    this.dying = new KernelDying(ints((c) => c.massive), ints((c) => c.conSave));
    this.reaction = new Uint8Array(n);
    this.shieldGone = new Uint8Array(n);
    this.blockUsed = new Uint8Array(n);
    this.prone = new Uint8Array(n);
    this.standCost = Int32Array.from(creatures.flatMap((c) => Array.from({ length: STRIFE_TOUCHING_ATTACKS }, (_, s) => c.standCost[s] ?? -1)));
    this.strife = new Uint8Array(n);
    this.attackMode = new Uint8Array(n * 4);
    this.turnStarts = grid !== null || this.knockOut !== null || this.conds !== null || creatures.some((c) => c.shield || c.fullRules || c.slots.some((sl) => sl?.rider));
    creatures.forEach((c, k) => c.attackModes.forEach((m, combo) => {
      this.attackMode[k * 4 + combo] = m.mode === 'advantage' ? ADVANTAGE : m.mode === 'disadvantage' ? DISADVANTAGE : NORMAL;
    }));
    this.attacksPerAction = ints((c) => c.attacks);
    this.speed = ints((c) => c.speed);
    const slots: KernelSlot[] = [];
    this.slotBase = new Int32Array(n);
    const slotOf: number[] = [];
    creatures.forEach((c, k) => {
      this.slotBase[k] = slotOf.length;
      for (const sl of c.slots) {
        slotOf.push(sl ? slots.length : -1);
        if (sl) slots.push(sl);
      }
      if (!c.slots.length) {
        // no attack: one empty slot keeps the indexes simple
        slotOf.push(slots.length);
        slots.push({ bonus: 0, terms: [], rider: null });
      }
    });
    this.slotOf = Int32Array.from(slotOf);
    this.bonus = Int32Array.from(slots, (sl) => sl.bonus);
    this.rider = Uint8Array.from(slots, (sl) => (sl.rider === null ? 0 : sl.rider.ability === 'str' ? 1 : 2));
    this.riderDc = Int32Array.from(slots, (sl) => sl.rider?.dc ?? 0);
    this.riderSaves = Int32Array.from(creatures.flatMap((c) => [0, c.strSave, c.dexSave]));
    this.hasRiders = slots.some((sl) => sl.rider !== null);
    this.condRider = slots.map((sl) => sl.condition ?? null);
    const terms = slots.flatMap((sl) => sl.terms);
    this.termCount = Int32Array.from(terms, (t) => t.count);
    this.termSides = Int32Array.from(terms, (t) => t.sides);
    this.termSign = Int32Array.from(terms, (t) => t.sign);
    this.termType = Int32Array.from(terms, (t) => types.indexOf(t.type));
    this.termFrom = new Int32Array(slots.length);
    this.termTo = new Int32Array(slots.length);
    let at = 0;
    slots.forEach((sl, k) => {
      this.termFrom[k] = at;
      at += sl.terms.length;
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
    this.tempHp = new Int32Array(n);
    this.up = new Uint8Array(n);
    // A slot's side is its own, after the fight's: only the fight's sides decide who stands.
    this.upBySide = new Int32Array(Math.max(sides.length, ...creatures.map((c) => c.side + 1)));
    this.standing = this.upBySide.length === sides.length ? this.upBySide : this.upBySide.subarray(0, sides.length);
    this.initiative = new RollOffOrder(this.n0, n);
    this.order = this.initiative.order;
    this.candidates = new Int32Array(n);
    ({ from: this.hostileFrom, hostiles: this.hostiles } = hostileLists(this.side));
    this.foesUp = new Int32Array(n);
    this.amounts = new Int32Array(types.length);
  }

  newOutcome(): FightOutcome {
    return emptyOutcome(this.n, RESOURCE_KEYS.length);
  }

  play(dice: DiceDraw, policy: PolicyDraw, out: FightOutcome): boolean {
    resetOutcome(out);
    const { n, hp, up, upBySide, order, side, attacksPerAction, maxRounds, reaction } = this;
    const status = this.dying.status;
    const turnStarts = this.turnStarts;
    upBySide.fill(0);
    const start = this.start;
    const grid = this.grid;
    if (grid) grid.reset();
    if (start) this.resume(start, out);
    else {
      for (let k = 0; k < n; k++) {
        hp[k] = this.hp0[k]!;
        this.tempHp[k] = this.tempHp0[k]!;
        up[k] = 1;
        upBySide[side[k]!]!++;
      }
      if (turnStarts) this.resetTurnStartRules();
      this.rollInitiative(dice);
      out.commands = 1;
    }
    if (this.spawn) this.spawnSlotsOut();
    const conds = this.conds;
    if (conds) conds.reset(status);
    // The environment's start-of-round phase (kernel-environment.ts): round 1's after initiative; under way, the next round's.
    const world = this.world;
    if (world) {
      world.reset();
      if (!start && !world.roundStart(this, dice, 1, out)) return false;
    }
    let round = start ? start.round : 1;
    let from = start ? start.turn : 0;
    // Under way, the current creature's turn has started: no turn-start rules, its Attack action as it stands.
    let resuming = start !== null;
    // The creatures in the turn order (more once the world brings one in).
    let turns = this.initiative.count;
    for (;;) {
      for (let i = from; i < turns; i++) {
        const me = order[i]!;
        let attacksLeft: number;
        let first: boolean;
        let movementLeft: number;
        if (resuming) {
          resuming = false;
          first = start!.action === 1;
          attacksLeft = up[me] && (!conds || conds.canAct(me)) ? (first ? attacksPerAction[me]! : start!.attacksLeft) : 0;
          movementLeft = start!.movement;
          if (conds) conds.resumeTurn(me);
        } else {
          if (out.dead[me]) continue;
          // The turn starts: a fresh reaction, then a death save for the dying (A5E-ROUND-5 order).
          if (turnStarts) {
            reaction[me] = 1;
            if (status[me] === DYING && !this.deathSave(dice, me, out)) return false;
          }
          // Incapacitated (a paralysis), it takes no action (A5E-COND-17).
          attacksLeft = up[me] && (!conds || conds.canAct(me)) ? attacksPerAction[me]! : 0;
          first = true;
          movementLeft = this.speed[me]!;
          if (conds) conds.beginTurn(me, status);
        }
        for (;;) {
          const standing = sideStanding(this.standing);
          if (standing !== -2) return finishFight(out, standing, round, maxRounds, this.up);
          if (round > maxRounds) return finishFight(out, -1, maxRounds, maxRounds, this.up);
          out.commands++;
          // Woken prone: the policies stand up first (A5E-POS-8); the wake checked it can.
          // Held at Speed 0 (restrained, grappled, paralyzed), it cannot stand and attacks prone (A5E-POS-8).
          if (this.prone[me] && up[me] && (!conds || conds.canStand(me))) {
            this.prone[me] = 0;
            const cost = this.standCost[me * STRIFE_TOUCHING_ATTACKS + this.strife[me]!]!;
            out.spent[me * KEYS + SPENT_MOVEMENT]! += cost;
            movementLeft -= cost;
            conds?.moved(cost);
            continue;
          }
          if (attacksLeft === 0 || !up[me]) break;
          let m = this.hostilesUp(me);
          if (grid) {
            // On a map: the hostiles some attack reaches; none, and it closes in (docs/sim.md "On a map").
            const hostiles = m;
            this.foesUp.set(this.candidates);
            m = grid.targets(me, this.candidates, m, status, this.prone, this.strife);
            if (m === HAND_BACK) return false;
            if (m === 0) {
              const cost = grid.closeIn(me, this.foesUp, hostiles, this.target, hp, this.maxHp, policy, status, this.prone, reaction, movementLeft);
              if (cost === NONE) break;
              out.spent[me * KEYS + SPENT_MOVEMENT]! += cost;
              movementLeft -= cost;
              continue;
            }
          } else if (m === 0) break;
          const t = pickTarget(this.target, this.candidates, m, this.hp, this.maxHp, policy);
          out.spent[me * KEYS + (first ? SPENT_ACTION : SPENT_ATTACK)]!++;
          first = false;
          attacksLeft--;
          if (grid) {
            const p = grid.planOf[t]!;
            if (!this.attack(dice, me, t, out, this.slotOf[this.slotBase[me]! + grid.planSlot(p)]!, grid.planMode(p), grid.planAc(p))) return false;
          } else {
            const mode = conds ? conds.attackMode(me, t, this.prone[me]!, this.prone[t]!) : this.attackMode[me * 4 + this.prone[me]! * 2 + this.prone[t]!]!;
            if (!this.attack(dice, me, t, out, this.slotOf[this.slotBase[me]!]!, mode, this.ac[t]!)) return false;
          }
        }
        // Its turn ends: the attacks left of an Attack action it began are given up (on a map, nobody left in reach).
        if (!first && attacksLeft > 0) out.spent[me * KEYS + SPENT_ATTACK]! += attacksLeft;
        // The turn ends (the endTurn command just counted): the environment's save, saves that end conditions, durations.
        if (conds && !conds.turnEnd(dice, me, status, out, me * KEYS + SPENT_MOVEMENT, me * KEYS + SPENT_MOVEMENT_MAX)) return false;
      }
      from = 0;
      round++;
      // The last turn's end starts the next round, and its world action, whatever the round limit.
      if (world && !world.roundStart(this, dice, round, out)) return false;
      turns = this.initiative.count;
    }
  }

  /** The slots for creatures the world brings in start out of the fight: not up, no hit points, none spent (kernel-spawn.ts). */
  private spawnSlotsOut(): void {
    for (let k = this.n0; k < this.n; k++) {
      if (this.up[k]) this.upBySide[this.side[k]!]!--;
      this.up[k] = 0;
      this.hp[k] = 0;
    }
    this.spawn!.reset();
  }

  /** How many creatures the world brought into the last fight (kernel-spawn.ts). */
  get joined(): number {
    return this.spawn?.joined ?? 0;
  }

  /** The next slot joins the fight (A5E-WORLD-43, A5E-INIT-7): fresh from its stat block, seated by its initiative; false when none is left. */
  join(dice: DiceDraw, _out: FightOutcome): boolean {
    const k = this.spawn ? this.spawn.join(dice, this.initiative, this.tieBreak) : -1;
    if (k < 0) return false;
    this.hp[k] = this.hp0[k]!;
    this.tempHp[k] = this.tempHp0[k]!;
    this.up[k] = 1;
    this.upBySide[this.side[k]!]!++;
    this.dying.status[k] = CONSCIOUS;
    this.reaction[k] = 1;
    this.shieldGone[k] = 0;
    this.blockUsed[k] = 0;
    this.prone[k] = 0;
    this.strife[k] = 0;
    return true;
  }

  get recording(): boolean {
    return this.record !== null;
  }

  /** Damage the world deals to t after its defences: through temporary hit points first (A5E-DMG-19) when it is up. */
  worldDamage(dice: DiceDraw, t: number, total: number, out: FightOutcome): void {
    this.applyDamage(dice, -1, t, total, out);
  }

  /** What of `total` gets past t's temporary hit points (A5E-DMG-19), which it spends. */
  throughTempHp(t: number, total: number): number {
    const temp = this.tempHp[t]!;
    if (temp <= 0 || total <= 0) return total;
    const absorbed = Math.min(temp, total);
    this.tempHp[t] = temp - absorbed;
    return total - absorbed;
  }

  /** A fight under way as it stands: hit points, the dying and the dead (down from the start counts as dropped), reactions, shields, Block, prone, strife, the order. */
  private resume(start: A5eKernelStart, out: FightOutcome): void {
    const { n, hp, up, upBySide, side, dying } = this;
    for (let k = 0; k < n; k++) {
      hp[k] = start.hp[k]!;
      this.tempHp[k] = start.tempHp[k]!;
      const status = start.status[k]!;
      dying.status[k] = status;
      dying.successes[k] = start.successes[k]!;
      dying.failures[k] = start.failures[k]!;
      up[k] = status === CONSCIOUS && hp[k]! > 0 ? 1 : 0;
      if (up[k]) upBySide[side[k]!]!++;
      else out.dropped[k] = 1;
      if (status === DEAD) out.dead[k] = 1;
      this.reaction[k] = start.reaction[k]!;
      this.shieldGone[k] = start.shieldGone[k]!;
      this.blockUsed[k] = start.blockUsed[k]!;
      this.prone[k] = start.prone[k]!;
      this.strife[k] = start.strife[k]!;
    }
    this.initiative.load(start.order, start.totals, start.tiebreaks);
    out.commands = 0;
  }

  playRecorded(dice: DiceSource, policy: PolicyDraw, out: FightOutcome, record: (e: FrayEventBody) => void): boolean {
    // The records know a creature's first attack only, and neither a map nor a rider's save: such fights are recorded on the engine.
    if (this.grid || this.hasRiders || this.conds) return false;
    this.record = record;
    this.recordDice = dice;
    try {
      return this.play(dice, policy, out);
    } finally {
      this.record = null;
      this.recordDice = null;
    }
  }

  /** A fresh fight's reactions, shields, Block, dying rules, prone and strife (one loop: cheaper than a fill each). */
  private resetTurnStartRules(): void {
    const { reaction, shieldGone, blockUsed, prone, strife } = this;
    for (let k = 0; k < this.n; k++) {
      reaction[k] = 1;
      shieldGone[k] = 0;
      blockUsed[k] = 0;
      prone[k] = 0;
      strife[k] = 0;
    }
    this.dying.reset();
  }

  /**
   * Writes the hostiles of `me` still up, in encounter order, into `candidates`; returns how many.
   * Without a branch on `up` (each is written, and counted when up): who is up changes from attack
   * to attack, so a branch on it is mispredicted often, and this runs before every attack.
   */
  private hostilesUp(me: number): number {
    const { hostiles, up, candidates } = this;
    let m = 0;
    for (let j = this.hostileFrom[me]!, end = this.hostileFrom[me + 1]!; j < end; j++) {
      const t = hostiles[j]!;
      candidates[m] = t;
      m += up[t]!;
    }
    return m;
  }

  /** One attack with the attack in `slot`, its roll mode and the AC it is made against; false when the fight leaves the compiled rules. */
  private attack(dice: DiceDraw, me: number, t: number, out: FightOutcome, slot: number, mode: number, ac: number): boolean {
    out.attacks++;
    const combo = this.prone[me]! * 2 + this.prone[t]!;
    const natural = this.record ? this.recorder.attackRoll(this.record, this.recordDice!, me, combo) : mode === NORMAL ? dice.next(20) : twoD20(dice, mode);
    let crit = natural === 20;
    const hit = crit || (natural !== 1 && natural + this.bonus[slot]! >= ac);
    // A hit from within 5 feet on a paralyzed creature is a critical hit (A5E-ATK-7).
    if (hit && !crit && this.conds?.critOnHit(me, t)) crit = true;
    if (crit && this.turnsCritAside(t)) {
      crit = false;
      out.spent[t * KEYS + SPENT_REACTION]!++;
    }
    if (this.record) this.recorder.attack(this.record, me, t, combo, natural, crit ? 'crit' : hit ? 'hit' : 'miss');
    if (!hit) return true;
    if (this.record) return this.applyDamage(dice, me, t, this.recorder.damageRoll(this.record, this.recordDice!, me, t, crit, this.asRolled[me * this.n + t] === 1, this.hp[t]!, this.tempHp[t]!), out);
    const { amounts, termCount, termSides, termSign, termType, typeCount } = this;
    // One damage type or two: a loop is cheaper than fill's call.
    for (let y = 0; y < typeCount; y++) amounts[y] = 0;
    for (let k = this.termFrom[slot]!, end = this.termTo[slot]!; k < end; k++) {
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
    if (!this.applyDamage(dice, me, t, total, out)) return false;
    const cr = this.condRider[slot];
    if (cr) return this.conds!.rider(dice, cr, me, t, this.dying.status);
    return this.rider[slot] ? this.riderRoll(dice, slot, t) : true;
  }

  /**
   * A rider after the damage (runOnHit): the target saves or falls prone. The dead are skipped; the
   * dying and the stable, unconscious, fail a Strength or Dexterity save without a roll and are prone
   * already. False when a creature knocked prone could not stand up (Speed 0).
   */
  private riderRoll(dice: DiceDraw, slot: number, t: number): boolean {
    if (!this.up[t]) return true;
    const natural = dice.next(20);
    if (natural + this.riderSaves[t * 3 + this.rider[slot]!]! >= this.riderDc[slot]!) return true;
    if (!this.prone[t] && this.standCost[t * STRIFE_TOUCHING_ATTACKS + Math.min(this.strife[t]!, STRIFE_TOUCHING_ATTACKS - 1)]! < 0) return false;
    this.prone[t] = 1;
    return true;
  }

  /** One d20 from the engine's stream (recorded: with its `DiceRolled`). */
  private d20(dice: DiceDraw, k: number, purpose: string): number {
    return this.record ? this.recorder.d20Roll(this.record, this.recordDice!, k, purpose) : dice.next(20);
  }

  /**
   * The crit-block prompt as the simulator answers it (A5E-DMG-5, A5E-DMG-6): offered while the target
   * has its reaction and a shield to give up or Block unused; taken only when it is bloodied, the
   * shield first. True when the crit becomes a hit (the reaction spent).
   */
  private turnsCritAside(t: number): boolean {
    // Incapacitated, it has no reaction (A5E-COND-17).
    if (this.conds && !this.conds.canReact(t)) return false;
    if (!this.reaction[t] || this.hp[t]! * 2 > this.maxHp[t]!) return false;
    if (this.shield[t] && !this.shieldGone[t]) this.shieldGone[t] = 1;
    else if (this.fullRules[t] && !this.blockUsed[t]) this.blockUsed[t] = 1;
    else return false;
    this.reaction[t] = 0;
    return true;
  }

  /** Damage after defences from attacker `me` (-1: the world) to t. */
  private applyDamage(dice: DiceDraw, me: number, t: number, total: number, out: FightOutcome): boolean {
    // Temporary hit points take it first (A5E-DMG-19, the last of the ruleset's steps); the rest reaches hit points.
    const toHp = this.throughTempHp(t, total);
    if (me >= 0) out.dealt[me]! += toHp;
    out.taken[t]! += toHp;
    if (toHp <= 0) return true;
    const after = Math.max(0, this.hp[t]! - toHp);
    this.hp[t] = after;
    if (after > 0) return true;
    out.dropped[t] = 1;
    this.up[t] = 0;
    this.upBySide[this.side[t]!]!--;
    // Unconscious or dead, it lets go of whom it grapples (A5E-COND-16).
    this.conds?.dropped(t, false);
    if (me >= 0 && this.knockOut?.[me * this.n + t]) {
      // Knocked out: the massive-damage save still comes first, then unconscious and stable (A5E-DYING-17).
      if (!this.dying.massiveAt(t, total) || this.massiveSave(dice, t)) {
        this.dying.status[t] = STABLE;
        if (this.record) this.recorder.stableRecovery(this.record, this.recordDice!, t);
        else dice.next(4);
      } else {
        this.dying.status[t] = DEAD;
        out.dead[t] = 1;
      }
      return true;
    }
    if (this.fullRules[t]) {
      const { dying } = this;
      // The massive-damage save comes first; failing it is death whatever else would follow (AMB-5).
      if (!dying.massiveAt(t, total) || this.massiveSave(dice, t)) dying.startDying(t);
      else {
        dying.status[t] = DEAD;
        out.dead[t] = 1;
      }
      return true;
    }
    // Dead at 0 (A5E-DYING-15): the map's questions (who threatens whom) read the status.
    this.dying.status[t] = DEAD;
    out.dead[t] = 1;
    return true;
  }

  /** The save against massive damage (A5E-DMG-16); true when it holds. */
  massiveSave(dice: DiceDraw, t: number): boolean {
    const natural = this.d20(dice, t, 'save');
    const holds = this.dying.massiveSaveHolds(t, natural);
    if (this.record) this.recorder.massiveSave(this.record, t, this.strife[t]!, natural, holds);
    // Surviving it costs a level of strife (and of fatigue, which waits for the fight's end).
    if (holds) this.gainStrife(t);
    return holds;
  }

  private gainStrife(k: number): void {
    if (this.strife[k]! < STRIFE_MAX) this.strife[k]!++;
  }

  /** A death saving throw as creature k's turn starts (A5E-DYING-3); false when the fight leaves the compiled rules. */
  private deathSave(dice: DiceDraw, k: number, out: FightOutcome): boolean {
    const natural = this.d20(dice, k, 'save');
    const result = this.dying.deathSave(k, natural);
    if (this.record) this.recorder.deathSave(this.record, k, this.strife[k]!, natural, result !== SAVE_FAILURE && result !== SAVE_DIED);
    // A natural 1 costs a level of strife too (A5E-DYING-5).
    if (natural === 1) this.gainStrife(k);
    if (result === SAVE_WOKE) {
      if (this.strife[k]! >= STRIFE_TOUCHING_ATTACKS || this.standCost[k * STRIFE_TOUCHING_ATTACKS + this.strife[k]!]! < 0) return false;
      this.conds?.woke(k);
      // 1 hit point, awake and still prone; the rest of its turn is its own (A5E-DYING-6, A5E-COND-29).
      this.hp[k] = 1;
      this.up[k] = 1;
      this.upBySide[this.side[k]!]!++;
      this.prone[k] = 1;
    } else if (result === SAVE_STABLE) {
      if (this.record) this.recorder.stableRecovery(this.record, this.recordDice!, k);
      else dice.next(4);
    } else if (result === SAVE_DIED) out.dead[k] = 1;
    return true;
  }

  /** Initiative checks in encounter order, sorted, ties rolled off (the engine's sortOrder and settleTies). */
  private rollInitiative(dice: DiceDraw): void {
    const { n0, initMod } = this;
    const total = this.initiative.total;
    for (let k = 0; k < n0; k++) {
      const preset = this.preset[k]!;
      if (preset !== NO_PRESET) {
        total[k] = preset;
        continue;
      }
      const natural = this.d20(dice, k, 'check');
      total[k] = natural + initMod[k]!;
      if (this.record) this.recorder.initiative(this.record, k, natural);
    }
    this.initiative.settle(dice, this.tieBreak);
  }
}
