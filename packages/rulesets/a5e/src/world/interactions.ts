import { z } from 'zod';
import {
  addCondition, currentCreatureId, DIFFICULT_MODIFIER_ID, distanceFeet, removeInstance, setTerrain, terrainAt,
  type CommandDef, type CostModifier, type EncounterState, type EncounterStateCore, type Json, type LoadedRuleset, type PathStepContext, type Resolution, type Square,
} from '@fray/engine';
import { a5eTest } from '../core/d20';
import {
  ACTION, REACTION, attackLimitRefusal, has, spend, spendOneAttack, spendOneAttackRefusal, spendRefusal, purchaseOf, type Purchase, type Refusal,
} from '../core/economy';
import { declaredTestOptions } from '../combat/declarations';
import { attackNamed, findAttack, damageExpression, makeAttack } from '../combat/attack';
import { unseenTargetRefusal } from '../combat/attack-options';
import { rejectWith } from '../actions/common';
import { attackTargetRefusal } from '../position/attack-geometry';
import { passivePerception } from '../actions/stealth';
import { attackAbility, attackBonus, sheetById, sheetOf } from '../sheet/derived';
import { attackSchema, type Attack } from '../sheet/stat-block';
import type { ActionHandler } from '../module';
import { activeEntry, activeEntries, configProblems, CREATURE_VARS, readEdits, readWorldConfig, remaining, WORLD_VARS, type ActiveEntry } from './config';
import { footprint, gridOf, hasAreaTag, inArea, nearArea, taggedSquares } from './area';
import { saveOrSuffer, worldSave, applyOutcome, worldSource } from './apply';
import { applyDifficultTerrain, syncCoverTags, TIPPED_TABLE_TAG, touchSurface, WORLD_COVER } from './features';
import { directions } from './displace';
import { feedSenses } from './senses-feed';
import type { WorldEffect } from './types';

type EffectOf<K extends WorldEffect['kind']> = Extract<WorldEffect, { kind: K }>;

/** The active entry `id` with an effect of `kind`, or why not (a typed refusal naming what is missing). */
function effectOf<K extends WorldEffect['kind']>(state: EncounterStateCore, id: string, kind: K, ruleId: string): { a: ActiveEntry; effect: EffectOf<K> } | Refusal {
  const a = activeEntry(state, id);
  if (!a) {
    const here = activeEntries(state).map((x) => x.entry.id).join(', ') || 'none';
    return { code: 'not-in-environment', message: `'${id}' is not part of this battlefield (active: ${here})`, ruleId };
  }
  const effect = a.entry.effects.find((e) => e.kind === kind) as EffectOf<K> | undefined;
  if (!effect) return { code: 'wrong-feature', message: `${a.name} cannot be used that way`, ruleId };
  return { a, effect };
}

const isRefusal = (x: object): x is Refusal => 'code' in x;

/** The active entry `id` with an effect of `kind`, or a typed rejection naming what is missing (`effectOf`). */
function requireEffect<K extends WorldEffect['kind']>(ctx: Resolution, id: string, kind: K, ruleId: string): { a: ActiveEntry; effect: EffectOf<K> } {
  const found = effectOf(ctx.state, id, kind, ruleId);
  if (isRefusal(found)) return ctx.reject(found.code, found.message, found.ruleId);
  return found;
}

/**
 * A world action's entry and effect, once its refusal query has passed (the query asks `effectOf`
 * first, so what is left is the found entry).
 */
function foundEffect<K extends WorldEffect['kind']>(state: EncounterStateCore, id: string, kind: K): { a: ActiveEntry; effect: EffectOf<K> } {
  return effectOf(state, id, kind, '') as { a: ActiveEntry; effect: EffectOf<K> };
}

/** Marks one of a countable feature as used up (fallen, rolled, broken). */
function useUp(ctx: Resolution, entryId: string): void {
  const used = { ...((ctx.state.vars[WORLD_VARS.used] as Record<string, number> | undefined) ?? {}) };
  used[entryId] = (used[entryId] ?? 0) + 1;
  ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.used, value: used });
}

/** Why none of a countable feature is left to use (every stalactite down, the boulder rolled). */
function leftRefusal(state: EncounterStateCore, a: ActiveEntry): Refusal | null {
  return remaining(state, a.entry.id) <= 0 ? { code: 'feature-used-up', message: `there is no ${a.name} left to use`, ruleId: a.entry.ruleId } : null;
}

function requireLeft(ctx: Resolution, a: ActiveEntry): void {
  const r = leftRefusal(ctx.state, a);
  if (r) ctx.reject(r.code, r.message, r.ruleId);
}

function requireCreatures(ctx: Resolution, ids: readonly string[]): void {
  for (const id of ids) if (!ctx.state.creatures[id]) ctx.reject('unknown-creature', `no creature '${id}'`);
}

function tipped(state: EncounterStateCore): number {
  const v = state.vars[WORLD_VARS.tipped];
  return typeof v === 'number' ? v : 0;
}

// ---------------------------------------------------------------- actions (takeAction)

/** On a map with tables on it, the table square named by `options.x` and `options.y` (null: none there, or no such map). */
function tableSquare(state: EncounterStateCore, entryId: string, options: Readonly<Record<string, Json>>): Square | null {
  const squares = taggedSquares(state, entryId);
  if (!squares.length || !gridOf(state)) return null;
  return squares.find((s) => s.x === options['x'] && s.y === options['y']) ?? null;
}

/**
 * Why it cannot push a table over now (A5E-WORLD-27): no tables here; on a map, no table at the square
 * named, one already on its side, or one not next to it; off a map, every table already over; or the
 * action cannot be paid.
 */
export function tipTableRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const found = effectOf(state, 'tables', 'tip', 'A5E-WORLD-27');
  if (isRefusal(found)) return found;
  const { a } = found;
  const squares = taggedSquares(state, a.entry.id);
  const grid = gridOf(state);
  if (squares.length && grid) {
    const at = tableSquare(state, a.entry.id, purchase.options);
    if (!at) return { code: 'no-table-there', message: `name the table's square with options x and y: tables stand at ${squares.map((s) => `(${s.x},${s.y})`).join(', ')}`, ruleId: a.entry.ruleId };
    if (terrainAt(grid, at).tags.includes(TIPPED_TABLE_TAG)) return { code: 'feature-used-up', message: `the table at (${at.x},${at.y}) is already on its side`, ruleId: a.entry.ruleId };
    const near = footprint(state, actorId)?.some((f) => Math.max(Math.abs(f.x - at.x), Math.abs(f.y - at.y)) <= 1);
    if (!near) return { code: 'too-far', message: `${state.creatures[actorId]!.name} is not next to that table`, ruleId: a.entry.ruleId };
  } else {
    const total = readWorldConfig(state).counts['tables'] ?? 1;
    if (tipped(state) >= total) return { code: 'feature-used-up', message: `every table is already on its side`, ruleId: a.entry.ruleId };
  }
  return spendRefusal(ruleset, state, actorId, ACTION, a.entry.ruleId, { purchase });
}

/**
 * Tables: an action pushes one over, after which it gives half cover (A5E-WORLD-27). On a map the
 * table is a square (`options.x`, `options.y`) within 5 ft, which gets the tag the cover rules read.
 */
const tipTable: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, tipTableRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const { a } = foundEffect(ctx.state, 'tables', 'tip');
  const grid = gridOf(ctx.state);
  const at = tableSquare(ctx.state, a.entry.id, options);
  spend(ctx, actorId, ACTION, a.entry.ruleId, { purchase });
  ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.tipped, value: tipped(ctx.state) + 1 });
  if (at && grid) {
    const cell = terrainAt(grid, at);
    ctx.emit({ type: 'SpaceChanged', space: setTerrain(grid, [at], { difficult: cell.difficult, tags: [...cell.tags, TIPPED_TABLE_TAG] }) as unknown as Json });
  }
  ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${ctx.state.creatures[actorId]!.name} pushes a table over${at ? ` at (${at.x},${at.y})` : ''}: it now gives half cover`, creatureId: actorId });
};

/**
 * Why it cannot roll the boulder now (A5E-WORLD-32): no boulder here or it has rolled, the pusher named
 * in its path, or the action cannot be paid. The Strength check and the saves in its path come after.
 */
export function rollBoulderRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const found = effectOf(state, 'boulder', 'roll', 'A5E-WORLD-32');
  if (isRefusal(found)) return found;
  return leftRefusal(state, found.a)
    ?? (purchase.targets.includes(actorId) ? { code: 'bad-target', message: 'the boulder rolls away from the creature that pushes it', ruleId: 'A5E-WORLD-32' } : null)
    ?? spendRefusal(ruleset, state, actorId, ACTION, 'A5E-WORLD-32', { purchase });
}

/**
 * Boulder (A5E-WORLD-32): an action and a DC 15 Strength (Athletics) check roll it; each creature along
 * the path the roller names (the targets) makes a DC 12 Dexterity save or takes 2d10 bludgeoning
 * (proposed type), rolled once. A boulder rolls once.
 */
const rollBoulder: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, rollBoulderRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const { a, effect } = foundEffect(ctx.state, 'boulder', 'roll');
  spend(ctx, actorId, ACTION, 'A5E-WORLD-32', { purchase });
  const check = a5eTest(ctx, { kind: 'check', actor: actorId, ability: effect.check.ability, skill: effect.check.skill, dc: { label: `${a.name} DC`, value: effect.check.dc }, ruleId: a.entry.ruleId });
  if (check.outcome !== 'success') {
    ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${a.name} does not budge`, creatureId: actorId });
    return;
  }
  useUp(ctx, a.entry.id);
  ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${a.name} rolls${targets.length ? ` over ${targets.map((id) => ctx.state.creatures[id]!.name).join(', ')}` : ''}`, creatureId: actorId });
  saveOrSuffer(ctx, a, effect.save, effect.onFail, targets);
};

/** Creature tag: proficient with improvised weapons, so a hurled rock adds proficiency. */
export const IMPROVISED_PROFICIENT = 'improvised-weapon-proficiency';
/** Roll option on a hurled rock beyond its normal range. */
export const LONG_RANGE = 'world:long-range';

/** The rock as a thrown weapon attack (A5E-WORLD-33): range and damage from the entry, Strength, proficiency for the proficient. */
function looseRock(state: EncounterStateCore, actorId: string, a: ActiveEntry, effect: EffectOf<'throwable'>): Attack {
  return attackSchema.parse({
    id: 'loose-rock', name: a.name, kind: 'ranged', ability: 'str', proficient: state.creatures[actorId]!.tags.includes(IMPROVISED_PROFICIENT),
    rangeFeet: [effect.normalFeet, effect.longFeet], damage: effect.dice, damageType: effect.type, properties: ['thrown'],
  });
}

/** How far the target is from the hurler on the map, or null off it. */
function rockFeet(state: EncounterStateCore, actorId: string, target: string): number | null {
  const grid = gridOf(state);
  return grid && grid.creatures[actorId] && grid.creatures[target] ? distanceFeet(grid, actorId, target) : null;
}

/**
 * Why it cannot hurl a rock now (A5E-WORLD-33), in dispatch's order: no loose rocks here, not one
 * target, none where it stands, beyond long range, the attack cannot be paid (one of the Attack
 * action's, A5E-ACT-3); then the attack's own: total cover (A5E-COVER-5), an unseen target's space
 * (A5E-ATK-9). Slowed's one attack a turn (A5E-ACT-24) is refused at the roll, which a prompt (the
 * target's offer to drop prone, A5E-POS-7) may come before: then the query does not know whether
 * dispatch refuses or asks, and says undefined.
 */
export function hurlRockRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null | undefined {
  const found = effectOf(state, 'loose-rocks', 'throwable', 'A5E-WORLD-33');
  if (isRefusal(found)) return found;
  const { a, effect } = found;
  const { targets } = purchase;
  if (targets.length !== 1) return { code: 'no-target', message: 'a rock is hurled at one target', ruleId: 'A5E-WORLD-33' };
  if (!inArea(state, a.entry.id, actorId)) return { code: 'not-in-area', message: `there are no loose rocks where ${state.creatures[actorId]!.name} stands`, ruleId: 'A5E-WORLD-33' };
  const target = targets[0]!;
  const feet = rockFeet(state, actorId, target);
  if (feet !== null && feet > effect.longFeet) return { code: 'out-of-range', message: `${feet} ft is beyond a hurled rock's long range of ${effect.longFeet} ft`, ruleId: 'A5E-WORLD-33' };
  const refusal = spendOneAttackRefusal(ruleset, state, actorId, 'A5E-WORLD-33', { purchase })
    ?? attackTargetRefusal(state, actorId, target, looseRock(state, actorId, a, effect), true)
    ?? unseenTargetRefusal(ruleset, state, actorId, target);
  if (refusal) return refusal;
  return attackLimitRefusal(ruleset, state, actorId) ? undefined : null;
}

/**
 * Loose Rocks (A5E-WORLD-33): picked up and hurled as a thrown weapon attack, range 15/30, 1d4
 * bludgeoning, with Strength (proficiency only for the proficient, proposed ruling). Part of the
 * Attack action, like any weapon attack.
 */
const hurlRock: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, hurlRockRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const { a, effect } = foundEffect(ctx.state, 'loose-rocks', 'throwable');
  const target = targets[0]!;
  const feet = rockFeet(ctx.state, actorId, target);
  spendOneAttack(ctx, actorId, 'A5E-WORLD-33', 'A5E-ACT-3', { purchase });
  const rock = looseRock(ctx.state, actorId, a, effect);
  makeAttack(ctx, actorId, rock, [target], { cost: 'action', options: [`world:${a.entry.id}`, ...(feet !== null && feet > effect.normalFeet ? [LONG_RANGE] : []), ...declaredTestOptions(options)] });
};

/**
 * Why it cannot shoot a stalactite down now (A5E-WORLD-10): none here or left, no such attack
 * (`options.attack`, the first by default) or not a ranged one, the action cannot be paid, or slowed's
 * one attack a turn is made (A5E-ACT-24, refused at the attack roll straight after paying). Whether it
 * hits, and the saves beneath, come after.
 */
export function knockStalactiteRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const found = effectOf(state, 'stalactites', 'falls', 'A5E-WORLD-10');
  if (isRefusal(found)) return found;
  const left = leftRefusal(state, found.a);
  if (left) return left;
  const attack = attackNamed(state, actorId, purchase.options['attack']);
  if (isRefusal(attack)) return attack;
  if (attack.kind !== 'ranged') return { code: 'not-ranged', message: `${attack.name} is not a ranged attack: only a ranged attack knocks a stalactite down`, ruleId: 'A5E-WORLD-10' };
  return spendRefusal(ruleset, state, actorId, ACTION, 'A5E-WORLD-10', { purchase }) ?? attackLimitRefusal(ruleset, state, actorId);
}

/**
 * Stalactites (A5E-WORLD-10): a ranged attack at one (AC 12) that hits and deals any damage brings it
 * down; each creature beneath it (the targets) makes a DC 12 Dexterity save or takes 2d6 piercing.
 */
const knockStalactite: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, knockStalactiteRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const { a, effect } = foundEffect(ctx.state, 'stalactites', 'falls');
  const attack = findAttack(ctx, actorId, options['attack']);
  spend(ctx, actorId, ACTION, 'A5E-WORLD-10', { purchase });
  const sheet = sheetById(ctx.state, actorId);
  const p = a5eTest(ctx, {
    kind: 'attack', actor: actorId, ability: attackAbility(sheet, attack), dc: { label: `${a.name} AC`, value: effect.hitAc ?? 12 },
    base: { label: attack.name, value: attackBonus(sheet, attack) }, options: ['attack:ranged', `attack:id:${attack.id}`, `world:${a.entry.id}`], ruleId: a.entry.ruleId,
  });
  if (p.outcome !== 'hit' && p.outcome !== 'crit') {
    ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${attack.name} misses the stalactite`, creatureId: actorId });
    return;
  }
  const dmg = ctx.roll(damageExpression(sheet, attack), { roller: actorId, purpose: `${attack.name} damage to a stalactite` }).total;
  if (dmg < 1) {
    ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `the stalactite is hit but takes no damage and stays up`, creatureId: actorId });
    return;
  }
  useUp(ctx, a.entry.id);
  ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `a stalactite falls${targets.length ? ` on ${targets.map((id) => ctx.state.creatures[id]!.name).join(', ')}` : ''}`, creatureId: actorId });
  saveOrSuffer(ctx, a, effect.save, effect.onFail, targets);
};

/** The movement a swing from the chandelier risks (`options.feet`, whole feet, none below 0). */
const swingFeet = (options: Readonly<Record<string, Json>>): number => (typeof options['feet'] === 'number' ? Math.max(0, Math.floor(options['feet'])) : 0);

/**
 * Why it cannot swing from the chandelier now (A5E-WORLD-24): none here or it has fallen, not its own
 * turn, or less movement left than it means to spend. It costs no action; the check comes after.
 */
export function swingChandelierRefusal(_ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const found = effectOf(state, 'chandelier', 'swing', 'A5E-WORLD-24');
  if (isRefusal(found)) return found;
  const left = leftRefusal(state, found.a);
  if (left) return left;
  const c = state.creatures[actorId]!;
  if (currentCreatureId(state) !== actorId) return { code: 'not-your-turn', message: `${c.name} can only swing on its own turn`, ruleId: 'A5E-WORLD-24' };
  const feet = swingFeet(purchase.options);
  if (feet > (c.resources['movementFeet'] ?? 0)) return { code: 'not-enough-movement', message: `${c.name} has ${c.resources['movementFeet'] ?? 0} ft of movement left, not ${feet}`, ruleId: 'A5E-WORLD-24' };
  return null;
}

/**
 * Chandelier (A5E-WORLD-24): swinging from it takes a DC 12 Dexterity (Acrobatics) check; on a failure
 * the creature does not swing and loses the movement it meant to spend (`options.feet`).
 */
const swingChandelier: ActionHandler = (ctx, actorId, targets, options, action) => {
  rejectWith(ctx, swingChandelierRefusal(ctx.ruleset, ctx.state, actorId, purchaseOf(action, targets, options)));
  const { a, effect } = foundEffect(ctx.state, 'chandelier', 'swing');
  const feet = swingFeet(options);
  const c = ctx.state.creatures[actorId]!;
  const check = a5eTest(ctx, { kind: 'check', actor: actorId, ability: effect.check.ability, skill: effect.check.skill, dc: { label: `${a.name} DC`, value: effect.check.dc }, ruleId: a.entry.ruleId });
  if (check.outcome === 'success') {
    ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${c.name} swings from the ${a.name.toLowerCase()}`, creatureId: actorId });
    return;
  }
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: 'movementFeet', value: (c.resources['movementFeet'] ?? 0) - feet, ruleId: a.entry.ruleId });
  ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${c.name} misses the swing and loses ${feet} ft of movement`, creatureId: actorId });
};

/** The mud's hold on it: the restrained conditions Tenacious Mud put on it (A5E-WORLD-41). */
const mudHolds = (state: EncounterStateCore, id: string) => state.creatures[id]!.conditions.filter((x) => x.conditionId === 'restrained' && x.source === worldSource('tenacious-mud'));

/** Why it cannot pull free of the mud now (A5E-WORLD-41): not stuck, or the action cannot be paid. */
export function pullFreeRefusal(ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  if (!mudHolds(state, actorId).length) return { code: 'not-stuck', message: `${state.creatures[actorId]!.name} is not stuck in the mud`, ruleId: 'A5E-WORLD-41' };
  return spendRefusal(ruleset, state, actorId, ACTION, 'A5E-WORLD-41', { purchase });
}

/** Tenacious Mud (A5E-WORLD-41): the stuck creature spends its action and pulls free (no check, proposed ruling). */
const pullFree: ActionHandler = (ctx, actorId, targets, options, action) => {
  const purchase = purchaseOf(action, targets, options);
  rejectWith(ctx, pullFreeRefusal(ctx.ruleset, ctx.state, actorId, purchase));
  const stuck = mudHolds(ctx.state, actorId);
  spend(ctx, actorId, ACTION, 'A5E-WORLD-41', { purchase });
  for (const inst of stuck) removeInstance(ctx, actorId, inst, 'pulled free of the mud', 'A5E-WORLD-41');
};

/** Each world action's refusal query (`a5eActionRefusal` asks them), by action id. */
export const worldActionRefusals = {
  'tip-table': tipTableRefusal,
  'roll-boulder': rollBoulderRefusal,
  'hurl-rock': hurlRockRefusal,
  'knock-stalactite': knockStalactiteRefusal,
  'swing-chandelier': swingChandelierRefusal,
  'pull-free': pullFreeRefusal,
} as const;

export const worldActions: Record<string, ActionHandler> = {
  'tip-table': tipTable,
  'roll-boulder': rollBoulder,
  'hurl-rock': hurlRock,
  'knock-stalactite': knockStalactite,
  'swing-chandelier': swingChandelier,
  'pull-free': pullFree,
};

// ---------------------------------------------------------------- commands

const id = z.string().min(1).max(200);
const ids = z.array(id).max(100);

const editSchema = z.object({
  type: z.literal('a5e.world.edit'),
  include: ids.optional(), disable: ids.optional(), enable: ids.optional(), rename: z.record(id, z.string().min(1).max(200)).optional(),
}).strict();

/** The Narrator reskins, borrows or switches off entries mid-encounter (A5E-WORLD-5). */
const edit: CommandDef<z.infer<typeof editSchema>> = {
  type: 'a5e.world.edit', schema: editSchema, gmOnly: true,
  run(ctx, cmd) {
    const e = readEdits(ctx.state);
    const next = {
      include: [...new Set([...e.include, ...(cmd.include ?? [])])],
      disable: [...new Set([...e.disable.filter((x) => !(cmd.enable ?? []).includes(x)), ...(cmd.disable ?? [])])],
      enable: [...new Set([...e.enable.filter((x) => !(cmd.disable ?? []).includes(x)), ...(cmd.enable ?? [])])],
      rename: { ...e.rename, ...(cmd.rename ?? {}) },
    };
    ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.edits, value: next as unknown as Json });
    const problems = configProblems(readWorldConfig(ctx.state));
    if (problems.length) ctx.reject('unknown-environment', problems.join('; '), 'A5E-WORLD-5');
    const parts = [
      cmd.include?.length ? `borrowed ${cmd.include.join(', ')}` : '',
      cmd.disable?.length ? `switched off ${cmd.disable.join(', ')}` : '',
      cmd.enable?.length ? `switched on ${cmd.enable.join(', ')}` : '',
      cmd.rename ? Object.entries(cmd.rename).map(([k, v]) => `${k} is now "${v}"`).join(', ') : '',
    ].filter(Boolean);
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-WORLD-5', text: `the Narrator reshapes the battlefield: ${parts.join('; ') || 'no change'}` });
    if (ctx.state.phase === 'combat') {
      applyDifficultTerrain(ctx);
      syncCoverTags(ctx);
      feedSenses(ctx);
    }
  },
};

const coverSchema = z.object({ type: z.literal('a5e.world.takeCover'), creatureId: id, entry: id }).strict();

/**
 * A creature puts an environment obstacle between itself and danger: half cover (A5E-COVER-6) from
 * stalagmites, trees, a mirror, a tipped table, or brush while prone within 5 feet of it. It lasts
 * until the creature ends a turn somewhere else (or stands up, for brush).
 */
const takeCover: CommandDef<z.infer<typeof coverSchema>> = {
  type: 'a5e.world.takeCover', schema: coverSchema, actor: (c) => c.creatureId,
  run(ctx, cmd) {
    requireCreatures(ctx, [cmd.creatureId]);
    const { a, effect } = requireEffect(ctx, cmd.entry, 'cover', 'A5E-COVER-6');
    const c = ctx.state.creatures[cmd.creatureId]!;
    if (effect.needs === 'prone-within-5ft') {
      if (!c.conditions.some((x) => x.conditionId === 'prone')) ctx.reject('not-prone', `${a.name} only covers a prone creature`, a.entry.ruleId);
      if (!nearArea(ctx.state, a.entry.id, cmd.creatureId, 5)) ctx.reject('too-far', `${c.name} is not within 5 ft of the ${a.name.toLowerCase()}`, a.entry.ruleId);
    }
    if (effect.needs === 'tipped' && tipped(ctx.state) < 1) ctx.reject('not-tipped', `no table has been pushed over yet: one takes an action first`, a.entry.ruleId);
    if (a.entry.effects.some((e) => e.kind === 'reflect')) requireLeft(ctx, a);
    // On a map the cover rules work cover out from the squares between attacker and target (A5E-COVER-7).
    if (gridOf(ctx.state) && (taggedSquares(ctx.state, a.entry.id).length || (effect.needs === 'tipped' && taggedSquares(ctx.state, 'tables').length))) {
      ctx.reject('cover-from-map', `the ${a.name.toLowerCase()} are on the map: cover from them comes from where creatures stand`, 'A5E-COVER-7');
    }
    const at = gridOf(ctx.state)?.creatures[cmd.creatureId];
    addCondition(ctx, cmd.creatureId, WORLD_COVER, {
      source: worldSource(a.entry.id), ruleId: a.entry.ruleId,
      data: { entry: a.entry.id, name: a.name, ...(at ? { x: at.x, y: at.y } : {}) },
    });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-COVER-6', text: `${c.name} takes half cover behind the ${a.name.toLowerCase()}`, creatureId: cmd.creatureId });
  },
};

const enterSchema = z.object({
  type: z.literal('a5e.world.enter'), creatureId: id, entry: id,
  heading: z.enum(['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw']).optional(), dashed: z.boolean().optional(),
}).strict();

/** Whether a creature took the Dash action this turn: said by the caller, or seen in a movement pool above its Speed. */
function dashedThisTurn(state: EncounterStateCore, creatureId: string): boolean {
  const c = state.creatures[creatureId]!;
  return (c.resources['movementMaxFeet'] ?? 0) > sheetOf(c).speed.walk;
}

/**
 * A creature moves into (or touches) an entry's area mid-turn. Movement code, the Narrator or the
 * player says so; the world applies what that entry does on contact: a burning or frostbitten surface
 * (A5E-WORLD-12, A5E-WORLD-20), clutter while dashing (A5E-WORLD-25, once per turn), or the heading
 * an icy patch locks in (A5E-WORLD-21).
 */
export function enterArea(ctx: Resolution, creatureId: string, entryId: string, opts: { heading?: string; dashed?: boolean } = {}): void {
  requireCreatures(ctx, [creatureId]);
  const a = activeEntry(ctx.state, entryId);
  if (!a) return ctx.reject('not-in-environment', `'${entryId}' is not part of this battlefield`, 'A5E-WORLD-1');
  if (!inArea(ctx.state, a.entry.id, creatureId)) ctx.reject('not-in-area', `${ctx.state.creatures[creatureId]!.name} is not in the ${a.name.toLowerCase()}`, a.entry.ruleId);
  const c = ctx.state.creatures[creatureId]!;
  for (const effect of a.entry.effects) {
    if (effect.kind === 'touch') touchSurface(ctx, creatureId, a.entry.id);
    if (effect.kind === 'dashSave') {
      const dashed = opts.dashed ?? dashedThisTurn(ctx.state, creatureId);
      const turn = `${ctx.state.round}:${ctx.state.turnIndex}`;
      if (!dashed || c.vars[CREATURE_VARS.clutterSave] === turn) continue;
      ctx.emit({ type: 'VarSet', creatureId, key: CREATURE_VARS.clutterSave, value: turn });
      if (!worldSave(ctx, creatureId, a, effect.save)) applyOutcome(ctx, a, effect.onFail, [creatureId]);
    }
    const heading = opts.heading ? directions[opts.heading] : undefined;
    if (effect.kind === 'icy' && heading && c.vars[CREATURE_VARS.icyHeading] === undefined) {
      ctx.emit({ type: 'VarSet', creatureId, key: CREATURE_VARS.icyHeading, value: { ...heading, heading: opts.heading! } });
      ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${c.name} slides onto the ${a.name.toLowerCase()} heading ${opts.heading!.toUpperCase()}: any other direction is difficult terrain until its next turn`, creatureId });
    }
  }
}

const enter: CommandDef<z.infer<typeof enterSchema>> = {
  type: 'a5e.world.enter', schema: enterSchema, actor: (c) => c.creatureId,
  run: (ctx, cmd) => enterArea(ctx, cmd.creatureId, cmd.entry, { ...(cmd.heading ? { heading: cmd.heading } : {}), ...(cmd.dashed !== undefined ? { dashed: cmd.dashed } : {}) }),
};

/**
 * Icy Patch (A5E-WORLD-21) for movement costs: once a creature has set off across the patch, a step
 * on the patch in any other direction costs 1 extra foot per foot. It shares the difficult-terrain
 * modifier id, so it never stacks with difficult terrain.
 */
export function icyPatchCost(state: EncounterStateCore, creatureId: string): (step: PathStepContext) => CostModifier[] {
  const heading = state.creatures[creatureId]?.vars[CREATURE_VARS.icyHeading] as { dx?: number; dy?: number } | undefined;
  const mapped = taggedSquares(state, 'icy-patch').length > 0;
  const on = !!activeEntry(state, 'icy-patch');
  return (step) => {
    if (!on || !heading) return [];
    if (mapped && !hasAreaTag(step.tags, 'icy-patch')) return [];
    const dx = Math.sign(step.to.x - step.from.x);
    const dy = Math.sign(step.to.y - step.from.y);
    return dx === heading.dx && dy === heading.dy ? [] : [{ id: DIFFICULT_MODIFIER_ID, extra: 1 }];
  };
}

const disturbSchema = z.object({ type: z.literal('a5e.world.disturb'), entry: id }).strict();

/**
 * The Narrator marks a Loose Foundation disturbed by an explosion or heavy impact (A5E-WORLD-9): it
 * collapses in the start-of-round phase two rounds on; a second disturbance does not hurry it.
 */
const disturb: CommandDef<z.infer<typeof disturbSchema>> = {
  type: 'a5e.world.disturb', schema: disturbSchema, gmOnly: true,
  run(ctx, cmd) {
    const { a, effect } = requireEffect(ctx, cmd.entry, 'collapse', 'A5E-WORLD-9');
    if (ctx.state.phase !== 'combat') ctx.reject('not-in-combat', 'the collapse is counted in rounds: start combat first', a.entry.ruleId);
    if (ctx.state.vars[WORLD_VARS.collapse]) ctx.reject('already-disturbed', `${a.name} is already coming down`, a.entry.ruleId);
    const collapseRound = ctx.state.round + effect.afterRounds;
    ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.collapse, value: { entry: a.entry.id, disturbedRound: ctx.state.round, collapseRound } });
    ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${a.name} is disturbed: it collapses at the start of round ${collapseRound}` });
  },
};

const dropSchema = z.object({ type: z.literal('a5e.world.drop'), entry: id, creatureIds: ids }).strict();

/** The Narrator brings down a chandelier or stalactite on the creatures beneath (A5E-WORLD-24, A5E-WORLD-10). */
const drop: CommandDef<z.infer<typeof dropSchema>> = {
  type: 'a5e.world.drop', schema: dropSchema, gmOnly: true,
  run(ctx, cmd) {
    requireCreatures(ctx, cmd.creatureIds);
    const { a, effect } = requireEffect(ctx, cmd.entry, 'falls', 'A5E-WORLD-24');
    requireLeft(ctx, a);
    useUp(ctx, a.entry.id);
    ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `the ${a.name.toLowerCase()} comes down${cmd.creatureIds.length ? ` on ${cmd.creatureIds.map((x) => ctx.state.creatures[x]!.name).join(', ')}` : ''}` });
    saveOrSuffer(ctx, a, effect.save, effect.onFail, cmd.creatureIds);
  },
};

const hideSchema = z.object({ type: z.literal('a5e.world.hideHazard'), entry: id, note: z.string().min(1).max(500) }).strict();

/** The Narrator hides a pothole or trap under the leaves or the low fog (A5E-WORLD-18, A5E-WORLD-28). */
const hideHazard: CommandDef<z.infer<typeof hideSchema>> = {
  type: 'a5e.world.hideHazard', schema: hideSchema, gmOnly: true,
  run(ctx, cmd) {
    const { a } = requireEffect(ctx, cmd.entry, 'concealsHazards', 'A5E-WORLD-18');
    const all = { ...((ctx.state.vars[WORLD_VARS.hazards] as Record<string, string[]> | undefined) ?? {}) };
    all[a.entry.id] = [...(all[a.entry.id] ?? []), cmd.note];
    ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.hazards, value: all }, 'gm');
  },
};

const spotSchema = z.object({ type: z.literal('a5e.world.spot'), creatureId: id, entry: id }).strict();

/**
 * Looking under the leaves or the low fog (A5E-WORLD-18, A5E-WORLD-28): a passive Perception of the DC
 * or more sees it without a roll (proposed ruling); otherwise a Wisdom (Perception) check against it.
 */
const spot: CommandDef<z.infer<typeof spotSchema>> = {
  type: 'a5e.world.spot', schema: spotSchema, actor: (c) => c.creatureId,
  run(ctx, cmd) {
    requireCreatures(ctx, [cmd.creatureId]);
    const { a, effect } = requireEffect(ctx, cmd.entry, 'concealsHazards', 'A5E-WORLD-18');
    const c = ctx.state.creatures[cmd.creatureId]!;
    const passive = passivePerception(ctx, c.id);
    let seen = passive >= effect.check.dc;
    if (seen) ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${c.name}'s passive Perception ${passive} meets DC ${effect.check.dc}`, creatureId: c.id });
    else {
      const p = a5eTest(ctx, { kind: 'check', actor: c.id, ability: effect.check.ability, skill: effect.check.skill, dc: { label: `${a.name} DC`, value: effect.check.dc }, options: ['check:needs-sight'], ruleId: a.entry.ruleId });
      seen = p.outcome === 'success';
    }
    if (!seen) {
      ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${c.name} sees nothing beneath the ${a.name.toLowerCase()}`, creatureId: c.id });
      return;
    }
    const spotted = (c.vars[CREATURE_VARS.spotted] as string[] | undefined) ?? [];
    if (!spotted.includes(a.entry.id)) ctx.emit({ type: 'VarSet', creatureId: c.id, key: CREATURE_VARS.spotted, value: [...spotted, a.entry.id] });
    const notes = ((ctx.state.vars[WORLD_VARS.hazards] as Record<string, string[]> | undefined) ?? {})[a.entry.id] ?? [];
    ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${c.name} sees what lies beneath the ${a.name.toLowerCase()}: ${notes.join('; ') || 'nothing hidden there'}`, creatureId: c.id }, notes.length ? 'gm' : undefined);
  },
};

const spellSchema = z.object({
  type: z.literal('a5e.world.spellAtMirror'), casterId: id, targetId: id, spellLevel: z.number().int().min(0).max(9),
  casterAbility: z.enum(['int', 'wis', 'cha']), rangeFeet: z.number().int().min(0).optional(),
}).strict();

/**
 * Mirror (A5E-WORLD-26): a cantrip or 1st-level spell targets a creature using a mirror as cover. Its
 * controller may spend its reaction: a Dexterity check against the caster's spellcasting ability check
 * (a tie fails, A5E-CORE-12). Success turns the spell on its caster; failure sends it to a random
 * unoccupied square within its range of the caster. The mirror breaks either way.
 */
const spellAtMirror: CommandDef<z.infer<typeof spellSchema>> = {
  type: 'a5e.world.spellAtMirror', schema: spellSchema, gmOnly: true,
  run(ctx, cmd) {
    requireCreatures(ctx, [cmd.casterId, cmd.targetId]);
    const { a, effect } = requireEffect(ctx, 'mirror', 'reflect', 'A5E-WORLD-26');
    const t = () => (ctx.state.creatures[cmd.targetId])!;
    const cover = t().conditions.find((x) => x.conditionId === WORLD_COVER && (x.data as { entry?: string } | undefined)?.entry === a.entry.id) ?? null;
    const coverId = cover?.instanceId ?? null;
    const mapped = taggedSquares(ctx.state, a.entry.id).length > 0;
    // On a map, standing next to the mirror is using it as cover.
    if (!cover && !(mapped && nearArea(ctx.state, a.entry.id, cmd.targetId, 5))) ctx.reject('no-mirror-cover', `${t().name} is not using the mirror as cover`, a.entry.ruleId);
    if (cmd.spellLevel > effect.maxSpellLevel) ctx.reject('spell-too-powerful', `only a cantrip or 1st-level spell can be reflected, not level ${cmd.spellLevel}`, a.entry.ruleId);
    if (!has(t(), REACTION)) {
      ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${t().name} has no reaction left to reflect the spell`, creatureId: t().id });
      return;
    }
    const answer = ctx.ask({
      key: 'world.mirrorReflect', to: { controllerOf: cmd.targetId }, about: cmd.targetId, text: `A spell targets ${t().name} behind the mirror: use your reaction to reflect it?`,
      options: [{ id: 'reflect', label: 'reflect it (reaction; the mirror breaks)' }, { id: 'no', label: 'let it through' }], ruleId: a.entry.ruleId,
    });
    if (answer !== 'reflect') return;
    spend(ctx, cmd.targetId, REACTION, a.entry.ruleId);
    const mine = a5eTest(ctx, { kind: 'check', actor: cmd.targetId, ability: 'dex', dc: null, options: ['check:contest'], ruleId: a.entry.ruleId });
    const theirs = a5eTest(ctx, { kind: 'check', actor: cmd.casterId, ability: cmd.casterAbility, dc: null, options: ['check:contest'], ruleId: a.entry.ruleId });
    const reflected = (mine.total ?? 0) > (theirs.total ?? 0);
    if (reflected) {
      ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${t().name} reflects the spell (${mine.total} against ${theirs.total}): it targets ${ctx.state.creatures[cmd.casterId]!.name} instead, with the same attack roll or save DC`, creatureId: cmd.targetId });
    } else {
      const square = randomSquare(ctx, cmd.casterId, cmd.rangeFeet ?? null);
      ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${t().name} fails to reflect the spell (${mine.total} against ${theirs.total}${mine.total === theirs.total ? ': a tie fails' : ''}): it strikes ${square ? `the unoccupied square (${square.x},${square.y})` : 'a random unoccupied square the Narrator picks'}`, creatureId: cmd.targetId });
    }
    useUp(ctx, a.entry.id);
    const coverNow = coverId === null ? undefined : t().conditions.find((x) => x.instanceId === coverId);
    if (coverNow) removeInstance(ctx, cmd.targetId, coverNow, 'the mirror breaks', a.entry.ruleId);
    if (mapped) breakMirrorOnMap(ctx, cmd.targetId);
  },
};

/** The mirror nearest the creature leaves the map: its squares lose both mirror tags. */
function breakMirrorOnMap(ctx: Resolution, creatureId: string): void {
  const grid = gridOf(ctx.state);
  const mine = footprint(ctx.state, creatureId);
  if (!grid || !mine) return;
  const near = taggedSquares(ctx.state, 'mirror').find((s) => mine.some((f) => Math.max(Math.abs(f.x - s.x), Math.abs(f.y - s.y)) <= 1));
  if (!near) return;
  const cell = terrainAt(grid, near);
  const tags = cell.tags.filter((t) => t !== 'mirror' && t !== 'world:mirror');
  ctx.emit({ type: 'SpaceChanged', space: setTerrain(grid, [near], { difficult: cell.difficult, tags }) as unknown as Json });
}

/** A uniformly random unoccupied square within `rangeFeet` of the caster (the whole grid without a range). */
function randomSquare(ctx: Resolution, casterId: string, rangeFeet: number | null): { x: number; y: number } | null {
  const grid = gridOf(ctx.state);
  const at = grid?.creatures[casterId];
  if (!grid || !at || (!grid.bounds && rangeFeet === null)) return null;
  const r = rangeFeet === null ? Infinity : Math.floor(rangeFeet / grid.squareFeet);
  const occupied = new Set<string>();
  for (const p of Object.values(grid.creatures)) {
    const side = grid.sizes[p.size] ?? 1;
    for (let dy = 0; dy < side; dy++) for (let dx = 0; dx < side; dx++) occupied.add(`${p.x + dx},${p.y + dy}`);
  }
  const minX = grid.bounds ? 0 : at.x - r;
  const minY = grid.bounds ? 0 : at.y - r;
  const maxX = grid.bounds ? grid.bounds.width - 1 : at.x + r;
  const maxY = grid.bounds ? grid.bounds.height - 1 : at.y + r;
  const free: { x: number; y: number }[] = [];
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      if (Math.max(Math.abs(x - at.x), Math.abs(y - at.y)) > r || occupied.has(`${x},${y}`)) continue;
      free.push({ x, y });
    }
  }
  if (!free.length) return null;
  return free[ctx.roll(`1d${free.length}`, { roller: null, purpose: 'where the misdirected spell lands' }).total - 1]!;
}

export const worldCommands = [edit, takeCover, enter, disturb, drop, hideHazard, spot, spellAtMirror] as unknown as CommandDef[];
