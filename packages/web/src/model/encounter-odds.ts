import type { OddsReport } from '../net/protocol';

type Share = OddsReport['sides'][number];

/** What the setup screens show of a fight's odds before it starts: the party's view of it. */
export interface EncounterOddsSummary {
  /** the side the players' creatures are on, and its chance to win */
  party: Share | null;
  /** every other side's chance, strongest first */
  others: Share[];
  /** the players' creatures, in the report's order */
  pcs: OddsReport['creatures'];
  /** everyone else */
  foes: OddsReport['creatures'];
  rounds: OddsReport['rounds'];
}

/**
 * The party is the side of the creatures the players play; with none, the side of the first creature.
 * A creature of another side that a seat plays is still listed with the players' creatures.
 */
export function summarizeEncounterOdds(odds: OddsReport): EncounterOddsSummary {
  const pcs = odds.creatures.filter((c) => c.played);
  const partySide = pcs[0]?.side ?? odds.creatures[0]?.side ?? null;
  const party = odds.sides.find((s) => s.side === partySide) ?? null;
  const others = odds.sides.filter((s) => s.side !== partySide).sort((a, b) => b.p - a.p);
  return { party, others, pcs, foes: odds.creatures.filter((c) => !c.played), rounds: odds.rounds };
}

/** A chance as a whole percentage; under 1 % but not zero reads "< 1 %" (a rare death is not "0 %"). */
export function percent(p: number): string {
  if (p > 0 && p < 0.005) return '< 1 %';
  if (p < 1 && p > 0.995) return '> 99 %';
  return `${Math.round(p * 100)} %`;
}

/** "between 12 % and 19 %" */
export function interval(ci: readonly [number, number]): string {
  return `${percent(ci[0])}–${percent(ci[1])}`;
}
