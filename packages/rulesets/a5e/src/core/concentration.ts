import { hasCondition, removeCondition, type Resolution, type StagePayloads } from '@fray/engine';
import { a5eTest } from './d20';
import { DATA_TOTAL } from '../damage/pipeline';
import { CONCENTRATION } from '../conditions/options';

/** Creature var (or condition id) marking a creature that holds concentration. */
export const CONCENTRATING = 'concentrating';

export const isConcentrating = (ctx: Resolution, id: string): boolean => {
  const c = ctx.state.creatures[id];
  return !!c && (!!c.vars[CONCENTRATING] || hasCondition(c, CONCENTRATING));
};

/** DC 10 or half the damage, whichever is higher (A5E-CORE-14, A5E-CORE-13). */
export const concentrationDc = (damage: number): number => Math.max(10, Math.floor(damage / 2));

/**
 * A concentration check (A5E-CORE-14): a Constitution save against DC max(10, half the damage).
 * Failure ends the creature's concentration. Returns whether it held.
 */
export function concentrationCheck(ctx: Resolution, id: string, damage: number): boolean {
  const save = a5eTest(ctx, {
    kind: 'save',
    actor: id,
    ability: 'con',
    // as a "skill" it adds the selector `save:concentration` that strife 2 and agonized match
    skill: 'concentration',
    dc: { label: 'concentration DC', value: concentrationDc(damage) },
    // the conditions' atom for "a test to keep concentration" (strife 2, agonized)
    options: [CONCENTRATION],
    ruleId: 'A5E-CORE-14',
  });
  if (save.outcome === 'success') return true;
  endConcentration(ctx, id, 'failed a concentration check');
  return false;
}

export function endConcentration(ctx: Resolution, id: string, why: string): void {
  const c = ctx.state.creatures[id]!;
  const what = c.vars[CONCENTRATING];
  if (what !== undefined) ctx.emit({ type: 'VarSet', creatureId: id, key: CONCENTRATING, value: null });
  removeCondition(ctx, id, CONCENTRATING, why, 'A5E-CORE-14');
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-CORE-14', text: `${c.name} loses concentration${typeof what === 'string' ? ` on ${what}` : ''}: ${why}`, creatureId: id });
}

/** Taking damage (even into temporary hit points) while concentrating calls for a check. */
export function concentrationOnDamage(ctx: Resolution, p: StagePayloads['hp.changed']): void {
  const total = typeof p.data[DATA_TOTAL] === 'number' ? p.data[DATA_TOTAL] : p.damage;
  if (total <= 0) return;
  const c = ctx.state.creatures[p.creatureId];
  if (!c || c.status === 'dead' || !isConcentrating(ctx, p.creatureId)) return;
  concentrationCheck(ctx, p.creatureId, total);
}
