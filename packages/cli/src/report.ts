import { breakdownOf, currentCreatureId, type CreatureState, type DerivedBreakdown, type Duration, type EncounterState, type FrayEvent, type Json, type LoadedRuleset, type PromptSpec } from '@fray/engine';

/** A creature's tracks with the levels of its leveled conditions merged in (weary 2 → `weary: 2`). */
export function tracksOf(c: CreatureState): Record<string, number> {
  const out: Record<string, number> = { ...c.tracks };
  for (const inst of c.conditions) if (inst.level !== undefined) out[inst.conditionId] = Math.max(out[inst.conditionId] ?? 0, inst.level);
  return out;
}

/** The distinct condition ids a creature has (implied ones included), sorted. */
export function conditionIdsOf(c: CreatureState): string[] {
  return [...new Set(c.conditions.map((x) => x.conditionId))].sort();
}

export interface CreatureReport {
  name: string;
  side: string;
  hp: number;
  tempHp: number;
  maxHp: number;
  status: string;
  conditions: { id: string; level?: number; duration: Duration }[];
  tracks: Record<string, number>;
  tallies: Record<string, number>;
  resources: Record<string, number>;
  vars: Record<string, Json>;
  /** the numbers the rules derive now (AC or defenses, speed, save bonuses, load), when the ruleset derives any */
  derived?: Record<string, number>;
  /** how some derived numbers come about (A5E saves: rows, roll mode, automatic failure) */
  derivedBreakdown?: Record<string, DerivedBreakdown>;
  /** where it is on the map ({x, y, elevation, size} or {zone}), when there is one */
  at?: Record<string, unknown>;
  /** the creatures it is engaged with (zones) */
  engagedWith?: string[];
}

/** A refused command: where in the file, and the engine's typed rejection. */
export interface RejectionReport {
  at: string;
  code: string;
  message: string;
  path?: (string | number)[];
  ruleId?: string;
  /** whether the step said it would be refused (expectRejected) */
  expected: boolean;
}

export interface EncounterReport {
  ruleset: string;
  round: number;
  current: string | null;
  order: { creatureId: string; total: number }[];
  counters: Record<string, number>;
  creatures: Record<string, CreatureReport>;
  pending: PromptSpec[];
  clockSeconds: number;
  vars: Record<string, Json>;
  /** every command a step sent that was refused, with the refusal's code and message */
  rejections: RejectionReport[];
  events: FrayEvent[];
  result: { exitCode: number; message?: string };
}

/** The `--json` document: the final state in a stable shape, the whole event log and the result. */
export function encounterReport(
  state: EncounterState, events: readonly FrayEvent[], result: { exitCode: number; message?: string }, opts: { ruleset?: LoadedRuleset; rejections?: RejectionReport[] } = {},
): EncounterReport {
  const creatures: Record<string, CreatureReport> = {};
  for (const id of state.creatureIds) {
    const c = state.creatures[id]!;
    creatures[id] = {
      name: c.name,
      side: c.side,
      hp: c.hp,
      tempHp: c.tempHp,
      maxHp: c.maxHp,
      status: c.status,
      conditions: c.conditions.map((x) => ({ id: x.conditionId, ...(x.level !== undefined ? { level: x.level } : {}), duration: x.duration })),
      tracks: tracksOf(c),
      tallies: { ...c.tallies },
      resources: { ...c.resources },
      vars: { ...c.vars },
    };
    const derived = opts.ruleset?.derivedNumbers?.(state, id);
    if (derived) creatures[id].derived = derived;
    const stats = opts.ruleset?.statistics?.(state, id);
    if (stats) creatures[id].derivedBreakdown = Object.fromEntries(Object.entries(stats).map(([k, s]) => [k, breakdownOf(s)]));
    const at = placementOf(state, id);
    if (at) creatures[id].at = at;
    if ((state.space as { kind?: string } | null)?.kind === 'zones') creatures[id].engagedWith = engagedOf(state, id);
  }
  return {
    ruleset: state.ruleset.id,
    round: state.round,
    current: currentCreatureId(state),
    order: state.order.map((e) => ({ creatureId: e.creatureId, total: e.total })),
    counters: { ...state.counters },
    creatures,
    pending: state.pending?.open ?? [],
    clockSeconds: state.clockSeconds,
    vars: { ...state.vars },
    rejections: opts.rejections ?? [],
    events: [...events],
    result: result.message === undefined ? { exitCode: result.exitCode } : { exitCode: result.exitCode, message: result.message },
  };
}

/** Who stands and how they fare, one line each, aligned. */
export function summaryLines(state: EncounterState): string[] {
  const current = currentCreatureId(state);
  const where =
    state.phase === 'setup' ? 'before combat' : state.phase === 'ended' ? `ended in round ${state.round}${state.endedReason ? ` (${state.endedReason})` : ''}` : `round ${state.round}${current ? `, ${state.creatures[current]?.name ?? current}'s turn` : ''}`;
  const rows = state.creatureIds.map((id) => {
    const c = state.creatures[id]!;
    const conds = conditionIdsOf(c).map((x) => (tracksOf(c)[x] ? `${x} ${tracksOf(c)[x]}` : x));
    return [c.name, c.side, `${c.hp}/${c.maxHp} HP${c.tempHp ? ` +${c.tempHp}` : ''}`, c.status, conds.join(', ')];
  });
  const widths = [0, 1, 2, 3].map((k) => Math.max(...rows.map((r) => r[k]!.length)));
  const lines = [`Summary: ${where}`];
  for (const r of rows) lines.push(`  ${r.map((cell, k) => (k < 4 ? cell.padEnd(widths[k]!) : cell)).join('  ')}`.trimEnd());
  const open = state.pending?.open ?? [];
  if (open.length) lines.push(`  waiting for: ${open.map((p) => `${p.key} (${p.id})`).join(', ')}`);
  return lines;
}

/** Where a creature is on the encounter's map, as plain fields ({x, y, elevation, size} or {zone}), or null. */
export function placementOf(state: EncounterState, id: string): Record<string, unknown> | null {
  const space = state.space as { kind?: string; creatures?: Record<string, Record<string, unknown>> } | null;
  const p = space?.creatures && Object.hasOwn(space.creatures, id) ? space.creatures[id] : undefined;
  return p ? { ...p } : null;
}

/** The creatures it is engaged with (zones), sorted; empty on a grid or without a map. */
export function engagedOf(state: EncounterState, id: string): string[] {
  const space = state.space as { kind?: string; engagements?: Record<string, string[]> } | null;
  return space?.kind === 'zones' && space.engagements && Object.hasOwn(space.engagements, id) ? [...space.engagements[id]!].sort() : [];
}
