import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index';
import { loadSimScenario } from './fixtures';

describe('fast path and recorded path', () => {
  it('give the same aggregates for the same seed (mini skirmish, random targets)', () => {
    const scenario = loadSimScenario({ which: 'skirmish', target: 'random' });
    const fast = simulate(scenario, { n: 200, seed: 'same', mode: 'fast' });
    const recorded = simulate(scenario, { n: 200, seed: 'same', mode: 'recorded' });
    expect(fast).toEqual(recorded);
    expect(fast.mean.attacks).toBeGreaterThan(0);
  });

  it('give the same aggregates on the analytic duel', () => {
    const scenario = loadSimScenario({ which: 'duel' });
    expect(simulate(scenario, { n: 300, seed: 4, mode: 'fast' })).toEqual(simulate(scenario, { n: 300, seed: 4, mode: 'recorded' }));
  });
});
