import fc from 'fast-check';
import { legalCommands, type CommandEnvelope, type EncounterState, type Json, type Principal } from '@fray/engine';
import type { FuzzTable } from './tables';
import { commandShapedBy } from './tables';

/**
 * What the fuzz suite feeds an authority, as recipes of numbers that are turned into an envelope
 * against the state of the moment (creature ids, open prompts and legal commands depend on it), so
 * fast-check can shrink a failure to a short, still meaningful list of steps.
 */

/** How many inputs the CI run gives each entry point is multiplied by FRAY_FUZZ_RUNS (default 1). */
export const FUZZ_SCALE = Math.max(1, Number(process.env['FRAY_FUZZ_RUNS'] ?? 1));
/** Fixed so CI's verdict does not depend on luck; FRAY_FUZZ_SEED explores elsewhere. */
export const FUZZ_SEED = Number(process.env['FRAY_FUZZ_SEED'] ?? 19_2026);

export const RESERVED = ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty', 'isPrototypeOf', 'toLocaleString'];
const DICE = ['1d6*2', '1001d6', '1000000d1000000', 'd20', '2d6+3', '0d6', 'd0', '1d6+', '(1d6)', '4d6kh7', '500d4 + 500d6 + d10', '10000d10000', '-1d4', '1d20 + 99999999999'];
const NUMBERS = [-1, 0, 1, 2, 3, 1.5, 20, 21, 2 ** 31, -1e9, 1e21, Number.MAX_SAFE_INTEGER];

/** A value drawn from what breaks rules code most often, or random JSON. */
export type ValueRecipe = { pool: number } | { json: Json };

export function valueOf(recipe: ValueRecipe, state: EncounterState): Json {
  if ('json' in recipe) return recipe.json;
  const pool: Json[] = [
    ...state.creatureIds, 'nobody', ...RESERVED, ...DICE, ...NUMBERS, '', 'x'.repeat(201), null, true, false, [], {},
    [1], [21], [0], ['x'], [null], { a: 1 }, state.creatureIds.slice(0, 2), ['nobody'], ...(state.pending?.open.map((p) => p.id) ?? []),
  ];
  return pool[recipe.pool % pool.length]!;
}

const arbValue: fc.Arbitrary<ValueRecipe> = fc.oneof(
  { weight: 4, arbitrary: fc.nat().map((pool) => ({ pool })) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json: json as Json })) },
);

/** Change one leaf of a command (by index), drop a field, or add an unknown one. */
export type Mutation = { leaf: number; value: ValueRecipe } | { drop: number } | { add: string; value: ValueRecipe };

const arbMutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ leaf: fc.nat(), value: arbValue }) },
  { weight: 1, arbitrary: fc.record({ drop: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ add: fc.constantFrom('extra', 'options', 'targets', 'creatureId', 'data', 'duration', 'level'), value: arbValue }) },
);

export type FuzzStep =
  | { kind: 'legal'; pick: number; as: number }
  | { kind: 'undo'; as: number }
  | { kind: 'answer'; pick: number; value: ValueRecipe; as: number; replace: boolean }
  | { kind: 'shaped'; type: number; fill: ValueRecipe; mutation: Mutation | null; as: number }
  | { kind: 'mutated'; pick: number; mutation: Mutation; as: number }
  | { kind: 'preAnswers'; pick: number; key: number; value: ValueRecipe }
  | { kind: 'envelope'; pick: number; change: number; value: ValueRecipe }
  | { kind: 'deep'; depth: number; where: number }
  | { kind: 'raw'; value: unknown };

const as = fc.nat({ max: 8 });
export const arbFuzzStep: fc.Arbitrary<FuzzStep> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('legal' as const), pick: fc.nat(), as: fc.constantFrom(0, 0, 0, 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo' as const), as: fc.constantFrom(0, 0, 0, 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), value: arbValue, as, replace: fc.boolean() }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('shaped' as const), type: fc.nat(), fill: arbValue, mutation: fc.option(arbMutation, { nil: null }), as }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('mutated' as const), pick: fc.nat(), mutation: arbMutation, as }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('preAnswers' as const), pick: fc.nat(), key: fc.nat(), value: arbValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('envelope' as const), pick: fc.nat(), change: fc.nat(), value: arbValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deep' as const), depth: fc.integer({ min: 20, max: 3000 }), where: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), value: fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.anything({ maxDepth: 3 })) }) },
);

/** The seat a step speaks as: the GM, one of the table's seats, or a seat that controls nothing. */
export function principalOf(t: FuzzTable, n: number): Principal {
  if (n === 0) return { role: 'gm' };
  const seats = [...t.seats, 'seat-nobody'];
  return { role: 'player', seat: seats[(n - 1) % seats.length]! };
}

/** Every leaf of a JSON value with its path (the command's `type` left alone). */
function leaves(v: Json, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (v !== null && typeof v === 'object') {
    const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
    if (!entries.length) out.push(path);
    for (const [k, x] of entries) if (!(path.length === 0 && k === 'type')) leaves(x, [...path, k], out);
  } else out.push(path);
  return out;
}

function setAt(root: Record<string, Json>, path: (string | number)[], value: Json): void {
  if (!path.length) return;
  let at: Json = root;
  for (const k of path.slice(0, -1)) at = (at as Record<string | number, Json>)[k] as Json;
  (at as Record<string | number, Json>)[path[path.length - 1]!] = value;
}

export function mutate(command: Record<string, Json>, m: Mutation, state: EncounterState): Record<string, Json> {
  const c = structuredClone(command);
  if ('leaf' in m) {
    const all = leaves(c);
    if (all.length) setAt(c, all[m.leaf % all.length]!, valueOf(m.value, state));
  } else if ('drop' in m) {
    const keys = Object.keys(c).filter((k) => k !== 'type');
    if (keys.length) delete c[keys[m.drop % keys.length]!];
  } else c[m.add] = valueOf(m.value, state);
  return c;
}

function legalFor(t: FuzzTable, state: EncounterState, who: Principal, pick: number): Record<string, Json> | null {
  if (t.legal) {
    const own = t.legal(state);
    return own.length ? own[pick % own.length]! : null;
  }
  const all = legalCommands(state, who, t.ruleset);
  const any = all.length ? all : legalCommands(state, { role: 'gm' }, t.ruleset);
  return any.length ? (any[pick % any.length] as Record<string, Json>) : null;
}

/** The envelope a step makes in this state (null: nothing to send). `n` numbers the step for its id. */
export function envelopeFor(t: FuzzTable, state: EncounterState, step: FuzzStep, n: number, usedIds: string[], promptKeys: readonly string[]): unknown {
  const id = `f${n}`;
  const gm: Principal = { role: 'gm' };
  switch (step.kind) {
    case 'legal': {
      const who = principalOf(t, step.as);
      const command = legalFor(t, state, who, step.pick);
      return command ? { id, issuedBy: who, command } : null;
    }
    case 'undo':
      return { id, issuedBy: principalOf(t, step.as), command: { type: 'undo' } };
    case 'answer': {
      const open = state.pending?.open ?? [];
      const p = open.length ? open[step.pick % open.length]! : null;
      const promptId = p ? p.id : `nothing.${step.pick}`;
      const who = step.as === 0 || !p ? principalOf(t, step.as) : p.to;
      const value = valueOf(step.value, state);
      return step.replace
        ? { id, issuedBy: gm, command: { type: 'gm.replaceRoll', promptId, faces: value } }
        : { id, issuedBy: who, command: { type: 'answerPrompt', promptId, answer: value } };
    }
    case 'shaped': {
      const type = t.commandTypes[step.type % t.commandTypes.length]!;
      const schema = t.schemaOf(type);
      const fill = valueOf(step.fill, state);
      let command: Record<string, Json> = schema ? commandShapedBy(schema, typeof fill === 'string' ? fill : (state.creatureIds[0] ?? 'x')) : { type };
      if (step.mutation) command = mutate(command, step.mutation, state);
      return { id, issuedBy: principalOf(t, step.as), command };
    }
    case 'mutated': {
      const who = principalOf(t, step.as);
      const command = legalFor(t, state, who, step.pick);
      return command ? { id, issuedBy: who, command: mutate(command, step.mutation, state) } : null;
    }
    case 'preAnswers': {
      const command = legalFor(t, state, gm, step.pick);
      if (!command) return null;
      const keys = [...promptKeys, 'dice.enter', ...RESERVED.slice(0, 2)];
      return { id, issuedBy: gm, command, preAnswers: { [keys[step.key % keys.length]!]: valueOf(step.value, state) } };
    }
    case 'envelope': {
      const command = legalFor(t, state, gm, step.pick) ?? { type: 'endTurn' };
      const base: Record<string, unknown> = { id, issuedBy: gm, command };
      const v = valueOf(step.value, state);
      switch (step.change % 8) {
        case 0: return { ...base, id: usedIds.length ? usedIds[step.pick % usedIds.length] : 'setup' };
        case 1: return { ...base, id: v };
        case 2: return { ...base, issuedBy: v };
        case 3: return { ...base, expectedVersion: typeof v === 'number' ? v : state.version + 1 };
        case 4: return { ...base, extra: v };
        case 5: return { ...base, command: v };
        case 6: return { ...base, issuedBy: { role: 'player', seat: v } };
        default: return { ...base, preAnswers: v };
      }
    }
    case 'deep': {
      let v: unknown = 1;
      for (let i = 0; i < step.depth; i++) v = i % 2 ? [v] : { k: v };
      const command = legalFor(t, state, gm, 0) ?? { type: 'endTurn' };
      switch (step.where % 3) {
        case 0: return { id, issuedBy: gm, command, preAnswers: { 'dice.enter': v } };
        case 1: return { id, issuedBy: gm, command: { ...command, options: { deep: v } } };
        default: return { id, issuedBy: gm, command: { type: 'takeAction', actorId: state.creatureIds[0] ?? 'x', action: 'attack', targets: [], options: v } };
      }
    }
    case 'raw':
      return step.value;
  }
}

export type { CommandEnvelope };
