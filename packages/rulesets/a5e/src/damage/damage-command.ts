import { diceTextSchema, rulesetCommand } from '@fray/engine';
import { z } from 'zod';
import { a5eTest } from '../core/d20';
import { abilityIds, damageTypes } from '../sheet/stat-block';
import { UNTYPED } from '../combat/damage';
import { checkDamageTypes } from './ongoing';
import { damageEffect, UNDERWATER_DAMAGE, type DamageTarget } from './pipeline';

const id = z.string().min(1).max(200);

/**
 * Narrator: one effect damages some creatures (a breath weapon, a falling chandelier, a trap). Each
 * target saves first if the effect allows it; then the damage is rolled once for all (A5E-DMG-3)
 * and runs through each target's pipeline (A5E-DMG-20).
 */
export const damageCommand = rulesetCommand({
  gmOnly: true,
  schema: z.object({
    type: z.literal('a5e.damage'),
    targets: z.array(id).min(1).max(100),
    damage: diceTextSchema(),
    damageType: z.enum([...damageTypes, UNTYPED]),
    name: z.string().min(1).max(100).optional(),
    source: id.optional(),
    save: z.object({ ability: z.enum(abilityIds), dc: z.number().int().min(0).max(50), onSuccess: z.enum(['half', 'none']).default('half') }).strict().optional(),
    underwater: z.boolean().optional(),
  }).strict(),
  run: (ctx, c) => {
    for (const t of c.targets) if (!ctx.state.creatures[t]) ctx.reject('unknown-creature', `no creature '${t}'`);
    checkDamageTypes(ctx, c.damage);
    const name = c.name ?? c.damage;
    const targets: DamageTarget[] = c.targets.map((t) => {
      if (!c.save) return { id: t };
      const save = a5eTest(ctx, { kind: 'save', actor: t, ability: c.save.ability, dc: { label: `${name} DC`, value: c.save.dc }, ruleId: 'A5E-DMG-20' });
      if (save.outcome !== 'success') return { id: t };
      return c.save.onSuccess === 'none' ? { id: t, none: true } : { id: t, half: true };
    });
    damageEffect(ctx, {
      source: c.source ?? null,
      expression: c.damage,
      type: c.damageType,
      purpose: `${name} damage`,
      options: c.underwater ? [UNDERWATER_DAMAGE] : [],
      data: { effect: name },
    }, targets);
  },
});
