import { z } from 'zod';
import type { SettingSchemas } from '@fray/engine';
import { lightLevels } from './campaign/light';
import { HOURS_OUT } from './campaign/party';

/**
 * The table settings (encounter options) and the creature vars a set-up may give, with their types,
 * grouped by the module that reads them; an encounter with an undeclared or mistyped one is refused at
 * creation (ADR 0005). docs/rulesets/five-torches-deep.md lists what each does.
 */
export const attackOptions: SettingSchemas = {
  edgePrompt: z.enum(['always']).describe("'always': the GM is asked for an edge on every attack (FTD-ATK-1)"),
};

export const moraleOptions: SettingSchemas = {
  moraleTriggers: z.boolean().describe('false: morale is never checked (FTD-MORALE-1)'),
};

export const campaignOptions: SettingSchemas = {
  light: z.enum(lightLevels).describe("the scene's light unless the GM sets it (FTD-LIGHT-10: well lit)"),
  travelRollCadence: z.enum(['hourly', 'daily', 'weekly']),
};

export const campaignVars: SettingSchemas = {
  [HOURS_OUT]: z.number().nonnegative().describe('hours out of a safe haven, for resilience'),
  'ftd.lightLevel': z.enum(lightLevels).describe('the light where it stands, as the GM says (FTD-LIGHT-6)'),
};

export const retreatVars: SettingSchemas = {
  follows: z.string().describe('the creature it follows: it checks morale when that one retreats (FTD-RETREAT-7)'),
};

export const loadVars: SettingSchemas = {
  abilities: z.record(z.string(), z.number()).describe('ability scores as they stand now, over the sheet'),
  load: z.number().nonnegative().describe('load slots used, over the sheet'),
  coins: z.number().nonnegative(),
};

export const deathVars: SettingSchemas = {
  lostParts: z.array(z.string()),
};
