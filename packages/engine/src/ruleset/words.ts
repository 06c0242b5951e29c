/**
 * Words for the table: how narration and screens read a ruleset's own bookkeeping, which the engine
 * only knows by key (issue 14 B11: a GM should read "Cutter has 1 fatigue waiting for the end of the
 * fight", not "Cutter's pendingFatigue tally is now 1").
 */
export interface RulesetWords {
  /** a tally's new value, by tally key */
  tallies?: Record<string, CountPhrase>;
  /** an encounter counter's new value, by counter key */
  counters?: Record<string, CountPhrase>;
  /**
   * What a d20 test of the ruleset's own kind is called, by test kind (`{name}` is the roller):
   * "{name} makes a morale check" rather than "rolls for morale". Attacks, saves and checks read alike everywhere.
   */
  tests?: Record<string, string>;
  /**
   * Conditions whose names do not read after "is now" (a noun such as heroism), by condition id:
   * `added` and `removed` are the sentences (`{name}`), durations and reasons follow them.
   */
  conditions?: Record<string, { added: string; removed: string }>;
}

/** `{name}` filled in. */
export function namePhrase(text: string, name: string): string {
  return text.split('{name}').join(name);
}

/**
 * A sentence about a number: `{name}` is the creature's name, `{n}` the number. `other` is used unless
 * `zero` or `one` fits the number.
 */
export interface CountPhrase {
  zero?: string;
  one?: string;
  other: string;
}

/** The phrase for `n`, filled in. */
export function countPhrase(p: CountPhrase, n: number, name = ''): string {
  const text = n === 0 && p.zero !== undefined ? p.zero : n === 1 && p.one !== undefined ? p.one : p.other;
  return text.split('{name}').join(name).split('{n}').join(String(n));
}
