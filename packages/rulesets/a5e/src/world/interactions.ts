import { z } from 'zod';
import {
  addCondition, currentCreatureId, DIFFICULT_MODIFIER_ID, distanceFeet, removeInstance, setTerrain, terrainAt,
  type CommandDef, type CostModifier, type EncounterStateCore, type Json, type PathStepContext, type Resolution, type Square,
} from '@fray/engine';
import { a5eTest } from '../core/d20';
import { ACTION, REACTION, has, spend, spendOneAttack, purchaseOf } from '../core/economy';
import { declaredTestOptions } from '../combat/declarations';
import { findAttack, damageExpression, makeAttack } from '../combat/attack';
import { passivePerception } from '../actions/stealth';
import { attackAbility, attackBonus, sheetById, sheetOf } from '../sheet/derived';
import { attackSchema } from '../sheet/stat-block';
import type { ActionHandler } from '../module';
import { activeEntry, activeEntries, configProblems, CREATURE_VARS, readEdits, readWorldConfig, remaining, WORLD_VARS, type ActiveEntry } from './config';
import { footprint, gridOf, hasAreaTag, inArea, nearArea, taggedSquares } from './area';
import { saveOrSuffer, worldSave, applyOutcome, worldSource } from './apply';
import { applyDifficultTerrain, syncCoverTags, TIPPED_TABLE_TAG, touchSurface, WORLD_COVER } from './features';
import { directions } from './displace';
import { feedSenses } from './senses-feed';
import type { WorldEffect } from './types';

type EffectOf<K extends WorldEffect['kind']> = Extract<WorldEffect, { kind: K }>;

/** The active entry `id` with an effect of `kind`, or a typed rejection naming what is missing. */
function requireEffect<K extends WorldEffect['kind']>(ctx: Resolution, id: string, kind: K, ruleId: string): { a: ActiveEntry; effect: EffectOf<K> } {
  const a = activeEntry(ctx.state, id);
  if (!a) {
    const here = activeEntries(ctx.state).map((x) => x.entry.id).join(', ') || 'none';
    return ctx.reject('not-in-environment', `'${id}' is not part of this battlefield (active: ${here})`, ruleId);
  }
  const effect = a.entry.effects.find((e) => e.kind === kind) as EffectOf<K> | undefined;
  if (!effect) return ctx.reject('wrong-feature', `${a.name} cannot be used that way`, ruleId);
  return { a, effect };
}

/** Marks one of a countable feature as used up (fallen, rolled, broken). */
function useUp(ctx: Resolution, entryId: string): void {
  const used = { ...((ctx.state.vars[WORLD_VARS.used] as Record<string, number> | undefined) ?? {}) };
  used[entryId] = (used[entryId] ?? 0) + 1;
  ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.used, value: used });
}

function requireLeft(ctx: Resolution, a: ActiveEntry): void {
  if (remaining(ctx.state, a.entry.id) <= 0) ctx.reject('feature-used-up', `there is no ${a.name} left to use`, a.entry.ruleId);
}

function requireCreatures(ctx: Resolution, ids: readonly string[]): void {
  for (const id of ids) if (!ctx.state.creatures[id]) ctx.reject('unknown-creature', `no creature '${id}'`);
}

function tipped(state: EncounterStateCore): number {
  const v = state.vars[WORLD_VARS.tipped];
  return typeof v === 'number' ? v : 0;
}

// ---------------------------------------------------------------- actions (takeAction)

/**
 * Tables: an action pushes one over, after which it gives half cover (A5E-WORLD-27). On a map the
 * table is a square (`options.x`, `options.y`) within 5 ft, which gets the tag the cover rules read.
 */
const tipTable: ActionHandler = (ctx, actorId, targets, options, action) => {
  const { a } = requireEffect(ctx, 'tables', 'tip', 'A5E-WORLD-27');
  const squares = taggedSquares(ctx.state, a.entry.id);
  const grid = gridOf(ctx.state);
  let at: Square | null = null;
  if (squares.length && grid) {
    const x = options['x'];
    const y = options['y'];
    at = squares.find((s) => s.x === x && s.y === y) ?? null;
    if (!at) return ctx.reject('no-table-there', `name the table's square with options x and y: tables stand at ${squares.map((s) => `(${s.x},${s.y})`).join(', ')}`, a.entry.ruleId);
    if (terrainAt(grid, at).tags.includes(TIPPED_TABLE_TAG)) ctx.reject('feature-used-up', `the table at (${at.x},${at.y}) is already on its side`, a.entry.ruleId);
    const near = footprint(ctx.state, actorId)?.some((f) => Math.max(Math.abs(f.x - at!.x), Math.abs(f.y - at!.y)) <= 1);
    if (!near) ctx.reject('too-far', `${ctx.state.creatures[actorId]!.name} is not next to that table`, a.entry.ruleId);
  } else {
    const total = readWorldConfig(ctx.state).counts['tables'] ?? 1;
    if (tipped(ctx.state) >= total) ctx.reject('feature-used-up', `every table is already on its side`, a.entry.ruleId);
  }
  spend(ctx, actorId, ACTION, a.entry.ruleId, { purchase: purchaseOf(action, targets, options) });
  ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.tipped, value: tipped(ctx.state) + 1 });
  if (at && grid) {
    const cell = terrainAt(grid, at);
    ctx.emit({ type: 'SpaceChanged', space: setTerrain(grid, [at], { difficult: cell.difficult, tags: [...cell.tags, TIPPED_TABLE_TAG] }) as unknown as Json });
  }
  ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${ctx.state.creatures[actorId]!.name} pushes a table over${at ? ` at (${at.x},${at.y})` : ''}: it now gives half cover`, creatureId: actorId });
};

/**
 * Boulder (A5E-WORLD-32): an action and a DC 15 Strength (Athletics) check roll it; each creature along
 * the path the roller names (the targets) makes a DC 12 Dexterity save or takes 2d10 bludgeoning
 * (proposed type), rolled once. A boulder rolls once.
 */
const rollBoulder: ActionHandler = (ctx, actorId, targets, options, action) => {
  const { a, effect } = requireEffect(ctx, 'boulder', 'roll', 'A5E-WORLD-32');
  requireLeft(ctx, a);
  if (targets.includes(actorId)) ctx.reject('bad-target', 'the boulder rolls away from the creature that pushes it', 'A5E-WORLD-32');
  spend(ctx, actorId, ACTION, 'A5E-WORLD-32', { purchase: purchaseOf(action, targets, options) });
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

/**
 * Loose Rocks (A5E-WORLD-33): picked up and hurled as a thrown weapon attack, range 15/30, 1d4
 * bludgeoning, with Strength (proficiency only for the proficient, proposed ruling). Part of the
 * Attack action, like any weapon attack.
 */
const hurlRock: ActionHandler = (ctx, actorId, targets, options, action) => {
  const { a, effect } = requireEffect(ctx, 'loose-rocks', 'throwable', 'A5E-WORLD-33');
  if (targets.length !== 1) ctx.reject('no-target', 'a rock is hurled at one target', 'A5E-WORLD-33');
  if (!inArea(ctx.state, a.entry.id, actorId)) ctx.reject('not-in-area', `there are no loose rocks where ${ctx.state.creatures[actorId]!.name} stands`, 'A5E-WORLD-33');
  const target = targets[0]!;
  const grid = gridOf(ctx.state);
  const feet = grid && grid.creatures[actorId] && grid.creatures[target] ? distanceFeet(grid, actorId, target) : null;
  if (feet !== null && feet > effect.longFeet) ctx.reject('out-of-range', `${feet} ft is beyond a hurled rock's long range of ${effect.longFeet} ft`, 'A5E-WORLD-33');
  spendOneAttack(ctx, actorId, 'A5E-WORLD-33', 'A5E-ACT-3', { purchase: purchaseOf(action, targets, options) });
  const c = ctx.state.creatures[actorId]!;
  const rock = attackSchema.parse({
    id: 'loose-rock', name: a.name, kind: 'ranged', ability: 'str', proficient: c.tags.includes(IMPROVISED_PROFICIENT),
    rangeFeet: [effect.normalFeet, effect.longFeet], damage: effect.dice, damageType: effect.type, properties: ['thrown'],
  });
  makeAttack(ctx, actorId, rock, [target], { cost: 'action', options: [`world:${a.entry.id}`, ...(feet !== null && feet > effect.normalFeet ? [LONG_RANGE] : []), ...declaredTestOptions(options)] });
};

/**
 * Stalactites (A5E-WORLD-10): a ranged attack at one (AC 12) that hits and deals any damage brings it
 * down; each creature beneath it (the targets) makes a DC 12 Dexterity save or takes 2d6 piercing.
 */
const knockStalactite: ActionHandler = (ctx, actorId, targets, options, action) => {
  const { a, effect } = requireEffect(ctx, 'stalactites', 'falls', 'A5E-WORLD-10');
  requireLeft(ctx, a);
  const attack = findAttack(ctx, actorId, options['attack']);
  if (attack.kind !== 'ranged') ctx.reject('not-ranged', `${attack.name} is not a ranged attack: only a ranged attack knocks a stalactite down`, 'A5E-WORLD-10');
  spend(ctx, actorId, ACTION, 'A5E-WORLD-10', { purchase: purchaseOf(action, targets, options) });
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

/**
 * Chandelier (A5E-WORLD-24): swinging from it takes a DC 12 Dexterity (Acrobatics) check; on a failure
 * the creature does not swing and loses the movement it meant to spend (`options.feet`).
 */
const swingChandelier: ActionHandler = (ctx, actorId, _targets, options) => {
  const { a, effect } = requireEffect(ctx, 'chandelier', 'swing', 'A5E-WORLD-24');
  requireLeft(ctx, a);
  if (currentCreatureId(ctx.state) !== actorId) ctx.reject('not-your-turn', `${ctx.state.creatures[actorId]!.name} can only swing on its own turn`, 'A5E-WORLD-24');
  const feet = typeof options['feet'] === 'number' ? Math.max(0, Math.floor(options['feet'])) : 0;
  const c = ctx.state.creatures[actorId]!;
  if (feet > (c.resources['movementFeet'] ?? 0)) ctx.reject('not-enough-movement', `${c.name} has ${c.resources['movementFeet'] ?? 0} ft of movement left, not ${feet}`, 'A5E-WORLD-24');
  const check = a5eTest(ctx, { kind: 'check', actor: actorId, ability: effect.check.ability, skill: effect.check.skill, dc: { label: `${a.name} DC`, value: effect.check.dc }, ruleId: a.entry.ruleId });
  if (check.outcome === 'success') {
    ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${c.name} swings from the ${a.name.toLowerCase()}`, creatureId: actorId });
    return;
  }
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: 'movementFeet', value: (c.resources['movementFeet'] ?? 0) - feet, ruleId: a.entry.ruleId });
  ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${c.name} misses the swing and loses ${feet} ft of movement`, creatureId: actorId });
};

/** Tenacious Mud (A5E-WORLD-41): the stuck creature spends its action and pulls free (no check, proposed ruling). */
const pullFree: ActionHandler = (ctx, actorId, targets, options, action) => {
  const c = ctx.state.creatures[actorId]!;
  const stuck = c.conditions.filter((x) => x.conditionId === 'restrained' && x.source === worldSource('tenacious-mud'));
  if (!stuck.length) ctx.reject('not-stuck', `${c.name} is not stuck in the mud`, 'A5E-WORLD-41');
  spend(ctx, actorId, ACTION, 'A5E-WORLD-41', { purchase: purchaseOf(action, targets, options) });
  for (const inst of stuck) removeInstance(ctx, actorId, inst, 'pulled free of the mud', 'A5E-WORLD-41');
};

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
