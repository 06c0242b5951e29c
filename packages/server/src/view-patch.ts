/**
 * Views travel as patches: after the welcome (the whole view), every push carries only the parts of the
 * connection's view that changed. The server cuts a view into parts (plain objects split down to a
 * fixed depth; arrays, empty objects and anything deeper are one part each), remembers each audience's
 * parts as JSON text, and sends the parts whose text changed and the paths that went away. A client
 * applies them in order. Pure and browser-safe: the web client imports `applyViewPatch` from here.
 */

/** A path into the view: object keys from its root. */
export type ViewPath = string[];

/**
 * What changed in one audience's view. `base` is the view serial the patch applies to (the welcome's
 * `viewSeq`, then each patch's `seq`); a client whose serial differs must reconnect for a whole view.
 * `del` is applied before `set`; `set` creates the objects on its path that are missing.
 */
export interface ViewPatch {
  base: number;
  seq: number;
  del: ViewPath[];
  set: [ViewPath, unknown][];
}

/** How deep a view is cut (root = 0): `fight.view.creatures.<id>.<field>` is one part. */
export const VIEW_PART_DEPTH = 5;

/** One part: its path and its JSON text. Keyed by `partKey(path)`. */
export interface ViewPart {
  path: ViewPath;
  json: string;
}

export type ViewParts = Map<string, ViewPart>;

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && (Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null);

/** Keys may hold any character, so a path's key is its JSON. */
export const partKey = (path: ViewPath): string => JSON.stringify(path);

/**
 * Cuts a value into parts under `prefix` and adds them to `into`. Keys whose value is `undefined` are
 * left out, as JSON leaves them out.
 */
export function cutView(value: unknown, prefix: ViewPath, into: ViewParts, maxDepth = VIEW_PART_DEPTH): ViewParts {
  if (prefix.length < maxDepth && isPlainObject(value)) {
    let any = false;
    for (const k of Object.keys(value)) {
      const v = value[k];
      if (v === undefined) continue;
      any = true;
      cutView(v, [...prefix, k], into, maxDepth);
    }
    if (any) return into;
  }
  into.set(partKey(prefix), { path: prefix, json: JSON.stringify(value) ?? 'null' });
  return into;
}

/**
 * The patch from `prev` to `next` as JSON text (`base`/`seq` filled by the caller's serials): the
 * parts whose text changed or are new, and the paths of parts that went away (unless a new part
 * replaces them at the same path).
 */
export function diffViewParts(prev: ViewParts, next: ViewParts): { del: string[]; set: string[]; empty: boolean } {
  const del: string[] = [];
  const set: string[] = [];
  for (const key of prev.keys()) if (!next.has(key)) del.push(key);
  for (const [key, part] of next) {
    const before = prev.get(key);
    if (!before || before.json !== part.json) set.push(`[${key},${part.json}]`);
  }
  return { del, set, empty: del.length === 0 && set.length === 0 };
}

/** A patch's JSON text from a diff (paths in `del` are already JSON). */
export function patchJson(base: number, seq: number, diff: { del: string[]; set: string[] }): string {
  return `{"base":${base},"seq":${seq},"del":[${diff.del.join(',')}],"set":[${diff.set.join(',')}]}`;
}

/**
 * Applies a patch to a view without changing it: the objects along every changed path are copied,
 * the rest is shared (so a screen can compare by identity). Deleting a path that is not there is a
 * no-op; setting under a value that is not an object replaces it with one.
 */
export function applyViewPatch<T>(view: T, patch: Pick<ViewPatch, 'del' | 'set'>): T {
  const root: Record<string, unknown> = { v: view };
  const copied = new Set<unknown>();
  const own = (parent: Record<string, unknown>, key: string): Record<string, unknown> => {
    const cur = parent[key];
    if (isPlainObject(cur) && copied.has(cur)) return cur;
    const next: Record<string, unknown> = isPlainObject(cur) ? { ...cur } : {};
    copied.add(next);
    parent[key] = next;
    return next;
  };
  for (const path of patch.del) {
    if (path.length === 0) continue;
    // chain[i]: the (copied) object at path.slice(0, i); chain[0] is the view itself
    const chain: Record<string, unknown>[] = [];
    let at = root;
    for (const k of ['v', ...path.slice(0, -1)]) {
      if (!isPlainObject(at[k])) break;
      at = own(at, k);
      chain.push(at);
    }
    if (chain.length !== path.length) continue;
    delete at[path[path.length - 1]!];
    // An object left empty goes too: an empty object that belongs in the view is a part of its own (set below).
    for (let i = chain.length - 1; i >= 1 && Object.keys(chain[i]!).length === 0; i--) delete chain[i - 1]![path[i - 1]!];
  }
  for (const [path, value] of patch.set) {
    let at = root;
    for (const k of ['v', ...path].slice(0, -1)) at = own(at, k);
    at[['v', ...path][path.length]!] = value;
  }
  return root['v'] as T;
}
