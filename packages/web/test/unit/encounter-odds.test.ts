import { describe, expect, it } from 'vitest';
import type { OddsReport } from '../../src/net/protocol';
import { interval, percent, summarizeEncounterOdds } from '../../src/model/encounter-odds';

const share = (count: number, n: number, ci: [number, number]) => ({ count, p: count / n, ci });
const report: OddsReport = {
  from: { fightId: 'fight-1', version: 0, round: 0 }, stale: false, fights: 200, requested: 200, stopped: 'done', seconds: 1.2, seed: 's',
  paths: { compiled: 0, engine: 200, fallbacks: 0 }, path: 'engine',
  sides: [share(150, 200, [0.69, 0.8]), share(46, 200, [0.18, 0.29])].map((s, i) => ({ side: i ? 'party' : 'foes', ...s })),
  draws: share(4, 200, [0.01, 0.05]),
  rounds: { mean: 4.25, ci: [4, 4.5], median: 4, p90: 7 },
  roundsLeft: { mean: 4.25, ci: [4, 4.5], p90: 7 },
  playerCreatures: { ids: ['brannoc'], drop: share(150, 200, [0.69, 0.8]), death: share(1, 200, [0.0009, 0.028]) },
  creatures: [
    { id: 'wolf', name: 'Ashback Wolf', side: 'foes', played: false, drop: share(46, 200, [0.18, 0.29]), death: share(46, 200, [0.18, 0.29]) },
    { id: 'brannoc', name: 'Brannoc Vale', side: 'party', played: true, drop: share(150, 200, [0.69, 0.8]), death: share(1, 200, [0.0009, 0.028]) },
  ],
};

describe('an encounter\'s odds on the setup screens', () => {
  it('the party is the side of the creatures a seat plays, however the sides are ordered; the others follow strongest first', () => {
    const s = summarizeEncounterOdds(report);
    expect(s.party).toMatchObject({ side: 'party', count: 46 });
    expect(s.others.map((o) => o.side)).toEqual(['foes']);
    expect(s.pcs.map((c) => c.id)).toEqual(['brannoc']);
    expect(s.foes.map((c) => c.id)).toEqual(['wolf']);
  });

  it('with no player creature, the first creature\'s side is the one shown first', () => {
    const s = summarizeEncounterOdds({ ...report, creatures: report.creatures.map((c) => ({ ...c, played: false })) });
    expect(s.party?.side).toBe('foes');
    expect(s.pcs).toEqual([]);
  });

  it('a rare chance is "< 1 %", never "0 %"; intervals read low–high', () => {
    expect([percent(0), percent(0.004), percent(0.005), percent(0.5), percent(0.996), percent(1)]).toEqual(['0 %', '< 1 %', '1 %', '50 %', '> 99 %', '100 %']);
    expect(interval([0.0009, 0.028])).toBe('< 1 %–3 %');
  });
});
