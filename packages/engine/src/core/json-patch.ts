import type { Json } from './json';

/** One change to a JSON value: set `value` at `path`, or delete the key at `path` when `value` is absent. */
export interface JsonPatchOp {
  path: (string | number)[];
  value?: Json;
}

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The changes that turn `a` into `b`, smallest first where it is cheap to tell: objects key by key,
 * arrays of the same length item by item, anything else replaced whole. Values shared by reference
 * (a space rebuilt around one moved creature shares the rest) cost nothing to compare.
 */
export function diffJson(a: Json | undefined, b: Json, path: (string | number)[] = [], out: JsonPatchOp[] = []): JsonPatchOp[] {
  if (a === b) return out;
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(a)) if (!Object.hasOwn(b, k)) out.push({ path: [...path, k] });
    for (const k of Object.keys(b)) {
      if (!Object.hasOwn(a, k)) out.push({ path: [...path, k], value: copyOf(b[k]!) });
      else diffJson(a[k], b[k]!, [...path, k], out);
    }
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < b.length; i++) diffJson(a[i], b[i]!, [...path, i], out);
    return out;
  }
  if (a !== null && b !== null && typeof a !== 'object' && typeof b !== 'object' && a === b) return out;
  out.push({ path, value: copyOf(b) });
  return out;
}

/** A deep copy that keeps every own key as a key (assignment would turn `__proto__` into a prototype). */
function copyOf(v: Json): Json {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(copyOf);
  const out: Record<string, Json> = {};
  for (const k of Object.keys(v)) put(out, k, copyOf(v[k]!));
  return out;
}

function put(target: Record<string | number, Json> | Json[], key: string | number, value: Json): void {
  // defineProperty, not assignment: a key named __proto__ stays a plain own key.
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Applies a patch without touching `base`: the containers along each changed path are copied
 * (whatever else `base` shares with other values stays shared and unchanged).
 */
export function applyJsonPatch(base: Json, patch: readonly JsonPatchOp[]): Json {
  let root = base;
  for (const op of patch) root = applyOne(root, op, 0);
  return root;
}

function applyOne(node: Json | undefined, op: JsonPatchOp, i: number): Json {
  if (i === op.path.length) return op.value === undefined ? null : copyOf(op.value);
  const key = op.path[i]!;
  const last = i === op.path.length - 1;
  if (Array.isArray(node) && typeof key === 'number') {
    const copy = node.slice();
    if (last && op.value === undefined) copy.splice(key, 1);
    else put(copy, key, applyOne(node[key], op, i + 1));
    return copy;
  }
  const copy: Record<string, Json> = {};
  if (isObject(node)) for (const k of Object.keys(node)) put(copy, k, node[k]!);
  if (last && op.value === undefined) delete copy[String(key)];
  else put(copy, String(key), applyOne(isObject(node) && Object.hasOwn(node, String(key)) ? node[String(key)] : undefined, op, i + 1));
  return copy;
}
