import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { checkStaleStateReads, Encounter, type PromptPolicy } from '@fray/engine';
import { arbSeed, arbStep, playCheckingInputs } from '@fray/testkit';
import { thirteenthAgeRuleset as R } from '../src/index';
import { brute, grunt, kira, ostin } from './fixtures';

/** Intercepts and opportunity attacks wait for an answer, and so do entered dice; the rest take the prompt's default. */
const policy: PromptPolicy = (p) => (p.input.kind === 'dice' ? undefined : p.key === '13a.intercept' || p.key === '13a.opportunity' ? undefined : p.default);

describe('13th Age decide never changes its input state', () => {
  // Resumed commands are decided here too: hold the rules to reading state afresh after each question.
  beforeAll(() => checkStaleStateReads(true));
  afterAll(() => checkStaleStateReads(false));

  it('ENGINE-DECIDE every legal command of random 13th Age play, decided against a frozen copy, leaves it deep-equal and shares stat blocks', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep, { minLength: 20, maxLength: 60 }), (seed, steps) => {
      const enc = Encounter.create({ id: '13a-input', seed, creatures: [kira({ hp: 18 }), ostin({ hp: 12 }), brute(), grunt('g1'), grunt('g2')] }, { ruleset: R, policy });
      playCheckingInputs(enc, steps);
    }), { numRuns: Number(process.env["FRAY_INPUT_RUNS"] ?? 15) });
  });

  it('ENGINE-DECIDE with entered dice (every roll a question, answered after a pause), every legal command of random 13th Age play, decided against a frozen copy, leaves it deep-equal and shares stat blocks', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep, { minLength: 20, maxLength: 60 }), (seed, steps) => {
      const enc = Encounter.create({ id: '13a-input', seed, diceMode: 'entered', creatures: [kira({ hp: 18 }), ostin({ hp: 12 }), brute(), grunt('g1'), grunt('g2')] }, { ruleset: R, policy });
      playCheckingInputs(enc, steps);
    }), { numRuns: Number(process.env["FRAY_INPUT_RUNS"] ?? 15) });
  });
});
