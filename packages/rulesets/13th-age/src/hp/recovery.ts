import { heal, type Resolution } from '@fray/engine';
import { abilityMod, levelMultiplier, withConstant } from '../core/math';
import { pcSheet } from '../core/sheets';

/**
 * 13A-HEAL-1/2/4: spend a recovery: level-many recovery dice + Con modifier x M (at least 0). With
 * none left the creature heals half and takes another stacking -1 until its next full heal-up.
 */
export function useRecovery(ctx: Resolution, id: string, reason: string): number {
  const c = () => (ctx.state.creatures[id])!;
  const pc = pcSheet(c());
  if (!pc) return ctx.reject('no-recoveries', `${c().name} is not a PC and has no recoveries`, '13A-HEAL-1');
  const expr = withConstant(`${pc.level}${pc.recoveryDie}`, abilityMod(pc.abilities.con) * levelMultiplier(pc.level));
  const rolled = Math.max(0, ctx.roll(expr, { roller: id, purpose: `a recovery (${reason})` }).total);
  const left = c().resources['recoveries'] ?? 0;
  let amount = rolled;
  if (left > 0) {
    ctx.emit({ type: 'ResourceSet', creatureId: id, key: 'recoveries', value: left - 1, ruleId: '13A-HEAL-1' });
  } else {
    amount = Math.floor(rolled / 2);
    const n = (c().tallies['phantomRecoveries'] ?? 0) + 1;
    ctx.emit({ type: 'TallySet', creatureId: id, key: 'phantomRecoveries', value: n, ruleId: '13A-HEAL-4' });
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-HEAL-4', text: `no recoveries left: half healing (${amount}) and -${n} to attacks and defenses until a full heal-up`, creatureId: id });
  }
  return heal(ctx, id, amount, id, '13A-HEAL-2');
}
