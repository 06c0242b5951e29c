import { compileDice, type DiceSource } from '@fray/dice';
import { DiceRecords, type DiceDraw, type FightOutcome, type FrayEventBody } from '@fray/engine';
import { WINDOW_ROUNDS, injuryDice, injuryRow, type InjuryRow } from '../combat/death';
import { abilityIds } from '../sheet/stat-block';
import type { FtdFightRecorder } from './fight-record';
import type { KernelTest } from './fight-kernel';

/**
 * A stabilizing check as the rules build it (`stabilizeCheck`, `ftdCheckParts`, the conditions'
 * roll modes) for helper and patient by index: with the helper's scores as they stand when
 * `scores` is given, and its injury when `injured`. A string where the rules would not roll it.
 */
export type StabilizeTestOf = (helper: number, patient: number, scores: readonly number[] | null, injured: boolean) => KernelTest | string;

const UP = 0;
const DYING = 1;
const DEAD = 2;
/** escaped before the fight was simulated: away, neither helping nor helped */
const GONE = 3;
const ABILITIES = abilityIds.length;
const CON = abilityIds.indexOf('con');

/** While a recorded fight plays: where its events go, the dice, and the fight's recorder. */
export interface MinuteRecording {
  record: (e: FrayEventBody) => void;
  dice: DiceSource;
  recorder: FtdFightRecorder;
}

/**
 * Five Torches Deep's minute after the fight as the simulator's policies play it on the engine
 * (`ftdAfterFight`: `ftd.endFight`, then beats of stabilizing attempts six seconds apart), with the
 * engine's draws in its order:
 * - the fight ends (FTD-DEATH-2): whoever dropped ten or more rounds before its last round dies now;
 *   the others have the rest of their minute, counted in 6-second beats;
 * - each beat, every creature up, in encounter order, tries to stabilize the first dying ally no one
 *   else has taken this beat (else the first dying ally): a stabilizing check (FTD-DEATH-3). An
 *   attempt on an ally stabilized earlier in the beat, or by a helper who cannot act (a score at 0,
 *   FTD-INJURY-2), is refused with no roll. Then six seconds pass; whose minute has run out dies.
 *   With nobody up to help, the minute passes at once and the dying die;
 * - stabilized: an NPC back to 1 HP (the simulator's GM answers 'no' to its injury roll); a PC rolls
 *   on the Injury Table (FTD-DEATH-4, `injuryRow`): dies on a 1, loses 1d6 from a score (CON 0 dies;
 *   another score at 0 cannot act), loses a part, is injured (disadvantage on its later checks), or
 *   heals 1d8 more. A helper's lowered score or injury changes its later checks: they are built again
 *   by the rules (`StabilizeTestOf`) for the scores it has.
 */
export class FtdMinuteAfter {
  private readonly status: Uint8Array;
  /** beats left in each dying creature's minute */
  private readonly left: Int32Array;
  private readonly scores: Int32Array;
  /** its scores or conditions changed since the fight began (its checks are built again) */
  private readonly changed: Uint8Array;
  private readonly injured: Uint8Array;
  private readonly drained: Uint8Array;
  private readonly helped: Uint8Array;
  private readonly pairs: Int32Array;
  private readonly tests: (KernelTest | string | undefined)[];
  private readonly changedTests = new Map<string, KernelTest | string>();
  private readonly rows: InjuryRow[] = Array.from({ length: 21 }, (_, r) => injuryRow(Math.max(1, r)));
  private readonly injuryRecords = {
    table: new DiceRecords(compileDice(injuryDice.table.dice)),
    loss: new DiceRecords(compileDice(injuryDice.loss.dice)),
    standing: new DiceRecords(compileDice(injuryDice.standing.dice)),
  };
  private readonly lossPurpose = abilityIds.map((a) => injuryDice.loss.purpose(a));

  constructor(
    private readonly ids: readonly string[],
    private readonly side: Int32Array,
    private readonly pc: Uint8Array,
    /** each creature's six scores when the fight began, in `abilityIds` order */
    private readonly scores0: Int32Array,
    private readonly testOf: StabilizeTestOf,
    /**
     * who carries a light, when the checks were built with the scene dim from darkness by those lights
     * (FTD-LIGHT-7): once every carrier is dead the scene is dark again, which the built checks do not
     * know, so the fight goes back to the engine
     */
    private readonly carriers: Uint8Array | null = null,
  ) {
    const n = ids.length;
    this.status = new Uint8Array(n);
    this.left = new Int32Array(n);
    this.scores = new Int32Array(n * ABILITIES);
    this.changed = new Uint8Array(n);
    this.injured = new Uint8Array(n);
    this.drained = new Uint8Array(n);
    this.helped = new Uint8Array(n);
    this.pairs = new Int32Array(2 * n);
    this.tests = new Array<KernelTest | string | undefined>(n * n);
  }

  /** Some carrier of a light is not dead (a dying or escaped one still carries it lit). */
  private lit(): boolean {
    const carriers = this.carriers!;
    for (let k = 0; k < carriers.length; k++) if (carriers[k] && this.status[k] !== DEAD) return true;
    return false;
  }

  /**
   * Plays the minute after a fight that ended in `round`, from who is up (`up`), who is dead, who escaped earlier (`gone`), and when
   * each of the others dropped; counts its commands, and leaves deaths and who is down in `out`. False when it
   * reaches a check the rules would not roll (the fight goes back to the engine).
   */
  play(dice: DiceDraw, out: FightOutcome, up: Uint8Array, dead: Uint8Array, gone: Uint8Array, droppedRound: Int32Array, round: number, rec: MinuteRecording | null): boolean {
    const { status, left, side, helped, pairs } = this;
    const n = this.ids.length;
    this.scores.set(this.scores0);
    this.changed.fill(0);
    this.injured.fill(0);
    this.drained.fill(0);
    // ftd.endFight (FTD-DEATH-2): the deadline is the end of the dropping round's minute or of the fight, the later.
    out.commands++;
    let dying = 0;
    for (let k = 0; k < n; k++) {
      if (up[k] || dead[k] || gone[k]) {
        status[k] = up[k] ? UP : dead[k] ? DEAD : GONE;
        continue;
      }
      left[k] = droppedRound[k]! + WINDOW_ROUNDS - 1 - round;
      if (left[k]! > 0) {
        status[k] = DYING;
        dying++;
      } else status[k] = DEAD;
    }
    for (let beat = 1; dying > 0; beat++) {
      let m = 0;
      helped.fill(0);
      for (let h = 0; h < n; h++) {
        if (status[h] !== UP) continue;
        let first = -1;
        let free = -1;
        for (let p = 0; p < n; p++) {
          if (status[p] !== DYING || side[p] !== side[h]) continue;
          if (first < 0) first = p;
          if (!helped[p]) {
            free = p;
            break;
          }
        }
        const patient = free >= 0 ? free : first;
        if (patient < 0) continue;
        helped[patient] = 1;
        pairs[2 * m] = h;
        pairs[2 * m + 1] = patient;
        m++;
      }
      out.commands++;
      if (m === 0) {
        // nobody to help: the rest of the minute passes (ftd.passTime 60)
        for (let k = 0; k < n; k++) if (status[k] === DYING) status[k] = DEAD;
        break;
      }
      out.commands += m;
      for (let i = 0; i < m; i++) {
        const h = pairs[2 * i]!;
        const p = pairs[2 * i + 1]!;
        if (status[p] !== DYING || this.drained[h]) continue;
        if (this.carriers && !this.lit()) return false;
        const test = this.testFor(h, p);
        if (typeof test === 'string') return false;
        const natural = rec ? rec.recorder.d20(rec.record, rec.dice, h, test.kind, test.mode) : d20(dice, test.mode);
        const success = natural + test.bonus >= test.against.value;
        if (rec) rec.recorder.test(rec.record, test, natural, success ? 'success' : 'failure');
        if (success) this.stabilized(dice, p, rec);
      }
      // six seconds pass: whose minute has run out dies
      dying = 0;
      for (let k = 0; k < n; k++) {
        if (status[k] !== DYING) continue;
        if (left[k]! <= beat) status[k] = DEAD;
        else dying++;
      }
    }
    for (let k = 0; k < n; k++) {
      out.dead[k] = status[k] === DEAD ? 1 : 0;
      out.downAtEnd[k] = status[k] === UP ? 0 : 1;
    }
    return true;
  }

  /** FTD-DEATH-4: back to 1 HP; a PC rolls on the Injury Table first (FTD-INJURY-1..5). */
  private stabilized(dice: DiceDraw, p: number, rec: MinuteRecording | null): void {
    if (!this.pc[p]) {
      this.status[p] = UP;
      return;
    }
    const row = this.rows[this.roll(dice, p, 20, this.injuryRecords.table, injuryDice.table.purpose, rec)]!;
    if (row.kind === 'dies') {
      this.status[p] = DEAD;
      return;
    }
    this.status[p] = UP;
    if (row.kind === 'injured') {
      this.injured[p] = 1;
      this.changed[p] = 1;
    } else if (row.kind === 'standing') this.roll(dice, p, 8, this.injuryRecords.standing, injuryDice.standing.purpose, rec);
    else if (row.kind === 'ability') {
      const a = abilityIds.indexOf(row.ability);
      const loss = this.roll(dice, p, 6, this.injuryRecords.loss, this.lossPurpose[a]!, rec);
      const at = p * ABILITIES + a;
      const after = Math.max(0, this.scores[at]! - loss);
      this.scores[at] = after;
      this.changed[p] = 1;
      if (after === 0 && a === CON) this.status[p] = DEAD;
      else if (after === 0) this.drained[p] = 1;
    }
  }

  /** One die of `sides` for `roller`, recorded as the engine's `DiceRolled` when recording. */
  private roll(dice: DiceDraw, roller: number, sides: number, records: DiceRecords, purpose: string, rec: MinuteRecording | null): number {
    if (!rec) return dice.next(sides);
    const record = records.roll(rec.dice);
    rec.record({ type: 'DiceRolled', roller: this.ids[roller]!, purpose, record });
    return record.total;
  }

  private testFor(h: number, p: number): KernelTest | string {
    if (!this.changed[h]) return (this.tests[h * this.ids.length + p] ??= this.testOf(h, p, null, false));
    const scores = Array.from(this.scores.subarray(h * ABILITIES, (h + 1) * ABILITIES));
    const key = `${h} ${p} ${scores.join(' ')} ${this.injured[h]}`;
    let test = this.changedTests.get(key);
    if (test === undefined) this.changedTests.set(key, (test = this.testOf(h, p, scores, this.injured[h] === 1)));
    return test;
  }
}

/** A d20 test's natural: one die, or two keeping the higher (mode 1) or the lower (mode 2). */
function d20(dice: DiceDraw, mode: number): number {
  const a = dice.next(20);
  if (mode === 0) return a;
  const b = dice.next(20);
  return mode === 1 ? (a > b ? a : b) : a < b ? a : b;
}
