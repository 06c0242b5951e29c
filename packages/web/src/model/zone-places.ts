import type { Json } from '@fray/engine';
import type { MovementMenu, ReachablePlace } from './actions';

/**
 * Where a token can be dropped on a zone map: on a creature (to end up beside it, engaged), on a zone,
 * or on the "away" strip (stepping back, pulling back from someone). The engine's menu names each
 * place in its ruleset's own shape; this only reads which of the three a place is, so a drop finds
 * the places the rules listed there. It decides nothing: what a place costs, provokes or is refused
 * for comes from the menu.
 */
export type DropKey = `creature:${string}` | `zone:${string}` | 'away';

/** The drop key a place belongs to, or null for a shape a drop cannot express (it stays in the list). */
export function dropKeyOf(to: Json): DropKey | null {
  if (typeof to === 'string') return `zone:${to}`;
  if (!to || typeof to !== 'object' || Array.isArray(to)) return null;
  const engage = to['engage'];
  const first = Array.isArray(engage) ? engage[0] : engage;
  if (typeof first === 'string') return `creature:${first}`;
  if (typeof to['withdraw'] === 'string' || to['away'] === true) return 'away';
  if ('zone' in to && (typeof to['zone'] === 'string' || to['zone'] === null)) return `zone:${to['zone'] ?? ''}`;
  return null;
}

export interface DropAnswer {
  /** the places the rules take there (one: it goes on drop; several: the GM or player picks) */
  places: ReachablePlace[];
  /** when none: the rules' reason for the first refused place there */
  refusal: { reason: string; ruleId?: string } | null;
}

export function placesAt(movement: MovementMenu | undefined, key: DropKey): DropAnswer {
  const places = (movement?.reachable ?? []).filter((p) => dropKeyOf(p.to) === key);
  if (places.length) return { places, refusal: null };
  const r = (movement?.refused ?? []).find((p) => dropKeyOf(p.to) === key);
  return { places: [], refusal: r ? { reason: r.reason, ...(r.ruleId ? { ruleId: r.ruleId } : {}) } : null };
}

/** The command that makes a move to a place: the one the engine attached, else a `move` there. */
export function commandOf(place: ReachablePlace, mover: string): { type: string; [k: string]: Json | undefined } {
  return place.command ?? { type: 'move', creatureId: mover, to: place.to };
}

/** "1 move action", "2 move actions", "30 ft". */
export function costWords(cost: number, unit: string | undefined): string {
  return unit ? `${cost} ${unit}${cost === 1 ? '' : 's'}` : `${cost} ft`;
}

/** A place in words for lists and buttons: "engage Gob", "pull back from Gob to far", "go to the ledge". */
export function placeWords(to: Json, nameOf: (id: string) => string): string {
  if (typeof to === 'string') return `go to ${to}`;
  if (!to || typeof to !== 'object' || Array.isArray(to)) return JSON.stringify(to);
  const engage = Array.isArray(to['engage']) ? (to['engage'] as Json[]) : typeof to['engage'] === 'string' ? [to['engage']] : [];
  const zone = typeof to['zone'] === 'string' ? ` in ${to['zone']}` : '';
  if (engage.length) return `engage ${engage.map((x) => nameOf(String(x))).join(' and ')}${zone}`;
  if (typeof to['withdraw'] === 'string') return `pull back from ${nameOf(to['withdraw'])} to ${typeof to['band'] === 'string' ? to['band'] : 'range'}`;
  if (to['away'] === true) return 'move away from everyone';
  if ('zone' in to) return to['zone'] === null ? 'leave the named zones' : `go to ${String(to['zone'])}`;
  return JSON.stringify(to);
}
