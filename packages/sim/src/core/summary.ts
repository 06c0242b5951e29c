import type { SimShape } from './scenario';
import type { Tally } from './tally';
import { wilson } from './wilson';

export interface Odds {
  count: number;
  p: number;
  /** 95 % Wilson interval */
  ci: [number, number];
}

export interface SimResult {
  n: number;
  seed: string | number;
  sides: ({ side: string } & Odds)[];
  /** no side standing, or the round limit */
  draws: Odds;
  /** fights a policy could not finish (also counted as draws) */
  stalled: number;
  rounds: { mean: number; min: number; max: number; median: number; p90: number; histogram: { rounds: number; count: number }[] };
  creatures: {
    id: string;
    name: string;
    side: string;
    drop: Odds;
    death: Odds;
    /** not up when the fight ended: dying, stable or unconscious, or dead (where death comes after the fight, as in Five Torches Deep, the down are the ones at risk) */
    down: Odds;
    meanDealt: number;
    meanTaken: number;
    /** mean spent per fight, by resource key */
    spent: Record<string, number>;
  }[];
  /** the creatures a player's seat plays, together: the chance that any of them drops, that any dies (null when a seat plays none) */
  played: { ids: string[]; drop: Odds; death: Odds } | null;
  /** per fight; events per fight played on the engine (a compiled fight makes none), 0 when none was */
  mean: { attacks: number; events: number; commands: number };
  /** how the fights were played: by the ruleset's compiled fight, or on the engine (of which `fallbacks` were handed back by the compiled fight) */
  paths: { compiled: number; engine: number; fallbacks: number };
}

const odds = (k: number, n: number): Odds => ({ count: k, p: n ? k / n : 0, ci: wilson(k, n) });

function quantile(hist: { rounds: number; count: number }[], n: number, q: number): number {
  let seen = 0;
  for (const h of hist) {
    seen += h.count;
    if (seen >= q * n) return h.rounds;
  }
  return hist[hist.length - 1]?.rounds ?? 0;
}

/** The tally as probabilities, intervals and means. */
export function summarize(tally: Tally, shape: SimShape, seed: string | number): SimResult {
  const n = tally.fights;
  const engine = n - tally.compiled;
  const histogram = tally.rounds.flatMap((count, rounds) => (count ? [{ rounds, count }] : []));
  const total = histogram.reduce((a, h) => a + h.rounds * h.count, 0);
  return {
    n,
    seed,
    sides: shape.sides.map((side, k) => ({ side, ...odds(tally.wins[k] ?? 0, n) })),
    draws: odds(tally.draws, n),
    stalled: tally.stalled,
    rounds: {
      mean: n ? total / n : 0,
      min: histogram[0]?.rounds ?? 0,
      max: histogram[histogram.length - 1]?.rounds ?? 0,
      median: quantile(histogram, n, 0.5),
      p90: quantile(histogram, n, 0.9),
      histogram,
    },
    creatures: shape.creatures.map((c, k) => ({
      ...c,
      drop: odds(tally.drops[k] ?? 0, n),
      death: odds(tally.deaths[k] ?? 0, n),
      down: odds(tally.downAtEnd[k] ?? 0, n),
      meanDealt: n ? (tally.dealt[k] ?? 0) / n : 0,
      meanTaken: n ? (tally.taken[k] ?? 0) / n : 0,
      spent: Object.fromEntries(Object.entries(tally.spent[k] ?? {}).sort(([a], [b]) => a.localeCompare(b)).map(([key, v]) => [key, n ? v / n : 0])),
    })),
    played: shape.played?.length ? { ids: shape.played.map((k) => shape.creatures[k]!.id), drop: odds(tally.playedDrops, n), death: odds(tally.playedDeaths, n) } : null,
    mean: { attacks: n ? tally.attacks / n : 0, events: engine ? tally.events / engine : 0, commands: n ? tally.commands / n : 0 },
    paths: { compiled: tally.compiled, engine, fallbacks: tally.fallbacks },
  };
}
