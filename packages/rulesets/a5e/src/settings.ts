import { z } from 'zod';
import { jsonValueSchema, type SettingSchemas } from '@fray/engine';
import { scenarioIds } from './scenarios/scenario';
import { CREATURE_VARS } from './world/config';
import { ELEVATION } from './position/geometry';
import { FLYING } from './movement/state';

/**
 * The table settings (encounter options) and the creature vars a set-up may give, with their types,
 * grouped by the module that reads them (each module declares its group; `mergeModules` refuses a
 * name two modules declare). An encounter with an undeclared or mistyped one is refused at creation
 * (ADR 0005). Defaults are the rules' own reading; see docs/rulesets/a5e*.md for each.
 */
const oneOrMany = z.union([z.string(), z.array(z.string())]);
const ids = z.record(z.string(), z.string());

export const economyOptions: SettingSchemas = {
  surpriseBlocksBonusAction: z.boolean().describe('a surprised creature has no bonus action either'),
};

export const attackOptions: SettingSchemas = {
  expertiseStacking: z.enum(['step-up', 'highest-only']),
};

export const conditionsOptions: SettingSchemas = {
  deferCombatFatigue: z.boolean().describe('false: fatigue gained in a fight applies at once'),
  fatigueLevel7: z.enum(['doomed', 'dies']).describe("'dies': fatigue 7 kills at once (seed 002's other reading)"),
  doomedTimer: z.enum(['rules', 'narrator']),
};

export const conditionsVars: SettingSchemas = {
  concentrating: z.union([z.string(), z.boolean()]).describe('what it concentrates on'),
  'a5e.hidden': z.object({ stealth: z.number(), from: z.array(z.string()) }).describe('hidden, with its Stealth total, from these creatures'),
  'a5e.raging': z.boolean(),
  disengaged: z.boolean(),
  'a5e.tumblingSpecialty': z.boolean(),
};

export const dyingOptions: SettingSchemas = {
  knockOutPrompt: z.enum(['declared', 'always']),
  otherDamageAtZeroPrompt: z.boolean(),
  npcDyingPrompt: z.boolean(),
  deathSaveNatural1Failures: z.union([z.literal(1), z.literal(2)]),
};

export const dyingVars: SettingSchemas = {
  dyingRules: z.enum(['pc', 'monster', 'doomed-at-zero']),
  critBlockUsed: z.boolean(),
};

export const damageOptions: SettingSchemas = {
  massiveDamageAtZero: z.enum(['triple', 'level']),
};

export const damageVars: SettingSchemas = {
  damageReductions: z.array(z.object({ types: z.union([z.literal('all'), z.array(z.string())]), amount: z.number(), source: z.string().optional() })),
  damageThreshold: z.number(),
  shieldSacrificed: z.boolean(),
};

export const objectsOptions: SettingSchemas = {
  fortifiedThreshold: z.enum(['table', 'ac']),
  rollObjectHP: z.boolean(),
};

export const hazardsVars: SettingSchemas = {
  underwater: z.boolean(),
  noAir: z.boolean(),
  suffocating: z.boolean(),
};

export const scenariosOptions: SettingSchemas = {
  scenario: z.union([z.enum(scenarioIds), z.array(z.enum(scenarioIds))]),
  rollingCutoffFeet: z.number().nonnegative(),
};

export const worldOptions: SettingSchemas = {
  environment: oneOrMany.describe("'forest', or several ids to mix environments"),
  environmentInclude: oneOrMany.describe('entry ids borrowed from other environments (A5E-WORLD-5)'),
  environmentDisable: oneOrMany.describe('entry ids switched off (A5E-WORLD-5)'),
  environmentRename: ids.describe('entry id → the name the table uses'),
  worldActionsPerRound: z.number().nonnegative().describe('A5E-WORLD-3; default 1'),
  environmentCreatures: z.record(z.string(), jsonValueSchema).describe('entry id → the stat block of the creature it makes'),
  environmentCounts: z.record(z.string(), z.number()).describe('entry id → how many there are; default 1'),
  windDirection: z.enum(['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw']).describe('the default answer for Forceful Gale'),
};

export const worldVars: SettingSchemas = {
  [CREATURE_VARS.skinExposed]: z.boolean().describe('its skin is exposed to frostbitten surfaces'),
  [CREATURE_VARS.coldGear]: z.boolean().describe('it wears cold-weather gear (Cold Chill)'),
};

export const flowOptions: SettingSchemas = {
  sprintRules: z.enum(['basic', 'extended']),
};

export const movementOptions: SettingSchemas = {
  'a5e.modeSwitchCounts': z.enum(['distance', 'cost']),
  'a5e.standingLongJump': z.enum(['refused', 'half']),
  climbInDifficultTerrainCostPerFoot: z.union([z.literal(3), z.literal(4)]),
  'a5e.zoneFlanking': z.enum(['attacks', 'engaged']),
  'a5e.dropProneReaction': z.enum(['auto', 'ask', 'off']),
  'a5e.zoneBandFeet': z.array(z.number().nonnegative()).min(1).describe('feet for each zone band, nearest first'),
  coverSaveScope: z.enum(['dex', 'all']),
};

export const movementVars: SettingSchemas = {
  [ELEVATION]: z.number().describe('feet above the ground'),
  [FLYING]: z.boolean().describe('it is flying, so it can fall (A5E-MOVE-9)'),
};

const abilities = z.enum(['str', 'dex', 'con', 'int', 'wis', 'cha']);
export const duelOptions: SettingSchemas = {
  duel: z.object({
    participants: z.array(z.string()),
    initiative: z.enum(['rps', 'standard']),
    maxSeparationFt: z.number().nonnegative(),
    borders: z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }),
    onInterference: z.enum(['normal-combat', 'penalty', 'forfeit', 'ignore']),
    spectatorAdvantage: z.boolean(),
    touches: z.boolean(),
    magic: z.object({ allowed: z.boolean(), bannedSchools: z.array(z.string()), onBanned: z.enum(['refuse', 'breach']) }).partial().strict(),
    strategyAbilities: z.record(z.string(), z.array(abilities)),
  }).partial().strict().describe("the duel's settings (docs/rulesets/a5e-duel.md)"),
};

export const duelVars: SettingSchemas = {
  'a5e.exertion': z.number().int().nonnegative(),
  'a5e.duel.levels': z.object({ fatigue: z.number(), strife: z.number() }),
};

export const effectsVars: SettingSchemas = {
  'a5e.action.used:*': z.number().int().nonnegative().describe('uses of a limited action so far'),
};
