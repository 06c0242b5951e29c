import { sortedIds } from './ids';
import { ownValue, withEntry, withoutEntry } from './records';
import type { ZoneSpaceState } from './zone-state';

// Engagement is stored in both directions so lookups need no scan; these two functions are the
// only writers, which keeps the two directions in step.

type Engagements = ZoneSpaceState['engagements'];

export function linkPair(engagements: Engagements, a: string, b: string): Engagements {
  return link(link(engagements, a, b), b, a);
}

export function unlinkPair(engagements: Engagements, a: string, b: string): Engagements {
  return unlink(unlink(engagements, a, b), b, a);
}

/** Pairs are keyed under their lower id (code-unit order). */
export function ordered(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

function link(engagements: Engagements, from: string, to: string): Engagements {
  const list = ownValue(engagements, from) ?? [];
  return list.includes(to) ? engagements : withEntry(engagements, from, sortedIds([...list, to]));
}

function unlink(engagements: Engagements, from: string, to: string): Engagements {
  const list = ownValue(engagements, from);
  if (list === undefined || !list.includes(to)) return engagements;
  const rest = list.filter((id) => id !== to);
  return rest.length === 0 ? withoutEntry(engagements, from) : withEntry(engagements, from, rest);
}
