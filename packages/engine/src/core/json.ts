/** Plain data: what state, events and commands are made of, so they survive JSON and structured clone. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Deep copy of plain data. Faster than structuredClone for the small, flat objects an encounter holds,
 * and it refuses anything that would not survive a JSON round trip.
 */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = cloneJson(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key in value as Record<string, unknown>) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = cloneJson(v);
  }
  return out as T;
}

/**
 * Freezes a value and everything in it: a record or a view shared between events, seats or states must
 * never change. An object already frozen is not walked again (what is frozen here is frozen through,
 * and shared parts are frozen once).
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const k in value) deepFreeze((value as Record<string, unknown>)[k]);
  }
  return value;
}

/** Canonical JSON: keys sorted, so two equal values serialize byte-identically. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v as object).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }
    return v;
  });
}
