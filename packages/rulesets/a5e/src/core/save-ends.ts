import type { Json } from '@fray/engine';
import type { A5eModule } from '../module';
import { abilityIds, type AbilityId } from '../sheet/stat-block';
import { a5eTest } from './d20';

/** What a `saveEnds` duration carries in A5E: the save to repeat and its DC. */
export function saveEndsSpec(save: Json): { ability: AbilityId; dc: number } | null {
  if (!save || typeof save !== 'object' || Array.isArray(save)) return null;
  const ability = save['ability'];
  const dc = save['dc'];
  if (typeof ability !== 'string' || !(abilityIds as readonly string[]).includes(ability) || typeof dc !== 'number') return null;
  return { ability: ability as AbilityId, dc };
}

/**
 * Effects that end on a successful save ("repeat the save at the end of each of its turns", A5E-COND-1:
 * a condition lasts as its effect says) roll that save at the turn boundary the duration names.
 */
export const saveEndsModule: A5eModule = {
  id: 'a5e.save-ends',
  hooks: [
    {
      // Refused when applied, so a malformed duration can never stall a turn later.
      stage: 'condition.added', id: 'a5e.save-ends.check', priority: 0, ruleId: 'A5E-COND-1',
      run: (ctx, p) => {
        const d = p.condition.duration;
        if (d.kind === 'saveEnds' && !saveEndsSpec(d.save)) ctx.reject('bad-duration', `a save-ends duration needs {ability, dc}; got ${JSON.stringify(d.save)}`, 'A5E-COND-1');
      },
    },
    {
      stage: 'duration.save', id: 'a5e.save-ends.roll', priority: 0, ruleId: 'A5E-COND-1',
      run: (ctx, p) => {
        const spec = saveEndsSpec(p.save);
        if (!spec) return ctx.reject('bad-duration', `a save-ends duration needs {ability, dc}; got ${JSON.stringify(p.save)}`, 'A5E-COND-1');
        const t = a5eTest(ctx, { kind: 'save', actor: p.creatureId, ability: spec.ability, dc: { label: 'DC', value: spec.dc }, ruleId: 'A5E-COND-1' });
        p.ended = t.outcome === 'success';
      },
    },
  ],
};
