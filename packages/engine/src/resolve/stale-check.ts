/**
 * A check for tests against rules code that holds state across `ctx.ask`. A resumed command replays
 * against a copy of the state it began from and, at the question that paused it, goes on against the
 * live state (ADR 0001): a creature or any other object read from `ctx.state` before the ask is then
 * an object of the dropped copy, and reading it gives numbers from before the pause (a GM override
 * made while the question waited is missed). With the check on, the dropped copy is poisoned: every
 * object in it loses its contents and throws `StaleStateError` on any read. Tests turn it on (the
 * decide-input property tests of every ruleset, kernel-stale-state.test.ts; test/stale-state-setup.ts
 * turns it on for every test); products leave it off (it costs a walk of the state on each resume).
 */

let poisonDropped = false;

/** Turns the check on or off (tests only). */
export function checkStaleStateReads(on: boolean): void {
  poisonDropped = on;
}

/** Thrown when rules code reads an object of a state the resolution has dropped. */
export class StaleStateError extends Error {
  constructor(what: string) {
    super(`rules code read ${what} of a state object held across ctx.ask: after a question the working state is another object; read ctx.state (or ctx.creature(id)) again after asking`);
    this.name = 'StaleStateError';
  }
}

const name = (key: string | symbol) => (typeof key === 'symbol' ? key.toString() : `'${key}'`);

/** Every read, write or `in` test reaching this prototype is a stale read. */
const poisoned: object = new Proxy(Object.create(null) as object, {
  get(_target, key) {
    throw new StaleStateError(name(key));
  },
  has(_target, key) {
    throw new StaleStateError(name(key));
  },
  set(_target, key) {
    throw new StaleStateError(name(key));
  },
});

/** Called with the state a resolution no longer reads (owned by it alone); poisons it when the check is on. */
export function dropState(state: object): void {
  if (!poisonDropped) return;
  const objects: object[] = [];
  const seen = new Set<object>();
  const collect = (v: unknown): void => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    objects.push(v);
    // A stat block is not state a fight changes (evolve never writes inside one): an attack or a trait
    // read from it may be held across a question. The creature holding it is poisoned all the same.
    for (const k of Object.keys(v)) if (k !== 'sheet') collect((v as Record<string, unknown>)[k]);
  };
  collect(state);
  for (const o of objects) {
    // An array keeps its own `length` (it cannot be redefined): emptied, its items and methods throw.
    if (Array.isArray(o)) o.length = 0;
    else for (const k of Object.keys(o)) delete (o as Record<string, unknown>)[k];
    Object.setPrototypeOf(o, poisoned);
  }
}
