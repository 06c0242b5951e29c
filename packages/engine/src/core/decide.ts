import type { z } from 'zod';
import { envelopeSchema, engineCommandSchemas, type CommandEnvelope } from '../command/command';
import { engineCommands } from '../command/engine-commands';
import type { CommandRejected } from './errors';
import { RuleViolation } from './errors';
import type { FrayEventBody, Visibility } from './events';
import { cloneJson, type Json } from './json';
import type { EncounterState, EncounterStateCore, Principal } from './state';
import { Pause, Resolution, type Runtime } from '../resolve/context';
import { RecordingMode } from '../resolve/recording-mode';
import { InPlaceMode } from '../resolve/in-place-mode';
import { ReplayMode } from '../resolve/replay-mode';
import { answerProblem, answerWords, type PromptSpec } from '../resolve/prompt';
import { inputProblem, ownEntry } from './input-guard';
import { shareUnchanged, workingCopy } from './working-copy';
import type { CommandDef } from '../ruleset/ruleset';

export type Decision =
  | {
      ok: true;
      events: { body: FrayEventBody; visibility?: Visibility }[];
      /**
       * The decider's own copy of the state with exactly these events folded in (event bookkeeping
       * aside: version, undo stack), when the command ran to its end from the given state (no pause,
       * no resumed prompt). An authority may take it over instead of copying and folding again.
       */
      working?: EncounterState;
    }
  | { ok: false; error: CommandRejected };

const fail = (code: string, message: string, extra: Partial<CommandRejected> = {}): Decision => ({ ok: false, error: { code, message, ...extra } });

function zodPath(issue: z.core.$ZodIssue | undefined): (string | number)[] {
  return (issue?.path ?? []).map((p) => (typeof p === 'symbol' ? String(p) : p));
}

/**
 * Where the decider looks a command type up. The default is the encounter's table (the engine's own
 * commands, then the ruleset's); another stream over the same machinery (a campaign) passes its own.
 */
export type CommandTable = (type: string, rt: Runtime) => CommandDef<never> | undefined;

/** The encounter's command table: the engine's commands, then the ruleset's. */
export const encounterCommandTable: CommandTable = (type, rt) => commandDef(rt, type);

// The engine's own command definitions, built once per type rather than on every command.
const engineDefs = new Map<string, CommandDef<never>>();

function commandDef(rt: Runtime, type: string): CommandDef<never> | undefined {
  const built = engineDefs.get(type);
  if (built) return built;
  const engine = Object.hasOwn(engineCommands, type) ? (engineCommands as Record<string, Omit<CommandDef<never>, 'schema' | 'type'>>)[type] : undefined;
  if (engine) {
    const def = { ...engine, type, schema: (engineCommandSchemas as Record<string, z.ZodType>)[type]! } as CommandDef<never>;
    engineDefs.set(type, def);
    return def;
  }
  return ownEntry(rt.ruleset.commandByType, type) as CommandDef<never> | undefined;
}

function addresseeMatches(p: PromptSpec, who: Principal): boolean {
  if (who.role === 'gm') return true;
  return p.to.role === 'player' && p.to.seat === who.seat;
}

function coreOf(state: EncounterState): EncounterStateCore {
  const { pending: _pending, ...core } = state;
  return core;
}

/** Receives each event as a fast-path decision emits it (before the working state takes it in). */
export type EventSink = (event: FrayEventBody) => void;

/**
 * How `decide` works. The default copies the state and returns the events. `inPlace` (the simulator's
 * fast path) applies the events straight to `state` and hands them to `sink` instead of returning
 * them: no copy per command, no log. A rejection there must come before the first event (it always
 * does for gate checks; a rules rejection after an event throws, since the state is already changed),
 * and a prompt must be answered by a pre-answer or the runtime's policy (pausing throws).
 */
export interface DecideOptions {
  inPlace?: boolean;
  sink?: EventSink | null;
  /**
   * In place only: the envelope was built in this process by a trusted caller (the simulator's
   * `FastEncounter`), so its shape is not checked again. The command itself is still parsed by its
   * own schema, and every other path checks the envelope.
   */
  trustedEnvelope?: boolean;
}

/** Thrown by an in-place decision that cannot finish cleanly (a late rejection, a pause). */
export class InPlaceDecisionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InPlaceDecisionError';
  }
}

/**
 * Pure: a command and the state in, typed events or a typed rejection out. Draws dice from the state's
 * seeded generator (or the runtime's source), and may pause on a prompt. Never changes `state`.
 */
export function decide(state: EncounterState, raw: unknown, rt: Runtime, commands: CommandTable = encounterCommandTable, opts: DecideOptions = {}): Decision {
  let envelope: CommandEnvelope;
  if (opts.inPlace && opts.trustedEnvelope) envelope = raw as CommandEnvelope;
  else {
    // Depth and reserved names first: the schema below walks the input recursively, and rules code
    // uses its strings as keys (see input-guard.ts).
    const unsafe = inputProblem(raw);
    if (unsafe) return fail('malformed', `command envelope: ${unsafe.message}`, { path: unsafe.path });
    const env = envelopeSchema.safeParse(raw);
    if (!env.success) {
      const issue = env.error.issues[0];
      return fail('malformed', `command envelope: ${issue?.message ?? 'invalid'}`, { path: zodPath(issue) });
    }
    envelope = env.data as CommandEnvelope;
  }
  const type = envelope.command.type;
  if (type === 'undo') return fail('internal', 'undo is handled by the encounter log (Encounter.propose)');
  if (type === 'answerPrompt' || type === 'gm.replaceRoll') return decideAnswer(state, envelope, rt, commands);
  const def = commands(type, rt);
  if (!def) return fail('malformed', `unknown command type '${type}'`, { path: ['command', 'type'] });
  const parsed = def.schema.safeParse(envelope.command);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail('malformed', `${type}: ${issue?.message ?? 'invalid'}${issue?.path.length ? ` at ${zodPath(issue).join('.')}` : ''}`, { path: ['command', ...zodPath(issue)] });
  }
  if (envelope.expectedVersion !== undefined && envelope.expectedVersion !== state.version) {
    return fail('stale-version', `the encounter is at version ${state.version}, not ${envelope.expectedVersion}: refresh and try again`);
  }
  const who = envelope.issuedBy;
  const gate = commandGate(state, type, def, who, def.actor?.(parsed.data as never) ?? null);
  if (gate) return { ok: false, error: gate };
  if (opts.inPlace) return runInPlace(state, envelope, rt, (ctx) => def.run(ctx, parsed.data as never), opts.sink ?? null);
  // The working state shares with `state` all that folding never writes into (stat blocks, the map): working-copy.ts.
  const ctx = new Resolution(rt, envelope, new RecordingMode(workingCopy(state), () => cloneJson(coreOf(state))));
  return run(ctx, (ctx) => def.run(ctx, parsed.data as never));
}

/**
 * The checks every command passes before its handler runs: the encounter has not ended, no prompt is
 * waiting (unless the command may run then), and a player commands only their own creatures. Decide
 * asks it, and so does an action menu, so both give the same reason.
 */
export function commandGate(state: EncounterState, type: string, def: Pick<CommandDef<never>, 'allowedWhilePending' | 'gmOnly'>, who: Principal, actor: string | null): CommandRejected | null {
  if (state.phase === 'ended' && !type.startsWith('gm.')) return { code: 'encounter-ended', message: 'the encounter has ended' };
  if (state.pending && !def.allowedWhilePending) {
    const open = state.pending.open.map((p) => `${p.id} (${p.key})`).join(', ');
    return { code: 'prompt-pending', message: `waiting for an answer to ${open}: answer it, override as GM, or undo` };
  }
  // The acting creature must exist, whoever issues the command: handlers may read it unchecked.
  if (actor !== null && !Object.hasOwn(state.creatures, actor)) return { code: 'unknown-creature', message: `no creature '${actor}'` };
  if (who.role === 'player') {
    if (def.gmOnly) return { code: 'forbidden', message: `only the GM may ${type}` };
    if (actor !== null && state.creatures[actor]!.controller !== who.seat) return { code: 'forbidden', message: `seat ${who.seat} does not control ${actor}` };
  }
  return null;
}

/** The fast path's `run`: the resolution works on `state` itself and sends its events to `sink`. */
function runInPlace(state: EncounterState, envelope: CommandEnvelope, rt: Runtime, body: (ctx: Resolution) => void, sink: EventSink | null): Decision {
  const version = state.version;
  const ctx = new Resolution(rt, envelope, new InPlaceMode(state, sink));
  try {
    body(ctx);
  } catch (err) {
    if (err instanceof RuleViolation) {
      if (state.version === version) return { ok: false, error: err.rejection };
      throw new InPlaceDecisionError(`${envelope.command.type} was rejected (${err.rejection.code}: ${err.rejection.message}) after it had changed the working state; the fast path cannot take it back`);
    }
    if (err instanceof Pause) {
      throw new InPlaceDecisionError(`${envelope.command.type} asked ${err.prompts.map((p) => p.key).join(', ')} with no policy answer; the fast path cannot wait for a person`);
    }
    throw err;
  }
  return { ok: true, events: [] };
}

function decideAnswer(state: EncounterState, envelope: CommandEnvelope, rt: Runtime, commands: CommandTable): Decision {
  const cmd = envelope.command as { type: string; promptId?: unknown; answer?: unknown; faces?: unknown };
  const schema = (engineCommandSchemas as Record<string, z.ZodType>)[cmd.type]!;
  const parsed = schema.safeParse(cmd);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail('malformed', `${cmd.type}: ${issue?.message ?? 'invalid'}`, { path: ['command', ...zodPath(issue)] });
  }
  // An answer is a command like any other: a stale one (the prompt was answered, replaced or undone meanwhile) is refused.
  if (envelope.expectedVersion !== undefined && envelope.expectedVersion !== state.version) {
    return fail('stale-version', `the encounter is at version ${state.version}, not ${envelope.expectedVersion}: refresh and try again`);
  }
  const pending = state.pending;
  const promptId = cmd.promptId as string;
  const prompt = pending?.open.find((p) => p.id === promptId);
  if (!pending || !prompt) return fail('no-such-prompt', `no open prompt '${promptId}'${pending ? `; open: ${pending.open.map((p) => p.id).join(', ')}` : ''}`);
  const isReplace = cmd.type === 'gm.replaceRoll';
  if (isReplace && envelope.issuedBy.role !== 'gm') return fail('forbidden', 'only the GM may replace a roll');
  if (isReplace && prompt.input.kind !== 'dice') return fail('not-a-roll', `prompt ${promptId} does not ask for dice`);
  if (!addresseeMatches(prompt, envelope.issuedBy)) return fail('forbidden', `prompt ${promptId} is addressed to someone else`);
  const answer = (isReplace ? cmd.faces : cmd.answer) as Json;
  const problem = answerProblem(prompt, answer);
  if (problem) return fail('bad-answer', `prompt ${promptId}: ${problem}`, { path: ['command', isReplace ? 'faces' : 'answer'] });

  const answered: FrayEventBody = { type: 'PromptAnswered', promptId, answer, by: envelope.issuedBy, key: prompt.key, about: prompt.about, ...answerWords(prompt, answer) };
  const visibility: Visibility | undefined = prompt.secret ? (prompt.to.role === 'player' ? { seats: [prompt.to.seat] } : 'gm') : undefined;
  const remaining = pending.open.filter((p) => p.id !== promptId);
  if (remaining.length) {
    // Part of a group: wait for the rest before resuming.
    const still = { ...cloneJson(pending), open: remaining, answers: { ...pending.answers, [promptId]: answer } };
    return { ok: true, events: [{ body: answered, ...(visibility ? { visibility } : {}) }, { body: { type: 'ResolutionPaused', pending: still } }] };
  }
  const live = workingCopy(state);
  live.pending!.answers[promptId] = answer;
  live.version++;
  const origin = pending.envelope;
  const def = origin.command.type === 'answerPrompt' ? undefined : commands(origin.command.type, rt);
  if (!def) return fail('internal', `cannot resume ${origin.command.type}`);
  const parsedOrigin = def.schema.parse(origin.command);
  const resumed: CommandEnvelope = { ...origin, id: pending.commandId };
  const startState = { ...cloneJson(pending.base), pending: null } as EncounterState;
  const mode = new ReplayMode(startState, { ...pending, answers: { ...pending.answers, [promptId]: answer } }, live);
  const decision = run(new Resolution(rt, resumed, mode), (ctx) => def.run(ctx, parsedOrigin as never));
  if (!decision.ok) return decision;
  return { ok: true, events: [{ body: answered, ...(visibility ? { visibility } : {}) }, ...decision.events] };
}

/** Runs a handler in a recording (or replaying) resolution: its events, a pause, or its rejection. */
function run(ctx: Resolution, body: (ctx: Resolution) => void): Decision {
  const resumed = ctx.replaying;
  try {
    body(ctx);
  } catch (err) {
    if (err instanceof RuleViolation) return { ok: false, error: err.rejection };
    if (err instanceof Pause) {
      return { ok: true, events: [...ctx.recorded, { body: { type: 'ResolutionPaused', pending: ctx.pendingFor(err.prompts) } }] };
    }
    throw err;
  }
  const events = [...ctx.recorded];
  if (resumed) {
    events.push({ body: { type: 'ResolutionEnded', commandId: ctx.commandId } });
    return { ok: true, events };
  }
  shareUnchanged(ctx.state);
  return { ok: true, events, working: ctx.state };
}
