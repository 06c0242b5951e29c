import { seededFromState, type SeededSource } from '@fray/dice';
import type { CommandEnvelope } from '../command/command';
import type { Runtime } from '../resolve/context';
import { decide, encounterCommandTable, type CommandTable, type EventSink } from './decide';
import type { CommandRejected } from './errors';
import { evolveInPlace } from './evolve';
import type { EncounterState } from './state';

export type FastDispatchResult = { ok: true } | { ok: false; error: CommandRejected };

/**
 * The simulator's authority: the same `decide` and the same rules as `Encounter`, on one working
 * state changed in place. No copy of the state per command, no event log, no undo; each event goes
 * to `sink` (a counter, a tally, or nothing) as it happens. One dice generator runs through the whole
 * fight (the encounter's, resumed from the state), so a fight rolls exactly the dice the recorded path
 * would; `syncDice()` writes its position back to `state.dice.rng`.
 */
export class FastEncounter {
  private readonly rt: Runtime;
  private readonly source: SeededSource | null;

  constructor(
    rt: Runtime,
    /** the working state; owned and changed by this authority */
    readonly state: EncounterState,
    private readonly sink: EventSink | null = null,
    private readonly commands: CommandTable = encounterCommandTable,
  ) {
    this.source = !rt.dice && state.dice.mode === 'seeded' ? seededFromState(state.dice.rng) : null;
    this.rt = this.source ? { ...rt, dice: this.source } : rt;
  }

  /**
   * Decides a command in place. A rejection leaves the state as it was. The envelope is trusted (built
   * in this process; its shape is not checked again), its command is parsed by the command's schema.
   */
  dispatch(envelope: CommandEnvelope): FastDispatchResult {
    const type = envelope.command.type;
    if (type === 'undo') return { ok: false, error: { code: 'not-supported', message: 'the fast path keeps no log to undo; use Encounter' } };
    if (type === 'answerPrompt' || type === 'gm.replaceRoll') {
      // Resuming replays the paused command from its recorded start: rare, so it takes the copying path.
      const d = decide(this.state, envelope, this.rt, this.commands);
      if (!d.ok) return d;
      for (const { body } of d.events) {
        this.sink?.(body);
        evolveInPlace(this.state, body);
      }
      return { ok: true };
    }
    // The envelope comes from in-process code (the simulator), not from the wire: its command is still parsed.
    const d = decide(this.state, envelope, this.rt, this.commands, { inPlace: true, sink: this.sink, trustedEnvelope: true });
    return d.ok ? { ok: true } : d;
  }

  /** Writes the dice generator's position back into the state (the state then resumes exactly). */
  syncDice(): EncounterState {
    if (this.source) this.state.dice.rng = this.source.getState();
    return this.state;
  }
}
