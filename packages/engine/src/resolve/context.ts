import { rollDice, scripted, seededFromState, type DiceSource, type RollRecord } from '@fray/dice';
import { cloneJson, type Json } from '../core/json';
import { diffJson } from '../core/json-patch';
import type { FrayEventBody, Visibility } from '../core/events';
import { evolveInPlace } from '../core/evolve';
import type { EncounterState, EncounterStateCore, PendingResolution, Principal } from '../core/state';
import type { CommandEnvelope } from '../command/command';
import { RuleViolation } from '../core/errors';
import { answerProblem, answerWords, type PromptRequest, type PromptSpec } from './prompt';
import type { LoadedRuleset } from '../ruleset/ruleset';

/** A diverged replay is a handler bug: the resumed command must take the same steps it took before it paused. */
const REPLAY_HINT = '; a command handler must decide from the state, its command, ctx.roll and ctx.ask alone (no outside or module-level state), so that resuming after a prompt repeats it exactly';

/**
 * The map does not ride whole on every move: the log records what changed, and where the mover now
 * stands (for narration and screens), not the whole map.
 */
function spaceDelta(before: Json, after: Json, moved: string | undefined): FrayEventBody {
  const patch = diffJson(before, after);
  if (moved === undefined) return { type: 'SpaceChanged', patch };
  const placed = (after as { creatures?: Record<string, Json> } | null)?.creatures;
  const to = placed && Object.hasOwn(placed, moved) ? cloneJson(placed[moved]!) : null;
  return { type: 'SpaceChanged', patch, moved, to };
}

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
 */
export class Resolution {
  state: EncounterState;
  /** events produced by this decision, to be committed */
  readonly out: { body: FrayEventBody; visibility?: Visibility }[] = [];
  private emittedAll: FrayEventBody[];
  private replay: { emitted: FrayEventBody[]; index: number; asksBeforePause: number; live: EncounterState } | null;
  private askIndex = 0;
  /** resumed after a pause: the command was accepted before, so a bad pre-answer can no longer refuse it */
  private readonly resumed: boolean;
  private readonly answers: Record<string, Json>;
  private rngSource: DiceSource | null = null;
  /** pre-answers given so far in this command, by prompt key (replayed ones too): the next of an `inOrder` list */
  private readonly preAnswersUsed = new Map<string, number>();
  /** set on the fast path: undefined keeps events for the log, null drops them, a function receives them */
  private readonly sink: ((event: FrayEventBody) => void) | null | undefined;

  constructor(
    readonly rt: Runtime,
    readonly envelope: CommandEnvelope,
    /** the state the command began from; copied only if the resolution pauses */
    private readonly origin: EncounterStateCore | (() => EncounterStateCore),
    startState: EncounterState,
    resume: { pending: PendingResolution; live: EncounterState } | null,
    /** the fast path: events go to `sink` (or nowhere) instead of being kept for the log */
    inPlace?: { sink: ((event: FrayEventBody) => void) | null },
  ) {
    this.state = startState;
    this.sink = inPlace ? inPlace.sink : undefined;
    this.resumed = resume !== null;
    this.answers = resume ? { ...resume.pending.answers } : {};
    this.emittedAll = resume ? [...resume.pending.emitted] : [];
    this.replay = resume
      ? { emitted: resume.pending.emitted, index: 0, asksBeforePause: resume.pending.asksBeforePause, live: resume.live }
      : null;
  }

  get ruleset(): LoadedRuleset {
    return this.rt.ruleset;
  }

  get commandId(): string {
    return this.envelope.id;
  }

  get replaying(): boolean {
    return this.replay !== null;
  }

  /** Records an outcome and applies it to the working state. */
  emit(body: FrayEventBody, visibility?: Visibility): void {
    if (this.replay) {
      const recorded = this.replay.emitted[this.replay.index++];
      if (!recorded || recorded.type !== body.type) {
        throw new Error(`replay diverged at event ${this.replay.index - 1}: expected ${recorded?.type ?? 'nothing'}, got ${body.type}${REPLAY_HINT}`);
      }
      evolveInPlace(this.state, recorded);
      return;
    }
    if (this.sink !== undefined) {
      this.sink?.(body);
      evolveInPlace(this.state, body);
      return;
    }
    if (body.type === 'SpaceChanged' && body.space !== undefined) body = spaceDelta(this.state.space, body.space, body.moved);
    this.out.push(visibility === undefined ? { body } : { body, visibility });
    this.emittedAll.push(body);
    evolveInPlace(this.state, body);
  }

  reject(code: string, message: string, ruleId?: string): never {
    throw new RuleViolation(code, message, ruleId);
  }

  /** Rolls dice: seeded from the encounter, scripted in tests, or entered by a person at the table. */
  roll(expression: string, meta: RollMeta): RollRecord {
    if (this.replay && this.replay.index < this.replay.emitted.length) {
      // Entered dice answered without a person (a pre-answer, a policy) recorded their answer before the roll.
      const before = this.replay.emitted[this.replay.index];
      if (before?.type === 'PromptAnswered' && before.key === 'dice.enter' && (before.by === 'preAnswer' || before.by === 'policy')) {
        this.replay.index++;
        this.countPreAnswer(before);
        evolveInPlace(this.state, before);
      }
      const recorded = this.replay.emitted[this.replay.index];
      if (recorded?.type !== 'DiceRolled') throw new Error(`replay diverged: expected a roll, found ${recorded?.type ?? 'nothing'}${REPLAY_HINT}`);
      this.replay.index++;
      // An entered roll asked a person once; keep the question count in step so later ids match.
      if (recorded.entered) this.askIndex++;
      evolveInPlace(this.state, recorded);
      return recorded.record;
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
    if (this.replay && thisAsk >= this.replay.asksBeforePause) this.goLive();
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
    if (!this.replay) return;
    const next = this.replay.emitted[this.replay.index];
    if (next?.type === 'PromptAnswered' && next.promptId === promptId) {
      this.replay.index++;
      this.countPreAnswer(next);
      evolveInPlace(this.state, next);
    }
  }

  /** Past the question that paused us: from here on, read the live state (it may hold GM overrides). */
  private goLive(): void {
    const r = this.replay!;
    if (r.index !== r.emitted.length) throw new Error(`replay diverged: ${r.emitted.length - r.index} recorded events left at the pause point${REPLAY_HINT}`);
    this.replay = null;
    this.state = cloneJson(r.live);
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
    return {
      commandId: this.commandId,
      envelope: this.envelope,
      base: typeof this.origin === 'function' ? this.origin() : this.origin,
      emitted: this.emittedAll,
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
