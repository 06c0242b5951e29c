import { z } from 'zod';
import { creatureSchema, expectSchema, json, mapSchema, placementSchema, stepSchema, type ScenarioStep } from './schema';

/**
 * The campaign file format — one table, one stream of play (`fray campaign <file>`, and `fray run`
 * for a file with fights or a clock): the table's creatures, then in order campaign steps (rests,
 * travel, time, GM overrides, any ruleset command the rules allow between fights) and fights (foes,
 * a map, their own steps), each fight written back into the table when its steps are done.
 * `docs/campaign.schema.json` is generated from this (`npm run -w @fray/cli schema`); ADR 0004.
 */

const id = z.string().min(1).max(200);

/** A fight inside a campaign: new foes, the campaign's creatures as they are, its own steps; written back at the end. */
export const fightSchema = z.object({
  fight: z.object({
    id: id.describe('the fight id, unique in the campaign'),
    seed: z.union([z.string(), z.number().int()]).optional().describe("the fight's dice seed (default: the campaign's seed and the fight id)"),
    members: z.array(id).optional().describe('campaign creatures taking part (default: all)'),
    foes: z.array(creatureSchema).default([]).describe('creatures met only in this fight (a scenario file\'s creature entries; `at` places them on the map)'),
    options: z.record(z.string(), json).optional().describe("ruleset options for this fight, over the campaign's"),
    modules: z.array(id).optional(),
    dice: z.enum(['seeded', 'entered']).optional().describe("'entered': rolls without scripted dice become dice.enter prompts"),
    map: mapSchema.optional(),
    at: z.record(id, placementSchema).optional().describe("where the members start on the fight's map, by creature id (foes say it in their own entry)"),
    steps: z.array(stepSchema).default([]).describe('encounter commands, as in a scenario file'),
    end: z.string().min(1).max(500).optional().describe("why the fight ends, if its steps did not end it (default 'the fight is over')"),
    expect: expectSchema.optional().describe('checked on the campaign right after the fight is written back (what the fight left the table: hit points, conditions, the clock)'),
  }).strict(),
}).strict();

export const campaignFileSchema = z.object({
  $schema: z.string().optional().describe('editor hint; ignored'),
  ruleset: id.describe("the ruleset id, e.g. 'a5e'"),
  seed: z.union([z.string(), z.number().int()]).default(1).describe("seed for the campaign's dice (fights default to this and their id)"),
  clock: z.object({ day: z.number().int().min(1).default(1), hour: z.number().int().min(0).max(23).default(0), minute: z.number().int().min(0).max(59).default(0) }).strict().optional()
    .describe('the game clock at the start (default day 1, 00:00)'),
  dice: z.enum(['seeded', 'entered']).optional().describe("'entered': campaign rolls without scripted dice become dice.enter prompts (fights say their own)"),
  options: z.record(z.string(), json).optional().describe('ruleset options for the campaign and every fight'),
  creatures: z.array(creatureSchema).min(1).describe("the table's creatures: they persist from fight to fight (no `at`: fights place them)"),
  steps: z.array(z.union([fightSchema, stepSchema])).default([]).describe('campaign steps and fights, in the order they happen'),
  expect: expectSchema.optional().describe('checked on the campaign after the last step'),
}).strict().meta({
  title: 'Fray campaign',
  description: 'A table and what happens at it, in order: campaign steps (rests, travel, time) and fights, for `fray campaign <file>` (and `fray run`).',
});

export type CampaignFile = z.output<typeof campaignFileSchema>;
export type FightStep = z.output<typeof fightSchema>;

export const isFight = (s: FightStep | ScenarioStep): s is FightStep => 'fight' in s;

/**
 * Whether a file's data is a campaign (a stream of fights and campaign steps) rather than a scenario
 * (one fight): it has a clock or a fight step. `fray run` plays either.
 */
export function isCampaignShaped(data: unknown): boolean {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false;
  const d = data as Record<string, unknown>;
  if (Object.hasOwn(d, 'clock')) return true;
  return Array.isArray(d['steps']) && d['steps'].some((s) => s !== null && typeof s === 'object' && Object.hasOwn(s, 'fight'));
}

export function campaignJsonSchemaText(): string {
  return `${JSON.stringify(z.toJSONSchema(campaignFileSchema, { io: 'input', target: 'draft-2020-12' }), null, 2)}\n`;
}
