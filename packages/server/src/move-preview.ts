import { ActionMenuError, previewMove, type Json, type Principal } from '@fray/engine';
import type { MovePreviewWire, WireError } from './protocol';
import type { LiveTable } from './table';
import { hiddenFrom } from './seat-redaction';

/**
 * A dragged token's preview (the engine's `previewMove`) for one connection, on the fight as it is now:
 * nothing changes. The GM may preview any creature; a seat only its own. A seat must not learn of a
 * creature it cannot see, so its `provokes` lists only visible creatures, and a refusal that names a
 * hidden creature is worded without it.
 */
export function movePreviewFor(t: LiveTable, who: Principal, creatureId: string, to: unknown): { ok: true; preview: MovePreviewWire } | { ok: false; error: WireError } {
  const fight = t.fight;
  if (!fight) return { ok: false, error: { code: 'no-fight', message: 'no fight is under way' } };
  const state = fight.state;
  const c = Object.hasOwn(state.creatures, creatureId) ? state.creatures[creatureId]! : null;
  const seat = who.role === 'player' ? who.seat : null;
  if (!c || (seat !== null && c.hidden && c.controller !== seat)) {
    return { ok: false, error: { code: 'malformed', message: `no creature '${creatureId.slice(0, 60)}' in this fight`, path: ['creatureId'] } };
  }
  if (seat !== null && c.controller !== seat) return { ok: false, error: { code: 'forbidden', message: 'a seat previews moves of its own creatures only', path: ['creatureId'] } };
  let p;
  try {
    p = previewMove(state, creatureId, to as Json, t.ruleset, who);
  } catch (e) {
    if (e instanceof ActionMenuError) return { ok: false, error: { code: 'malformed', message: e.message, path: ['creatureId'] } };
    // A destination of the wrong shape for this map: the ruleset's own preview refused to read it.
    return { ok: false, error: { code: 'malformed', message: `not a place on this map: ${(e as Error).message}`, path: ['to'] } };
  }
  const preview: MovePreviewWire = { creatureId, to: p.to, legal: p.legal, path: p.path as unknown[], cost: p.cost, provokes: [...p.provokes] };
  if (p.reason) preview.reason = p.reason;
  if (p.ruleId) preview.ruleId = p.ruleId;
  if (seat !== null) {
    const hidden = [...hiddenFrom(state, seat)];
    preview.provokes = preview.provokes.filter((id) => !hidden.includes(id));
    if (preview.reason && hidden.some((id) => preview.reason!.includes(id) || preview.reason!.includes(state.creatures[id]!.name))) preview.reason = 'the rules do not allow this move';
  }
  return { ok: true, preview };
}
