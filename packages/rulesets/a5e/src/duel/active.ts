import type { CreatureState, EncounterStateCore, Json } from '@fray/engine';

/**
 * The one-on-one duel module (seed 000, catalog `a5e-duel.md`, rule prefix DUEL). It is switched on per
 * encounter with `modules: ['duel']` and configured with `options.duel`. Its hooks are registered with
 * the ruleset like every module's (the ruleset is loaded once, encounters choose modules later), and
 * each is a no-op unless the encounter's `modules` include 'duel' and the duel is still running.
 */
export const DUEL_MODULE = 'duel';

/** encounter var: the duel's record ({ status, participants, touches, winner, loser, reason }) */
export const DUEL_VAR = 'a5e.duel';

/** creature resources the duel keeps (open information at the table) */
export const DUEL_RES = {
  /** duel actions left this round (DUEL-ACTION-1) */
  pool: 'duelActions',
  /** extra duel actions bought this round (DUEL-EXERT-2) */
  bought: 'duelActionsBought',
  /** exertion spent on buying duel actions this round (DUEL-EXERT-3) */
  purchaseSpent: 'duelPurchaseExertion',
  /** regular exertion points (the creature's own pool) */
  exertion: 'exertion',
  /** temporary exertion from fatigue, strife or Lend Strength (DUEL-EXERT-4..9) */
  temp: 'tempExertion',
} as const;

/** creature vars the duel keeps */
export const DUEL_VARS = {
  /** starting regular exertion, set in the encounter setup (a martial character's pool is 2 × PB); an `exertion` tally does too */
  startingExertion: 'a5e.exertion',
  /** the round its targeted attack was declared (DUEL-TARGET-1) */
  targetedRound: 'a5e.duel.targetedRound',
  /** a declared targeted attack in flight: { location, target, hit } */
  aim: 'a5e.duel.aim',
  /** locations that may be aimed at on this creature (DUEL-TARGET-8) */
  locations: 'a5e.duel.locations',
  /** the round it became incapacitated and stayed so (DUEL-ARENA-4) */
  incapacitatedSince: 'a5e.duel.incapacitatedSince',
  /** the round its current concentration is counted from (DUEL-ACTION-11) */
  concentrationSince: 'a5e.duel.concentrationSince',
  /** spells cast this round by casting time: { round, action, bonusAction, reaction } (DUEL-ACTION-10) */
  spells: 'a5e.duel.spells',
  /** fatigue and strife levels taken for exertion, removed at the next long rest (DUEL-EXERT-8) */
  levels: 'a5e.duel.levels',
  /** disadvantage on its next attack roll, the Narrator's penalty for interference (DUEL-OPT-1) */
  penalty: 'a5e.duel.penalty',
  /** `${round}:${turnIndex}` of the turn a world action was last used (DUEL-WORLD-3), on the encounter */
  worldTurn: 'a5e.duel.worldTurn',
} as const;

/** Tag for creatures present only to watch (everyone not a participant is a spectator). */
export const SPECTATOR_TAG = 'spectator';
/** Tag for a judge whose passive Perception also watches for covert interference (DUEL-OPT-3). */
export const JUDGE_TAG = 'duel-judge';
/** Tag for a creature whose anatomy makes some locations hard to aim at (DUEL-TARGET-8). */
export const UNUSUAL_ANATOMY_TAG = 'unusual-anatomy';

export type Interference = 'normal-combat' | 'penalty' | 'forfeit' | 'ignore';

export interface DuelConfig {
  /** the two duelists; by default every creature not tagged `spectator` */
  participants: string[] | null;
  /** 'rps' re-rolls initiative every round by rock-paper-scissors strategy (DUEL-INIT-1); 'standard' keeps the base roll */
  initiative: 'rps' | 'standard';
  /** the farthest apart the duelists may be, at most 30 ft (DUEL-ARENA-2) */
  maxSeparationFt: number;
  /** the arena's borders in grid squares, inclusive, or null when unbounded (DUEL-ARENA-1) */
  borders: { x0: number; y0: number; x1: number; y1: number } | null;
  /** what interference brings by default: the Narrator is asked, this is the default answer (DUEL-SCOPE-2, DUEL-OPT-1) */
  onInterference: Interference;
  /** outsiders attacking a duelist have advantage (DUEL-OPT-2) */
  spectatorAdvantage: boolean;
  /** best of 3 touches (DUEL-OPT-4) */
  touches: boolean;
  /** magic allowed at all (DUEL-MAGIC-1) */
  magicAllowed: boolean;
  /** schools of magic the duel forbids (DUEL-MAGIC-1) */
  bannedSchools: string[];
  /** a forbidden spell: refused (default) or allowed as a breach that brings the interference consequences */
  bannedMagic: 'refuse' | 'breach';
  /** world actions that bring a creature into the fight are refused unless run as a one-time effect (DUEL-WORLD-5) */
}

const rec = (v: Json | undefined): Record<string, Json> => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const interferences: Interference[] = ['normal-combat', 'penalty', 'forfeit', 'ignore'];

export function duelConfig(state: EncounterStateCore): DuelConfig {
  const o = rec(state.options['duel']);
  const b = rec(o['borders']);
  const num = (k: string) => (typeof b[k] === 'number' ? (b[k] as number) : null);
  const [x0, y0, x1, y1] = [num('x0'), num('y0'), num('x1'), num('y1')];
  const sep = typeof o['maxSeparationFt'] === 'number' ? Math.min(30, Math.max(0, o['maxSeparationFt'])) : 30;
  const parts = Array.isArray(o['participants']) ? o['participants'].filter((x): x is string => typeof x === 'string') : null;
  const magic = rec(o['magic']);
  return {
    participants: parts,
    initiative: o['initiative'] === 'standard' ? 'standard' : 'rps',
    maxSeparationFt: sep,
    borders: x0 !== null && y0 !== null && x1 !== null && y1 !== null ? { x0, y0, x1, y1 } : null,
    onInterference: interferences.includes(o['onInterference'] as Interference) ? (o['onInterference'] as Interference) : 'normal-combat',
    spectatorAdvantage: o['spectatorAdvantage'] === true,
    touches: o['touches'] === true,
    magicAllowed: magic['allowed'] !== false,
    bannedSchools: Array.isArray(magic['bannedSchools']) ? magic['bannedSchools'].filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase()) : [],
    bannedMagic: magic['onBanned'] === 'breach' ? 'breach' : 'refuse',
  };
}

export interface DuelRecord {
  status: 'active' | 'ended' | 'off';
  participants: string[];
  touches: Record<string, number>;
  winner?: string | null;
  loser?: string | null;
  reason?: string;
}

export function duelRecord(state: EncounterStateCore): DuelRecord | null {
  const v = state.vars[DUEL_VAR];
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  return v as unknown as DuelRecord;
}

/** The duel module is on for this encounter (whether or not the duel still runs). */
export const duelModuleOn = (state: EncounterStateCore): boolean => state.modules.includes(DUEL_MODULE);

/** A duel is running now: the module is on and the duel has started and not ended. */
export function inDuel(state: EncounterStateCore): boolean {
  return duelModuleOn(state) && duelRecord(state)?.status === 'active';
}

/** The two duelists while a duel runs, else []. */
export function duelists(state: EncounterStateCore): string[] {
  return inDuel(state) ? [...duelRecord(state)!.participants] : [];
}

export const isDuelist = (state: EncounterStateCore, id: string | null | undefined): boolean => !!id && duelists(state).includes(id);

/** The other duelist. */
export function opponentOf(state: EncounterStateCore, id: string): string | null {
  const p = duelists(state);
  return p.includes(id) ? (p.find((x) => x !== id) ?? null) : null;
}

/** Present in the encounter while a duel runs, but not fighting in it. */
export const isSpectator = (state: EncounterStateCore, id: string | null | undefined): boolean => !!id && inDuel(state) && !!state.creatures[id] && !isDuelist(state, id);

/** The round-start world-action phase gives way to the duel's once-per-turn world action (DUEL-WORLD-3). */
export const duelTakesWorldActions = (state: EncounterStateCore): boolean => inDuel(state);

export const pbOf = (c: CreatureState): number => ((c.sheet as { proficiency?: number }).proficiency ?? 2);

export const res = (c: CreatureState, key: string): number => c.resources[key] ?? 0;
