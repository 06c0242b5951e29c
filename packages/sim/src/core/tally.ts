/**
 * What a batch of fights adds up to. Whole numbers only, so tallies merge exactly in any order:
 * the same fights give the same result on one worker or many.
 */
export interface Tally {
  fights: number;
  /** wins per side, in the order of `SimShape.sides` */
  wins: number[];
  /** no side left standing, or the round limit reached */
  draws: number;
  /** fights a policy could not carry on (no command, or the command cap) */
  stalled: number;
  /** rounds[r] = fights that ended in round r */
  rounds: number[];
  /** per creature, in the order of `SimShape.creatures` */
  drops: number[];
  deaths: number[];
  /** not up when the fight ended (dying, stable, unconscious or dead) */
  downAtEnd: number[];
  dealt: number[];
  taken: number[];
  /** fights in which any creature a player's seat plays (`SimShape.played`) dropped; in which any died */
  playedDrops: number;
  playedDeaths: number;
  /** per creature: resource key → total spent (sum of decreases) */
  spent: Record<string, number>[];
  attacks: number;
  /** events seen, in fights played on the engine (a compiled fight makes none) */
  events: number;
  commands: number;
  /** fights played by the ruleset's compiled fight */
  compiled: number;
  /** fights the compiled fight handed back, played on the engine instead */
  fallbacks: number;
  /** compiled fights also played on the engine and compared at run time (`RUNTIME_CHECK_FIGHTS`) */
  checked: number;
  /** of those, fights where the two differed: the engine's fight counts, and the rest play on the engine */
  mismatched: number;
}

export function emptyTally(sides: number, creatures: number): Tally {
  const zeros = () => new Array<number>(creatures).fill(0);
  return {
    fights: 0, wins: new Array<number>(sides).fill(0), draws: 0, stalled: 0, rounds: [],
    drops: zeros(), deaths: zeros(), playedDrops: 0, playedDeaths: 0, downAtEnd: zeros(), dealt: zeros(), taken: zeros(), spent: Array.from({ length: creatures }, () => ({})),
    attacks: 0, events: 0, commands: 0, compiled: 0, fallbacks: 0, checked: 0, mismatched: 0,
  };
}

const addInto = (a: number[], b: readonly number[]) => {
  for (let i = 0; i < b.length; i++) a[i] = (a[i] ?? 0) + (b[i] ?? 0);
};

/** Adds `b` into `a`. */
export function mergeTally(a: Tally, b: Tally): Tally {
  a.fights += b.fights;
  addInto(a.wins, b.wins);
  a.draws += b.draws;
  a.stalled += b.stalled;
  addInto(a.rounds, b.rounds);
  addInto(a.drops, b.drops);
  addInto(a.deaths, b.deaths);
  a.playedDrops += b.playedDrops;
  a.playedDeaths += b.playedDeaths;
  addInto(a.downAtEnd, b.downAtEnd);
  addInto(a.dealt, b.dealt);
  addInto(a.taken, b.taken);
  b.spent.forEach((s, i) => {
    const into = a.spent[i]!;
    for (const [k, v] of Object.entries(s)) into[k] = (into[k] ?? 0) + v;
  });
  a.attacks += b.attacks;
  a.events += b.events;
  a.commands += b.commands;
  a.compiled += b.compiled;
  a.fallbacks += b.fallbacks;
  a.checked += b.checked;
  a.mismatched += b.mismatched;
  return a;
}
