/**
 * The dying rules (A5E-DYING-1..14, A5E-DMG-16) on integer-indexed creatures, as the engine plays them
 * under the simulator's policies, which never target a creature that is not up: so nothing here
 * handles damage at 0 hit points (A5E-DYING-7..10), and nothing that the creature's tracks would
 * change comes into play. Fatigue gained in a fight waits for its end (A5E-FATIGUE-9), so dropping,
 * a natural 1 and blocking a crit change no roll here. Strife is not deferred (A5E-STRIFE-9), but no
 * level of it changes a death save or the save against massive damage (strife 2's disadvantage is for
 * concentration); the kernel counts it for the records and for the attacks of a creature that wakes.
 * Dice are drawn by the caller; this decides what they mean.
 */

/** A creature's place in the dying rules (the engine's statuses, A5E-COND-30). */
export const CONSCIOUS = 0;
export const DYING = 1;
export const STABLE = 2;
export const DEAD = 3;

/** What a death saving throw came to. */
export const SAVE_SUCCESS = 0;
export const SAVE_FAILURE = 1;
/** the third success: stable, and the caller rolls its 1d4-hour recovery (A5E-DYING-12, A5E-DYING-13) */
export const SAVE_STABLE = 2;
/** the third failure (A5E-DYING-18) */
export const SAVE_DIED = 3;
/** a natural 20: 1 hit point and awake (A5E-DYING-6) */
export const SAVE_WOKE = 4;

/** The DC of a death saving throw (A5E-DYING-4) and of the save against massive damage (A5E-DMG-16). */
export const DEATH_SAVE_DC = 10;
export const MASSIVE_DAMAGE_DC = 15;

export class KernelDying {
  readonly status: Uint8Array;
  readonly successes: Uint8Array;
  readonly failures: Uint8Array;

  /**
   * `massive[k]`: the damage that calls for a save against massive damage when it drops creature k
   * (A5E-DMG-16), `conSave[k]` its Constitution save bonus; only creatures under the full rules use them.
   */
  constructor(
    readonly massive: Int32Array,
    readonly conSave: Int32Array,
  ) {
    const n = massive.length;
    this.status = new Uint8Array(n);
    this.successes = new Uint8Array(n);
    this.failures = new Uint8Array(n);
  }

  reset(): void {
    const { status, successes, failures } = this;
    for (let k = 0; k < status.length; k++) {
      status[k] = CONSCIOUS;
      successes[k] = 0;
      failures[k] = 0;
    }
  }

  /** Whether `total` damage dropping creature k calls for the save against massive damage (AMB-5: after resistance). */
  massiveAt(k: number, total: number): boolean {
    return total >= this.massive[k]!;
  }

  /** The save against massive damage with this natural: failed is death (A5E-DMG-16); true when it holds. */
  massiveSaveHolds(k: number, natural: number): boolean {
    return natural + this.conSave[k]! >= MASSIVE_DAMAGE_DC;
  }

  /** Dropped and alive: dying, unconscious, its tallies from zero (A5E-DYING-1, A5E-DYING-3). */
  startDying(k: number): void {
    this.status[k] = DYING;
    this.successes[k] = 0;
    this.failures[k] = 0;
  }

  /**
   * A death saving throw with this natural (A5E-DYING-4): 10 or more succeeds; a natural 1 is one failure
   * (AMB-13) and a natural 20 wakes it (A5E-DYING-5, A5E-DYING-6); three successes make it stable, three
   * failures kill it. Returns one of the SAVE_* outcomes and sets the status to match.
   */
  deathSave(k: number, natural: number): number {
    if (natural === 20) {
      this.status[k] = CONSCIOUS;
      this.successes[k] = 0;
      this.failures[k] = 0;
      return SAVE_WOKE;
    }
    if (natural !== 1 && natural >= DEATH_SAVE_DC) {
      if (++this.successes[k]! < 3) return SAVE_SUCCESS;
      this.status[k] = STABLE;
      this.successes[k] = 0;
      this.failures[k] = 0;
      return SAVE_STABLE;
    }
    if (++this.failures[k]! < 3) return SAVE_FAILURE;
    this.status[k] = DEAD;
    return SAVE_DIED;
  }
}
