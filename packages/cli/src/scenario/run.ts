import { DiceError, scripted, type ScriptedSource } from '@fray/dice';
import { inOrderList, type Command, type CommandEnvelope, type DispatchResult, type Encounter, type EncounterState, type Json, type Principal, type Runtime } from '@fray/engine';
import { narrate } from '../narrate';
import type { RejectionReport } from '../report';
import { EXIT } from '../result';
import { checkExpect } from './expect';
import { createEncounter, loadScenarioFile, orScenarioError, ScenarioError, type LoadedScenario } from './load';
import type { ScenarioStep } from './schema';

export interface ScenarioOutcome {
  exitCode: number;
  /** why the run failed (absent on success) */
  message?: string;
  /** the narration, step by step */
  lines: string[];
  /** null when the input was invalid and no encounter was created */
  encounter: Encounter | null;
  /** steps run (including a failing one) */
  stepsRun: number;
  /** every refused command, expected or not */
  rejections: RejectionReport[];
}

/** Loads and runs a scenario file; invalid input comes back as exit 2 with the message. */
export function runScenarioFile(file: string, cwd: string = process.cwd()): ScenarioOutcome {
  const loaded = orScenarioError(() => loadScenarioFile(file, cwd));
  return loaded instanceof ScenarioError ? invalidInput(loaded) : runScenario(loaded);
}

/** Invalid input (exit 2): its message, and nothing run. */
const invalidInput = (err: ScenarioError): ScenarioOutcome => ({ exitCode: EXIT.invalidInput, message: err.message, lines: [], encounter: null, stepsRun: 0, rejections: [] });

export const principal = (as: string | undefined): Principal => (as === undefined || as === 'gm' ? { role: 'gm' } : { role: 'player', seat: as });

export const namesOf = (state: EncounterState): Record<string, string> => Object.fromEntries(state.creatureIds.map((id) => [id, state.creatures[id]!.name]));

/** "Ana: attack Ogre", "endTurn", "gm.setHp {creatureId: ogre, hp: 12}". */
export function describeCommand(command: Command, names: Record<string, string>): string {
  const n = (id: unknown) => (typeof id === 'string' ? (names[id] ?? id) : JSON.stringify(id));
  const c = command as Record<string, Json | undefined>;
  if (c['type'] === 'takeAction') {
    const targets = Array.isArray(c['targets']) && c['targets'].length ? ` ${c['targets'].map(n).join(', ')}` : '';
    return `${n(c['actorId'])}: ${String(c['action'])}${targets}`;
  }
  const rest = Object.entries(c).filter(([k, v]) => k !== 'type' && v !== undefined);
  return rest.length ? `${String(c['type'])} ${rest.map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ')}` : String(c['type']);
}

/** What running steps writes: the narration, and every refusal (for `--json`). */
export interface StepLog {
  lines: string[];
  rejections: RejectionReport[];
}

export class StepFailure extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs the steps of a loaded scenario: each command (with its scripted dice), its answers, its
 * expectations; then the final expectation. Stops at the first failure.
 */
export function runScenario(loaded: LoadedScenario): ScenarioOutcome {
  const rt: Runtime = { ruleset: loaded.ruleset };
  const encounter = orScenarioError(() => createEncounter(loaded, rt));
  if (encounter instanceof ScenarioError) return invalidInput(encounter);
  const lines = narrate(encounter.events, { ruleset: loaded.ruleset });
  const log: StepLog = { lines, rejections: [] };
  const played = runSteps(rt, loaded.scenario.steps, (step, i) => runStep(encounter, rt, step, i, log), () => (loaded.scenario.expect ? checkExpect(encounter.state, loaded.scenario.expect, 'expect', loaded.ruleset) : []));
  return { ...played, lines, encounter, rejections: log.rejections };
}

/**
 * Runs a file's steps in order, then checks its final expectations (`finalProblems`: a problem fails
 * the run, exit 1); the first `StepFailure` stops it. The file's scripted dice leave `rt` when it ends.
 */
export function runSteps<S>(rt: Runtime, steps: readonly S[], runOne: (step: S, i: number) => void, finalProblems: () => string[]): { exitCode: number; message?: string; stepsRun: number } {
  let stepsRun = 0;
  try {
    steps.forEach((step, i) => {
      stepsRun = i + 1;
      runOne(step, i);
    });
    const problems = finalProblems();
    return problems.length ? { exitCode: EXIT.expectationFailed, message: problems.join('\n'), stepsRun } : { exitCode: EXIT.ok, stepsRun };
  } catch (err) {
    if (err instanceof StepFailure) return { exitCode: err.exitCode, message: err.message, stepsRun };
    throw err;
  } finally {
    delete rt.dice;
  }
}

/**
 * Runs one step: its command (with the step's pre-answers and scripted dice), its answers, its
 * expectations. `at` is the step's path in the file for messages; command ids stay `s<i>` (`s<i>-a<n>`).
 */
export function runStep(encounter: Encounter, rt: Runtime, step: ScenarioStep, i: number, log: StepLog, at = `steps.${i}`): void {
  const { lines } = log;
  const names = namesOf(encounter.state);
  lines.push(`[${at}] ${describeCommand(step.command as Command, names)}${step.as && step.as !== 'gm' ? ` (as ${step.as})` : ''}`);
  const envelope: CommandEnvelope = { id: `s${i}`, issuedBy: principal(step.as), command: step.command as Command, ...(step.preAnswers ? { preAnswers: step.preAnswers as Record<string, Json> } : {}) };
  const firstEvent = encounter.events.length;
  // prompts open before the command, so a raw answerPrompt step reads as the question it answers
  const prompts = encounter.state.pending?.open ?? [];
  const r = dispatchWithDice(encounter, rt, envelope, step.dice, `${at}.dice`);

  if (!r.ok) {
    const why = `${r.error.code}: ${r.error.message}${r.error.path?.length ? ` (at ${r.error.path.join('.')})` : ''}`;
    log.rejections.push({
      at, code: r.error.code, message: r.error.message, expected: step.expectRejected !== undefined,
      ...(r.error.path?.length ? { path: r.error.path } : {}), ...(r.error.ruleId ? { ruleId: r.error.ruleId } : {}),
    });
    if (step.expectRejected === undefined) throw new StepFailure(EXIT.commandRejected, `${at}: command rejected: ${why}`);
    if (r.error.code !== step.expectRejected) throw new StepFailure(EXIT.expectationFailed, `${at}.expectRejected: expected rejection '${step.expectRejected}', got ${why}`);
    if (step.expectMessage !== undefined && !r.error.message.includes(step.expectMessage)) throw new StepFailure(EXIT.expectationFailed, `${at}.expectMessage: expected the refusal to say '${step.expectMessage}', got '${r.error.message}'`);
    lines.push(`  rejected as expected: ${why}`);
  } else {
    if (step.expectRejected !== undefined) {
      lines.push(...narrate(r.events, { names, prompts, ruleset: rt.ruleset }).map((l) => `  ${l}`));
      throw new StepFailure(EXIT.expectationFailed, `${at}.expectRejected: expected rejection '${step.expectRejected}', but the command was accepted`);
    }
    lines.push(...narrate(r.events, { names, prompts, ruleset: rt.ruleset }).map((l) => `  ${l}`));
  }

  (step.answers ?? []).forEach((a, j) => {
    const aAt = `${at}.answers.${j}`;
    const open = encounter.state.pending?.open ?? [];
    const prompt = open.find((p) => p.key === a.key);
    if (!prompt) throw new StepFailure(EXIT.expectationFailed, `${aAt}: no open prompt '${a.key}' to answer (open: ${open.length ? open.map((p) => p.key).join(', ') : 'none'})`);
    const by = a.as === undefined ? prompt.to : principal(a.as);
    const env: CommandEnvelope = { id: `s${i}-a${j}`, issuedBy: by, command: { type: 'answerPrompt', promptId: prompt.id, answer: a.answer as Json } };
    const ar = dispatchWithDice(encounter, rt, env, a.dice, `${aAt}.dice`);
    if (!ar.ok) throw new StepFailure(EXIT.commandRejected, `${aAt}: answer rejected: ${ar.error.code}: ${ar.error.message}`);
    lines.push(...narrate(ar.events, { names: namesOf(encounter.state), prompts: open, ruleset: rt.ruleset }).map((l) => `  ${l}`));
  });

  if (step.preAnswers && r.ok) {
    // A pre-answer no prompt used is a mistake in the file (a wrong key, a question the rules never asked).
    const used = new Map<string, number>();
    for (const e of encounter.events.slice(firstEvent)) if (e.type === 'PromptAnswered' && e.by === 'preAnswer' && e.key) used.set(e.key, (used.get(e.key) ?? 0) + 1);
    const unused = Object.keys(step.preAnswers).filter((k) => !used.has(k));
    if (unused.length) throw new StepFailure(EXIT.expectationFailed, `${at}.preAnswers: ${unused.map((k) => `'${k}'`).join(', ')} never asked (answered by pre-answers: ${used.size ? [...used.keys()].map((k) => `'${k}'`).join(', ') : 'none'})`);
    // An inOrder list must be used to its end: an answer left over is a prompt the file expected and the rules never asked.
    for (const [k, v] of Object.entries(step.preAnswers)) {
      const list = inOrderList(v as Json);
      if (list && (used.get(k) ?? 0) < list.length) throw new StepFailure(EXIT.expectationFailed, `${at}.preAnswers.${k}: ${used.get(k) ?? 0} of the ${list.length} answers in inOrder used (the command asked '${k}' ${used.get(k) ?? 0} time${used.get(k) === 1 ? '' : 's'})`);
    }
  }

  if (step.expect) {
    const problems = checkExpect(encounter.state, step.expect, `${at}.expect`, rt.ruleset);
    if (problems.length) throw new StepFailure(EXIT.expectationFailed, problems.join('\n'));
  }
}

/**
 * Dispatches with strict scripted dice when `dice` is given (the encounter's seeded dice otherwise).
 * A die of the wrong size, too few faces, or faces left over fail the step (exit 1).
 */
function dispatchWithDice(encounter: Encounter, rt: Runtime, envelope: CommandEnvelope, dice: string | undefined, at: string): DispatchResult {
  let source: ScriptedSource | undefined;
  if (dice === undefined) delete rt.dice;
  else rt.dice = source = scripted(dice);
  try {
    const r = encounter.dispatch(envelope);
    if (r.ok && source) {
      const left = source.remaining();
      if (left.length) {
        const hint = encounter.state.pending ? ' (the command is waiting for a prompt: give the dice for rolls after it to that answer)' : '';
        throw new StepFailure(EXIT.expectationFailed, `${at}: ${left.length} scripted face${left.length === 1 ? ' was' : 's were'} never used: ${left.map((f) => `d${f.sides}:${f.value}`).join(' ')}${hint}`);
      }
    }
    return r;
  } catch (err) {
    if (err instanceof DiceError && err.code === 'scripted') throw new StepFailure(EXIT.expectationFailed, `${at}: ${err.message}`);
    throw err;
  } finally {
    delete rt.dice;
  }
}
