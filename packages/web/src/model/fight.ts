import type { ConditionInstance, Json, PromptSpec } from '@fray/engine';
import type { TableView } from '../net/protocol';

/**
 * One shape for the screens, read from either projection the server sends: the GM's full encounter
 * state or a seat's player view. Fields a seat may not see are simply absent; the screens never fill
 * them in or guess (the server decided what this browser may know).
 */
export interface CreatureModel {
  id: string;
  name: string;
  side: string;
  controller: string | null;
  tags: string[];
  /** exact numbers: the GM always, a seat for its own creatures */
  hp?: number;
  maxHp?: number;
  tempHp?: number;
  /** the ruleset's words for how hurt a creature is, when the exact numbers are secret */
  hpBand?: string;
  status: string;
  conditions: ConditionInstance[];
  tracks: Record<string, number>;
  resources: Record<string, number>;
  tallies: Record<string, number>;
  hidden: boolean;
  /** on the players' side: its side has a creature a seat controls (colour and words follow it) */
  friendly: boolean;
  /** GM only */
  notes?: string | null;
  sheet?: Json;
  vars?: Record<string, Json>;
}

export interface OrderEntry {
  creatureId: string;
  total: number;
  delayed: boolean;
  /** creatures sharing one roll (identical monsters, a mook mob); the GM's view only */
  group: string | null;
}

export interface FightModel {
  id: string;
  rulesetId: string;
  phase: 'setup' | 'combat' | 'ended';
  round: number;
  currentCreatureId: string | null;
  order: OrderEntry[];
  /** in the order they joined */
  creatures: CreatureModel[];
  byId: Record<string, CreatureModel>;
  counters: Record<string, number>;
  /** the ruleset's public counters and tracks, when the server's views carry them */
  publicState: Record<string, Json>;
  space: Json | null;
  clockSeconds: number | null;
  version: number;
  /** GM: command ids that may still be undone (newest last) */
  undoable: string[];
  endedReason: string | null;
  options: Record<string, Json>;
  vars: Record<string, Json>;
  diceMode: 'seeded' | 'entered' | null;
}

type Loose = Record<string, unknown>;

function obj(v: unknown): Loose {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : {};
}

function creatureFrom(raw: unknown): CreatureModel {
  const c = obj(raw);
  const m: CreatureModel = {
    id: String(c['id'] ?? ''),
    name: String(c['name'] ?? c['id'] ?? '?'),
    side: String(c['side'] ?? ''),
    controller: typeof c['controller'] === 'string' ? c['controller'] : null,
    tags: Array.isArray(c['tags']) ? (c['tags'] as string[]) : [],
    status: String(c['status'] ?? 'conscious'),
    conditions: Array.isArray(c['conditions']) ? (c['conditions'] as ConditionInstance[]) : [],
    tracks: obj(c['tracks']) as Record<string, number>,
    resources: obj(c['resources']) as Record<string, number>,
    tallies: obj(c['tallies']) as Record<string, number>,
    hidden: c['hidden'] === true,
    friendly: false,
  };
  if (typeof c['hp'] === 'number') m.hp = c['hp'];
  if (typeof c['maxHp'] === 'number') m.maxHp = c['maxHp'];
  if (typeof c['tempHp'] === 'number') m.tempHp = c['tempHp'];
  if (typeof c['hpBand'] === 'string') m.hpBand = c['hpBand'];
  if ('notes' in c) m.notes = (c['notes'] as string | null) ?? null;
  if ('sheet' in c) m.sheet = c['sheet'] as Json;
  if ('vars' in c) m.vars = obj(c['vars']) as Record<string, Json>;
  return m;
}

/** Reads a fight (or the campaign, which is an encounter state never in combat) from either projection. */
export function readFight(raw: unknown): FightModel | null {
  const s = obj(raw);
  if (!s['creatures']) return null;
  const creaturesRaw = obj(s['creatures']);
  const ids = Array.isArray(s['creatureIds']) ? (s['creatureIds'] as string[]) : Object.keys(creaturesRaw);
  const creatures = ids.filter((id) => creaturesRaw[id] !== undefined).map((id) => creatureFrom(creaturesRaw[id]));
  const friendlySides = new Set(creatures.filter((c) => c.controller !== null).map((c) => c.side));
  for (const c of creatures) c.friendly = friendlySides.has(c.side);
  const byId = Object.fromEntries(creatures.map((c) => [c.id, c]));
  const order = (Array.isArray(s['order']) ? (s['order'] as Loose[]) : [])
    .filter((e) => byId[String(e['creatureId'])])
    .map((e) => ({ creatureId: String(e['creatureId']), total: Number(e['total'] ?? 0), delayed: e['delayed'] === true, group: typeof e['group'] === 'string' ? e['group'] : null }));
  let current: string | null = null;
  if (typeof s['currentCreatureId'] === 'string' || s['currentCreatureId'] === null) current = (s['currentCreatureId'] as string | null) ?? null;
  else if (typeof s['turnIndex'] === 'number' && s['turnIndex'] >= 0) {
    const fullOrder = s['order'] as Loose[];
    current = String(fullOrder[s['turnIndex']]?.['creatureId'] ?? '') || null;
  }
  const ruleset = obj(s['ruleset']);
  const dice = obj(s['dice']);
  return {
    id: String(s['id'] ?? ''),
    rulesetId: String(ruleset['id'] ?? ''),
    phase: (s['phase'] as FightModel['phase']) ?? 'setup',
    round: Number(s['round'] ?? 0),
    currentCreatureId: current,
    order,
    creatures,
    byId,
    counters: obj(s['counters']) as Record<string, number>,
    publicState: obj(s['publicState']) as Record<string, Json>,
    space: (s['space'] as Json | undefined) ?? null,
    clockSeconds: typeof s['clockSeconds'] === 'number' ? s['clockSeconds'] : null,
    version: Number(s['version'] ?? 0),
    undoable: Array.isArray(s['undoable']) ? (s['undoable'] as string[]) : [],
    endedReason: typeof s['endedReason'] === 'string' ? s['endedReason'] : null,
    options: obj(s['options']) as Record<string, Json>,
    vars: obj(s['vars']) as Record<string, Json>,
    diceMode: dice['mode'] === 'entered' || dice['mode'] === 'seeded' ? dice['mode'] : null,
  };
}

/** The open prompts this connection is asked to answer (the GM: all of them). */
export function promptsOf(view: TableView | null): PromptSpec[] {
  if (!view) return [];
  return (view.prompts as PromptSpec[]).filter((p) => p && typeof p.id === 'string');
}

export function isUp(c: CreatureModel): boolean {
  return c.status === 'conscious' || c.status === '';
}

/** The seat that controls a creature, in words for the prompt queue. */
export function seatName(view: TableView | null, seat: string | null): string {
  if (seat === null) return 'the GM';
  const info = view?.table.seats.find((s) => s.seat === seat);
  // A seat the GM removed: its creatures are the GM's to play now.
  if (!info && view) return 'the GM (seat removed)';
  // A seat named after its creature reads as that creature's player.
  if (info && info.name !== info.seat) return info.creatures.some((id) => creatureName(view, id) === info.name) ? `${info.name}'s player` : info.name;
  // A seat named after its id reads better as the player of its creatures.
  const names = (info?.creatures ?? []).map((id) => creatureName(view, id)).filter(Boolean);
  return names.length ? `${names.join(' & ')}'s player` : seat;
}

function creatureName(view: TableView | null, id: string): string {
  for (const src of [view?.fight?.view, view?.campaign]) {
    const c = (src as { creatures?: Record<string, { name?: string }> } | undefined)?.creatures?.[id];
    if (c?.name) return c.name;
  }
  return id;
}
