import {
  band, createZoneSpace, disengage, engage, engagedWith, placeCreature, setBand, clearBand, removeCreature,
  type Json, type Resolution, type ZoneSpaceState, type EncounterState,
} from '@fray/engine';

export const BANDS = ['engaged', 'nearby', 'far away'] as const;

/** 13A-POS-1..4: position as relations (engagement, nearby / far away), never coordinates. */
export function zonesOf(state: EncounterState): ZoneSpaceState {
  let s = state.space as unknown as ZoneSpaceState | null;
  if (!s || s.kind !== 'zones') s = createZoneSpace({ bands: [...BANDS], defaultBand: 'nearby' });
  for (const id of state.creatureIds) if (!Object.hasOwn(s.creatures, id) && state.creatures[id]!.status !== 'dead') s = placeCreature(s, id);
  return s;
}

function commit(ctx: Resolution, next: ZoneSpaceState, moved?: string): void {
  ctx.emit({ type: 'SpaceChanged', space: next as unknown as Json, ...(moved ? { moved } : {}) });
}

export const engagedFoes = (state: EncounterState, id: string): string[] => {
  const s = zonesOf(state);
  return Object.hasOwn(s.creatures, id) ? engagedWith(s, id) : [];
};
export const isEngagedWith = (state: EncounterState, a: string, b: string): boolean => engagedFoes(state, a).includes(b);
export const bandBetween = (state: EncounterState, a: string, b: string): string => band(zonesOf(state), a, b);

export function engagePair(ctx: Resolution, a: string, b: string): void {
  commit(ctx, engage(zonesOf(ctx.state), a, b), a);
}
export function breakEngagement(ctx: Resolution, a: string, others: readonly string[]): void {
  let s = zonesOf(ctx.state);
  for (const o of others) s = disengage(s, a, o);
  commit(ctx, s, a);
}
/** 13A-POS-3: far away from every enemy, or back to nearby. */
export function setWhereabouts(ctx: Resolution, id: string, enemies: readonly string[], where: 'nearby' | 'far away'): void {
  let s = zonesOf(ctx.state);
  for (const e of enemies) s = where === 'far away' ? setBand(s, id, e, 'far away') : clearBand(s, id, e);
  commit(ctx, s, id);
}
export function leaveSpace(ctx: Resolution, id: string): void {
  const s = zonesOf(ctx.state);
  if (Object.hasOwn(s.creatures, id)) commit(ctx, removeCreature(s, id));
}

/** 13A-POS-5: two allies engaged with the same enemy are next to each other. */
export function nextTo(state: EncounterState, a: string, b: string): boolean {
  if (a === b || state.creatures[a]!.side !== state.creatures[b]!.side) return false;
  const mine = engagedFoes(state, a);
  return engagedFoes(state, b).some((e) => mine.includes(e));
}
