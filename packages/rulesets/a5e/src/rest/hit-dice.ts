import type { CreatureState, EncounterState } from '@fray/engine';
import { sheetOf, abilityMod } from '../sheet/derived';
import type { StatBlock } from '../sheet/stat-block';
import { hitDiceMultiplier, spendableHitDice } from '../conditions/tracks';

/** Tally of Hit Dice spent and not yet regained; it persists between fights in a campaign. */
export const HIT_DICE_SPENT = 'hitDiceSpent';

/** Monsters without a stated Hit Die use the usual die for their size (outside the seeds). */
const DIE_BY_SIZE: Record<StatBlock['size'], number> = { tiny: 4, small: 6, medium: 8, large: 10, huge: 12, gargantuan: 20 };

export interface HitDice {
  /** faces of one die (its class Hit Die) */
  size: number;
  total: number;
  spent: number;
  unspent: number;
}

/**
 * A creature's Hit Dice: characters have one per level of their `hitDieSize`; other creatures have
 * `hitDice` of `hitDieSize` (or the die for their size). Null when the stat block gives none.
 */
export function hitDiceOf(c: CreatureState): HitDice | null {
  const sheet = sheetOf(c);
  const total = sheet.kind === 'character' ? (sheet.hitDieSize ? (sheet.level ?? 1) : 0) : (sheet.hitDice ?? 0);
  if (total <= 0) return null;
  const size = sheet.hitDieSize ?? DIE_BY_SIZE[sheet.size];
  const spent = Math.min(total, Math.max(0, c.tallies[HIT_DICE_SPENT] ?? 0));
  return { size, total, spent, unspent: total - spent };
}

/** How many Hit Dice it may spend now: fatigue 5+ caps them at half the total, the rest kept (A5E-FATIGUE-5, A5E-REST-14). */
export function spendableNow(state: EncounterState, id: string): number {
  const hd = hitDiceOf(state.creatures[id]!);
  return hd ? spendableHitDice(hd.total, hd.unspent, hitDiceMultiplier(state, id)) : 0;
}

/** Hit points one spent die restores: the roll plus Constitution, never below 0 (A5E-REST-3 ruling). */
export function hitDieHealing(c: CreatureState, roll: number): number {
  return Math.max(0, roll + abilityMod(sheetOf(c).abilities.con));
}

/** Dice a long rest gives back: up to half the total, at least 1, never more than were spent (A5E-REST-6). */
export function hitDiceRegained(hd: HitDice): number {
  return Math.min(hd.spent, Math.max(1, Math.floor(hd.total / 2)));
}
