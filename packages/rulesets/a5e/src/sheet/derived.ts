import type { CreatureState, EncounterState } from '@fray/engine';
import type { AbilityId, Attack, StatBlock } from './stat-block';

export const sheetOf = (c: CreatureState): StatBlock => c.sheet as unknown as StatBlock;
export const sheetById = (s: EncounterState, id: string): StatBlock => sheetOf(s.creatures[id]!);

export function abilityMod(score: number): number {
  return Math.floor((score - 10) / 2);
}

export function mod(sheet: StatBlock, a: AbilityId): number {
  return abilityMod(sheet.abilities[a]);
}

export function saveBonus(sheet: StatBlock, a: AbilityId): number {
  return mod(sheet, a) + (sheet.saves.includes(a) ? sheet.proficiency : 0);
}

/** A melee weapon uses Strength, or the better of Strength and Dexterity if finesse; ranged uses Dexterity (A5E-ATK-3). */
export function attackAbility(sheet: StatBlock, attack: Attack): AbilityId {
  if (attack.ability) return attack.ability;
  if (attack.properties.includes('finesse')) return mod(sheet, 'dex') > mod(sheet, 'str') ? 'dex' : 'str';
  return attack.kind === 'ranged' && !attack.properties.includes('thrown') ? 'dex' : 'str';
}

/** d20 + ability + proficiency (A5E-ATK-2..4); a stat block's printed bonus wins. */
export function attackBonus(sheet: StatBlock, attack: Attack): number {
  if (attack.bonus !== undefined) return attack.bonus;
  return mod(sheet, attackAbility(sheet, attack)) + (attack.proficient ? sheet.proficiency : 0);
}

/** 8 + proficiency + the better of Strength and Dexterity, unless the stat block gives one (A5E-CORE-16). */
export function maneuverDC(sheet: StatBlock): number {
  return sheet.maneuverDC ?? 8 + sheet.proficiency + Math.max(mod(sheet, 'str'), mod(sheet, 'dex'));
}

/** Character level, or Hit Dice for creatures without levels (A5E-DMG-16). */
export function levelOrHitDice(sheet: StatBlock): number {
  return sheet.level ?? sheet.hitDice ?? 1;
}

export const sizeRank = (size: StatBlock['size']): number => ['tiny', 'small', 'medium', 'large', 'huge', 'gargantuan'].indexOf(size);
