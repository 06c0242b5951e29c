import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, playerView, redactEvents, type PromptPolicy, type Runtime } from '@fray/engine';
import { arbSeed, arbStep, playSteps, type Step } from '@fray/testkit';
import { expectNoSecrets, itKeepsTheLog } from '../../../../test/log-invariants';
import { thirteenthAgeRuleset as R } from '../src/index';
import { kira, ostin, brute, grunt } from './fixtures';

const SECRET_NAME = 'SENTINEL-HIDDEN-ASSASSIN';
const SECRET_NOTE = 'SENTINEL-GM-NOTE';
const arbPlay = (min = 20, max = 70) => fc.array(arbStep, { minLength: min, maxLength: max });

const setup = (seed: number) => ({
  id: '13a-prop',
  seed,
  creatures: [
    kira({ hp: 18 }),
    ostin({ hp: 12 }),
    brute({ notes: SECRET_NOTE }),
    grunt('g1'),
    grunt('g2'),
    grunt('lurker', { hidden: true, name: SECRET_NAME }),
  ],
});

/** Intercepts and opportunity attacks wait for an answerPrompt command; the rest take the prompt's default. */
const policy: PromptPolicy = (p) => (p.key === '13a.intercept' || p.key === '13a.opportunity' ? undefined : p.default);
const runtime = (): Runtime => ({ ruleset: R, policy });

function play(seed: number, steps: Step[]): Encounter {
  return playSteps(Encounter.create(setup(seed), runtime()), R, steps);
}

describe('13th Age invariants over random legal play', () => {
  itKeepsTheLog({ ruleset: R, play, arbPlay, numRuns: { same: 25, fold: 25, undo: 25 } });

  it('hit points, recoveries, the action budget and the escalation die stay in bounds', () => {
    fc.assert(fc.property(arbSeed, arbPlay(), (seed, steps) => {
      const enc = play(seed, steps);
      for (const c of Object.values(enc.state.creatures)) {
        const pc = c.tags.includes('pc');
        expect(c.hp).toBeLessThanOrEqual(c.maxHp);
        expect(c.hp).toBeGreaterThanOrEqual(pc ? -c.maxHp : 0);
        if (pc && c.status !== 'dead') expect(c.hp * 2).toBeGreaterThan(-c.maxHp);
        expect(c.tempHp).toBeGreaterThanOrEqual(0);
        for (const k of ['standard', 'move', 'quick', 'interrupt']) {
          expect(c.resources[k]).toBeGreaterThanOrEqual(0);
          expect(c.resources[k]).toBeLessThanOrEqual(1);
        }
        if (pc) expect(c.resources['recoveries']).toBeGreaterThanOrEqual(0);
        expect(c.tallies['deathSaveFailures'] ?? 0).toBeLessThanOrEqual(4);
      }
      const esc = enc.state.counters['escalation'] ?? 0;
      expect(esc).toBeGreaterThanOrEqual(0);
      expect(esc).toBeLessThanOrEqual(Math.min(6, Math.max(0, enc.state.round - 1)));
    }), { numRuns: 25 });
  });

  it('no player view or redacted log carries a planted secret; the escalation die is in every view', () => {
    fc.assert(fc.property(arbSeed, arbPlay(), (seed, steps) => {
      const enc = play(seed, steps);
      for (const seat of ['seat-kira', 'seat-ostin', 'seat-nobody']) {
        const view = playerView(enc.state, seat, R);
        const payload = JSON.stringify(view) + JSON.stringify(redactEvents(enc.events, seat, enc.state, R));
        expectNoSecrets(payload, [SECRET_NAME, SECRET_NOTE, '"lurker"']);
        if (enc.state.phase !== 'setup') expect(view.counters['escalation']).toBe(enc.state.counters['escalation']);
      }
    }), { numRuns: 20 });
  });
});
