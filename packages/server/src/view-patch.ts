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

/**
 * A view's parts: each part's path as JSON without its brackets (`"fight","view","round"`) → the part's
 * JSON text. Keys are built as the walk goes down, so cutting a view allocates little besides the texts.
 */
export type ViewParts = Map<string, string>;

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && (Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null);

/**
 * Cuts a value into parts under `prefix` and adds them to `into`. Keys whose value is `undefined` are
 * left out, as JSON leaves them out.
 */
export function cutView(value: unknown, prefix: ViewPath = [], into: ViewParts = new Map(), maxDepth = VIEW_PART_DEPTH): ViewParts {
  cutInto(value, prefix.map((k) => JSON.stringify(k)).join(','), prefix.length, into, maxDepth);
  return into;
}

function cutInto(value: unknown, key: string, depth: number, into: ViewParts, maxDepth: number): void {
  if (depth < maxDepth && isPlainObject(value)) {
    let any = false;
    for (const k in value) {
      const v = value[k];
      if (v === undefined || !Object.hasOwn(value, k)) continue;
      any = true;
      const sub = JSON.stringify(k);
      cutInto(v, key ? `${key},${sub}` : sub, depth + 1, into, maxDepth);
    }
    if (any) return;
  }
  into.set(key, JSON.stringify(value) ?? 'null');
}

/**
 * The patch from `prev` to `next` as JSON texts: the parts whose text changed or are new, and the
 * paths of parts that went away (a part replaced at the same path is only set).
 */
export function diffViewParts(prev: ViewParts, next: ViewParts): { del: string[]; set: string[]; empty: boolean } {
  const del: string[] = [];
  const set: string[] = [];
  for (const key of prev.keys()) if (!next.has(key)) del.push(`[${key}]`);
  for (const [key, json] of next) if (prev.get(key) !== json) set.push(`[[${key}],${json}]`);
  return { del, set, empty: del.length === 0 && set.length === 0 };
}

/** A patch's JSON text from a diff. */
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
  // defineProperty, so that a key such as '__proto__' is a plain key here as it is in JSON
  const put = (o: Record<string, unknown>, k: string, v: unknown) => Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  const copied = new Set<unknown>();
  const own = (parent: Record<string, unknown>, key: string): Record<string, unknown> => {
    const cur = parent[key];
    if (isPlainObject(cur) && copied.has(cur)) return cur;
    const next: Record<string, unknown> = isPlainObject(cur) ? { ...cur } : {};
    copied.add(next);
    put(parent, key, next);
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
    put(at, ['v', ...path][path.length]!, value);
  }
  return root['v'] as T;
}
