import type { Json } from '@fray/engine';
import type { AbilityId } from '../sheet/stat-block';

/**
 * The nine sample environments (A5E-WORLD-7). Seed 003 prints their entries without headings, so
 * the ids are the catalog's inferred names (cavern, volcanic, forest, arctic, manor, fog, mountain,
 * storm, swamp), not names from the book.
 */
export type EnvironmentId = 'cavern' | 'volcanic' | 'forest' | 'arctic' | 'manor' | 'fog' | 'mountain' | 'storm' | 'swamp';

export interface WorldSave {
  ability: AbilityId;
  dc: number;
}

export interface WorldCheck {
  ability: AbilityId;
  skill: string;
  dc: number;
}

/** What a failed save does. A success does nothing (A5E-WORLD-6). */
export type WorldOutcome =
  /** `gearDice` replaces `dice` for a creature wearing cold-weather gear (Cold Chill) */
  | { kind: 'damage'; dice: string; type: string; gearDice?: string }
  | { kind: 'condition'; condition: string; until: 'startOfNextTurn' | 'endOfNextTurn' | 'removed' }
  | { kind: 'fatigue'; levels: number }
  | { kind: 'push'; feet: number };

/**
 * What an entry does, as data the world module interprets. Persistent features apply whenever their
 * condition holds; the last group are world actions, run in the start-of-round phase.
 */
export type WorldEffect =
  /** an obstacle a creature can take cover behind; `needs` narrows when it helps */
  | { kind: 'cover'; degree: 'half'; needs?: 'prone-within-5ft' | 'tipped' }
  | { kind: 'difficultTerrain' }
  | { kind: 'obscured'; degree: 'light' | 'heavy' }
  /** no creature in the area hears beyond `feet` (loud explosive noises excepted) */
  | { kind: 'hearingLimit'; feet: number }
  /** sound carries `factor` times as far */
  | { kind: 'soundCarries'; factor: number }
  | { kind: 'extraDamagePerDie'; damageType: string; perDie: number }
  /** the first touch of a surface or unattended object in a turn hurts; cold-style exemptions optional */
  | { kind: 'touch'; dice: string; type: string; resistanceProtects?: boolean; bareSkinOnly?: boolean }
  /** a save at the end of each turn spent in the area; `breakFree` lets the creature spend its action to end it */
  | { kind: 'turnEndSave'; save: WorldSave; onFail: WorldOutcome; breakFree?: boolean }
  | { kind: 'concealsHazards'; check: WorldCheck }
  /** a disturbance brings the area down `afterRounds` rounds later: grappled (escape DC) and suffocating */
  | { kind: 'collapse'; afterRounds: number; escapeDc: number }
  /** it can fall on the creatures beneath; `hitAc`: a ranged attack that hits this AC and deals damage drops it */
  | { kind: 'falls'; save: WorldSave; onFail: WorldOutcome; hitAc?: number }
  | { kind: 'swing'; check: WorldCheck }
  /** a creature that Dashed this turn and moves through makes this save (once per turn) */
  | { kind: 'dashSave'; save: WorldSave; onFail: WorldOutcome }
  | { kind: 'reflect'; maxSpellLevel: number }
  | { kind: 'tip'; cover: 'half' }
  | { kind: 'roll'; check: WorldCheck; save: WorldSave; onFail: WorldOutcome }
  | { kind: 'throwable'; normalFeet: number; longFeet: number; dice: string; type: string }
  | { kind: 'icy' }
  // world actions
  | { kind: 'saveAction'; targets: 'one' | 'each' | 'near'; save: WorldSave; onFail: WorldOutcome; oncePerTarget?: boolean }
  /** until the next world-action phase, nobody hears beyond `feet` */
  | { kind: 'silence'; feet: number }
  | { kind: 'spawn'; creature: 'shadow-puppet' | 'leeches'; initiative: number | 'roll'; imitateRandom?: boolean }
  | { kind: 'teleport'; feet: number };

export interface WorldEntry {
  /** kebab-case, unique across all environments, so one entry can be borrowed into another */
  id: string;
  /** the seed's name for it */
  name: string;
  environment: EnvironmentId;
  ruleId: string;
  /** world actions act on their own at the start of a round (A5E-WORLD-2, A5E-WORLD-6) */
  kind: 'feature' | 'action';
  /** "Recharge X–6": the lowest d6 face that regains it (A5E-WORLD-4) */
  recharge?: number;
  /** whether it occupies part of the battlefield; squares tagged `world:<id>` locate it */
  area: boolean;
  effects: WorldEffect[];
  /** our one-line summary, shown in logs and to the Narrator */
  summary: string;
}

export interface Environment {
  id: EnvironmentId;
  name: string;
  /** seed 003 omits the headings: the name is the catalog's inference */
  nameInferred: boolean;
  entries: WorldEntry[];
}

/** The encounter's environment as the Narrator set it up (encounter options plus GM edits). */
export interface WorldConfig {
  environments: EnvironmentId[];
  include: string[];
  disable: string[];
  rename: Record<string, string>;
  actionsPerRound: number;
  /** stat blocks for created creatures, keyed by entry id ('shadow-puppet', 'leeches') */
  creatures: Record<string, Json>;
  /** how many of a countable object there are (stalactites, chandeliers, mirrors, tables, boulders) */
  counts: Record<string, number>;
}
