import { z } from 'zod';
import { cloneJson, type CommandDef, type EncounterState, type Json, type Resolution, type Square } from '@fray/engine';
import { gridOf, zonesOf } from '../position/geometry';
import { footprint } from '../world/area';

/** Light levels (A5E-VIS-3..5); magical darkness defeats darkvision but not truesight (A5E-VIS-9). */
export const lightLevels = ['bright', 'dim', 'dark', 'magical-dark'] as const;
export type LightLevel = (typeof lightLevels)[number];
/** Obscurement that is not about light: smoke, fog, foliage (A5E-VIS-1, A5E-VIS-2). */
export type Obscurement = 'none' | 'light' | 'heavy';

/** encounter var: light per zone or square, and the level everywhere else */
export const LIGHT = 'a5e.light';
/** encounter var: fog, smoke and foliage per zone or square */
export const OBSCURED = 'a5e.obscured';

interface AreaMap<T> {
  default?: T;
  zones?: Record<string, T>;
  squares?: Record<string, T>;
}

const rank: Record<LightLevel, number> = { bright: 0, dim: 1, dark: 2, 'magical-dark': 3 };
const fogRank: Record<Obscurement, number> = { none: 0, light: 1, heavy: 2 };

function mapOf<T>(state: EncounterState, key: string): AreaMap<T> {
  return (state.vars[key] as unknown as AreaMap<T> | undefined) ?? {};
}

/** What an area map says for one square: its own entry, else the map's default, else `fallback`. */
function onSquare<T>(m: AreaMap<T>, square: Square, fallback: T): T {
  return m.squares?.[`${square.x},${square.y}`] ?? m.default ?? fallback;
}

/**
 * What an area map says where a creature is: on the grid the lowest by `rank` of its squares' (any
 * part of it in better light or thinner fog counts), in a zone the zone's, else the default.
 */
function mapAt<T extends string>(state: EncounterState, id: string, key: string, rank: Record<T, number>, fallback: T): T {
  const m = mapOf<T>(state, key);
  const squares = footprint(state, id);
  if (squares) return squares.map((s) => onSquare(m, s, fallback)).reduce((a, b) => (rank[a] <= rank[b] ? a : b));
  const zone = zonesOf(state)?.creatures[id]?.zone;
  return (zone ? m.zones?.[zone] : undefined) ?? m.default ?? fallback;
}

/** The light on one square (grid) or in one zone; the default (bright) elsewhere. */
export function lightOnSquare(state: EncounterState, square: Square): LightLevel {
  return onSquare(mapOf<LightLevel>(state, LIGHT), square, 'bright');
}

export function obscurementOnSquare(state: EncounterState, square: Square): Obscurement {
  return onSquare(mapOf<Obscurement>(state, OBSCURED), square, 'none');
}

/** The light where a creature is: the brightest of its squares (any lit part of it shows). */
export function lightAt(state: EncounterState, id: string): LightLevel {
  return mapAt(state, id, LIGHT, rank, 'bright');
}

/** Fog and the like where a creature is: the clearest of its squares. */
export function obscurementAt(state: EncounterState, id: string): Obscurement {
  return mapAt(state, id, OBSCURED, fogRank, 'none');
}

export function worseFog(a: Obscurement, b: Obscurement): Obscurement {
  return fogRank[a] >= fogRank[b] ? a : b;
}

const where = {
  zone: z.string().min(1).optional(),
  squares: z.array(z.object({ x: z.number().int(), y: z.number().int() }).strict()).max(10_000).optional(),
};

function setArea<T extends string>(ctx: Resolution, key: string, value: T, at: { zone?: string | undefined; squares?: Square[] | undefined }, ruleId: string): void {
  const m = cloneJson(mapOf<T>(ctx.state, key) as unknown as Json) as unknown as AreaMap<T>;
  if (at.zone !== undefined && at.squares !== undefined) ctx.reject('bad-area', 'give a zone or squares, not both', ruleId);
  if (at.zone !== undefined) {
    if (!zonesOf(ctx.state)) ctx.reject('no-zones', 'the encounter has no zones; give squares or set the default', ruleId);
    m.zones = { ...(m.zones ?? {}), [at.zone]: value };
  } else if (at.squares !== undefined) {
    if (!gridOf(ctx.state)) ctx.reject('no-grid', 'the encounter has no grid; give a zone or set the default', ruleId);
    m.squares = { ...(m.squares ?? {}) };
    for (const s of at.squares) m.squares[`${s.x},${s.y}`] = value;
  } else m.default = value;
  ctx.emit({ type: 'VarSet', creatureId: null, key, value: m as unknown as Json });
}

const setLightSchema = z.object({ type: z.literal('a5e.setLight'), level: z.enum(lightLevels), ...where }).strict();
const setObscuredSchema = z.object({ type: z.literal('a5e.setObscured'), degree: z.enum(['none', 'light', 'heavy']), ...where }).strict();

/** The Narrator sets light and obscurement per zone, per square, or everywhere (A5E-VIS-3..5, A5E-VIS-1/2). */
export const lightCommands: CommandDef[] = [
  {
    type: 'a5e.setLight', schema: setLightSchema as never, gmOnly: true, allowedWhilePending: true,
    run: (ctx, cmd) => {
      const c = cmd as unknown as z.infer<typeof setLightSchema>;
      setArea(ctx, LIGHT, c.level, { zone: c.zone, squares: c.squares }, 'A5E-VIS-3');
    },
  },
  {
    type: 'a5e.setObscured', schema: setObscuredSchema as never, gmOnly: true, allowedWhilePending: true,
    run: (ctx, cmd) => {
      const c = cmd as unknown as z.infer<typeof setObscuredSchema>;
      setArea(ctx, OBSCURED, c.degree, { zone: c.zone, squares: c.squares }, 'A5E-VIS-1');
    },
  },
];
