import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index';
import { loadSimScenario } from './fixtures';

describe('worker threads', () => {
  it('give the same result on 1 and 2 workers (fight i always rolls the dice of (seed, i))', () => {
    const scenario = loadSimScenario({ which: 'skirmish', target: 'random' });
    const one = simulate(scenario, { n: 300, seed: 42, workers: 1 });
    const two = simulate(scenario, { n: 300, seed: 42, workers: 2 });
    expect(two).toEqual(one);
    expect(one.n).toBe(300);
    expect(one.sides.reduce((a, s) => a + s.count, 0) + one.draws.count).toBe(300);
  }, 60_000);

  it('report progress up to n', () => {
    const seen: number[] = [];
    simulate(loadSimScenario({ which: 'skirmish' }), { n: 50, seed: 1, workers: 2, onProgress: (done) => seen.push(done) });
    expect(seen[seen.length - 1]).toBe(50);
  }, 60_000);

  it('need a source module to run on more than one', () => {
    const { source: _source, ...scenario } = loadSimScenario({ which: 'skirmish' });
    expect(() => simulate(scenario, { n: 10, seed: 1, workers: 2 })).toThrow(/scenario.source/);
  });

  it('a different seed gives different fights', () => {
    const scenario = loadSimScenario({ which: 'skirmish' });
    expect(simulate(scenario, { n: 100, seed: 1 })).not.toEqual(simulate(scenario, { n: 100, seed: 2 }));
  });
});
