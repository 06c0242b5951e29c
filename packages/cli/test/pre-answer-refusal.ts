import { expect } from 'vitest';
import { createEncounter, type LoadedScenario } from '../src/scenario/load';
import { StepFailure, runStep } from '../src/scenario/run';
import type { ScenarioStep } from '../src/scenario/schema';

/**
 * Starts a fresh fight of `loaded`, then runs `step`, whose pre-answer for `key` must be refused: the
 * step fails with exit 3 and one bad-answer rejection at preAnswers.<key>, and the state and log are
 * as they were. Returns the rejection's message for the caller to match.
 */
export function refusedPreAnswer(loaded: LoadedScenario, step: ScenarioStep, key: string): string {
  const rt = { ruleset: loaded.ruleset };
  const enc = createEncounter(loaded, rt);
  runStep(enc, rt, { command: { type: 'startCombat' } } as ScenarioStep, 0, { lines: [], rejections: [] });
  const before = JSON.stringify(enc.state);
  const length = enc.events.length;
  const log = { lines: [] as string[], rejections: [] as { code: string; message: string; path?: (string | number)[] }[] };
  let failure: unknown;
  try {
    runStep(enc, rt, step, 1, log as never);
  } catch (err) {
    failure = err;
  }
  expect(failure).toBeInstanceOf(StepFailure);
  expect((failure as StepFailure).exitCode).toBe(3);
  expect(log.rejections).toHaveLength(1);
  const r = log.rejections[0]!;
  expect(r.code).toBe('bad-answer');
  expect(r.path).toEqual(['preAnswers', key]);
  expect(JSON.stringify(enc.state)).toBe(before);
  expect(enc.events.length).toBe(length);
  return r.message;
}
