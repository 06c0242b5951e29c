import { SpaceError } from './space-error';

/** Code-unit order: locale-free, so identical on every machine. */
export function sortedIds(ids: Iterable<string>): string[] {
  return [...ids].sort();
}

export function requireId(id: string, what = 'creature id'): void {
  if (typeof id !== 'string' || id.length === 0) {
    throw new SpaceError('invalid-id', `A ${what} must be a non-empty string; got ${JSON.stringify(id)}.`);
  }
}
