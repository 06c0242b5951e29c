import { addCondition, removeCondition, type AnyHook, type CreatureState, type Resolution } from '@fray/engine';

/** Bloodied: hit points at half the maximum or less; temporary hit points do not count (A5E-COND-6). */
export const isBloodied = (c: Pick<CreatureState, 'hp' | 'maxHp'>): boolean => c.hp * 2 <= c.maxHp;

/** Keeps the bloodied marker in step with hit points, so other rules and views can read it as a condition. */
export function syncBloodied(ctx: Resolution, id: string): void {
  const c = ctx.state.creatures[id];
  if (!c) return;
  const marked = c.conditions.some((x) => x.conditionId === 'bloodied');
  if (isBloodied(c) && !marked) addCondition(ctx, id, 'bloodied', { source: null, ruleId: 'A5E-COND-6' });
  else if (!isBloodied(c) && marked) removeCondition(ctx, id, 'bloodied', 'above half its hit points', 'A5E-COND-6');
}

const syncAll = (ctx: Resolution) => {
  for (const id of ctx.state.creatureIds) syncBloodied(ctx, id);
};

export const bloodiedHooks: AnyHook[] = [
  { stage: 'hp.changed', id: 'a5e.conditions.bloodied', priority: -100, ruleId: 'A5E-COND-6', run: (ctx, p) => syncBloodied(ctx, p.creatureId) },
  // Hit points set by hand (gm.setHp, setup) run no hook; catch up when the fight starts and at each turn.
  { stage: 'encounter.start', id: 'a5e.conditions.bloodied-start', priority: -100, ruleId: 'A5E-COND-6', run: syncAll },
  { stage: 'turn.start', id: 'a5e.conditions.bloodied-turn', priority: -100, ruleId: 'A5E-COND-6', run: syncAll },
];
