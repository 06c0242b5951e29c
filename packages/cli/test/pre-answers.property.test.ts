import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '@fray/engine';
import { createEncounter, loadScenarioFile } from '../src/scenario/load';
import { runStep } from '../src/scenario/run';
import type { ScenarioStep } from '../src/scenario/schema';
import { writeTemp } from './helpers';
import { refusedPreAnswer } from './pre-answer-refusal';

// Two prompts a command opens: the d20 a player enters for an attack (entered dice), and the ogre's
// choice whether to brace against a shove.
const file = writeTemp({
  'pre.yaml': `ruleset: mini
dice: entered
creatures:
  - { id: ana, side: party, controller: seat-ana, initiative: 15, statBlock: { name: Ana, hp: 20, ac: 16, attackBonus: 5, damage: 1d8+3, dexSave: 2 } }
  - { id: ogre, side: foes, ref: mini/ogre.yaml, initiative: 5 }
steps:
  - command: { type: startCombat }
`,
});

const cases = {
  'dice.enter': { type: 'takeAction', actorId: 'ana', action: 'attack', targets: ['ogre'] },
  'mini.brace': { type: 'takeAction', actorId: 'ana', action: 'shove', targets: ['ogre'] },
} as const;
type Key = keyof typeof cases;

const fits = (key: Key, v: unknown): boolean =>
  key === 'mini.brace' ? v === 'brace' || v === 'fall' : Array.isArray(v) && v.length === 1 && Number.isInteger(v[0]) && (v[0] as number) >= 1 && (v[0] as number) <= 20;

/** Malformed answers: impossible faces, fractions, text, the wrong kind of answer for the prompt, and anything else JSON. */
const malformed = fc.oneof(
  fc.constantFrom<Json>(0, 21, 1.5, 'x', -3, [0], [21], [1.5], ['x'], [], [7, 7], [[7]], null, true, {}, { face: 7 }, 'brace ', 'BRACE', 'fall-prone', [''], ['brace']),
  fc.integer({ min: -1000, max: 1000 }).map((n) => [n] as Json),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => [n] as Json),
  fc.jsonValue() as fc.Arbitrary<Json>,
);

describe('pre-answers in files: bad input (fast-check)', () => {
  it('a malformed pre-answer is refused with bad-answer naming the prompt and the problem; nothing changes', () => {
    const loaded = loadScenarioFile(file);
    fc.assert(
      fc.property(fc.constantFrom<Key>('dice.enter', 'mini.brace'), malformed, (key, answer) => {
        fc.pre(!fits(key, answer));
        const step = { command: cases[key], preAnswers: { [key]: answer } } as unknown as ScenarioStep;
        expect(refusedPreAnswer(loaded, step, key)).toMatch(key === 'mini.brace' ? /^pre-answer for mini\.brace: answer must be one of 'brace', 'fall'$/ : /^pre-answer for dice\.enter: (answer must be a list of 1 die faces \(d20\), not .+|d20 face .+ is impossible \(1-20\))$/);
      }),
      { numRuns: 300, seed: 1427 },
    );
  });

  it('the same pre-answers, well formed, answer the prompts', () => {
    const loaded = loadScenarioFile(file);
    const rt = { ruleset: loaded.ruleset };
    const enc = createEncounter(loaded, rt);
    const log = { lines: [] as string[], rejections: [] };
    runStep(enc, rt, { command: { type: 'startCombat' } } as ScenarioStep, 0, log);
    runStep(enc, rt, { command: cases['mini.brace'], preAnswers: { 'mini.brace': 'brace', 'dice.enter': [3] } } as unknown as ScenarioStep, 1, log);
    expect(enc.state.creatures['ogre']!.conditions.map((c) => c.conditionId)).toEqual(['prone']);
    expect(log.lines).toContain('    Brace against the shove? → Brace (Dex save DC 12), answered ahead');
  });
});
