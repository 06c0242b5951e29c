import type { OddsReport } from '../net/protocol';
import { summarizeEncounterOdds } from './encounter-odds';

type Share = OddsReport['sides'][number];

/**
 * What the "odds from here" panel shows at a glance, read from the server's report (the server
 * computes every number; this only orders and words them): each side's chance to win, the players'
 * side first; the chance that any creature a player plays drops, and dies; the rounds left.
 */
export interface OddsAtAGlance {
  /** the players' side first, then the others strongest first */
  sides: (Share & { players: boolean })[];
  /** null when no seat plays a creature in the fight */
  anyDrop: OddsReport['sides'][number] | null;
  anyDeath: OddsReport['sides'][number] | null;
  players: number;
  roundsLeft: { mean: string; words: string };
  /** how many fights, how long, and which path played them */
  smallPrint: string;
}

/** A chance in words, so the number is never the only signal (and reads out well). */
export function chanceWords(p: number): string {
  if (p >= 0.95) return 'almost certain';
  if (p >= 0.75) return 'very likely';
  if (p >= 0.6) return 'likely';
  if (p > 0.4) return 'a toss-up';
  if (p > 0.25) return 'unlikely';
  if (p > 0.05) return 'very unlikely';
  return 'almost never';
}

const oneDecimal = (x: number) => (Math.round(x * 10) / 10).toLocaleString('en');
const count = (n: number) => n.toLocaleString('en');

export function oddsAtAGlance(odds: OddsReport): OddsAtAGlance {
  const s = summarizeEncounterOdds(odds);
  const sides = [...(s.party ? [{ ...s.party, players: s.pcs.length > 0 }] : []), ...s.others.map((o) => ({ ...o, players: false }))];
  const pc = odds.playerCreatures;
  const left = odds.roundsLeft;
  const before = odds.from.round === 0;
  const words = left.mean < 0.05 ? 'it ends this round' : `${before ? 'in all' : 'after this one'} (nine fights in ten: ${count(left.p90)} or fewer)`;
  const path = odds.path === 'compiled' ? 'all by the compiled fight' : odds.path === 'engine' ? 'all on the rules engine' : `${count(odds.paths.compiled)} by the compiled fight, ${count(odds.paths.engine)} on the rules engine`;
  const cut = odds.stopped === 'budget' ? ` (of the ${count(odds.requested)} asked for: the time ran out)` : '';
  return {
    sides,
    anyDrop: pc ? { side: 'players', ...pc.drop } : null,
    anyDeath: pc ? { side: 'players', ...pc.death } : null,
    players: pc?.ids.length ?? 0,
    roundsLeft: { mean: `≈ ${oneDecimal(left.mean)}`, words },
    smallPrint: `${count(odds.fights)} fights${cut} in ${odds.seconds} s, ${path}; 95 % intervals; seed ${String(odds.seed)}.`,
  };
}
