import { z } from 'zod';
import { hasCondition, type AnyHook, type CommandDef, type ConditionInstance, type EncounterState, type Resolution } from '@fray/engine';
import { speedOf } from '../conditions/queries';
import { isActingNow, MOVEMENT, MOVEMENT_MAX } from '../core/economy';
import { fall } from '../hazards/falling';
import type { A5eModule } from '../module';
import { sheetById } from '../sheet/derived';
import { backToBackAction, backToBackCondition } from '../position/back-to-back';
import { coverCommands, coverOnTests } from '../position/cover';
import { flankingExpertise, flankingRecordHook } from '../position/flanking';
import { ELEVATION, gridOf, zonesOf } from '../position/geometry';
import { groundExpertise } from '../position/ground';
import { dismountAction, mountAction, mountFallsHook, mountTurnHooks } from '../position/mount';
import { dropProneAction, standUpAction } from '../position/prone';
import { sensesCommands, sensesHooks } from '../senses/module';
import { DISENGAGED } from './opportunity';
import { DISTANCE, MOVED } from './speed';
import { FLYING, FOOT_RUN, setVar } from './state';
import { movementOptions, movementVars } from '../settings';

function withConditions(state: EncounterState, id: string, conditions: ConditionInstance[]): EncounterState {
  const c = state.creatures[id]!;
  return { ...state, creatures: { ...state.creatures, [id]: { ...c, conditions } } };
}

/**
 * A condition gained or lost mid-turn changes the Speed the pool was built on (A5E-MOVE-22): the pool
 * is rebuilt at the new Speed, keeping Dash's doubling and what has already been spent.
 */
function rebuildPool(ctx: Resolution, id: string, inst: ConditionInstance, added: boolean): void {
  const { state } = ctx;
  const c = state.creatures[id];
  if (!c || state.phase !== 'combat' || !isActingNow(state, id)) return;
  const without = withConditions(state, id, added ? c.conditions.filter((x) => x.instanceId !== inst.instanceId) : [...c.conditions, inst]);
  const before = speedOf(ctx.ruleset, without, id);
  const after = speedOf(ctx.ruleset, state, id);
  if (before === after) return;
  const max = c.resources[MOVEMENT_MAX] ?? before;
  const moved = Math.max(0, max - (c.resources[MOVEMENT] ?? 0), c.resources[MOVED] ?? 0);
  const nextMax = before > 0 ? Math.floor(after * (max / before)) : after;
  const nextLeft = Math.max(0, nextMax - moved);
  if (nextMax !== max) ctx.emit({ type: 'ResourceSet', creatureId: id, key: MOVEMENT_MAX, value: nextMax, ruleId: 'A5E-MOVE-22' });
  if (nextLeft !== (c.resources[MOVEMENT] ?? 0)) ctx.emit({ type: 'ResourceSet', creatureId: id, key: MOVEMENT, value: nextLeft, ruleId: 'A5E-MOVE-22' });
}

function heightOf(state: EncounterState, id: string): number {
  const g = gridOf(state);
  if (g?.creatures[id]) return g.creatures[id]!.elevation;
  const v = state.creatures[id]?.vars[ELEVATION];
  return typeof v === 'number' ? v : 0;
}

/**
 * A flying creature knocked prone, or whose fly speed drops to 0, falls unless it can hover
 * (A5E-MOVE-9, proposed ruling), taking falling damage (A5E-ENV-1).
 */
function flyerFalls(ctx: Resolution, id: string): void {
  const c = ctx.state.creatures[id];
  if (!c || c.vars[FLYING] !== true) return;
  const height = heightOf(ctx.state, id);
  const grounded = hasCondition(c, 'prone') || speedOf(ctx.ruleset, ctx.state, id, { mode: 'fly' }) === 0;
  if (!grounded) return;
  if (sheetById(ctx.state, id).speed.hover) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-MOVE-9', text: `${c.name} hovers and does not fall`, creatureId: id });
    return;
  }
  setVar(ctx, id, FLYING, null);
  if (height <= 0) return;
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-MOVE-9', text: `${c.name} can no longer stay aloft and falls ${height} ft`, creatureId: id });
  if (zonesOf(ctx.state)) setVar(ctx, id, ELEVATION, null);
  fall(ctx, id, height, { cause: 'knocked out of the air' });
}

const hooks: AnyHook[] = [
  {
    // The economy's reset (priority 0) renews the pool; what was spent and the run-up start afresh.
    stage: 'turn.start', id: 'a5e.movement.reset', priority: 10, ruleId: 'A5E-MOVE-1',
    run: (ctx, p) => {
      const c = ctx.state.creatures[p.creatureId]!;
      for (const key of [MOVED, DISTANCE]) if ((c.resources[key] ?? 0) !== 0) ctx.emit({ type: 'ResourceSet', creatureId: c.id, key, value: 0, ruleId: 'A5E-MOVE-1' });
      setVar(ctx, c.id, FOOT_RUN, null);
    },
  },
  {
    stage: 'turn.end', id: 'a5e.movement.disengage-ends', priority: 10, ruleId: 'A5E-ATK-17',
    run: (ctx, p) => setVar(ctx, p.creatureId, DISENGAGED, null),
  },
  { stage: 'condition.added', id: 'a5e.movement.speed-change', priority: 60, ruleId: 'A5E-MOVE-22', run: (ctx, p) => rebuildPool(ctx, p.creatureId, p.condition, true) },
  { stage: 'condition.removed', id: 'a5e.movement.speed-restored', priority: 60, ruleId: 'A5E-MOVE-22', run: (ctx, p) => rebuildPool(ctx, p.creatureId, p.condition, false) },
  { stage: 'condition.added', id: 'a5e.movement.flyer-falls', priority: 70, ruleId: 'A5E-MOVE-9', run: (ctx, p) => flyerFalls(ctx, p.creatureId) },
  {
    // Squeezing (A5E-MOVE-20, proposed): disadvantage on Dexterity saves; attacks are in attackSituation.
    stage: 'test.modifiers', id: 'a5e.movement.squeezing-saves', priority: 50, ruleId: 'A5E-MOVE-20',
    run: (ctx, p) => {
      if (p.kind !== 'save' || !p.actor || !p.options.has('save:ability:dex')) return;
      if (gridOf(ctx.state)?.creatures[p.actor]?.squeezing) p.rollModeSources.push({ mode: 'disadvantage', source: 'a5e.squeezing', label: 'squeezing', ruleId: 'A5E-MOVE-20' });
    },
  },
  ...sensesHooks,
  { stage: 'test.modifiers', id: 'a5e.position.cover', priority: 45, ruleId: 'A5E-COVER-3', run: coverOnTests },
  { stage: 'test.modifiers', id: 'a5e.position.ground', priority: 60, ruleId: 'A5E-POS-9', run: groundExpertise },
  { stage: 'test.modifiers', id: 'a5e.position.flanking', priority: 60, ruleId: 'A5E-POS-13', run: flankingExpertise },
  flankingRecordHook,
  mountFallsHook,
  ...mountTurnHooks,
];

const setElevationSchema = z.object({ type: z.literal('a5e.setElevation'), creatureId: z.string().min(1), feet: z.number().int().min(0) }).strict();

/** The Narrator says how high a creature is where the space does not track it (zones), for high and low ground. */
const setElevation: CommandDef = {
  type: 'a5e.setElevation', schema: setElevationSchema as never, gmOnly: true, allowedWhilePending: true,
  run: (ctx, cmd) => {
    const c = cmd as unknown as z.infer<typeof setElevationSchema>;
    if (!ctx.state.creatures[c.creatureId]) ctx.reject('unknown-creature', `no creature '${c.creatureId}'`, 'A5E-POS-9');
    if (gridOf(ctx.state)) ctx.reject('grid-tracks-height', 'on a grid, height is the elevation of the creature\'s placement: move it', 'A5E-POS-9');
    setVar(ctx, c.creatureId, ELEVATION, c.feet > 0 ? c.feet : null);
  },
};

/** Movement, position, attack geometry, cover and senses on grids and zones (A5E-MOVE, POS, ATK, COVER, VIS). */
export const movementModule: A5eModule = {
  id: 'a5e.movement',
  options: movementOptions,
  creatureVars: movementVars,
  conditions: [backToBackCondition],
  hooks,
  actions: {
    'drop-prone': dropProneAction,
    'stand-up': standUpAction,
    mount: mountAction,
    dismount: dismountAction,
    'back-to-back': backToBackAction,
  },
  commands: [...sensesCommands, ...coverCommands, setElevation],
};
