import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, type PromptPolicy } from '@fray/engine';
import { arbSeed, arbStep, menuDisagreements, placeDisagreements, playSteps } from '@fray/testkit';
import { thirteenthAgeRuleset as R } from '../src/index';
import { kira, ostin, brute, grunt } from './fixtures';

const policy: PromptPolicy = (p) => p.default;

describe('13th Age action menu against dispatch', () => {
  it('13A-ACT-2 13A-ENGAGE-2 13A-TGT-1 in random legal states, what the menu offers is accepted and what it refuses is refused in the same words (its places to move too)', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep, { minLength: 5, maxLength: 60 }), (seed, steps) => {
      const enc = playSteps(Encounter.create({ id: '13a-menu', seed, creatures: [kira({ hp: 18 }), ostin({ hp: 12 }), brute(), grunt('g1'), grunt('g2')] }, { ruleset: R, policy }), R, steps);
      for (const id of enc.state.creatureIds) expect(menuDisagreements(enc, R, id)).toEqual([]);
      for (const id of enc.state.creatureIds) expect(placeDisagreements(enc, R, id)).toEqual([]);
      expect(menuDisagreements(enc, R, 'kira', { role: 'player', seat: 'seat-kira' })).toEqual([]);
    }), { numRuns: Number(process.env.MENU_RUNS ?? 60) });
  });
});
