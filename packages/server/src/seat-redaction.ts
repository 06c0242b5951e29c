import type { EncounterState } from '@fray/engine';

/** The creatures a seat may not know of: hidden ones it does not control. */
export function hiddenFrom(state: EncounterState, seat: string): Set<string> {
  const out = new Set<string>();
  for (const id of state.creatureIds) {
    const c = state.creatures[id]!;
    if (c.hidden && c.controller !== seat) out.add(id);
  }
  return out;
}

/**
 * A seat's action menu without the creatures hidden from it: the engine's menu is built on the whole
 * state, so a hidden foe would show up as a target, or among the opportunity attacks a square provokes.
 */
export function menuWithoutHidden(menu: unknown, state: EncounterState, seat: string): unknown {
  const hidden = hiddenFrom(state, seat);
  if (!hidden.size || !menu || typeof menu !== 'object') return menu;
  type Target = { creatureId?: string; provokes?: string[] } & Record<string, unknown>;
  type Place = { to?: unknown; command?: unknown; provokes?: string[]; reason?: string };
  const m = menu as { actions?: { targets?: Target[] }[]; movement?: { reachable?: Place[]; refused?: Place[] } };
  const seen = (ids: string[] | undefined) => ids?.filter((id) => !hidden.has(id));
  // A zone place may be "beside" a hidden creature (its id in `to` or the command), or refused in words naming it.
  const needles = [...hidden].flatMap((id) => [JSON.stringify(id), ...(state.creatures[id]!.name.length > 2 ? [state.creatures[id]!.name] : [])]);
  const speaksOfHidden = (p: Place) => needles.some((n) => JSON.stringify([p.to, p.command]).includes(n) || (p.reason?.includes(n.startsWith('"') ? JSON.parse(n) as string : n) ?? false));
  const places = (ps: Place[]) => ps.filter((p) => !speaksOfHidden(p)).map((p) => (p.provokes ? { ...p, provokes: seen(p.provokes) } : p));
  return {
    ...m,
    ...(m.actions ? {
      actions: m.actions.map((a) => (a.targets ? {
        ...a,
        targets: a.targets.filter((t) => !hidden.has(t.creatureId ?? '')).map((t) => (t.provokes ? { ...t, provokes: seen(t.provokes) } : t)),
      } : a)),
    } : {}),
    ...(m.movement?.reachable ? {
      movement: { ...m.movement, reachable: places(m.movement.reachable), ...(m.movement.refused ? { refused: places(m.movement.refused) } : {}) },
    } : {}),
  };
}
