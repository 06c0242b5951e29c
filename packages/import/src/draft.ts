/**
 * The 5e-family creature every 5e source (Open5e v1/v2, 5etools, pasted 5e text) is read into
 * before it is mapped to a ruleset's stat block. It keeps the source's own numbers (save and
 * skill bonuses, damage words) so the mapping can report what it kept, changed or refused.
 */
export const abilityKeys = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const;
export type AbilityKey = (typeof abilityKeys)[number];

export type FeatureKind = 'trait' | 'action' | 'bonus' | 'reaction' | 'legendary' | 'lair';

/** A structured attack (Open5e v2 `attacks[]`, or one read from the classic sentence). */
export interface DraftAttack {
  kind: 'melee' | 'ranged' | 'melee-or-ranged';
  spell: boolean;
  bonus: number;
  reach?: number;
  range?: number;
  longRange?: number;
  /** the first piece is the main damage; unlabelled constants belong to it */
  damage: { dice: string; type?: string }[];
  /** where the numbers came from, for the report */
  from: string;
}

export interface DraftUsage {
  recharge?: number;
  perDay?: number;
  /** recharges after a short or long rest */
  rest?: boolean;
  /** words of the usage the rules cannot hold ("While Bloodied") */
  notes: string[];
}

export interface DraftFeature {
  kind: FeatureKind;
  name: string;
  text: string;
  pointer: string;
  usage: DraftUsage;
  /** structured attacks given by the source (Open5e v2); otherwise read from the text */
  attacks?: DraftAttack[];
  /** legendary actions: how many it costs */
  legendaryCost?: number;
}

/** A damage word list as the source gives it: the types it names and any qualifier it puts on them. */
export interface DraftDamageList {
  types: string[];
  /** words the rules do not read ("from nonmagical attacks") */
  qualifiers: string[];
  /** words that name no damage type */
  unknown: string[];
  pointer: string;
}

export interface Draft5e {
  name: string;
  pointer: string;
  source: string;
  key?: string;
  document?: string;
  size?: string;
  type?: string;
  cr?: string;
  proficiency?: number;
  ac?: number;
  hp?: number;
  hitDice?: string;
  abilities: Partial<Record<AbilityKey, number>>;
  saves: Partial<Record<AbilityKey, number>>;
  skills: Record<string, number>;
  speed: { walk?: number; fly?: number; swim?: number; climb?: number; burrow?: number; hover?: boolean };
  senses: { darkvision?: number; blindsight?: number; truesight?: number; tremorsense?: number; blindBeyond?: boolean };
  resist: DraftDamageList;
  immune: DraftDamageList;
  vulnerable: DraftDamageList;
  conditionImmunities: { names: string[]; pointer: string };
  features: DraftFeature[];
  /** pointers of each field, for reports and errors */
  at: Partial<Record<'ac' | 'hp' | 'abilities' | 'saves' | 'skills' | 'speed' | 'senses' | 'cr' | 'size', string>>;
}

export function emptyDamageList(pointer: string): DraftDamageList {
  return { types: [], qualifiers: [], unknown: [], pointer };
}
