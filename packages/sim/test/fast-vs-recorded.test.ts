import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index';
import { loadSimScenario } from './fixtures';

describe('fast path and recorded path', () => {
  it('give the same aggregates for the same seed (mini skirmish, random targets: the fast path compiled, the recorded path on the engine)', () => {
    const scenario = loadSimScenario({ which: 'skirmish', target: 'random' });
    const fast = simulate(scenario, { n: 200, seed: 'same', mode: 'fast' });
    const recorded = simulate(scenario, { n: 200, seed: 'same', mode: 'recorded' });
    expect([fast.paths, recorded.paths]).toEqual([{ compiled: 200, engine: 0, fallbacks: 0 }, { compiled: 0, engine: 200, fallbacks: 0 }]);
    // a compiled fight makes no events to count
    const same = (r: typeof fast) => ({ ...r, paths: null, mean: { ...r.mean, events: null } });
    expect(same(fast)).toEqual(same(recorded));
    expect(fast.mean.attacks).toBeGreaterThan(0);
  });

  it('give the same aggregates on the analytic duel', () => {
    const scenario = loadSimScenario({ which: 'duel' });
    expect(simulate(scenario, { n: 300, seed: 4, mode: 'fast' })).toEqual(simulate(scenario, { n: 300, seed: 4, mode: 'recorded' }));
  });
});
