import { describe, expect, it } from 'vitest';
import type { OddsReport } from '../../src/net/protocol';
import { oddsAtAGlance } from '../../src/model/odds-from-here';

const share = (count: number, n: number, ci: [number, number]) => ({ count, p: count / n, ci });
/** A fight under way in round 3: the foes listed first, the party played by two seats. */
const report: OddsReport = {
  from: { fightId: 'road', version: 12, round: 3 }, stale: false, fights: 2000, requested: 2000, stopped: 'done', seconds: 0.31, seed: 'road@12',
  paths: { compiled: 2000, engine: 0, fallbacks: 0 }, path: 'compiled',
  sides: [{ side: 'foes', ...share(600, 2000, [0.28, 0.32]) }, { side: 'party', ...share(1380, 2000, [0.67, 0.71]) }],
  draws: share(20, 2000, [0.006, 0.015]),
  rounds: { mean: 5.43, ci: [5.3, 5.56], median: 5, p90: 8 },
  roundsLeft: { mean: 2.43, ci: [2.3, 2.56], p90: 5 },
  playerCreatures: { ids: ['ana', 'bram'], drop: share(1500, 2000, [0.73, 0.77]), death: share(90, 2000, [0.037, 0.055]) },
  creatures: [
    { id: 'ogre', name: 'Ogre', side: 'foes', played: false, drop: share(1400, 2000, [0.68, 0.72]), death: share(0, 2000, [0, 0.002]) },
    { id: 'ana', name: 'Ana', side: 'party', played: true, drop: share(900, 2000, [0.43, 0.47]), death: share(60, 2000, [0.02, 0.04]) },
    { id: 'bram', name: 'Bram', side: 'party', played: true, drop: share(1000, 2000, [0.48, 0.52]), death: share(40, 2000, [0.01, 0.03]) },
  ],
};

describe('odds from here at a glance (the server computes, the panel orders and words)', () => {
  it('the players\' side first; any player creature dropping and dying as the server counted them; rounds left after this one; the path in small print', () => {
    const g = oddsAtAGlance(report);
    expect(g.sides.map((s) => [s.side, s.players, s.count])).toEqual([['party', true, 1380], ['foes', false, 600]]);
    expect([g.anyDrop?.count, g.anyDeath?.count, g.players]).toEqual([1500, 90, 2]);
    expect(g.roundsLeft).toEqual({ mean: '≈ 2.4', words: 'after this one (nine fights in ten: 5 or fewer)' });
    expect(g.smallPrint).toBe('2,000 fights in 0.31 s, all by the compiled fight; 95 % intervals; seed road@12.');
  });

  it('before the fight, with no seat, cut short by time, on both paths', () => {
    const g = oddsAtAGlance({
      ...report, from: { ...report.from, round: 0 }, playerCreatures: null, roundsLeft: { mean: 0.01, ci: [0, 0.02], p90: 0 },
      fights: 450, stopped: 'budget', paths: { compiled: 300, engine: 150, fallbacks: 150 }, path: 'mixed',
      creatures: report.creatures.map((c) => ({ ...c, played: false })),
    });
    expect([g.anyDrop, g.anyDeath, g.players]).toEqual([null, null, 0]);
    expect(g.sides.map((s) => [s.side, s.players])).toEqual([['foes', false], ['party', false]]);
    expect(g.roundsLeft.words).toBe('it ends this round');
    expect(g.smallPrint).toBe('450 fights (of the 2,000 asked for: the time ran out) in 0.31 s, 300 by the compiled fight, 150 on the rules engine; 95 % intervals; seed road@12.');
  });
});
