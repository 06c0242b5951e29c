import type { z } from 'zod';
import type { Json } from '../core/json';
import type { Predicate } from '../modifier/predicate';
import type { Duration } from './duration';

/**
 * What a condition does, as data the engine interprets. Targets of modifiers and roll modes are
 * selectors the ruleset names ('attack', 'ac', 'save:dex', 'check', 'speed', ...).
 */
export type ConditionEffect =
  | { kind: 'modifier'; selector: string; value: number; type?: string; perLevel?: boolean; predicate?: Predicate; ruleId?: string }
  /** subject 'self': the holder's own rolls; 'against': rolls made against the holder */
  | { kind: 'rollMode'; selector: string; subject: 'self' | 'against'; mode: 'advantage' | 'disadvantage'; predicate?: Predicate; ruleId?: string }
  | { kind: 'autoFail'; selector: string; predicate?: Predicate; ruleId?: string }
  | { kind: 'speed'; set?: number; multiply?: number; add?: number; ruleId?: string }
  | { kind: 'forbid'; what: string; ruleId?: string }
  | { kind: 'damageAdjust'; adjust: 'resistance' | 'immunity' | 'vulnerability'; types: string[] | 'all'; ruleId?: string }
  | { kind: 'conditionImmunity'; conditions: string[]; ruleId?: string }
  | { kind: 'ongoing'; dice: string; timing: 'start' | 'end'; ruleId?: string }
  | { kind: 'flag'; flag: string; ruleId?: string };

export interface ConditionDef {
  id: string;
  name: string;
  ruleId?: string;
  /** conditions this one brings along (paralyzed implies incapacitated) */
  implies?: string[];
  /** leveled tracks (fatigue 1-7): effects listed per level are cumulative up to the current level */
  levels?: { max: number; effects: Record<number, ConditionEffect[]> };
  effects: ConditionEffect[];
  /** only one condition of a group at a time (e.g. cover degrees) */
  exclusiveGroup?: string;
  /** the data every instance carries, for conditions whose rules read it (who grabbed, which ongoing damage) */
  data?: ConditionDataSpec;
}

/**
 * What a condition's instance data must hold. The rules add such conditions with their data; a GM
 * adding one by hand must give it too (`gm.addCondition` checks it), or a later rule would read nothing.
 */
export interface ConditionDataSpec {
  schema: z.ZodType;
  /** data fields that must name a creature in the encounter */
  creatures?: string[];
  /** an example for error messages, e.g. `{ grabber: 'ogre' }` */
  example: string;
}

export interface ConditionInstance {
  /** unique within the creature */
  instanceId: string;
  conditionId: string;
  level?: number;
  /** the creature or effect that applied it */
  source: string | null;
  duration: Duration;
  /** set when another condition brought this one along; it goes when the parent goes */
  impliedBy?: string;
  data?: Json;
}
