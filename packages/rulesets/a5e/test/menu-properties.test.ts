import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, createZoneSpace, engage, placeCreature, type Json, type PromptPolicy } from '@fray/engine';
import { arbSeed, arbStep, menuDisagreements, placeDisagreements, playSteps } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { ana, closeQuarters, goblin, ogre, rogue, wolf } from './flow-fixtures';

const policy: PromptPolicy = (p) => (p.input.kind === 'choice' ? p.options[0]?.id : p.default);

function play(seed: number, steps: fc.Arbitrary<never>[] | unknown[], onGrid: boolean): Encounter {
  const enc = Encounter.create({
    id: 'a5e-menu', seed, ...(onGrid ? { space: closeQuarters() } : {}),
    creatures: [ana(), rogue(), ogre(), goblin('g1'), goblin('g2'), wolf('fang')],
  }, { ruleset: a5eRuleset, policy });
  return playSteps(enc, a5eRuleset, steps as never);
}

/** Two zones: the road (Ana engaged with the wolf) and the ditch, so changing zone, engaging and breaking off all come up. */
function roadAndDitch(): Json {
  let space = createZoneSpace({ bands: ['engaged', 'near', 'far'] });
  for (const [id, zone] of [['ana', 'road'], ['rue', 'road'], ['fang', 'road'], ['ogre', 'ditch'], ['g1', 'ditch'], ['g2', 'road']] as const) space = placeCreature(space, id, { zone }) as typeof space;
  return engage(space, 'ana', 'fang') as unknown as Json;
}

describe('A5E action menu against dispatch', () => {
  it('A5E-ROUND-4 A5E-ATK-13 A5E-ATK-15 in random legal states, what the menu offers is accepted and what it refuses is refused in the same words', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep, { minLength: 5, maxLength: 60 }), fc.boolean(), (seed, steps, onGrid) => {
      const enc = play(seed, steps, onGrid);
      for (const id of enc.state.creatureIds) expect(menuDisagreements(enc, a5eRuleset, id)).toEqual([]);
      expect(menuDisagreements(enc, a5eRuleset, 'rue', { role: 'player', seat: 'seat-rue' })).toEqual([]);
    }), { numRuns: Number(process.env.MENU_RUNS ?? 60) });
  });

  it('A5E-MOVE-1 A5E-ATK-16 on a zone map, in random legal states, every place the menu lists is reached by its move and every place it refuses is refused in the same words', () => {
    fc.assert(fc.property(arbSeed, fc.array(arbStep, { minLength: 3, maxLength: 40 }), (seed, steps) => {
      const enc = playSteps(Encounter.create({ id: 'a5e-zones', seed, space: roadAndDitch(), creatures: [ana(), rogue(), ogre(), goblin('g1'), goblin('g2'), wolf('fang')] }, { ruleset: a5eRuleset, policy }), a5eRuleset, steps);
      for (const id of enc.state.creatureIds) expect(placeDisagreements(enc, a5eRuleset, id)).toEqual([]);
    }), { numRuns: Number(process.env.MENU_RUNS ?? 30) });
  });
});
