import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '@fray/engine';
import { runCommand } from '../src/commands/run';
import { loadScenarioFile } from '../src/scenario/load';
import type { ScenarioStep } from '../src/scenario/schema';
import { writeTemp } from './helpers';
import { refusedPreAnswer } from './pre-answer-refusal';

/**
 * Several prompts of one key in one command (issue 14 A4): with entered dice an attack asks for the d20
 * and then for the damage dice, both `dice.enter` prompts of different dice. `{inOrder: [...]}` answers
 * them in the order they are asked; a single pre-answer still answers every prompt of its key alike.
 */
const setup = `ruleset: mini
dice: entered
creatures:
  - { id: bram, side: party, controller: seat-bram, initiative: 12, statBlock: { name: Bram, hp: 18, ac: 14, attackBonus: 4, damage: 1d10+2, damageType: piercing, dexSave: 1 } }
  - { id: snag, side: foes, initiative: 8, statBlock: { name: Snag, hp: 7, ac: 13, attackBonus: 4, damage: 1d6+2, damageType: piercing, dexSave: 2 } }
steps:
  - command: { type: startCombat }
`;
const attack = (extra: string) => writeTemp({ 'attack.yaml': `${setup}  - command: { type: takeAction, actorId: bram, action: attack, targets: [snag] }\n    as: seat-bram\n${extra}` });

describe('pre-answers in order: several prompts of one key in one command', () => {
  it('the d20 and the damage die of one attack, answered ahead in order; the prompt after them is asked', () => {
    const r = runCommand(attack(`    preAnswers: { dice.enter: { inOrder: [[11], [6]] } }
    expect: { pendingPrompt: mini.spare, creatures: { snag: { hp: 0 } } }
`));
    expect(r.exitCode, r.errorOutput).toBe(0);
    expect(r.output.split('\n').slice(9, 15)).toEqual([
      '    Enter the dice for attack: 1d20 → [11], answered ahead',
      '  Bram attacks Snag: d20 11 + 4 = 15 vs AC 13, hit',
      '    Enter the dice for damage: 1d10+2 → [6], answered ahead',
      '    1d10+2 → 6 +2 = 8 piercing; Snag 7 → 0 HP',
      '    ? Spare Snag? (asks seat-bram; kill | spare)',
      '',
    ]);
  });

  it('a list shorter than the prompts: the rest are asked, and answering them resumes the command (entered dice answered ahead replay in place)', () => {
    const r = runCommand(attack(`    preAnswers: { dice.enter: { inOrder: [[11]] } }
    answers:
      - { key: dice.enter, answer: [6] }
      - { key: mini.spare, answer: spare }
    expect: { pendingPrompt: null, creatures: { snag: { hp: 0, status: unconscious } } }
`));
    expect(r.exitCode, r.errorOutput).toBe(0);
  });

  it('answers left over fail the step (exit 1), naming how many were used', () => {
    const r = runCommand(attack(`    preAnswers: { dice.enter: { inOrder: [[2], [6], [3]] } }
`));
    expect(r.exitCode).toBe(1);
    expect(r.errorOutput).toBe("fray run: steps.1.preAnswers.dice.enter: 1 of the 3 answers in inOrder used (the command asked 'dice.enter' 1 time)");
  });

  it('a bad answer in the list refuses the command, naming its place in the list (bad-answer, exit 3)', () => {
    const r = runCommand(attack(`    preAnswers: { dice.enter: { inOrder: [[11], [11]] } }
`));
    expect(r.exitCode).toBe(3);
    expect(r.errorOutput).toBe('fray run: steps.1: command rejected: bad-answer: pre-answer for dice.enter: answer 2 of 2: d10 face 11 is impossible (1-10) (at preAnswers.dice.enter)');
  });

  it('bad input (fast-check): a malformed list is refused with bad-answer naming the key; state and log unchanged', () => {
    const file = attack('');
    const loaded = loadScenarioFile(file);
    const answer = fc.oneof(
      fc.constantFrom<Json>(0, 21, 1.5, 'x', [0], [21], [1.5], ['x'], [], [7, 7], [[7]], null, true, {}),
      fc.jsonValue() as fc.Arbitrary<Json>,
    );
    const fitsD20 = (v: Json) => Array.isArray(v) && v.length === 1 && Number.isInteger(v[0]) && (v[0] as number) >= 1 && (v[0] as number) <= 20;
    const fitsD10 = (v: Json) => Array.isArray(v) && v.length === 1 && Number.isInteger(v[0]) && (v[0] as number) >= 1 && (v[0] as number) <= 10;
    const lists = fc.oneof(
      fc.constant<Json>({ inOrder: [] }),
      answer.map((a) => ({ inOrder: [a] }) as Json),
      fc.tuple(answer, answer).map(([a, b]) => ({ inOrder: [a, b] }) as Json),
      answer.map((a) => ({ inOrder: [[11], a] }) as Json),
      answer.map((a) => ({ inOrder: a, extra: 1 }) as Json),
    );
    fc.assert(
      fc.property(lists, (pre) => {
        const list = (pre as { inOrder?: Json }).inOrder;
        // well-formed lists (a fitting d20, then a fitting d10 or nothing) are the other tests' business
        fc.pre(!(Array.isArray(list) && Object.keys(pre as object).length === 1 && list.length >= 1 && fitsD20(list[0]!) && (list.length === 1 || fitsD10(list[1]!))));
        const step = { command: { type: 'takeAction', actorId: 'bram', action: 'attack', targets: ['snag'] }, as: 'seat-bram', preAnswers: { 'dice.enter': pre } } as unknown as ScenarioStep;
        expect(refusedPreAnswer(loaded, step, 'dice.enter')).toMatch(/^pre-answer for dice\.enter: (inOrder must list at least one answer|(answer [12] of [12]: )?(answer must be a list of 1 die faces \(d(20|10)\), not .+|d(20|10) face .+ is impossible \(1-(20|10)\)))$/);
      }),
      { numRuns: 300, seed: 1428 },
    );
  });
});
