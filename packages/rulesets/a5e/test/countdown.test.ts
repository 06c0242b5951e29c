import { describe, expect, it } from 'vitest';
import { seeded } from '@fray/dice';
import { TestTable } from '@fray/testkit';
import { approximateRolls, diceLeft, expectedRolls, rollMoments, type Pace } from '../src/countdown/pace';
import { countdowns, poolSize } from '../src/countdown/module';
import { world } from './world-fixtures';

/** Seed 003's Table: Approximate Number of Rolls. */
const TABLE: Record<Pace, number[]> = {
  slow: [6, 9, 11, 12, 13, 14, 15, 15, 16, 17],
  medium: [3, 4, 5, 6, 6, 7, 7, 7, 7, 8],
  fast: [2, 3, 3, 4, 4, 4, 4, 4, 5, 5],
};
const PACES: Pace[] = ['slow', 'medium', 'fast'];

const table = (options: Record<string, unknown> = {}) => world(options as never);
const rules = (ev: ReturnType<TestTable['run']>, ruleId: string) => TestTable.ofType(ev, 'RuleApplied').filter((e) => e.ruleId === ruleId).map((e) => e.text);

describe('A5E countdowns', () => {
  it('A5E-COUNT-1 a countdown is a deadline of unknown length: a pool the engine keeps and shows', () => {
    const t = table();
    t.run({ type: 'a5e.countdown.start', id: 'bridge', dice: 3, label: 'the rope bridge snaps' });
    expect(countdowns(t.state)).toEqual({ bridge: { label: 'the rope bridge snaps', pace: 'slow', stoppable: true, startDice: 3, status: 'running' } });
    expect(poolSize(t.state, 'bridge')).toBe(3);
    t.rejects({ type: 'a5e.countdown.start', id: 'bridge', dice: 2 }, 'countdown-exists');
  });

  it('A5E-COUNT-2 the Narrator sets the pool size; countdowns in the encounter options start with the fight', () => {
    const t = table({ countdowns: [{ id: 'tide', dice: 2, label: 'the tide comes in' }] });
    // the pool is first rolled at the start of round 1
    const ev = t.run({ type: 'startCombat' }, { dice: 'd6:1 d6:2' });
    expect(rules(ev, 'A5E-COUNT-3')).toEqual(['countdown "the tide comes in" rolls 1, 2: 0 removed (slow: 6s leave), 2 left']);
    t.rejects({ type: 'a5e.countdown.start', id: 'x', dice: 2 }, 'forbidden', { as: { role: 'player', seat: 'seat-ana' } });
    expect(() => table({ countdowns: [{ id: 'bad', dice: 0 }] }).run({ type: 'startCombat' })).toThrow(/bad-option/);
  });

  it('A5E-COUNT-3 at the start of every round the whole pool is rolled and every 6 leaves (3d6: 6, 2, 6 → one die left)', () => {
    const t = table();
    t.run({ type: 'a5e.countdown.start', id: 'cliff', dice: 3 });
    t.run({ type: 'startCombat' }, { dice: 'd6:6 d6:2 d6:6' });
    expect(poolSize(t.state, 'cliff')).toBe(1);
    for (let i = 0; i < 2; i++) t.run({ type: 'endTurn' });
    // round 2 rolls the one die left
    const ev = t.run({ type: 'endTurn' }, { dice: 'd6:5' });
    expect(TestTable.ofType(ev, 'DiceRolled')[0]!.purpose).toBe('countdown cliff');
    expect(poolSize(t.state, 'cliff')).toBe(1);
  });

  it('A5E-COUNT-3 the countdown rolls first in the start-of-round phase, before recharges and the world action (A5E-ROUND-2)', () => {
    const t = world({ environment: 'volcanic', environmentDisable: ['burning-surface', 'floating-ash'], countdowns: [{ id: 'lava', dice: 1 }] });
    t.run({ type: 'startCombat' }, { dice: 'd6:2 d20:3 d12:6 d6:3', preAnswers: { 'world.action': 'flame-burst', 'world.target': 'ana' } });
    for (let i = 0; i < 2; i++) t.run({ type: 'endTurn' });
    const ev = t.run({ type: 'endTurn' }, { dice: 'd6:1 d6:4', preAnswers: { 'world.action': 'none' } });
    expect(TestTable.ofType(ev, 'DiceRolled').map((e) => e.purpose)).toEqual(['countdown lava', 'to recharge Flame Burst']);
  });

  it('A5E-COUNT-4 the Narrator adds or removes dice, or stops it — unless it cannot be stopped', () => {
    const t = table();
    t.run({ type: 'a5e.countdown.start', id: 'ritual', dice: 3 });
    t.run({ type: 'a5e.countdown.adjust', id: 'ritual', dice: 2 });
    expect(poolSize(t.state, 'ritual')).toBe(5);
    t.run({ type: 'a5e.countdown.adjust', id: 'ritual', dice: -1 });
    expect(poolSize(t.state, 'ritual')).toBe(4);
    t.run({ type: 'a5e.countdown.stop', id: 'ritual' });
    expect(countdowns(t.state)['ritual']!.status).toBe('stopped');
    t.rejects({ type: 'a5e.countdown.adjust', id: 'ritual', dice: 1 }, 'countdown-over');
    t.run({ type: 'a5e.countdown.start', id: 'crumble', dice: 2, stoppable: false });
    t.rejects({ type: 'a5e.countdown.stop', id: 'crumble' }, 'countdown-unstoppable');
    t.rejects({ type: 'a5e.countdown.adjust', id: 'nothing', dice: 1 }, 'unknown-countdown');
    // a stopped countdown is no longer rolled
    const ev = t.run({ type: 'startCombat' }, { dice: 'd6:3 d6:3' });
    expect(TestTable.ofType(ev, 'DiceRolled').map((e) => e.purpose)).toEqual(['countdown crumble']);
  });

  it('A5E-COUNT-5 when the last die leaves the pool the countdown expires, and is rolled no more', () => {
    const t = table();
    t.run({ type: 'a5e.countdown.start', id: 'fuse', dice: 2, label: 'the powder keg blows' });
    const ev = t.run({ type: 'startCombat' }, { dice: 'd6:6 d6:6' });
    expect(rules(ev, 'A5E-COUNT-5')).toEqual(['countdown "the powder keg blows" expires: the last die is gone and the event happens']);
    expect(countdowns(t.state)['fuse']!.status).toBe('expired');
    for (let i = 0; i < 3; i++) t.run({ type: 'endTurn' });
    // removing the last die by hand expires it too
    t.run({ type: 'a5e.countdown.start', id: 'guards', dice: 1 });
    const manual = t.run({ type: 'a5e.countdown.adjust', id: 'guards', dice: -3 });
    expect(rules(manual, 'A5E-COUNT-5')).toHaveLength(1);
  });

  it('A5E-COUNT-6 paces: a fast countdown removes 4s, 5s and 6s (2d6: 4 and 3 → one left); medium removes 5s and 6s', () => {
    expect([diceLeft([4, 3], 'fast'), diceLeft([4, 3], 'medium'), diceLeft([5, 6, 4], 'medium'), diceLeft([5, 6, 4], 'slow')]).toEqual([1, 2, 1, 2]);
    const t = table();
    t.run({ type: 'a5e.countdown.start', id: 'chase', dice: 2, pace: 'fast' });
    const ev = t.run({ type: 'startCombat' }, { dice: 'd6:4 d6:3' });
    expect(rules(ev, 'A5E-COUNT-6')).toEqual(['countdown "chase" rolls 4, 3: 1 removed (fast: 4s, 5s and 6s leave), 1 left']);
    expect(poolSize(t.state, 'chase')).toBe(1);
  });

  it('A5E-COUNT-7 the exact expected number of rolls, by dynamic programming, rounds to every cell of the table (2d6 slow ≈ 8.7 → 9)', () => {
    for (const pace of PACES) for (let n = 1; n <= 10; n++) expect([pace, n, approximateRolls(n, pace)]).toEqual([pace, n, TABLE[pace][n - 1]]);
    expect(expectedRolls(1, 'slow')).toBeCloseTo(6, 12);
    expect(expectedRolls(2, 'slow')).toBeCloseTo(12 - 36 / 11, 12);
    const t = table();
    const ev = t.run({ type: 'a5e.countdown.start', id: 'storm', dice: 2 });
    expect(rules(ev, 'A5E-COUNT-7')).toEqual(['countdown "storm" starts with 2d6 (slow: 6s leave); expected to last about 9 rounds (8.7)']);
  });

  it('A5E-COUNT-7 seeded simulation: the mean number of rolls over many trials lands on the table', () => {
    const trials = 4000;
    const rng = seeded('countdown-table');
    for (const pace of PACES) {
      for (let n = 1; n <= 10; n++) {
        let sum = 0;
        for (let i = 0; i < trials; i++) {
          let pool = n;
          let rolls = 0;
          while (pool > 0) {
            rolls++;
            pool = diceLeft(Array.from({ length: pool }, () => rng.next(6)), pace);
          }
          sum += rolls;
        }
        const mean = sum / trials;
        // the table rounds the true mean (±0.5); the sample mean strays by at most 4 standard errors
        const { mean: mu, meanSquare } = rollMoments(n, pace);
        const tolerance = 0.5 + 4 * Math.sqrt((meanSquare - mu * mu) / trials);
        expect(Math.abs(mean - TABLE[pace][n - 1]!), `${n}d6 ${pace}: mean ${mean.toFixed(2)}`).toBeLessThanOrEqual(tolerance);
        expect(Math.abs(mean - mu), `${n}d6 ${pace}: mean ${mean.toFixed(2)} vs exact ${mu.toFixed(2)}`).toBeLessThanOrEqual(4 * Math.sqrt((meanSquare - mu * mu) / trials));
      }
    }
  });
});
