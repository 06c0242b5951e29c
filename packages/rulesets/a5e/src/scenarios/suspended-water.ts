import type { Resolution, TestPayload } from '@fray/engine';
import { attackOf, beyondNormalRange, hasSwimSpeed, isMeleeAttack, isRangedAttack, isSpellAttack } from '../hazards/underwater';
import { inScenario } from './scenario';

/**
 * Suspended in deep water (these replace the underwater weapon rules there, A5E-SCEN-15): ranged
 * weapon attacks past normal range miss (A5E-SCEN-4); ranged weapons other than thrown ones have
 * disadvantage (A5E-SCEN-5); without a swim speed, Dexterity checks and melee weapon attacks have
 * disadvantage (A5E-SCEN-6).
 */
export function waterScenarioModifiers(ctx: Resolution, p: TestPayload): void {
  if (!p.actor || !inScenario(ctx.state, 'suspended-water')) return;
  const c = ctx.state.creatures[p.actor]!;
  const swims = hasSwimSpeed(c);
  if (p.kind === 'check' && p.options.has('check:ability:dex') && !swims) {
    p.rollModeSources.push({ mode: 'disadvantage', source: 'suspended-water', label: 'in deep water without a swim speed', ruleId: 'A5E-SCEN-6' });
    return;
  }
  if (p.kind !== 'attack') return;
  const a = attackOf(ctx.state, p);
  if (!a || isSpellAttack(a)) return;
  if (isRangedAttack(p)) {
    if (beyondNormalRange(ctx, p, a) && !p.autoFail) p.autoFail = { reason: 'underwater-range', ruleId: 'A5E-SCEN-4' };
    if (!a.properties.includes('thrown')) p.rollModeSources.push({ mode: 'disadvantage', source: 'suspended-water', label: `ranged weapon in deep water (${a.name})`, ruleId: 'A5E-SCEN-5' });
  } else if (isMeleeAttack(p) && !swims) {
    p.rollModeSources.push({ mode: 'disadvantage', source: 'suspended-water', label: `melee weapon in deep water without a swim speed (${a.name})`, ruleId: 'A5E-SCEN-6' });
  }
}
