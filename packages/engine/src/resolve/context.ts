import { rollDice, scripted, seededFromState, type DiceSource, type RollRecord } from '@fray/dice';
import type { Json } from '../core/json';
import type { FrayEventBody, Visibility } from '../core/events';
import { creature, type CreatureState, type EncounterState, type PendingResolution, type Principal } from '../core/state';
import type { CommandEnvelope } from '../command/command';
import { RuleViolation } from '../core/errors';
import { answerProblem, answerWords, type PromptRequest, type PromptSpec } from './prompt';
import type { LoadedRuleset } from '../ruleset/ruleset';
import type { RecordingMode } from './recording-mode';
import type { InPlaceMode } from './in-place-mode';
import type { ReplayMode } from './replay-mode';

/**
 * Where a resolution's working state lives and where its events go: each mode in its own module.
 * `RecordingMode` works on a copy and keeps the events for the log; `InPlaceMode` (the simulator's
 * fast path) changes the caller's state and hands events to a sink; `ReplayMode` re-runs a command
 * resumed after a prompt from its record, then hands over to a `RecordingMode` on the live state.
 */
export type ResolutionMode = RecordingMode | InPlaceMode | ReplayMode;

/** Answers prompts without a person: AI policies, the simulator, the demo. Undefined = ask a person. */
export type PromptPolicy = (prompt: PromptSpec, state: EncounterState) => Json | undefined;

export interface Runtime {
  ruleset: LoadedRuleset;
  policy?: PromptPolicy;
  /** replaces the encounter's seeded dice (scripted dice in tests) */
  dice?: DiceSource;
}

/** Thrown by `ask` when a person must answer; the engine commits what happened so far and waits. */
export class Pause {
  constructor(readonly prompts: PromptSpec[]) {}
}

export interface RollMeta {
  roller: string | null;
  purpose: string;
  /** only the GM sees it (a hidden monster's roll) */
  secret?: boolean;
}

/**
 * The one door rules code has to the world: read the working state, emit outcomes, roll, ask.
 * Resolution is plain sequential code. When a person must answer, `ask` pauses by throwing; when the
 * answer comes, the command is replayed from the top against the state it began with, re-using the
 * recorded events and dice, until it reaches the question, and then goes on against the live state.
 * So the working state is another object after an `ask`: rules read it through `state` or
 * `creature(id)` each time, never from a variable held across a question (ADR 0007).
 */
export class Resolution {
  private mode: ResolutionMode;
  private askIndex = 0;
  /** resumed after a pause: the command was accepted before, so a bad pre-answer can no longer refuse it */
  private readonly resumed: boolean;
  private readonly answers: Record<string, Json>;
  private rngSource: DiceSource | null = null;
  /** pre-answers given so far in this command, by prompt key (replayed ones too): the next of an `inOrder` list */
  private readonly preAnswersUsed = new Map<string, number>();

  constructor(
    readonly rt: Runtime,
    readonly envelope: CommandEnvelope,
    mode: ResolutionMode,
  ) {
    this.mode = mode;
    this.resumed = mode.kind === 'replay';
    this.answers = mode.kind === 'replay' ? { ...mode.pending.answers } : {};
  }

  /** The working state as it stands now. Read it again after `ask`: a resumed command swaps it there. */
  get state(): EncounterState {
    return this.mode.state;
  }

  /** A creature of the working state as it stands now (a typed `unknown-creature` if there is none). */
  creature(id: string): CreatureState {
    return creature(this.mode.state, id);
  }

  /** The events to commit (the recording mode's; none in place, none if a replay never went live). */
  get recorded(): readonly { body: FrayEventBody; visibility?: Visibility }[] {
    return this.mode.kind === 'recording' ? this.mode.out : [];
  }

  get ruleset(): LoadedRuleset {
    return this.rt.ruleset;
  }

  get commandId(): string {
    return this.envelope.id;
  }

  /** Re-running a resumed command up to its question: events and dice come from the record. */
  get replaying(): boolean {
    return this.mode.kind === 'replay';
  }

  /** Records an outcome and applies it to the working state. */
  emit(body: FrayEventBody, visibility?: Visibility): void {
    this.mode.emit(body, visibility);
  }

  reject(code: string, message: string, ruleId?: string): never {
    throw new RuleViolation(code, message, ruleId);
  }

  /** Rolls dice: seeded from the encounter, scripted in tests, or entered by a person at the table. */
  roll(expression: string, meta: RollMeta): RollRecord {
    if (this.mode.kind === 'replay' && this.mode.hasRecorded) {
      const { record, entered, autoAnswer } = this.mode.takeRoll();
      if (autoAnswer) this.countPreAnswer(autoAnswer);
      // An entered roll asked a person once; keep the question count in step so later ids match.
      if (entered) this.askIndex++;
      return record;
    }
    const visibility = meta.secret ? 'gm' : undefined;
    // A roll with no dice in it (a constant ongoing damage) has nothing for a person to enter.
    if (this.state.dice.mode === 'entered' && !this.rt.dice && hasDice(expression)) {
      const record = this.enterDice(expression, meta);
      this.emit({ type: 'DiceRolled', roller: meta.roller, purpose: meta.purpose, record, entered: true }, visibility);
      return record;
    }
    if (this.rt.dice) {
      const record = rollDice(expression, this.rt.dice);
      this.emit({ type: 'DiceRolled', roller: meta.roller, purpose: meta.purpose, record }, visibility);
      return record;
    }
    const source = (this.rngSource ??= seededFromState(this.state.dice.rng));
    const record = rollDice(expression, source);
    this.emit({ type: 'DiceRolled', roller: meta.roller, purpose: meta.purpose, record, rngAfter: (source as ReturnType<typeof seededFromState>).getState() }, visibility);
    return record;
  }

  private enterDice(expression: string, meta: RollMeta): RollRecord {
    // The faces a person enters are rolled through a strict scripted source, so a wrong die size is refused.
    const probe = rollDice(expression, { kind: 'scripted', next: (sides: number) => sides });
    const dice: { sides: number; count: number }[] = [];
    for (const t of probe.terms) if (t.kind === 'dice') dice.push({ sides: t.sides, count: t.count });
    const to: PromptRequest['to'] = meta.roller ? { controllerOf: meta.roller } : { role: 'gm' };
    const answer = this.ask({
      key: 'dice.enter',
      to,
      about: meta.roller,
      text: `Enter the dice for ${meta.purpose}: ${expression}`,
      input: { kind: 'dice', dice },
      options: [],
      context: { expression, purpose: meta.purpose },
    });
    const faces = answer as number[];
    const queue = [];
    let i = 0;
    for (const d of dice) for (let k = 0; k < d.count; k++) queue.push({ sides: d.sides, value: faces[i++]! });
    return rollDice(expression, scripted(queue));
  }

  ask(req: PromptRequest): Json {
    return this.askAll([req])[0]!;
  }

  /** Several questions at once (everyone rolls initiative; both duelists pick a strategy in secret). */
  askAll(reqs: PromptRequest[]): Json[] {
    const specs = reqs.map((r, i) => this.specFor(r, reqs.length > 1 ? i : null));
    const thisAsk = ++this.askIndex;
    const results: (Json | undefined)[] = specs.map((p) => this.answers[p.id]);
    for (let i = 0; i < specs.length; i++) {
      if (results[i] !== undefined) {
        this.consumeRecordedAnswer(specs[i]!.id);
        continue;
      }
      const p = specs[i]!;
      const pre = this.preAnswerFor(p);
      const auto: { answer: Json; by: 'preAnswer' | 'policy' } | null =
        pre !== undefined ? { answer: pre, by: 'preAnswer' } : this.policyAnswer(p);
      if (auto) {
        results[i] = auto.answer;
        this.answers[p.id] = auto.answer;
        const answered: FrayEventBody = { type: 'PromptAnswered', promptId: p.id, answer: auto.answer, by: auto.by, key: p.key, about: p.about, ...answerWords(p, auto.answer) };
        this.countPreAnswer(answered);
        this.emit(answered);
      }
    }
    const missing = specs.filter((_, i) => results[i] === undefined);
    if (missing.length) throw new Pause(missing);
    // Past the question that paused us: from here on, read the live state (it may hold GM overrides).
    if (this.mode.kind === 'replay' && this.mode.reachedPause(thisAsk)) this.mode = this.mode.goLive();
    return results as Json[];
  }

  /**
   * A pre-answer counts only for a prompt its issuer may answer (a seat cannot pre-answer the GM's or
   * another seat's questions, such as a monster's entered dice), and must fit the prompt like any answer.
   */
  private preAnswerFor(p: PromptSpec): Json | undefined {
    const all = this.envelope.preAnswers;
    const given = all && Object.hasOwn(all, p.key) ? all[p.key] : undefined;
    if (given === undefined) return undefined;
    const who = this.envelope.issuedBy;
    if (who.role !== 'gm' && !(p.to.role === 'player' && p.to.seat === who.seat)) return undefined;
    // `{inOrder: [a, b]}`: the first prompt of the key gets a, the second b, later ones go to a person.
    const list = inOrderList(given);
    let pre: Json | undefined = given;
    let problem: string | null;
    if (list === null) problem = answerProblem(p, given);
    else if (list.length === 0) problem = 'inOrder must list at least one answer';
    else {
      const k = this.preAnswersUsed.get(p.key) ?? 0;
      if (k >= list.length) return undefined;
      pre = list[k]!;
      problem = answerProblem(p, pre);
      if (problem) problem = `answer ${k + 1} of ${list.length}: ${problem}`;
    }
    if (problem) {
      // Once the command was accepted and resumed after a pause, a bad pre-answer for a later prompt
      // is ignored and the question goes to a person: a stored pre-answer can never wedge the encounter.
      if (this.resumed) return undefined;
      throw new RuleViolation('bad-answer', `pre-answer for ${p.key}: ${problem}`).withPath(['preAnswers', p.key]);
    }
    return pre;
  }

  private countPreAnswer(e: FrayEventBody): void {
    if (e.type === 'PromptAnswered' && e.by === 'preAnswer' && e.key) this.preAnswersUsed.set(e.key, (this.preAnswersUsed.get(e.key) ?? 0) + 1);
  }

  private policyAnswer(p: PromptSpec): { answer: Json; by: 'policy' } | null {
    const a = this.rt.policy?.(p, this.state);
    return a === undefined ? null : { answer: a, by: 'policy' };
  }

  private consumeRecordedAnswer(promptId: string): void {
    if (this.mode.kind !== 'replay') return;
    const answered = this.mode.takeAnswer(promptId);
    if (answered) this.countPreAnswer(answered);
  }

  private specFor(r: PromptRequest, position: number | null): PromptSpec {
    const to: Principal = 'controllerOf' in r.to ? this.controllerOf(r.to.controllerOf) : r.to;
    const input = r.input ?? { kind: 'choice' as const };
    const spec: PromptSpec = {
      ...r,
      id: `${this.commandId}.${this.askIndex + 1}${position === null ? '' : '.' + position}.${r.key}${r.about ? '.' + r.about : ''}`,
      to,
      input,
      default: r.default ?? (input.kind === 'choice' ? (r.options[0]?.id ?? null) : null),
    };
    return spec;
  }

  controllerOf(creatureId: string): Principal {
    const seat = this.state.creatures[creatureId]?.controller;
    return seat ? { role: 'player', seat } : { role: 'gm' };
  }

  /** The pending record to store when pausing on `prompts`. */
  pendingFor(prompts: PromptSpec[]): PendingResolution {
    if (this.mode.kind === 'inPlace') throw new Error('a resolution in place cannot pause: nothing records where it began');
    const { base, emitted } = this.mode.kind === 'recording' ? this.mode.pauseRecord() : { base: this.mode.pending.base, emitted: this.mode.pending.emitted };
    return {
      commandId: this.commandId,
      envelope: this.envelope,
      base,
      emitted,
      answers: this.answers,
      asksBeforePause: this.askIndex,
      open: prompts,
    };
  }
}

/** Whether an expression rolls any die at all ('5' does not). */
function hasDice(expression: string): boolean {
  return rollDice(expression, { kind: 'scripted', next: (sides: number) => sides }).terms.some((t) => t.kind === 'dice' && t.count > 0);
}

/** The answers of a `{inOrder: [...]}` pre-answer (several prompts of one key, in the order they are asked), or null for a single answer. */
export function inOrderList(given: Json): Json[] | null {
  if (given === null || typeof given !== 'object' || Array.isArray(given) || !Object.hasOwn(given, 'inOrder') || Object.keys(given).length !== 1) return null;
  const list = (given as { inOrder: Json }).inOrder;
  return Array.isArray(list) ? list : null;
}
