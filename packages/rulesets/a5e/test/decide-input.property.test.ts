import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { checkStaleStateReads, Encounter, createGridSpace, placeCreature, type Json, type PromptPolicy } from '@fray/engine';
import { arbSeed, arbStep, playCheckingInputs } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { ana, goblin, ogre, rogue, wolf } from './flow-fixtures';

/** Reactions and a few questions wait for an answer, and so do entered dice (so resumed commands are decided too); the rest take the first option. */
const policy: PromptPolicy = (p) => (p.input.kind === 'dice' ? undefined : p.key === 'a5e.fallBack' || p.key === 'a5e.letPass' || p.key === 'a5e.hidePossible' ? undefined : p.input.kind === 'choice' ? p.options[0]?.id : p.default);

function grid(): Json {
  let space = createGridSpace({ bounds: { width: 8, height: 8 } });
  for (const [id, x, y, size] of [['ana', 1, 1, 'medium'], ['rue', 1, 2, 'small'], ['fang', 0, 1, 'medium'], ['ogre', 2, 0, 'large'], ['g1', 2, 2, 'small']] as const) space = placeCreature(space, id, { x, y, size });
  return space as unknown as Json;
}

describe('A5E decide never changes its input state', () => {
  // Resumed commands are decided here too: hold the rules to reading state afresh after each question.
  beforeAll(() => checkStaleStateReads(true));
  afterAll(() => checkStaleStateReads(false));

  it('ENGINE-DECIDE every legal command of random A5E play on a grid, decided against a frozen copy, leaves it deep-equal and shares stat blocks and the map', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep, { minLength: 20, maxLength: 60 }), (seed, steps) => {
      const enc = Encounter.create({ id: 'a5e-input', seed, space: grid(), creatures: [ana(), rogue(), ogre(), goblin('g1'), wolf('fang')] }, { ruleset: a5eRuleset, policy });
      playCheckingInputs(enc, steps);
    }), { numRuns: Number(process.env["FRAY_INPUT_RUNS"] ?? 15) });
  });

  it('ENGINE-DECIDE with entered dice (every roll a question, answered after a pause), every legal command of random A5E play on a grid, decided against a frozen copy, leaves it deep-equal and shares stat blocks and the map', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep, { minLength: 20, maxLength: 60 }), (seed, steps) => {
      const enc = Encounter.create({ id: 'a5e-input', seed, diceMode: 'entered', space: grid(), creatures: [ana(), rogue(), ogre(), goblin('g1'), wolf('fang')] }, { ruleset: a5eRuleset, policy });
      playCheckingInputs(enc, steps);
    }), { numRuns: Number(process.env["FRAY_INPUT_RUNS"] ?? 15) });
  });
});
