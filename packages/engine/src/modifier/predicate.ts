/**
 * Predicates over "roll options": a set of atoms `namespace:key[:value]` describing the situation
 * (`attack:melee`, `target:condition:prone`, `roll:natural:20`). Data, so content can carry them.
 */
export type Predicate =
  | string
  | { and: Predicate[] }
  | { or: Predicate[] }
  | { not: Predicate }
  /** true when some atom `prefix:N` exists with N >= value (e.g. `{gte: ['roll:natural', 18]}`) */
  | { gte: [string, number] }
  | { lte: [string, number] };

export type Options = ReadonlySet<string>;

export function testPredicate(p: Predicate | undefined, options: Options): boolean {
  if (p === undefined) return true;
  if (typeof p === 'string') return options.has(p);
  if ('and' in p) return p.and.every((q) => testPredicate(q, options));
  if ('or' in p) return p.or.some((q) => testPredicate(q, options));
  if ('not' in p) return !testPredicate(p.not, options);
  const [prefix, bound] = 'gte' in p ? p.gte : p.lte;
  const wantAtLeast = 'gte' in p;
  for (const atom of options) {
    if (!atom.startsWith(prefix + ':')) continue;
    const n = Number(atom.slice(prefix.length + 1));
    if (Number.isFinite(n) && (wantAtLeast ? n >= bound : n <= bound)) return true;
  }
  return false;
}

/** Every atom namespace a predicate mentions, so a loader can refuse unknown ones. */
export function predicateNamespaces(p: Predicate): string[] {
  if (typeof p === 'string') return [p.split(':')[0] ?? p];
  if ('and' in p) return p.and.flatMap(predicateNamespaces);
  if ('or' in p) return p.or.flatMap(predicateNamespaces);
  if ('not' in p) return predicateNamespaces(p.not);
  const prefix = 'gte' in p ? p.gte[0] : p.lte[0];
  return [prefix.split(':')[0] ?? prefix];
}
