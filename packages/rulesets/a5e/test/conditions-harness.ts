import { z } from 'zod';
import {
  addCondition, dealDamage, heal, jsonSchema, moveCreature, type CommandDef, type CreatureSetup, type EncounterState, type GridSpaceState,
  type Json, type Resolution,
} from '@fray/engine';
import { TestTable } from '@fray/testkit';
import {
  a5eModules, a5eTest, applyLongRestToTracks, buildA5eRuleset, endGrapplesOutOfReach, findAttack, gainFatigue, gainStrife, liftDoom,
  loseTrack, makeAttack, raisedFromDead, type A5eModule, type AbilityId,
} from '../src/index';

/**
 * Test-only actions and commands that reach the conditions module's helpers through real commands,
 * so every test runs through the decider and its events.
 */
function command<S extends z.ZodType>(type: string, schema: S, run: (ctx: Resolution, cmd: z.infer<S>) => void): CommandDef {
  return { type, schema, gmOnly: true, run } as unknown as CommandDef;
}

const id = z.string();
const harness: A5eModule = {
  id: 'test.conditions-harness',
  actions: {
    /** options: kind, ability, skill?, dc?, options? */
    'test-roll': (ctx, actor, targets, o) => {
      a5eTest(ctx, {
        kind: o['kind'] as 'check' | 'save',
        actor,
        target: targets[0] ?? null,
        ability: o['ability'] as AbilityId,
        ...(typeof o['skill'] === 'string' ? { skill: o['skill'] } : {}),
        dc: { label: 'DC', value: typeof o['dc'] === 'number' ? o['dc'] : 10 },
        options: (o['options'] as string[] | undefined) ?? [],
      });
    },
    /** an attack without the action economy; options: attack?, options? */
    'test-attack': (ctx, actor, targets, o) => {
      makeAttack(ctx, actor, findAttack(ctx, actor, o['attack']), targets, { cost: 'free', options: (o['options'] as string[] | undefined) ?? [] });
    },
  },
  commands: [
    command('test.addCondition', z.object({ type: z.literal('test.addCondition'), creatureId: id, conditionId: id, source: id.nullable(), data: jsonSchema.optional() }), (ctx, c) => {
      addCondition(ctx, c.creatureId, c.conditionId, { source: c.source, ...(c.data !== undefined ? { data: c.data as Json } : {}) });
    }),
    command('test.damage', z.object({ type: z.literal('test.damage'), creatureId: id, amount: z.number(), damageType: id }), (ctx, c) => {
      dealDamage(ctx, c.creatureId, [{ type: c.damageType, amount: c.amount }]);
    }),
    command('test.heal', z.object({ type: z.literal('test.heal'), creatureId: id, amount: z.number() }), (ctx, c) => {
      heal(ctx, c.creatureId, c.amount);
    }),
    command('test.resource', z.object({ type: z.literal('test.resource'), creatureId: id, key: id, value: z.number() }), (ctx, c) => {
      ctx.emit({ type: 'ResourceSet', creatureId: c.creatureId, key: c.key, value: c.value });
    }),
    command('test.track', z.object({
      type: z.literal('test.track'), creatureId: id,
      op: z.enum(['gainFatigue', 'gainStrife', 'loseFatigue', 'loseStrife', 'raised', 'longRest']),
      n: z.number().default(1), inHaven: z.boolean().default(false), supplies: z.boolean().default(true),
    }), (ctx, c) => {
      if (c.op === 'gainFatigue') gainFatigue(ctx, c.creatureId, c.n, 'A5E-FATIGUE-8');
      else if (c.op === 'gainStrife') gainStrife(ctx, c.creatureId, c.n, 'A5E-STRIFE-8');
      else if (c.op === 'loseFatigue') loseTrack(ctx, c.creatureId, 'fatigue', c.n, 'A5E-TRACK-4');
      else if (c.op === 'loseStrife') loseTrack(ctx, c.creatureId, 'strife', c.n, 'A5E-TRACK-4');
      else if (c.op === 'raised') raisedFromDead(ctx, c.creatureId);
      else applyLongRestToTracks(ctx, c.creatureId, { inHaven: c.inHaven, suppliesConsumed: c.supplies });
    }),
    command('test.liftDoom', z.object({ type: z.literal('test.liftDoom'), creatureId: id, spellLevel: z.number() }), (ctx, c) => {
      liftDoom(ctx, c.creatureId, c.spellLevel);
    }),
    command('test.moveTo', z.object({ type: z.literal('test.moveTo'), creatureId: id, x: z.number(), y: z.number() }), (ctx, c) => {
      const space = moveCreature(ctx.state.space as unknown as GridSpaceState, c.creatureId, { x: c.x, y: c.y });
      ctx.emit({ type: 'SpaceChanged', space: space as unknown as Json, moved: c.creatureId });
      endGrapplesOutOfReach(ctx, c.creatureId);
    }),
  ],
};

export const rs = buildA5eRuleset([...a5eModules, harness]);

export const table = (creatures: CreatureSetup[], extra: { space?: Json; options?: Record<string, Json> } = {}) =>
  new TestTable(rs, { creatures, ...extra });

/** The one d20 test a command produced. */
export const onlyTest = (events: ReturnType<TestTable['run']>) => {
  const tests = TestTable.ofType(events, 'TestResolved');
  if (tests.length !== 1) throw new Error(`expected one d20 test, got ${tests.length}`);
  return tests[0]!;
};

export const roll = (t: TestTable, actor: string, o: { kind: 'check' | 'save'; ability: AbilityId; skill?: string; dc?: number; options?: string[] }, dice: string, targets: string[] = []) =>
  onlyTest(t.run({ type: 'takeAction', actorId: actor, action: 'test-roll', targets, options: o as unknown as Record<string, Json> }, { dice }));

export const attack = (t: TestTable, actor: string, target: string, dice: string, options: string[] = [], attackId?: string) =>
  t.run({ type: 'takeAction', actorId: actor, action: 'test-attack', targets: [target], options: { options, ...(attackId ? { attack: attackId } : {}) } }, { dice });

export const conditionIds = (s: EncounterState, who: string) => s.creatures[who]!.conditions.map((c) => c.conditionId).sort();
