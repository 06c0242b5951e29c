import type { Json } from '../core/json';
import type { EncounterState } from '../core/state';
import type { LoadedRuleset } from '../ruleset/ruleset';
import { approachSquares, detourPath } from '../space/grid-approach';
import type { GridSpaceState } from '../space/grid-state';
import { previewMove, type MovePreview } from './actions';

/** A move that closes in on a foe on a grid: what to send as the move command's `to`, where it ends, and the rules' preview of it. */
export interface GridApproach {
  to: Json;
  end: { x: number; y: number };
  preview: MovePreview;
}

/**
 * Where a creature closing in on `foe` on a grid goes, as the simulator's policies and the compiled
 * fights that follow them both decide it: the first of `approachSquares`' tries that the rules
 * (`previewMove`, the move command decided on a copy with every question given its default answer)
 * take without an opportunity attack and that ends on the square asked for. A straight walk the
 * rules would cut short (someone in the way who will not let it pass) is tried once more along
 * `detourPath`, around everyone, as a path; never sent as it is, since the walk would end where it
 * began and the policy would ask for it again. Null when no try is taken.
 */
export function gridApproach(state: EncounterState, creatureId: string, foe: string, ruleset: LoadedRuleset): GridApproach | null {
  const space = state.space as GridSpaceState;
  // A ruleset that previews no path cannot say where a walk ends: its preview's legality is all there is.
  const endsOn = ruleset.previewMove ? endsWhere : () => true;
  for (const sq of approachSquares(space, creatureId, foe)) {
    const straight = previewMove(state, creatureId, sq, ruleset);
    if (!straight.legal) continue;
    if (straight.provokes.length === 0 && endsOn(straight, sq)) return { to: sq, end: sq, preview: straight };
    if (endsOn(straight, sq)) continue;
    const path = detourPath(space, creatureId, sq);
    if (!path) continue;
    const to = { path };
    const around = previewMove(state, creatureId, to, ruleset);
    if (around.legal && around.provokes.length === 0 && endsOn(around, sq)) return { to, end: sq, preview: around };
  }
  return null;
}

/** Whether a previewed walk ends on `sq` (the last place its path records). */
function endsWhere(p: MovePreview, sq: { x: number; y: number }): boolean {
  const end = p.path.at(-1) as { x?: number; y?: number } | null | undefined;
  return end?.x === sq.x && end.y === sq.y;
}
