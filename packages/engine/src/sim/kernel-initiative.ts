import type { DiceDraw } from './compiled-fight';

/** The engine's roll-off limit (`settleTies`). */
export const ROLL_OFFS = 50;

/**
 * Initiative for compiled fights of rulesets that settle ties by d20 roll-offs, as the engine's
 * `sortOrder` and `settleTies` do (procedure/initiative.ts): higher total first, then higher roll-offs
 * in turn (none counts lowest), then the order creatures joined; every group of creatures still tied
 * rolls one d20 each, in order, until none are. Integer-indexed: creature k is the k-th to join.
 * A creature joining mid-fight (`join`, the engine's `insertInOrder`) takes a slot of the `capacity`
 * beyond the n that start the fight.
 */
export class RollOffOrder {
  /** the creatures in turn order: the first `count` */
  readonly order: Int32Array;
  /** each creature's initiative total, set by the caller before `settle` */
  readonly total: Int32Array;
  /** how many creatures the order holds: the n that start the fight, and those that joined since */
  count: number;
  private readonly tieLen: Int32Array;
  /**
   * Creature k's roll-offs, in turn, at `ties[k * stride + r]`. The engine's tie-break lists have no
   * bound: a creature may carry its own d20 on joining plus ROLL_OFFS passes, and each later join
   * settles the whole order again, so `stride` grows (doubling) rather than let one creature's
   * roll-offs spill into the next's.
   */
  private ties: Int32Array;
  private stride = ROLL_OFFS;

  constructor(
    private readonly n: number,
    capacity = n,
  ) {
    this.count = n;
    this.order = new Int32Array(capacity);
    this.total = new Int32Array(capacity);
    this.tieLen = new Int32Array(capacity);
    this.ties = new Int32Array(capacity * this.stride);
  }

  /** Sorts the n creatures that start the fight by `total`, rolling off ties with `rollOff(k, dice)` (one d20 for creature k). */
  settle(dice: DiceDraw, rollOff: (k: number, dice: DiceDraw) => number): void {
    const { n, order, tieLen } = this;
    this.count = n;
    for (let k = 0; k < n; k++) {
      tieLen[k] = 0;
      order[k] = k;
    }
    // Before any roll-off `compare` is the total alone: the first sort needs nothing else, and with
    // no two totals equal the order stands.
    if (this.sortByTotalUntied()) return;
    this.rollOffTies(dice, rollOff);
  }

  /**
   * The order of a fight under way: `order` (creature indexes), each creature's total and the roll-offs
   * it made (`tiebreaks[k]`, the engine's `InitiativeEntry.tiebreak`), for creatures that join later.
   */
  load(order: ArrayLike<number>, totals: ArrayLike<number>, tiebreaks: readonly (readonly number[])[]): void {
    this.count = order.length;
    for (let i = 0; i < order.length; i++) {
      const k = order[i]!;
      this.order[i] = k;
      this.total[k] = totals[k]!;
      const t = tiebreaks[k] ?? [];
      this.roomFor(t.length);
      this.tieLen[k] = t.length;
      for (let r = 0; r < t.length; r++) this.ties[k * this.stride + r] = t[r]!;
    }
  }

  /**
   * Creature k joins the fight at `total` (the engine's `insertInOrder`): tied with a creature that
   * a roll-off ordered, it rolls its own d20 first; then the order is sorted and any tie left is
   * rolled off as `settle` does. k must be above every creature already in the order (it joined last).
   */
  join(k: number, total: number, dice: DiceDraw, rollOff: (k: number, dice: DiceDraw) => number): void {
    const { order, tieLen } = this;
    this.total[k] = total;
    tieLen[k] = 0;
    for (let i = 0; i < this.count; i++) {
      const j = order[i]!;
      if (this.total[j] === total && tieLen[j]! > 0) {
        this.ties[k * this.stride] = rollOff(k, dice);
        tieLen[k] = 1;
        break;
      }
    }
    order[this.count++] = k;
    this.sortOrder();
    this.rollOffTies(dice, rollOff);
  }

  /** The engine's `settleTies` over an order already sorted: each pass rolls off the groups still tied, then sorts again. */
  private rollOffTies(dice: DiceDraw, rollOff: (k: number, dice: DiceDraw) => number): void {
    const { order, tieLen } = this;
    const n = this.count;
    for (let guard = 0; guard < ROLL_OFFS; guard++) {
      let rolled = false;
      for (let i = 0; i < n; ) {
        let j = i + 1;
        while (j < n && this.sameKey(order[i]!, order[j]!)) j++;
        if (j - i > 1) {
          rolled = true;
          // Every creature of the group has the same number of roll-offs (same key).
          this.roomFor(tieLen[order[i]!]! + 1);
          for (let r = i; r < j; r++) {
            const k = order[r]!;
            this.ties[k * this.stride + tieLen[k]!] = rollOff(k, dice);
            tieLen[k]!++;
          }
        }
        i = j;
      }
      if (!rolled) return;
      this.sortOrder();
    }
  }

  /** Room for `len` roll-offs per creature: the stride doubles, each creature's roll-offs copied to its new place. */
  private roomFor(len: number): void {
    if (len <= this.stride) return;
    let stride = this.stride;
    while (stride < len) stride *= 2;
    const cap = this.tieLen.length;
    const ties = new Int32Array(cap * stride);
    for (let k = 0; k < cap; k++) ties.set(this.ties.subarray(k * this.stride, k * this.stride + this.tieLen[k]!), k * stride);
    this.ties = ties;
    this.stride = stride;
  }

  /** Insertion sort by total only (stable), before any roll-off; true when no two totals are equal. */
  private sortByTotalUntied(): boolean {
    const { n, order, total } = this;
    for (let i = 1; i < n; i++) {
      const k = order[i]!;
      const tk = total[k]!;
      let j = i;
      while (j > 0 && total[order[j - 1]!]! < tk) {
        order[j] = order[j - 1]!;
        j--;
      }
      order[j] = k;
    }
    for (let i = 1; i < n; i++) if (total[order[i - 1]!] === total[order[i]!]) return false;
    return true;
  }

  private sameKey(a: number, b: number): boolean {
    const { total, tieLen, ties, stride } = this;
    if (total[a] !== total[b] || tieLen[a] !== tieLen[b]) return false;
    for (let i = 0; i < tieLen[a]!; i++) if (ties[a * stride + i] !== ties[b * stride + i]) return false;
    return true;
  }

  /** Negative when a goes first. */
  private compare(a: number, b: number): number {
    const { total, tieLen, ties, stride } = this;
    if (total[a] !== total[b]) return total[b]! - total[a]!;
    const len = Math.max(tieLen[a]!, tieLen[b]!);
    for (let i = 0; i < len; i++) {
      const x = i < tieLen[a]! ? ties[a * stride + i]! : -Infinity;
      const y = i < tieLen[b]! ? ties[b * stride + i]! : -Infinity;
      if (x !== y) return y - x;
    }
    return a - b;
  }

  /** Insertion sort: stable, and nearly sorted after the first pass. */
  private sortOrder(): void {
    const { order } = this;
    const n = this.count;
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
