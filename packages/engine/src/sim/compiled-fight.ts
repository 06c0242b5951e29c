import type { DiceSource } from '@fray/dice';
import type { FrayEventBody } from '../core/events';
import type { EncounterState } from '../core/state';

/**
 * What the simulator's policies promise, so a ruleset can compile them into a fight: every creature
 * on its turn attacks a hostile still up with the first attack the rules offer it, for as long as its
 * attacks last, then ends its turn. `target` picks the hostile: 'weakest' (lowest share of hit points,
 * then fewest, then encounter order) or 'random' (uniform, one draw from the policy stream).
 * `prompts` names the prompt answers the policies give ('sim': the simulator's documented answers).
 */
export interface CompiledPolicySpec {
  target: 'weakest' | 'random';
  prompts: string;
  /**
   * A turn policy that does more than the attack-first one above, by name (13th Age's 'lean-13a'
   * engages, disengages and rallies); a compiled fight plays only the policies it names.
   */
  policy?: string;
  /**
   * What the policies do once the fight is over, by name (Five Torches Deep's 'ftd-minute': end the
   * fight, allies try to stabilize the dying, the rest of the minute passes); absent: nothing.
   */
  afterFight?: string;
  /** a fight still going after this many rounds is a draw */
  maxRounds: number;
}

/** One die at a time, as the engine's seeded source deals them. */
export interface DiceDraw {
  next(sides: number): number;
}

/** The policy stream: a whole number in 0..n-1. */
export interface PolicyDraw {
  int(n: number): number;
}

/**
 * What one compiled fight adds up to. Arrays are indexed like `CompiledFight.creatureIds`; `spent`
 * holds creature k's spending of resource `resourceKeys[r]` at `k * resourceKeys.length + r`.
 */
export interface FightOutcome {
  /** index into `sides` of the side left standing; -1 when nobody is, or the round limit came */
  winner: number;
  /** the round the fight ended in, at most the round limit */
  rounds: number;
  /** the commands the table would have issued (start, attacks, turn ends) */
  commands: number;
  attacks: number;
  dealt: Int32Array;
  taken: Int32Array;
  dropped: Uint8Array;
  dead: Uint8Array;
  /** not up when the fight ended: dying, stable, unconscious or dead */
  downAtEnd: Uint8Array;
  spent: Int32Array;
}

/**
 * A fight specialised to one starting state and one set of policies: the same rules as the engine's
 * command handlers for everything that can happen in it, with integer-indexed creatures and no events.
 * A fight that reaches anything outside what was compiled (a character dropping to 0 hit points, say)
 * reports so, and the caller plays that fight on the engine from the same seed instead.
 */
export interface CompiledFight {
  readonly creatureIds: readonly string[];
  /** sides by first appearance in `creatureIds` */
  readonly sides: readonly string[];
  readonly resourceKeys: readonly string[];
  newOutcome(): FightOutcome;
  /**
   * Plays one fight with the engine's dice stream and the policy stream. False when the fight left
   * the compiled rules; `out` is then meaningless and the caller replays the fight on the engine.
   */
  play(dice: DiceDraw, policy: PolicyDraw, out: FightOutcome): boolean;
  /**
   * The same fight, also handing `record` the engine's own events for every die rolled, every d20
   * test resolved and every damage applied (`DiceRolled`, `TestResolved`, `DamageApplied`), exactly as
   * the engine emits them except that a roll carries no `rngAfter`: the fight's starting dice state and
   * the rolls determine every later state. Optional: without it, recorded simulations play on the engine.
   */
  playRecorded?(dice: DiceSource, policy: PolicyDraw, out: FightOutcome, record: (e: FrayEventBody) => void): boolean;
}

/** Why a state cannot be compiled (the simulator then plays every fight on the engine). */
export interface NotCompiled {
  unsupported: string;
}

export type FightCompiler = (state: EncounterState, spec: CompiledPolicySpec) => CompiledFight | NotCompiled;

export function emptyOutcome(creatures: number, resources: number): FightOutcome {
  return {
    winner: -1, rounds: 0, commands: 0, attacks: 0,
    dealt: new Int32Array(creatures), taken: new Int32Array(creatures), dropped: new Uint8Array(creatures), dead: new Uint8Array(creatures),
    downAtEnd: new Uint8Array(creatures), spent: new Int32Array(creatures * resources),
  };
}

export function resetOutcome(o: FightOutcome): void {
  o.winner = -1;
  o.rounds = 0;
  o.commands = 0;
  o.attacks = 0;
  // One loop, not a fill per array: a compiled fight is a few microseconds, and each fill is a call.
  const { dealt, taken, dropped, dead, downAtEnd, spent } = o;
  for (let k = 0; k < dealt.length; k++) {
    dealt[k] = 0;
    taken[k] = 0;
    dropped[k] = 0;
    dead[k] = 0;
    downAtEnd[k] = 0;
  }
  for (let k = 0; k < spent.length; k++) spent[k] = 0;
}
