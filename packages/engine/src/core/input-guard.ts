/**
 * The first check on anything that arrives from outside (a command envelope, a setup, a file): before
 * a schema walks it, and before any rules code uses its strings as keys.
 *
 * Why names are refused: state, tables and rules look things up in plain objects by the ids a command
 * carries. An id such as `constructor` or `__proto__` finds a member every JavaScript object inherits,
 * so without this check it crashes deep in the rules, is accepted as a no-op, or (assigned through)
 * changes `Object.prototype` for every encounter in the process. Refusing these few names at the edge
 * protects every lookup, including ones written later; registries built from code use own-property
 * lookups as well (`ownEntry`).
 *
 * Why depth is capped: schemas and rules walk nested data recursively; thousands of levels overflow
 * the stack. Nothing a table sends needs more than a handful of levels.
 */

/** Names every plain object already carries (`constructor`, `toString`, `__proto__`, ...). */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** How deeply input may nest (objects and arrays); deeper input is refused before any schema walks it. */
export const MAX_INPUT_DEPTH = 32;

export interface InputProblem {
  message: string;
  path: (string | number)[];
}

export function isReservedName(name: string): boolean {
  return RESERVED_NAMES.has(name);
}

/**
 * Why `value` may not enter, or null. Refuses nesting deeper than `maxDepth`, object keys and string
 * values that are reserved names, and values that are not plain data (functions, symbols, class
 * instances). Iterative, so hostile depth cannot overflow the stack here either.
 */
export function inputProblem(value: unknown, maxDepth: number = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (v === null || v === undefined || typeof v === 'number' || typeof v === 'boolean') continue;
    if (typeof v === 'string') {
      if (RESERVED_NAMES.has(v)) return { message: `'${v}' is a reserved name (every JavaScript object already has it) and cannot be used as a value`, path };
      continue;
    }
    if (typeof v !== 'object') return { message: `a ${typeof v} is not plain data`, path };
    if (path.length >= maxDepth) return { message: `input nests deeper than ${maxDepth} levels`, path };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
      continue;
    }
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) return { message: 'only plain objects, arrays, strings, numbers, booleans and null are accepted', path };
    const keys = Object.keys(v);
    for (const k of keys) {
      if (RESERVED_NAMES.has(k)) return { message: `'${k}' is a reserved name (every JavaScript object already has it) and cannot be used as a key`, path: [...path, k] };
    }
    for (let i = keys.length - 1; i >= 0; i--) stack.push({ v: (v as Record<string, unknown>)[keys[i]!], path: [...path, keys[i]!] });
  }
  return null;
}

/** `record[key]` only when `record` itself holds `key` (never an inherited member). */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
