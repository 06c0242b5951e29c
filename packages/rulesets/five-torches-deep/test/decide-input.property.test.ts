import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { checkStaleStateReads, Encounter, type PromptPolicy } from '@fray/engine';
import { arbSeed, arbStep, playCheckingInputs } from '@fray/testkit';
import { ftdRuleset } from '../src/index';
import { brenna, gob, odo, tusk, zones } from './fixtures';

/** Every other kind of question waits for an answer; the rest take the prompt's default. */
const policy: PromptPolicy = (p) => (p.input.kind === 'dice' ? undefined : p.key.length % 2 === 0 ? undefined : p.default);

describe('Five Torches Deep decide never changes its input state', () => {
  // Resumed commands are decided here too: hold the rules to reading state afresh after each question.
  beforeAll(() => checkStaleStateReads(true));
  afterAll(() => checkStaleStateReads(false));

  it('ENGINE-DECIDE every legal command of random FTD play in zones, decided against a frozen copy, leaves it deep-equal and shares stat blocks and the map', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep, { minLength: 20, maxLength: 60 }), (seed, steps) => {
      const enc = Encounter.create({
        id: 'ftd-input', seed, options: { moraleTriggers: true },
        space: zones(['brenna', 'odo', 'g1', 'tusk'], [['brenna', 'g1'], ['odo', 'g1']]),
        creatures: [brenna(), odo(), gob('g1'), tusk('tusk')],
      }, { ruleset: ftdRuleset, policy });
      playCheckingInputs(enc, steps);
    }), { numRuns: Number(process.env["FRAY_INPUT_RUNS"] ?? 15) });
  });

  it('ENGINE-DECIDE with entered dice (every roll a question, answered after a pause), every legal command of random FTD play in zones, decided against a frozen copy, leaves it deep-equal and shares stat blocks and the map', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep, { minLength: 20, maxLength: 60 }), (seed, steps) => {
      const enc = Encounter.create({
        id: 'ftd-input', seed, diceMode: 'entered', options: { moraleTriggers: true },
        space: zones(['brenna', 'odo', 'g1', 'tusk'], [['brenna', 'g1'], ['odo', 'g1']]),
        creatures: [brenna(), odo(), gob('g1'), tusk('tusk')],
      }, { ruleset: ftdRuleset, policy });
      playCheckingInputs(enc, steps);
    }), { numRuns: Number(process.env["FRAY_INPUT_RUNS"] ?? 15) });
  });
});
