import { scripted, type ScriptedSource } from '@fray/dice';
import {
  Encounter, canonicalJson, type CommandEnvelope, type CommandRejected, type Command, type EncounterSetup, type EncounterState,
  type FrayEvent, type FrayEventType, type Json, type LoadedRuleset, type Principal, type PromptPolicy, type CreatureState, type Runtime,
} from '@fray/engine';

export interface StepOptions {
  /** scripted faces for this command, e.g. "d20:14 d8:6" (every one must be used), or 'seeded' for the encounter's own dice */
  dice?: string;
  as?: Principal;
  preAnswers?: Record<string, Json>;
}

/**
 * A given/when/then table for rule tests: an encounter with strict scripted dice per command.
 * `run` fails the test on a rejection or unused dice; `rejects` checks the code and that nothing changed.
 */
export class TestTable {
  readonly encounter: Encounter;
  private counter = 0;
  private readonly runtime: { ruleset: LoadedRuleset; dice?: ScriptedSource; policy?: PromptPolicy };

  constructor(
    ruleset: LoadedRuleset,
    setup: Omit<EncounterSetup, 'id' | 'seed'> & { id?: string; seed?: string | number },
    /** `authority` builds the log instead of an encounter from `setup` (a campaign's log) */
    opts: { dice?: string; policy?: PromptPolicy; authority?: (runtime: Runtime) => Encounter } = {},
  ) {
    this.runtime = { ruleset };
    if (opts.policy) this.runtime.policy = opts.policy;
    if (opts.dice !== undefined) this.runtime.dice = scripted(opts.dice);
    this.encounter = opts.authority ? opts.authority(this.runtime) : Encounter.create({ id: 'test', seed: 1, ...setup }, this.runtime);
    if (this.runtime.dice) this.runtime.dice.assertExhausted();
  }

  get state(): EncounterState {
    return this.encounter.state;
  }

  creature(id: string): CreatureState {
    const c = this.state.creatures[id];
    if (!c) throw new Error(`no creature '${id}'`);
    return c;
  }

  private envelope(command: Command, opts: StepOptions): CommandEnvelope {
    return { id: `c${++this.counter}`, issuedBy: opts.as ?? { role: 'gm' }, command, ...(opts.preAnswers ? { preAnswers: opts.preAnswers } : {}) };
  }

  /** Issues a command that must be accepted; returns the events it produced. */
  run(command: Command, opts: StepOptions = {}): FrayEvent[] {
    const dice = opts.dice === 'seeded' ? undefined : scripted(opts.dice ?? []);
    if (dice) this.runtime.dice = dice;
    else delete this.runtime.dice;
    const r = this.encounter.dispatch(this.envelope(command, opts));
    if (!r.ok) throw new Error(`command ${command.type} was rejected: ${r.error.code}: ${r.error.message}`);
    dice?.assertExhausted();
    return r.events;
  }

  /** Issues a command that must be refused with `code`; asserts the state did not change. */
  rejects(command: Command | unknown, code: string, opts: StepOptions = {}): CommandRejected {
    const before = canonicalJson(this.state);
    const length = this.encounter.events.length;
    this.runtime.dice = scripted(opts.dice ?? []);
    const env = command && typeof command === 'object' && 'type' in command ? this.envelope(command as Command, opts) : (command as CommandEnvelope);
    const r = this.encounter.dispatch(env);
    if (r.ok) throw new Error(`expected rejection '${code}', but ${JSON.stringify(env)} was accepted`);
    if (r.error.code !== code) throw new Error(`expected rejection '${code}', got '${r.error.code}': ${r.error.message}`);
    if (canonicalJson(this.state) !== before || this.encounter.events.length !== length) throw new Error('a rejected command changed the state');
    return r.error;
  }

  /** Answers the one open prompt with the given key. */
  answer(key: string, answer: Json, opts: StepOptions = {}): FrayEvent[] {
    const p = this.state.pending?.open.find((x) => x.key === key);
    if (!p) throw new Error(`no open prompt '${key}'; open: ${this.state.pending?.open.map((x) => x.key).join(', ') ?? 'none'}`);
    return this.run({ type: 'answerPrompt', promptId: p.id, answer }, { as: opts.as ?? p.to, ...(opts.dice !== undefined ? { dice: opts.dice } : {}) });
  }

  undo(): FrayEvent[] {
    const r = this.encounter.dispatch(this.envelope({ type: 'undo' }, {}));
    if (!r.ok) throw new Error(`undo rejected: ${r.error.message}`);
    return r.events;
  }

  /** Events of one type from a list (or the whole log). */
  static ofType<T extends FrayEventType>(events: readonly FrayEvent[], type: T): Extract<FrayEvent, { type: T }>[] {
    return events.filter((e): e is Extract<FrayEvent, { type: T }> => e.type === type);
  }
}
