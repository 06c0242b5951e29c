import type { RollRecord } from '@fray/dice';
import type { FrayEventBody, Visibility } from '../core/events';
import { evolveInPlace } from '../core/evolve';
import type { EncounterState, PendingResolution } from '../core/state';
import { RecordingMode } from './recording-mode';
import { dropState } from './stale-check';

/** A diverged replay is a handler bug: the resumed command must take the same steps it took before it paused. */
export const REPLAY_HINT = '; a command handler must decide from the state, its command, ctx.roll and ctx.ask alone (no outside or module-level state), so that resuming after a prompt repeats it exactly';

/**
 * A command resumed after its prompt was answered: it runs again from the top against a copy of the
 * state it began from, and each event, roll and answer it reaches is taken from the pending record
 * instead of being made again. At the question that paused it (`goLive`) the resolution leaves this
 * mode for a `RecordingMode` on the live state, which may hold GM overrides made while it waited;
 * the replay's own state is dropped then (and, with the stale-state check on, poisoned).
 */
export class ReplayMode {
  readonly kind = 'replay';
  private index = 0;

  constructor(
    /** a private copy of `pending.base`: the state the first run read */
    readonly state: EncounterState,
    readonly pending: PendingResolution,
    /** the state to go on from at the pause point: the caller's copy, owned by this resolution */
    private readonly live: EncounterState,
  ) {}

  /** Whether the record holds more events (a roll past its end is the paused dice entry itself). */
  get hasRecorded(): boolean {
    return this.index < this.pending.emitted.length;
  }

  /** An emitted event must be the recorded one; the recorded one is applied. */
  emit(body: FrayEventBody, _visibility?: Visibility): void {
    const recorded = this.pending.emitted[this.index++];
    if (!recorded || recorded.type !== body.type) {
      throw new Error(`replay diverged at event ${this.index - 1}: expected ${recorded?.type ?? 'nothing'}, got ${body.type}${REPLAY_HINT}`);
    }
    evolveInPlace(this.state, recorded);
  }

  /**
   * The recorded roll. Entered dice answered without a person (a pre-answer, a policy) recorded their
   * answer just before it: that answer is applied and handed back too, so its pre-answer is counted.
   */
  takeRoll(): { record: RollRecord; entered: boolean; autoAnswer: FrayEventBody | null } {
    let autoAnswer: FrayEventBody | null = null;
    const before = this.pending.emitted[this.index];
    if (before?.type === 'PromptAnswered' && before.key === 'dice.enter' && (before.by === 'preAnswer' || before.by === 'policy')) {
      this.index++;
      evolveInPlace(this.state, before);
      autoAnswer = before;
    }
    const recorded = this.pending.emitted[this.index];
    if (recorded?.type !== 'DiceRolled') throw new Error(`replay diverged: expected a roll, found ${recorded?.type ?? 'nothing'}${REPLAY_HINT}`);
    this.index++;
    evolveInPlace(this.state, recorded);
    return { record: recorded.record, entered: recorded.entered === true, autoAnswer };
  }

  /** A recorded answer was reused: its `PromptAnswered`, if it is next in the record, is applied and returned. */
  takeAnswer(promptId: string): FrayEventBody | null {
    const next = this.pending.emitted[this.index];
    if (next?.type !== 'PromptAnswered' || next.promptId !== promptId) return null;
    this.index++;
    evolveInPlace(this.state, next);
    return next;
  }

  /** Whether the ask numbered `askIndex` is the one that paused the command (or past it). */
  reachedPause(askIndex: number): boolean {
    return askIndex >= this.pending.asksBeforePause;
  }

  /** Past the question that paused us: carry on recording against the live state. */
  goLive(): RecordingMode {
    if (this.index !== this.pending.emitted.length) {
      throw new Error(`replay diverged: ${this.pending.emitted.length - this.index} recorded events left at the pause point${REPLAY_HINT}`);
    }
    dropState(this.state);
    const base = this.pending.base;
    return new RecordingMode(this.live, () => base, [...this.pending.emitted]);
  }
}
