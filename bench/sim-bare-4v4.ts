// The ceiling for the simulator benchmarks: the research's bare 4-vs-4 loop, rebuilt here
// (shared/research/performance-anchors.md, Part 2, "Standard 4v4 scenario"). Typed arrays, a seeded
// sfc32 generator, no allocation per combat. Rules: initiative d20 + mod, sorted stable and
// descending; each living creature attacks a uniformly random living enemy; a natural 1 misses, a
// natural 20 crits with doubled dice, otherwise d20 + to-hit >= AC hits; at 0 HP a creature is out;
// the fight stops when one side is out. Not the engine: a hand-written reference for ratios only.

export interface BareSide {
  count: number;
  ac: number;
  hp: number;
  init: number;
  toHit: number;
  /** damage: dice count, sides, bonus */
  dice: number;
  sides: number;
  bonus: number;
  /** attacks per turn */
  attacks?: number;
}

export interface BareTotals {
  combats: number;
  winsA: number;
  rounds: number;
  attacks: number;
}

/** sfc32: a small, fast 32-bit generator (the one the research's bare loop used). */
class Sfc32 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed | 0;
    for (let i = 0; i < 12; i++) this.next();
  }
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }
  /** 1..n, unbiased (multiply-high with rejection) */
  die(n: number): number {
    for (;;) {
      const m = this.next() * n;
      const high = Math.floor(m / 4294967296);
      const low = m - high * 4294967296;
      if (low >= n || low >= 4294967296 % n) return high + 1;
    }
  }
}

/** A reusable bare fight between side A and side B. */
export class BareFight {
  private readonly n: number;
  private readonly side: Uint8Array;
  private readonly hp: Int32Array;
  private readonly maxHp: Int32Array;
  private readonly ac: Int32Array;
  private readonly init: Int32Array;
  private readonly toHit: Int32Array;
  private readonly dice: Int32Array;
  private readonly sides: Int32Array;
  private readonly bonus: Int32Array;
  private readonly attacks: Int32Array;
  private readonly order: Int32Array;
  private readonly roll: Int32Array;
  private readonly foes: Int32Array;
  private readonly rng: Sfc32;

  constructor(a: BareSide, b: BareSide, seed = 99) {
    this.n = a.count + b.count;
    const n = this.n;
    this.side = new Uint8Array(n);
    this.hp = new Int32Array(n);
    this.maxHp = new Int32Array(n);
    this.ac = new Int32Array(n);
    this.init = new Int32Array(n);
    this.toHit = new Int32Array(n);
    this.dice = new Int32Array(n);
    this.sides = new Int32Array(n);
    this.bonus = new Int32Array(n);
    this.attacks = new Int32Array(n);
    this.order = new Int32Array(n);
    this.roll = new Int32Array(n);
    this.foes = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const s = i < a.count ? a : b;
      this.side[i] = i < a.count ? 0 : 1;
      this.maxHp[i] = s.hp;
      this.ac[i] = s.ac;
      this.init[i] = s.init;
      this.toHit[i] = s.toHit;
      this.dice[i] = s.dice;
      this.sides[i] = s.sides;
      this.bonus[i] = s.bonus;
      this.attacks[i] = s.attacks ?? 1;
    }
    this.rng = new Sfc32(seed);
  }

  /** Plays `combats` fights and adds them up. */
  run(combats: number, into: BareTotals): BareTotals {
    const { n, side, hp, maxHp, ac, init, toHit, dice, sides, bonus, attacks, order, roll, foes, rng } = this;
    for (let c = 0; c < combats; c++) {
      const alive = [0, 0];
      for (let i = 0; i < n; i++) {
        hp[i] = maxHp[i]!;
        roll[i] = rng.die(20) + init[i]!;
        alive[side[i]!]!++;
        // insertion sort, stable, descending
        let j = i;
        while (j > 0 && roll[order[j - 1]!]! < roll[i]!) {
          order[j] = order[j - 1]!;
          j--;
        }
        order[j] = i;
      }
      let rounds = 0;
      while (alive[0]! > 0 && alive[1]! > 0) {
        rounds++;
        for (let k = 0; k < n && alive[0]! > 0 && alive[1]! > 0; k++) {
          const me = order[k]!;
          if (hp[me]! <= 0) continue;
          for (let a = 0; a < attacks[me]! && alive[1 - side[me]!]! > 0; a++) {
            let m = 0;
            for (let t = 0; t < n; t++) if (side[t] !== side[me] && hp[t]! > 0) foes[m++] = t;
            const target = foes[rng.die(m) - 1]!;
            into.attacks++;
            const nat = rng.die(20);
            if (nat === 1 || (nat !== 20 && nat + toHit[me]! < ac[target]!)) continue;
            const count = nat === 20 ? 2 * dice[me]! : dice[me]!;
            let dmg = bonus[me]!;
            for (let d = 0; d < count; d++) dmg += rng.die(sides[me]!);
            hp[target] = hp[target]! - dmg;
            if (hp[target]! <= 0) alive[side[target]!]!--;
          }
        }
      }
      into.combats++;
      into.rounds += rounds;
      if (alive[0]! > 0) into.winsA++;
    }
    return into;
  }
}

/** The research's standard sides. */
export const PCS: BareSide = { count: 4, ac: 16, hp: 28, init: 2, toHit: 5, dice: 1, sides: 8, bonus: 3 };
export const ORCS: BareSide = { count: 4, ac: 13, hp: 15, init: 1, toHit: 5, dice: 1, sides: 12, bonus: 3 };
