// Creature ids come from callers, so an id such as "__proto__" must not reach the prototype:
// reads go through Object.hasOwn, writes through computed keys in literals (which define own
// properties) and deletes on a fresh copy.

export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function withEntry<T>(record: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
  return { ...record, [key]: value };
}

export function withoutEntry<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}
