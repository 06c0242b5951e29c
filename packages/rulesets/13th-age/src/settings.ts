import { z } from 'zod';
import type { SettingSchemas } from '@fray/engine';

/**
 * The table settings (encounter options) and the creature vars a set-up may give, with their types,
 * grouped by the module that reads them; an encounter with an undeclared or mistyped one is refused at
 * creation (ADR 0005). docs/rulesets/13th-age.md lists what each does.
 */
export const flowOptions: SettingSchemas = {
  '13a.autoDeathSaveAfterBattle': z.boolean().describe('false: nobody rolls the after-battle death save for an unconscious PC'),
  '13a.lastingWounds': z.boolean(),
};

export const dyingOptions: SettingSchemas = {
  '13a.meaningfulDeath': z.boolean(),
};

export const attackOptions: SettingSchemas = {
  '13a.defenseMode': z.enum(['score', 'base+modifier']),
};

export const attackVars: SettingSchemas = {
  group: z.string().describe('a group of creatures attacked in order outward from the first (13A-TGT-2)'),
  groupPos: z.number().int().nonnegative().describe('its place in the group as set up (the rules take the roster order)'),
};

export const movementVars: SettingSchemas = {
  behind: z.string().describe('the creature it stands behind, guarding it'),
};

export const mooksVars: SettingSchemas = {
  mob: z.string().describe('the mob it fights in (mooks share damage)'),
};
