import { z } from 'zod';

/**
 * The scenario file format (`fray run <file>`): an encounter setup, a list of steps (commands with
 * optional scripted dice, prompt answers and expectations) and a final expectation. YAML or JSON.
 * `docs/scenario.schema.json` is generated from this (`npm run -w @fray/cli schema`).
 */

const id = z.string().min(1).max(200);
export const json = z.json().meta({ id: 'Json', description: 'any JSON value' });

export const seatSchema = id.describe("a player's seat, e.g. 'seat-ana'");

const diceScript = z
  .string()
  .describe("scripted die faces in the order the rules roll them, e.g. 'd20:14 d8:6'. Strict: a die of the wrong size, or a face left unused, fails the run (exit 1)");

const conditionSetup = z
  .object({
    id: id.describe('condition id in the ruleset'),
    level: z.number().int().min(1).optional().describe('for leveled conditions (weary 2)'),
    source: id.optional().describe("the creature (or effect) it comes from: a grab's grabber, an ongoing damage's attacker"),
    data: z.record(z.string(), json).optional().describe("the condition's data as the ruleset keeps it (ongoing damage: {amount, type, name}; grabbed: {grabber})"),
    duration: json.optional().describe("how long it lasts, e.g. {kind: rounds, rounds: 3, creatureId: ana}, {kind: saveEnds, save: easy, timing: end}, {kind: gameTime, seconds: 600}"),
  })
  .strict();

const square = z.object({ x: z.number().int(), y: z.number().int() }).strict().describe('a square: x across, y down, from 0');

const mapSchema = z
  .union([
    z.object({
      grid: z.object({
        width: z.number().int().min(1).max(1000).optional().describe('squares across (with height; unbounded without)'),
        height: z.number().int().min(1).max(1000).optional(),
        squareFeet: z.number().int().min(1).optional().describe('feet per square (default 5)'),
        diagonals: z.enum(['uniform', 'alternating']).optional().describe("'uniform' (every diagonal one square, default) or 'alternating' (5-10-5)"),
        difficult: z.array(square).optional().describe('squares of difficult terrain'),
        walls: z.array(square).optional().describe("squares a wall fills (tag 'wall': total cover)"),
        terrain: z.array(z.object({
          at: z.array(square).min(1),
          tags: z.array(id).optional().describe("what is there: a hazard ('fire'), an object or cover ('cover:half', 'table-tipped'), a feature the ruleset names"),
          difficult: z.boolean().optional(),
        }).strict()).optional(),
      }).strict(),
    }).strict(),
    z.object({
      zones: z.object({
        bands: z.array(id).min(1).optional().describe("range bands nearest first (default: the ruleset's: 13th Age engaged/nearby/far away, Five Torches Deep close/ranged/far)"),
        defaultBand: id.optional().describe('the band between creatures not placed apart (default: the second band)'),
        engaged: z.array(z.tuple([id, id])).optional().describe('pairs engaged with each other at the start'),
        apart: z.array(z.object({ between: z.tuple([id, id]), band: id }).strict()).optional().describe('pairs at a band other than the default'),
      }).strict(),
    }).strict(),
  ])
  .describe('the map: a grid of squares or theatre-of-the-mind zones; each creature says where it starts (at)');

const placementSchema = z
  .object({
    x: z.number().int().optional(),
    y: z.number().int().optional(),
    elevation: z.number().int().optional().describe('feet above the ground (grid)'),
    size: id.optional().describe("footprint size (default: the stat block's, else medium)"),
    zone: z.string().min(1).nullable().optional().describe('the zone it is in (zones)'),
  })
  .strict()
  .describe('where it starts: a square {x, y, elevation?} on a grid, or {zone} in zones');

export { mapSchema, placementSchema };

export const creatureSchema = z
  .object({
    id: id.describe('unique within the scenario; commands and expectations refer to it'),
    name: z.string().min(1).optional().describe("display name; defaults to the stat block's name"),
    side: id.describe("free string ('party', 'foes'); different sides are hostile"),
    controller: seatSchema.nullable().optional().describe('the seat that controls it; absent or null: the GM'),
    tags: z.array(id).optional(),
    statBlock: z.record(z.string(), z.unknown()).optional().describe("inline stat block, validated by the ruleset"),
    ref: z
      .string()
      .min(1)
      .optional()
      .describe("a stat block file (YAML or JSON), relative to the scenario file or to scenarios/content/, e.g. 'mini/ogre.yaml'"),
    hp: z.number().int().optional().describe('starting hit points (default: the maximum); below 0 only where the ruleset keeps negative hit points (13th Age PCs)'),
    tempHp: z.number().int().min(0).optional(),
    conditions: z.array(conditionSetup).optional().describe('conditions at the start (applied through the rules, so implied conditions and immunities apply)'),
    tracks: z.record(z.string(), z.number().int().min(0)).optional(),
    tallies: z.record(z.string(), z.number().int()).optional(),
    status: id.optional().describe("starting status (default from the ruleset, usually 'conscious')"),
    hidden: z.boolean().optional(),
    notes: z.string().optional(),
    initiative: z.number().int().optional().describe('a fixed initiative instead of a roll'),
    at: placementSchema.optional(),
    resources: z.record(z.string(), z.number().int()).optional().describe('resources as they stand (13th Age recoveries, duel actions, exertion, Hit Dice left)'),
    vars: z.record(z.string(), json).optional().describe('variables the rules read (an A5E flat damage reduction, what it concentrates on)'),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.statBlock === undefined && c.ref === undefined) ctx.addIssue({ code: 'custom', path: ['statBlock'], message: 'give a statBlock or a ref to a stat block file' });
    if (c.statBlock !== undefined && c.ref !== undefined) ctx.addIssue({ code: 'custom', path: ['ref'], message: 'give either statBlock or ref, not both' });
  })
  .meta({ oneOf: [{ required: ['statBlock'] }, { required: ['ref'] }] });

const creatureExpect = z
  .object({
    hp: z.number().int().optional(),
    tempHp: z.number().int().optional(),
    maxHp: z.number().int().optional(),
    status: id.optional(),
    conditions: z.array(id).optional().describe('the exact set of condition ids the creature has, implied ones included (order does not matter)'),
    tracks: z.record(z.string(), z.number().int()).optional().describe('track levels, leveled conditions included (weary: 2); an absent track is 0'),
    resources: z.record(z.string(), z.number().int()).optional().describe('resources left (movementFeet, reaction, recoveries, duel actions); an absent resource is 0'),
    tallies: z.record(z.string(), z.number().int()).optional().describe('tallies (death save successes and failures); an absent tally is 0'),
    vars: z.record(z.string(), json).optional().describe('creature variables the rules keep, compared as JSON; null: not set'),
    at: placementSchema.optional().describe('where it is: the fields given are compared ({x, y}, elevation, zone)'),
    engagedWith: z.array(id).optional().describe('the exact set of creatures it is engaged with (zones)'),
    derived: z.record(z.string(), z.number()).optional().describe("numbers the rules derive now, by name: A5E ac, speed, save.str … save.cha; 13th Age ac, pd, md, initiative; Five Torches Deep ac, speed, load, loadLimit"),
  })
  .strict();

export const expectSchema = z
  .object({
    creatures: z.record(id, creatureExpect).optional(),
    round: z.number().int().min(0).optional(),
    current: id.nullable().optional().describe('the creature whose turn it is; null: nobody'),
    pendingPrompt: id.nullable().optional().describe('the key of a prompt that must be open (e.g. mini.brace); null: no prompt open'),
    counters: z.record(z.string(), z.number().int()).optional().describe('encounter counters (the 13th Age escalation die: escalation); an absent counter is 0'),
    vars: z.record(z.string(), json).optional().describe('encounter variables, compared as JSON; null: not set'),
    clockSeconds: z.number().int().optional().describe('the game clock, in seconds'),
  })
  .strict();

const answerSchema = z
  .object({
    key: id.describe('the prompt key, e.g. mini.brace (the first open prompt with that key is answered)'),
    answer: json.describe('the answer: an option id, a number, or a list of die faces'),
    dice: diceScript.optional().describe('scripted faces for the rolls this answer leads to'),
    as: z.string().min(1).optional().describe("'gm' or a seat; default: whoever the prompt is addressed to"),
  })
  .strict();

export const commandSchema = z
  .object({ type: id.describe('an engine command (startCombat, endTurn, takeAction, gm.setHp, ...) or a ruleset command') })
  .catchall(json)
  .describe("the engine's command JSON, e.g. {type: takeAction, actorId: ana, action: attack, targets: [ogre]}");

export const stepSchema = z
  .object({
    command: commandSchema,
    as: z.string().min(1).optional().describe("who issues it: 'gm' (default) or a seat"),
    dice: diceScript.optional(),
    preAnswers: z.record(id, json).optional().describe("answers to the prompts the command will open, by prompt key, sent with it (e.g. {a5e.knockOut: knock-out}, {dice.enter: [14]}); several prompts of one key in order: {dice.enter: {inOrder: [[14], [6]]}}; each must be used, and a bad one refuses the command (bad-answer)"),
    answers: z.array(answerSchema).optional().describe('prompt answers given in order right after the command'),
    expectRejected: id.optional().describe("the command must be refused with this error code (e.g. 'not-your-turn')"),
    expectMessage: z.string().min(1).optional().describe('with expectRejected: the refusal message must contain this text'),
    expect: expectSchema.optional().describe('checked after the command and its answers'),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.expectRejected !== undefined && s.answers?.length) ctx.addIssue({ code: 'custom', path: ['answers'], message: 'a step that expects a rejection cannot answer prompts' });
  });

export const scenarioSchema = z
  .object({
    $schema: z.string().optional().describe('editor hint; ignored'),
    ruleset: id.describe("the ruleset id, e.g. 'mini'"),
    modules: z.array(id).optional(),
    seed: z.union([z.string(), z.number().int()]).default(1).describe('seed for the encounter dice (steps without scripted dice use it)'),
    dice: z.enum(['seeded', 'entered']).optional().describe("'entered': rolls without scripted dice become dice.enter prompts"),
    options: z.record(z.string(), json).optional().describe('ruleset options'),
    map: mapSchema.optional(),
    creatures: z.array(creatureSchema).min(1),
    steps: z.array(stepSchema).default([]),
    expect: expectSchema.optional().describe('checked after the last step'),
  })
  .strict()
  .meta({
    title: 'Fray scenario',
    description: 'An encounter and the commands to play in it, for `fray run <file>`.',
  });

export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioCreature = z.output<typeof creatureSchema>;
export type ScenarioMap = z.output<typeof mapSchema>;
export type ScenarioStep = z.output<typeof stepSchema>;
export type ScenarioExpect = z.output<typeof expectSchema>;

/** The JSON Schema for editors and other tools (what `docs/scenario.schema.json` holds). */
export function scenarioJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(scenarioSchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
}

export function scenarioJsonSchemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}
