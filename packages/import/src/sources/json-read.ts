/** Reading untrusted JSON: every helper answers undefined for a value of the wrong shape, never throws. */
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An own property only: a key like `__proto__` or `constructor` never reaches an inherited member. */
export function get(o: Obj, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}

export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

export function int(v: unknown): number | undefined {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** A reference given as a string or as `{ key, name }` (Open5e v2 sizes, types, damage types). */
export function keyOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (isObj(v)) return str(get(v, 'key')) ?? str(get(v, 'name'));
  return undefined;
}

export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** A table lookup that only answers the table's own entries ('constructor' finds nothing). */
export function lookup<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
