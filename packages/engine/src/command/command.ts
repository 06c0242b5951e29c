import { z } from 'zod';
import type { Json } from '../core/json';
import type { Principal } from '../core/state';

const id = z.string().min(1).max(200);
/** Any JSON value: options, vars and data the rules read themselves. */
export const jsonValueSchema: z.ZodType<Json> = z.lazy(() => z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonValueSchema), z.record(z.string(), jsonValueSchema)]));
const json = jsonValueSchema;

export const durationInputSchema = z.union([
  z.object({ kind: z.literal('untilRemoved') }).strict(),
  z.object({ kind: z.literal('nextTurn'), creatureId: id, boundary: z.enum(['start', 'end']) }).strict(),
  z.object({ kind: z.literal('rounds'), rounds: z.number().int().min(1).max(10_000), creatureId: id, boundary: z.enum(['start', 'end']).optional() }).strict(),
  z.object({ kind: z.literal('gameTime'), seconds: z.number().int().min(1) }).strict(),
  z.object({ kind: z.literal('saveEnds'), save: json, timing: z.enum(['start', 'end']) }).strict(),
  z.object({ kind: z.literal('untilRest'), rest: z.string().min(1) }).strict(),
  z.object({ kind: z.literal('endOfEncounter') }).strict(),
]);

/** A creature joining mid-encounter: the same shape as an encounter file's creature entry. */
export const creatureSetupSchema = z.object({
  id,
  name: z.string().min(1).max(200).optional(),
  side: id,
  controller: id.nullable().optional(),
  sheet: json,
  tags: z.array(id).optional(),
  hp: z.number().int().optional(),
  tempHp: z.number().int().min(0).optional(),
  conditions: z.array(z.object({ id, level: z.number().int().min(1).optional(), source: id.optional(), data: json.optional(), duration: durationInputSchema.optional() }).strict()).optional(),
  resources: z.record(z.string(), z.number().int()).optional(),
  tracks: z.record(z.string(), z.number().int()).optional(),
  tallies: z.record(z.string(), z.number().int()).optional(),
  status: id.optional(),
  hidden: z.boolean().optional(),
  notes: z.string().max(5000).nullable().optional(),
  vars: z.record(z.string(), json).optional(),
  initiative: z.number().int().min(-100).max(1000).optional(),
}).strict();

/** The commands every ruleset gets. Rulesets add their own (validated by their own schemas). */
export const engineCommandSchemas = {
  startCombat: z.object({ type: z.literal('startCombat') }).strict(),
  rollInitiative: z.object({ type: z.literal('rollInitiative'), creatureIds: z.array(id).optional() }).strict(),
  endTurn: z.object({ type: z.literal('endTurn'), creatureId: id.optional() }).strict(),
  delayTurn: z.object({ type: z.literal('delayTurn'), creatureId: id }).strict(),
  actNow: z.object({ type: z.literal('actNow'), creatureId: id }).strict(),
  setInitiative: z.object({ type: z.literal('setInitiative'), creatureId: id, total: z.number().int().min(-100).max(1000) }).strict(),
  moveInOrder: z.object({ type: z.literal('moveInOrder'), creatureId: id, before: id.optional(), after: id.optional() }).strict()
    .refine((c) => (c.before === undefined) !== (c.after === undefined), { message: 'give exactly one of before or after' }),
  takeAction: z.object({ type: z.literal('takeAction'), actorId: id, action: id, targets: z.array(id).max(100).optional(), options: z.record(z.string(), json).optional() }).strict(),
  move: z.object({ type: z.literal('move'), creatureId: id, to: json }).strict(),
  answerPrompt: z.object({ type: z.literal('answerPrompt'), promptId: id, answer: json }).strict(),
  undo: z.object({ type: z.literal('undo') }).strict(),
  'gm.setHp': z.object({ type: z.literal('gm.setHp'), creatureId: id, hp: z.number().int().optional(), tempHp: z.number().int().min(0).optional(), maxHp: z.number().int().min(1).optional() }).strict(),
  'gm.addCondition': z.object({
    type: z.literal('gm.addCondition'), creatureId: id, conditionId: id, level: z.number().int().min(1).optional(), duration: durationInputSchema.optional(),
    /** who or what it comes from (a grab's grabber); default 'gm' */
    source: id.optional(),
    /** the condition's data as the ruleset keeps it (ongoing damage: amount, type) */
    data: json.optional(),
  }).strict(),
  'gm.removeCondition': z.object({ type: z.literal('gm.removeCondition'), creatureId: id, conditionId: id }).strict(),
  'gm.setTrack': z.object({ type: z.literal('gm.setTrack'), creatureId: id, track: id, value: z.number().int().min(0) }).strict(),
  'gm.setStatus': z.object({ type: z.literal('gm.setStatus'), creatureId: id, status: id }).strict(),
  'gm.setCounter': z.object({ type: z.literal('gm.setCounter'), key: id, value: z.number().int() }).strict(),
  'gm.replaceRoll': z.object({ type: z.literal('gm.replaceRoll'), promptId: id, faces: z.array(z.number().int().min(1)).min(1) }).strict(),
  'gm.endEncounter': z.object({ type: z.literal('gm.endEncounter'), reason: z.string().max(500).optional() }).strict(),
  addCreature: z.object({ type: z.literal('addCreature'), creature: creatureSetupSchema }).strict(),
  'gm.removeCreature': z.object({ type: z.literal('gm.removeCreature'), creatureId: id, reason: z.string().max(500).optional() }).strict(),
  'gm.revealCreature': z.object({ type: z.literal('gm.revealCreature'), creatureId: id }).strict(),
  'gm.setController': z.object({ type: z.literal('gm.setController'), creatureId: id, seat: id.nullable() }).strict(),
  /** the GM places or moves a creature without the movement rules: a square {x, y} or a zone {zone} */
  'gm.place': z.object({ type: z.literal('gm.place'), creatureId: id, to: json, elevation: z.number().int().min(-10_000).max(100_000).optional() }).strict(),
} as const;

export type EngineCommandType = keyof typeof engineCommandSchemas;
export type EngineCommand = { [K in EngineCommandType]: z.infer<(typeof engineCommandSchemas)[K]> }[EngineCommandType];
/** Any command: the engine's own or a ruleset's (`type` namespaced, e.g. `duel.buyActions`). */
export type Command = EngineCommand | { type: string; [key: string]: Json | undefined };

export interface CommandEnvelope {
  /** unique per encounter; undo and the event log refer to it */
  id: string;
  issuedBy: Principal;
  /** optimistic concurrency: the state version the issuer saw */
  expectedVersion?: number;
  command: Command;
  /** answers given ahead of time, by prompt key (e.g. `{'attack.knockOut': 'knock-out'}`) */
  preAnswers?: Record<string, Json>;
}

export const principalSchema = z.union([
  z.object({ role: z.literal('gm') }).strict(),
  z.object({ role: z.literal('player'), seat: id }).strict(),
]);

export const envelopeSchema = z.object({
  id,
  issuedBy: principalSchema,
  expectedVersion: z.number().int().min(0).optional(),
  command: z.object({ type: z.string().min(1) }).passthrough(),
  preAnswers: z.record(z.string(), json).optional(),
}).strict();

export { json as jsonSchema };
