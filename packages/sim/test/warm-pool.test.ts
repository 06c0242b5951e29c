import { afterEach, describe, expect, it } from 'vitest';
import { WarmSimWorkers, runRange, type SimScenario, type Tally } from '../src/index';
import { loadSimScenario } from './fixtures';
import { comparable } from './compare-fights';

/** A tally as counted, whichever way it was merged (rounds nobody ended in are holes or zeros). */
const counted = (t: Tally) => ({ ...comparable(t), rounds: Array.from(t.rounds, (x) => x ?? 0) });

const withSource = (s: SimScenario): SimScenario & { source: NonNullable<SimScenario['source']> } => {
  if (!s.source) throw new Error('the fixture has no source module');
  return { ...s, source: s.source };
};

const pools: WarmSimWorkers[] = [];
afterEach(() => {
  for (const p of pools.splice(0)) p.close();
});

describe('warm simulation workers (the server\'s odds)', () => {
  it('play runs one after another on the same loaded worker, each the same fights as runRange', async () => {
    const scenario = withSource(loadSimScenario({ which: 'skirmish', target: 'random' }));
    const pool = new WarmSimWorkers({ keep: 1, preload: [scenario.source.module] });
    pools.push(pool);
    pool.prewarm();
    expect(pool.size).toBe(1);
    const seen: number[] = [];
    const first = await pool.run(scenario, { n: 120, seed: 'warm', budgetMs: 60_000, chunk: 50, onProgress: (d) => seen.push(d) }).result;
    expect(first.stopped).toBe('done');
    expect(counted(first.tally)).toEqual(counted(runRange(scenario, { seed: 'warm', from: 0, to: 120 })));
    expect(seen).toEqual([50, 100, 120]);
    const second = await pool.run(scenario, { n: 40, seed: 'again', budgetMs: 60_000 }).result;
    expect(counted(second.tally)).toEqual(counted(runRange(scenario, { seed: 'again', from: 0, to: 40 })));
    // the second run found the first's worker idle: no new one was started
    expect(pool.size).toBe(1);
  }, 60_000);

  it('a terminated run rejects and its worker is replaced; a closed pool ends its workers and takes no runs', async () => {
    const scenario = withSource(loadSimScenario({ which: 'skirmish' }));
    const pool = new WarmSimWorkers({ keep: 1 });
    pools.push(pool);
    const run = pool.run(scenario, { n: 10_000, seed: 1, budgetMs: 60_000, chunk: 10 });
    run.terminate();
    await expect(run.result).rejects.toThrow(/terminated/);
    expect(pool.size).toBe(1);
    const after = await pool.run(scenario, { n: 20, seed: 2, budgetMs: 60_000 }).result;
    expect(after.tally.fights).toBe(20);
    pool.close();
    expect(pool.size).toBe(0);
    expect(() => pool.run(scenario, { n: 1, seed: 1, budgetMs: 1000 })).toThrow(/closed/);
  }, 60_000);
});
