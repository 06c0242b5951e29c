import { endUntilRest, type Resolution } from '@fray/engine';
import { CRIT_BLOCK_USED_VAR, DEAD } from '../dying/state';

/** Creature var: clock time when its last long rest that granted benefits ended (A5E-REST-7). */
export const LAST_LONG_REST_VAR = 'a5e.lastLongRestEnd';
/** Creature tally: Supply carried, when the table counts it (A5E-REST-8). */
export const SUPPLY = 'supply';

/** Checks the resting creatures exist, are named once, and skips the dead (they do not rest). */
export function resters(ctx: Resolution, ids: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const id of ids) {
    if (!ctx.state.creatures[id]) ctx.reject('unknown-creature', `no creature '${id}' in the campaign`);
    if (seen.has(id)) ctx.reject('malformed', `${id} is named twice`);
    seen.add(id);
  }
  return ids.filter((id) => ctx.state.creatures[id]!.status !== DEAD);
}

/**
 * What every finished rest gives back besides hit points: the once-per-rest option of blocking a
 * critical hit with fatigue (A5E-REST-13), and effects lasting until a rest of this kind.
 */
export function restoreOnRest(ctx: Resolution, id: string, rests: readonly string[]): void {
  const c = ctx.state.creatures[id]!;
  if (c.vars[CRIT_BLOCK_USED_VAR] !== undefined) {
    ctx.emit({ type: 'VarSet', creatureId: id, key: CRIT_BLOCK_USED_VAR, value: null });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-REST-13', text: `${c.name} may again block a critical hit with fatigue`, creatureId: id });
  }
  endUntilRest(ctx, id, rests);
}
