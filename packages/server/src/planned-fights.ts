import { activeEncounter, encounterHistory, type CreatureSetup, type Json } from '@fray/engine';
import type { FightSpec, PlanEntry, PlanReport, WireError } from './protocol';

export type { PlanEntry, PlanReport } from './protocol';
import type { LiveTable, TableSource } from './table';

/**
 * The fights a table's campaign file plans (its `fight:` steps), kept with the table so the GM can start
 * the next one with its foes and map (`startFight {fight: {planned: 'next' | id}}`). The file's other
 * steps (rests, travel) are the GM's to play at the table; the server does not script them.
 */
export interface PlannedFight {
  id: string;
  /** the file's own seed for it; without one the server rolls fresh dice, as for any live fight */
  seed?: string | number;
  members?: string[];
  foes: CreatureSetup[];
  options?: Record<string, Json>;
  modules?: string[];
  diceMode?: 'seeded' | 'entered';
  /** the map with members and foes placed */
  space?: Json;
}

/** A table source that may carry a campaign file's planned fights. */
export type PlannedTableSource = TableSource & { plannedFights?: PlannedFight[] };

/** Where a table keeps its plan: in its meta (stored with the table, read back when the server loads it). */
export interface PlanMeta {
  plan?: PlannedFight[];
}

export function planOf(meta: object): PlannedFight[] {
  const plan = (meta as PlanMeta).plan;
  return Array.isArray(plan) ? plan : [];
}

/** The plan as the GM reads it: each fight, whether it was fought, and the next one to start. */
export function planReport(t: LiveTable): PlanReport {
  const fought = new Set(encounterHistory(t.campaign.state).map((r) => r.id));
  const now = activeEncounter(t.campaign.state)?.id ?? null;
  const fights = planOf(t.meta).map((f): PlanEntry => ({
    id: f.id,
    status: f.id === now ? 'under way' : fought.has(f.id) ? 'done' : 'planned',
    members: f.members ?? null,
    foes: f.foes.map((c) => ({ id: c.id, name: c.name ?? nameOfSheet(c) })),
    map: mapKind(f.space),
  }));
  return { next: fights.find((f) => f.status === 'planned')?.id ?? null, fights };
}

/**
 * The fight spec for a planned fight ('next': the first not yet fought), with what the request adds
 * over the plan (a seed, the dice mode). A fight already fought, under way, or not in the plan is
 * refused with a typed error naming the plan's fights.
 */
export function plannedSpec(t: LiveTable, planned: string, request: Omit<FightSpec, 'planned'>): { ok: true; spec: FightSpec & { foes: unknown[] } } | { ok: false; error: WireError } {
  const report = planReport(t);
  if (!report.fights.length) return { ok: false, error: { code: 'no-plan', message: 'this table was not made from a campaign file with fights: there is no planned fight to start', path: ['fight', 'planned'] } };
  const id = planned === 'next' ? report.next : planned;
  if (id === null) return { ok: false, error: { code: 'no-plan', message: `every planned fight has been fought (${report.fights.map((f) => f.id).join(', ')})`, path: ['fight', 'planned'] } };
  const entry = report.fights.find((f) => f.id === id);
  if (!entry) return { ok: false, error: { code: 'no-plan', message: `no planned fight '${id}' (planned: ${report.fights.map((f) => f.id).join(', ')})`, path: ['fight', 'planned'] } };
  if (entry.status !== 'planned') return { ok: false, error: { code: 'duplicate-fight', message: `the planned fight '${id}' is ${entry.status === 'done' ? 'already fought' : 'under way'}`, path: ['fight', 'planned'] } };
  const f = planOf(t.meta).find((x) => x.id === id)!;
  const extra = Object.keys(request).filter((k) => k !== 'seed' && k !== 'diceMode');
  if (extra.length) return { ok: false, error: { code: 'malformed', message: `a planned fight takes its ${extra.join(', ')} from the plan: send only planned, seed or diceMode`, path: ['fight', extra[0]!] } };
  return {
    ok: true,
    spec: {
      id: f.id, foes: f.foes as unknown[],
      ...(request.seed !== undefined ? { seed: request.seed } : f.seed !== undefined ? { seed: f.seed } : {}),
      ...(f.members ? { members: f.members } : {}),
      ...(f.options ? { options: f.options } : {}),
      ...(f.modules ? { modules: f.modules } : {}),
      ...(request.diceMode ? { diceMode: request.diceMode } : f.diceMode ? { diceMode: f.diceMode } : {}),
      ...(f.space !== undefined ? { space: f.space } : {}),
    },
  };
}

function nameOfSheet(c: CreatureSetup): string {
  const n = (c.sheet as { name?: unknown } | null)?.name;
  return typeof n === 'string' ? n : c.id;
}

function mapKind(space: Json | undefined): 'grid' | 'zones' | null {
  const kind = (space as { kind?: unknown } | null | undefined)?.kind;
  return kind === 'grid' || kind === 'zones' ? kind : null;
}
