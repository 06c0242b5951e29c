import type { Resolution } from '@fray/engine';
import { a5eTest } from '../core/d20';
import { levelOrHitDice, sheetById } from '../sheet/derived';
import type { StatBlock } from '../sheet/stat-block';
import { die } from '../dying/state';
import { gainFatigue, gainStrife } from '../conditions/tracks';

/**
 * 20 + 3 × character level (or Hit Dice). Seed 002 once says "20 + character level" for a creature
 * already at 0 hit points; encounter option `massiveDamageAtZero: 'level'` follows that sentence
 * instead of the catalog's single formula (AMB-5, A5E-DYING-10).
 */
export function massiveDamageThreshold(sheet: StatBlock, atZero = false, formula: 'triple' | 'level' = 'triple'): number {
  const n = levelOrHitDice(sheet);
  return 20 + (atZero && formula === 'level' ? n : 3 * n);
}

/**
 * Massive damage (A5E-DMG-16): damage at or above the threshold that leaves the creature at 0 calls
 * for a DC 15 Constitution save. Failure kills; success costs a level of fatigue and of strife.
 * `amount` is the whole instance after resistance and vulnerability (AMB-5).
 */
export function checkMassiveDamage(ctx: Resolution, id: string, amount: number, atZero: boolean): 'none' | 'died' | 'survived' {
  const formula = ctx.state.options['massiveDamageAtZero'] === 'level' ? 'level' : 'triple';
  const threshold = massiveDamageThreshold(sheetById(ctx.state, id), atZero, formula);
  if (amount < threshold) return 'none';
  const c = ctx.state.creatures[id]!;
  const ruleId = atZero ? 'A5E-DYING-10' : 'A5E-DMG-16';
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${c.name} takes massive damage (${amount} ≥ ${threshold}): DC 15 Constitution save or die`, creatureId: id });
  const save = a5eTest(ctx, { kind: 'save', actor: id, ability: 'con', dc: { label: 'massive damage DC', value: 15 }, options: ['save:massive-damage'], ruleId: 'A5E-DMG-16' });
  if (save.outcome !== 'success') {
    die(ctx, id, 'A5E-DMG-16', 'failed the save against massive damage');
    return 'died';
  }
  gainFatigue(ctx, id, 1, 'A5E-DMG-16');
  gainStrife(ctx, id, 1, 'A5E-DMG-16');
  return 'survived';
}
