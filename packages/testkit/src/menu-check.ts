import { actionMenu, commandFor, type ActionDescriptor, type Command, type Encounter, type LoadedRuleset, type Principal } from '@fray/engine';

/**
 * Holds an action menu to dispatch: every action it marks available is accepted with each target it
 * marks valid (its options filled from the schema's defaults); each target it marks invalid is refused
 * with the target's reason; every action it marks unavailable is refused with the action's reason
 * (sent against a valid target where it has one). The menu is asked with `confirm: false`, so this
 * tests the ruleset's own queries, not the engine's optional re-check. Returns the disagreements, empty when none.
 */
export function menuDisagreements(enc: Encounter, ruleset: LoadedRuleset, creatureId: string, who: Principal = { role: 'gm' }, skip: (a: ActionDescriptor) => boolean = () => false): string[] {
  const menu = actionMenu(enc.state, creatureId, who, ruleset, { confirm: false, movement: false });
  const out: string[] = [];
  let n = 0;
  const send = (a: ActionDescriptor, targets: string[] | null) => {
    const command = commandFor(a, targets);
    const r = enc.propose({ id: `menu-check-${++n}`, issuedBy: who, command });
    return { command, error: r.ok ? null : r.error };
  };
  for (const a of menu.actions) {
    if (skip(a)) continue;
    if (a.available) {
      if (!a.targets) {
        const { command, error } = send(a, null);
        if (error) out.push(`${a.id} is available but ${JSON.stringify(command)} was refused: ${error.message}`);
        continue;
      }
      for (const t of a.targets) {
        const { command, error } = send(a, [t.creatureId]);
        if (t.valid && error) out.push(`${a.id} → ${t.creatureId} is valid but ${JSON.stringify(command)} was refused: ${error.message}`);
        if (!t.valid && !error) out.push(`${a.id} → ${t.creatureId} is invalid (${t.reason}) but ${JSON.stringify(command)} was accepted`);
        if (!t.valid && error && error.message !== t.reason) out.push(`${a.id} → ${t.creatureId}: the menu says '${t.reason}', dispatch '${error.message}'`);
      }
    } else {
      const valid = a.targets?.find((t) => t.valid);
      if (a.targets && !valid) continue;
      const { command, error } = send(a, valid ? [valid.creatureId] : null);
      if (!error) out.push(`${a.id} is unavailable (${a.reason}) but ${JSON.stringify(command)} was accepted`);
      else if (error.message !== a.reason) out.push(`${a.id}: the menu says '${a.reason}', dispatch '${error.message}'`);
    }
  }
  return out;
}

/**
 * Holds a zone map's places to dispatch: every place the menu lists as reachable is accepted with the
 * command it names (a `move` there when it names none), and every place it lists as refused is refused
 * in the words it gives. Grids are left out (their squares are found by rehearsing the move itself).
 * Returns the disagreements, empty when none.
 */
export function placeDisagreements(enc: Encounter, ruleset: LoadedRuleset, creatureId: string, who: Principal = { role: 'gm' }): string[] {
  const m = actionMenu(enc.state, creatureId, who, ruleset, { confirm: false }).movement;
  if (!m || m.mode !== 'zones') return [];
  const out: string[] = [];
  let n = 0;
  const send = (command: Command) => {
    const r = enc.propose({ id: `place-check-${++n}`, issuedBy: who, command });
    return r.ok ? null : r.error;
  };
  for (const p of m.reachable) {
    const command = p.command ?? { type: 'move', creatureId, to: p.to };
    const error = send(command);
    if (error) out.push(`${JSON.stringify(p.to)} is reachable but ${JSON.stringify(command)} was refused: ${error.message}`);
  }
  for (const p of m.refused ?? []) {
    const twin = m.reachable.find((r) => JSON.stringify(r.to) === JSON.stringify(p.to));
    if (twin) {
      out.push(`${JSON.stringify(p.to)} is listed both reachable and refused`);
      continue;
    }
    const command = p.command ?? { type: 'move', creatureId, to: p.to };
    const error = send(command);
    if (!error) out.push(`${JSON.stringify(p.to)} is refused (${p.reason}) but ${JSON.stringify(command)} was accepted`);
    else if (error.message !== p.reason) out.push(`${JSON.stringify(p.to)}: the menu says '${p.reason}', dispatch '${error.message}'`);
  }
  return out;
}
