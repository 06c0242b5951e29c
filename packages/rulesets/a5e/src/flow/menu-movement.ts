import { reachableSquares, rehearse, type EncounterState, type Json, type LoadedRuleset, type MovePreview, type MovementMenu, type ReachablePlace, type RefusedPlace } from '@fray/engine';
import { MOVEMENT } from '../core/economy';
import { gridOf, zonesOf } from '../position/geometry';

/** The prompt an opportunity attack asks the creature whose reach is left (A5E-ATK-16). */
const OPPORTUNITY_PROMPT = 'a5e.opportunityAttack';

/** The farthest a menu looks, in squares each way: a screen's reach, not a rule. */
const MAX_RADIUS = 8;

/**
 * What moving to `to` would cost and provoke, found by deciding the move on a copy with the movement
 * rules themselves (difficult terrain, crawling, squeezing, the pool) and declining every opportunity
 * attack offered, so each creature offered one is listed (A5E-ATK-16, A5E-ATK-17).
 */
export function a5ePreviewMove(ruleset: LoadedRuleset, state: EncounterState, id: string, to: Json): Pick<MovePreview, 'path' | 'cost' | 'provokes'> & { ok: boolean; refusal?: RefusedPlace } {
  const r = rehearse(state, { type: 'move', creatureId: id, to }, { role: 'gm' }, ruleset);
  const provokes = [...new Set(r.asked.filter((p) => p.key === OPPORTUNITY_PROMPT && p.about).map((p) => p.about!))];
  const before = state.creatures[id]?.resources[MOVEMENT] ?? 0;
  const after = r.working?.creatures[id]?.resources[MOVEMENT] ?? before;
  const path: Json[] = [];
  for (const e of r.events) {
    if (e.type !== 'SpaceChanged' || e.moved !== id) continue;
    // The log records where the mover stands (`to`); a whole map only on the fast path.
    const at = (e.to ?? (e.space as { creatures?: Record<string, Json> } | undefined)?.creatures?.[id]) as { x?: number; y?: number; zone?: string | null } | null | undefined;
    if (at) path.push(at.x !== undefined ? { x: at.x, y: at.y ?? 0 } : at.zone ?? null);
  }
  const refusal = r.error ? { refusal: { to, reason: r.error.message, ...(r.error.ruleId ? { ruleId: r.error.ruleId } : {}) } } : {};
  return { ok: r.ok, path, cost: Math.max(0, before - after), provokes, ...refusal };
}

/**
 * The places it could move to now: each square within its movement left (a straight walk there, as a
 * move command with `{x, y}` takes it), or each zone, that the movement rules accept, with the feet it
 * costs and who would be offered an opportunity attack. Null without a map.
 */
export function a5eMovementMenu(ruleset: LoadedRuleset, state: EncounterState, id: string): MovementMenu | null {
  const c = state.creatures[id]!;
  const left = c.resources[MOVEMENT] ?? 0;
  const grid = gridOf(state);
  if (grid) {
    const radius = Math.min(MAX_RADIUS, Math.floor(left / grid.squareFeet));
    const reachable = reachableSquares(state, id, radius, (to) => a5ePreviewMove(ruleset, state, id, to));
    return reachable ? { mode: 'grid', reachable } : null;
  }
  const zones = zonesOf(state);
  if (zones) {
    const here = Object.hasOwn(zones.creatures, id) ? zones.creatures[id]!.zone : null;
    const names = [...new Set(Object.values(zones.creatures).map((z) => z.zone).filter((z): z is string => typeof z === 'string' && z !== here))];
    // Each other zone, and beside each creature it is not engaged with (into its zone first when that is another).
    const places: Json[] = names.map((zone) => ({ zone }));
    for (const other of state.creatureIds) {
      if (other === id || !Object.hasOwn(zones.creatures, other) || state.creatures[other]!.status === 'dead' || (zones.engagements[id] ?? []).includes(other)) continue;
      const there = zones.creatures[other]!.zone;
      places.push(there === here ? { engage: [other] } : { zone: there, engage: [other] });
    }
    const reachable: ReachablePlace[] = [];
    const refused: RefusedPlace[] = [];
    for (const to of places) {
      const p = a5ePreviewMove(ruleset, state, id, to);
      if (p.ok) reachable.push({ to, cost: p.cost, provokes: p.provokes });
      else if (p.refusal) refused.push(p.refusal);
    }
    return { mode: 'zones', reachable, ...(refused.length ? { refused } : {}) };
  }
  return null;
}
