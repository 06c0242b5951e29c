import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, canonicalJson, playerView, redactEvents, type Runtime } from '@fray/engine';
import { arbPlay, arbSeed, assertFoldMatches, assertUndoRestores, miniRuleset, playSteps, type Step } from '../src/index';
import { fighter, goblin, ogre, bo, sparePolicy } from './fixtures';

const SECRET_NAME = 'SENTINEL-HIDDEN-ASSASSIN';
const SECRET_NOTE = 'SENTINEL-GM-NOTE';

const setup = (seed: number) => ({
  id: 'prop',
  seed,
  creatures: [
    fighter(),
    bo(),
    ogre({ notes: SECRET_NOTE, hp: 29 }),
    goblin('g1'),
    goblin('lurker', { hidden: true, name: SECRET_NAME }),
  ],
});

/** Half the prompts are answered by a policy, the rest wait for a command; both paths get exercised. */
const policy = sparePolicy;

function play(seed: number, steps: Step[]): { enc: Encounter; rt: Runtime } {
  const rt: Runtime = { ruleset: miniRuleset, policy };
  return { enc: playSteps(Encounter.create(setup(seed), rt), miniRuleset, steps), rt };
}

describe('kernel invariants over random legal play (mini ruleset)', () => {
  it('same seed and commands give byte-identical events', () => {
    fc.assert(fc.property(arbSeed, arbPlay(), (seed, steps) => {
      expect(canonicalJson(play(seed, steps).enc.events)).toBe(canonicalJson(play(seed, steps).enc.events));
    }), { numRuns: 40 });
  });

  it('folding the log reproduces the live state, and the state survives JSON', () => {
    fc.assert(fc.property(arbSeed, arbPlay(), (seed, steps) => {
      const { enc } = play(seed, steps);
      assertFoldMatches(enc);
      expect(canonicalJson(JSON.parse(JSON.stringify(enc.state)))).toBe(canonicalJson(enc.state));
    }), { numRuns: 40 });
  });

  it('a command then undo equals the state before it, dice generator included', () => {
    fc.assert(fc.property(arbSeed, arbPlay(25), fc.nat(), (seed, steps, pick) => {
      assertUndoRestores(play(seed, steps.filter((s) => !('undo' in s))).enc, miniRuleset, pick);
    }), { numRuns: 40 });
  });

  it('hit points, temporary hit points and the action budget stay in bounds', () => {
    fc.assert(fc.property(arbSeed, arbPlay(60), (seed, steps) => {
      const { enc } = play(seed, steps);
      for (const c of Object.values(enc.state.creatures)) {
        expect(c.hp).toBeGreaterThanOrEqual(0);
        expect(c.hp).toBeLessThanOrEqual(c.maxHp);
        expect(c.tempHp).toBeGreaterThanOrEqual(0);
        expect(c.resources['action']).toBeGreaterThanOrEqual(0);
        expect(c.resources['action']).toBeLessThanOrEqual(1);
      }
    }), { numRuns: 40 });
  });

  it('no player view or redacted log carries a planted secret', () => {
    fc.assert(fc.property(arbSeed, arbPlay(), (seed, steps) => {
      const { enc } = play(seed, steps);
      const rng = JSON.stringify(enc.state.dice.rng.state);
      const ogreHp = `"hp":${enc.state.creatures['ogre']!.hp},`;
      for (const seat of ['seat-ana', 'seat-bo', 'seat-nobody']) {
        const payload = JSON.stringify(playerView(enc.state, seat, miniRuleset)) + JSON.stringify(redactEvents(enc.events, seat, enc.state, miniRuleset));
        expect(payload).not.toContain(SECRET_NAME);
        expect(payload).not.toContain(SECRET_NOTE);
        expect(payload).not.toContain('"lurker"');
        expect(payload).not.toContain(rng);
        for (const e of redactEvents(enc.events, seat, enc.state, miniRuleset)) {
          if (typeof e['target'] === 'string' && enc.state.creatures[e['target']]?.controller !== seat) expect(e).not.toHaveProperty('hpAfter');
        }
        expect(JSON.stringify(playerView(enc.state, seat, miniRuleset).creatures['ogre'])).not.toContain(ogreHp);
      }
    }), { numRuns: 30 });
  });
});
