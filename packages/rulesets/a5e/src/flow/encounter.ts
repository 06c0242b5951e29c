import { creatureSetupSchema, joinCreature, startCombat, type CommandDef, type CreatureSetup, type Hook, type Json } from '@fray/engine';
import { z } from 'zod';
import { CONTROLLED_BY, controllerCreature } from '../core/economy';
import { setController } from '../summons/control';
import { SURPRISE } from './surprise';

/** encounter var: why Turn-Based Action began (A5E-ENC-1) */
export const REASON = 'a5e.encounterReason';
/** encounter var: what the Narrator established at set-up (A5E-ENC-3) */
export const SCENE = 'a5e.scene';
/** the round lengths a Narrator may choose, in seconds (A5E-ENC-4) */
export const ROUND_LENGTHS = [6, 10, 60, 600] as const;

export const encounterReasons = ['hostile-action', 'precarious-situation', 'competition', 'methodical-action'] as const;

export const beginEncounterSchema = z.object({
  type: z.literal('a5e.beginEncounter'),
  reason: z.enum(encounterReasons),
  note: z.string().max(500).optional(),
}).strict();
export type BeginEncounter = z.infer<typeof beginEncounterSchema>;

/**
 * The Narrator calls for Turn-Based Action (A5E-ENC-1) and names why; set-up ends and the initiative
 * rounds begin (A5E-ENC-2): initiative for everyone without it, then round 1.
 */
export const beginEncounterCommand: CommandDef<BeginEncounter> = {
  type: 'a5e.beginEncounter',
  schema: beginEncounterSchema,
  gmOnly: true,
  run: (ctx, c) => {
    if (ctx.state.phase !== 'setup') ctx.reject('not-in-setup', 'Turn-Based Action has already begun', 'A5E-ENC-2');
    ctx.emit({ type: 'VarSet', creatureId: null, key: REASON, value: { reason: c.reason, ...(c.note ? { note: c.note } : {}) } });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ENC-1', text: `Turn-Based Action begins: ${c.reason.replace(/-/g, ' ')}${c.note ? ` (${c.note})` : ''}` });
    startCombat(ctx);
  },
};

export const setSceneSchema = z.object({
  type: z.literal('a5e.setScene'),
  activeElements: z.array(z.string().min(1).max(200)).max(50).optional(),
  worldBonuses: z.array(z.string().min(1).max(200)).max(50).optional(),
  notes: z.string().max(2000).optional(),
}).strict();
export type SetScene = z.infer<typeof setSceneSchema>;

/**
 * Set-up (A5E-ENC-3): the Narrator records the scene's active elements and the known world bonuses and
 * penalties. Participants and positions are the encounter's creatures and space; the round length is
 * the encounter option `roundSeconds`.
 */
export const setSceneCommand: CommandDef<SetScene> = {
  type: 'a5e.setScene',
  schema: setSceneSchema,
  gmOnly: true,
  run: (ctx, c) => {
    if (ctx.state.phase !== 'setup') ctx.reject('not-in-setup', 'the scene is established during set-up', 'A5E-ENC-3');
    const { type: _type, ...scene } = c;
    ctx.emit({ type: 'VarSet', creatureId: null, key: SCENE, value: scene as Json });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ENC-3', text: `set-up: ${ctx.state.creatureIds.length} participants, round of ${ctx.state.roundSeconds} s` });
  },
};

export const addCreatureSchema = z.object({
  type: z.literal('a5e.addCreature'),
  creature: creatureSetupSchema,
  /** a summon or hireling that joins under a creature's control (it acts on that creature's turn) */
  controllerId: z.string().min(1).max(200).optional(),
}).strict();
export type AddCreature = z.infer<typeof addCreatureSchema>;

/**
 * A creature joins mid-encounter (A5E-INIT-7, proposed ruling): its stat block is validated, it rolls
 * initiative (or takes `creature.initiative`, e.g. count 20 for Shadow Puppet, A5E-INIT-5) and is
 * seated in the order; it first acts when its count next comes up. Under a controller it takes no place.
 */
export const addCreatureCommand: CommandDef<AddCreature> = {
  type: 'a5e.addCreature',
  schema: addCreatureSchema,
  gmOnly: true,
  run: (ctx, c) => {
    if (c.controllerId && !ctx.state.creatures[c.controllerId]) ctx.reject('unknown-creature', `no creature '${c.controllerId}'`, 'A5E-INIT-7');
    joinCreature(ctx, c.creature as CreatureSetup, { ruleId: c.creature.initiative !== undefined ? 'A5E-INIT-5' : 'A5E-INIT-7', initiative: !c.controllerId });
    if (c.controllerId) setController(ctx, { type: 'a5e.setController', creatureId: c.creature.id, controllerId: c.controllerId });
    const entry = ctx.state.order.find((e) => e.creatureId === c.creature.id);
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-INIT-7', text: `${ctx.state.creatures[c.creature.id]!.name} joins the encounter${entry ? ` at initiative ${entry.total}` : ''}`, creatureId: c.creature.id });
  },
};

/**
 * As the rounds begin: the round length must be one the rules allow (A5E-ENC-4); with no surprise step
 * there is no surprise (A5E-ENC-8); controlled creatures set up with a controller give up the place the
 * engine just rolled for them (A5E-INIT-6).
 */
export const encounterStartHook: Hook<'encounter.start'> = {
  stage: 'encounter.start', id: 'a5e.flow.encounter-start', priority: 0, ruleId: 'A5E-ENC-2',
  run: (ctx) => {
    if (!(ROUND_LENGTHS as readonly number[]).includes(ctx.state.roundSeconds)) {
      ctx.reject('bad-round-length', `a round lasts 6 seconds, 10 seconds, 1 minute or 10 minutes, not ${ctx.state.roundSeconds} s`, 'A5E-ENC-4');
    }
    if (ctx.state.vars[SURPRISE] === undefined) ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ENC-8', text: 'nobody was trying to be stealthy: no surprise, straight to initiative' });
    const controlled = ctx.state.order.filter((e) => controllerCreature(ctx.state, e.creatureId) !== null).map((e) => e.creatureId);
    if (!controlled.length) return;
    for (const id of controlled) {
      const cr = ctx.state.creatures[id]!;
      const boss = ctx.state.creatures[cr.vars[CONTROLLED_BY] as string]!;
      ctx.emit({ type: 'CreatureUpdated', creatureId: id, changes: { controller: boss.controller, tags: [...new Set([...cr.tags, 'no-initiative'])] } });
    }
    ctx.emit({ type: 'InitiativeSet', order: ctx.state.order.filter((e) => !controlled.includes(e.creatureId)), reason: `${controlled.join(', ')} act on their controller's turn`, ruleId: 'A5E-INIT-6' });
  },
};
