import {
  addCondition, canPlace, moveCreature, SpaceError, type EncounterState, type Hook, type Json, type LoadedRuleset, type Resolution, type Square,
} from '@fray/engine';
import { oneTargetRefusal, rejectWith } from '../actions/common';
import { a5eTest } from '../core/d20';
import { controllerCreature, costNote, isActingNow, MOVEMENT, MOVEMENT_MAX, REACTION, purchaseOf, spend, type Purchase, type Refusal } from '../core/economy';
import { fall } from '../hazards/falling';
import type { ActionHandler } from '../module';
import { sheetById, sizeRank } from '../sheet/derived';
import { gridOf, isPlaced, withinReach, zonesOf } from './geometry';
import { mayReact } from './reactions';

/** creature var on a rider: the creature it rides */
export const RIDING = 'a5e.riding';
/** creature var on a mount: the creature riding it */
export const RIDER = 'a5e.rider';
/** creature var: it mounted or dismounted this turn, which it may do once (A5E-POS-2) */
export const MOUNTED_THIS_TURN = 'a5e.mountedThisTurn';

export function ridingOn(state: EncounterState, riderId: string): string | null {
  const v = state.creatures[riderId]?.vars[RIDING];
  return typeof v === 'string' && state.creatures[v] ? v : null;
}

export function riderOf(state: EncounterState, mountId: string): string | null {
  const v = state.creatures[mountId]?.vars[RIDER];
  return typeof v === 'string' && state.creatures[v] ? v : null;
}

/** A mount its rider controls: it moves only with the rider's movement (A5E-POS-3, A5E-POS-6). */
export function isControlledBy(state: EncounterState, mountId: string, riderId: string): boolean {
  return controllerCreature(state, mountId) === riderId;
}

/** Why it cannot pay half its Speed in movement for mounting or dismounting (A5E-POS-2). */
function halfSpeedRefusal(state: EncounterState, id: string, speed: number, what: string, ruleId: string): Refusal | null {
  const c = state.creatures[id]!;
  const cost = Math.floor(speed / 2);
  const left = c.resources[MOVEMENT] ?? 0;
  return speed <= 0 || left < cost ? { code: 'not-enough-movement', message: `${what} costs ${cost} ft of movement (half of Speed ${speed}); ${c.name} has ${left} ft left`, ruleId } : null;
}

function payHalfSpeed(ctx: Resolution, id: string, speed: number, what: string, ruleId: string): number {
  const c = ctx.state.creatures[id]!;
  const cost = Math.floor(speed / 2);
  const left = c.resources[MOVEMENT] ?? 0;
  const refusal = halfSpeedRefusal(ctx.state, id, speed, what, ruleId);
  if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  ctx.emit({ type: 'ResourceSet', creatureId: id, key: MOVEMENT, value: left - cost, ruleId });
  return cost;
}

/** The first unoccupied corner square next to `around`, in reading order, for a creature landing. */
export function freeSquareNear(state: EncounterState, id: string, around: string): Square | null {
  const g = gridOf(state);
  const at = g?.creatures[around];
  if (!g || !at) return null;
  const side = g.sizes[at.size] ?? 1;
  const self = g.creatures[id];
  const mine = self ? (g.sizes[self.size] ?? 1) : 1;
  for (let y = at.y - mine; y <= at.y + side; y++) {
    for (let x = at.x - mine; x <= at.x + side; x++) {
      if (canPlace(g, id, { x, y }, { elevation: at.elevation }).ok) return { x, y };
    }
  }
  return null;
}

/**
 * Where the rider lands beside its mount on a grid (`to`, else the first free square next to it), at the
 * mount's height: the map after, or the map's reason it cannot land there; null off a grid or with no
 * free square (it stays where it is).
 */
function landing(state: EncounterState, riderId: string, mountId: string, to: Square | undefined): { space: Json; height: number } | { error: SpaceError } | null {
  const g = gridOf(state);
  if (!g || !g.creatures[riderId] || !g.creatures[mountId]) return null;
  const spot = to ?? freeSquareNear(state, riderId, mountId);
  if (!spot) return null;
  const height = g.creatures[mountId]!.elevation;
  try {
    return { space: moveCreature(g, riderId, { x: spot.x, y: spot.y, elevation: height }) as unknown as Json, height };
  } catch (e) {
    if (e instanceof SpaceError) return { error: e };
    throw e;
  }
}

/** Takes the rider off its mount: vars cleared, placed beside it on a grid; falls if it was up high without a fly speed. */
export function separate(ctx: Resolution, riderId: string, mountId: string, opts: { prone: boolean; to?: Square | undefined; ruleId: string; reason: string }): void {
  const rider = ctx.state.creatures[riderId]!;
  ctx.emit({ type: 'VarSet', creatureId: riderId, key: RIDING, value: null });
  ctx.emit({ type: 'VarSet', creatureId: mountId, key: RIDER, value: null });
  const landed = landing(ctx.state, riderId, mountId, opts.to);
  if (landed && 'error' in landed) return ctx.reject(landed.error.code, landed.error.message, opts.ruleId);
  const height = landed ? landed.height : 0;
  if (landed) ctx.emit({ type: 'SpaceChanged', space: landed.space, moved: riderId });
  ctx.emit({ type: 'RuleApplied', ruleId: opts.ruleId, text: `${rider.name} ${opts.reason}`, creatureId: riderId });
  // Off a flying mount with no wings of its own, it falls (A5E-POS-5e).
  if (height > 0 && sheetById(ctx.state, riderId).speed.fly === undefined) {
    fall(ctx, riderId, height, { cause: 'off its mount' });
    return;
  }
  if (opts.prone && !rider.conditions.some((x) => x.conditionId === 'prone')) addCondition(ctx, riderId, 'prone', { source: mountId, ruleId: opts.ruleId });
}

/**
 * Why it cannot mount this creature now (A5E-POS-1, A5E-POS-2), in the handler's order: not one target,
 * not its turn, already riding, a mount with a rider, mounted or dismounted already this turn, a mount
 * not at least one size larger, one farther than 5 feet, or too little movement for half its Speed.
 * Whether the mount bears its weight is the Narrator's, asked after.
 */
export function mountRefusal(_ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const one = oneTargetRefusal(purchase.targets, 'mounting', 'A5E-POS-1');
  if (one) return one;
  const mountId = purchase.targets[0]!;
  const rider = state.creatures[actorId]!;
  const mount = state.creatures[mountId]!;
  if (!isActingNow(state, actorId)) return { code: 'not-your-turn', message: `${rider.name} can mount only on its turn`, ruleId: 'A5E-POS-2' };
  if (ridingOn(state, actorId)) return { code: 'already-mounted', message: `${rider.name} is already riding`, ruleId: 'A5E-POS-1' };
  if (riderOf(state, mountId)) return { code: 'mount-taken', message: `${mount.name} already has a rider`, ruleId: 'A5E-POS-1' };
  if (rider.vars[MOUNTED_THIS_TURN] === true) return { code: 'once-per-turn', message: `${rider.name} has already mounted or dismounted this turn`, ruleId: 'A5E-POS-2' };
  if (sizeRank(sheetById(state, mountId).size) < sizeRank(sheetById(state, actorId).size) + 1) {
    return { code: 'mount-too-small', message: `${mount.name} must be at least one size larger than ${rider.name}`, ruleId: 'A5E-POS-1' };
  }
  if (isPlaced(state, actorId) && isPlaced(state, mountId) && !withinReach(state, actorId, mountId, 5)) return { code: 'too-far', message: `${mount.name} is not within 5 feet`, ruleId: 'A5E-POS-2' };
  return halfSpeedRefusal(state, actorId, walkSpeed(state, actorId), 'mounting', 'A5E-POS-2');
}

/**
 * Mount (A5E-POS-1, A5E-POS-2, A5E-POS-3): onto an adjacent creature at least one size larger, for
 * half its own Speed, once per turn. The Narrator rules on weight. Riding a mount it controls, rider
 * and mount share the mount's movement: what the rider has already spent this turn, mounting
 * included, comes off the mount's Speed.
 */
export const mountAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  rejectWith(ctx, mountRefusal(ctx.ruleset, ctx.state, actorId, purchaseOf(action, targets, options)));
  const mountId = targets[0]!;
  const rider = ctx.state.creatures[actorId]!;
  const mount = ctx.state.creatures[mountId]!;
  const speed = sheetSpeed(ctx, actorId);
  const bears = ctx.ask({
    key: 'a5e.mountBearsWeight', to: { role: 'gm' }, about: mountId, ruleId: 'A5E-POS-1',
    text: `Can ${mount.name} bear ${rider.name}'s weight?`, options: [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No' }], default: 'yes',
  });
  if (bears !== 'yes') {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-POS-1', text: `${mount.name} cannot bear ${rider.name}'s weight`, creatureId: actorId });
    return;
  }
  payHalfSpeed(ctx, actorId, speed, 'mounting', 'A5E-POS-2');
  ctx.emit({ type: 'VarSet', creatureId: actorId, key: MOUNTED_THIS_TURN, value: true });
  ctx.emit({ type: 'VarSet', creatureId: actorId, key: RIDING, value: mountId });
  ctx.emit({ type: 'VarSet', creatureId: mountId, key: RIDER, value: actorId });
  placeOnMount(ctx, actorId, mountId);
  if (isControlledBy(ctx.state, mountId, actorId)) {
    const r = ctx.state.creatures[actorId]!;
    const spent = Math.max(0, (r.resources[MOVEMENT_MAX] ?? 0) - (r.resources[MOVEMENT] ?? 0));
    const mountSpeed = sheetSpeed(ctx, mountId);
    ctx.emit({ type: 'ResourceSet', creatureId: mountId, key: MOVEMENT_MAX, value: mountSpeed, ruleId: 'A5E-POS-3' });
    ctx.emit({ type: 'ResourceSet', creatureId: mountId, key: MOVEMENT, value: Math.max(0, mountSpeed - spent), ruleId: 'A5E-POS-3' });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-POS-3', text: `${r.name} rides ${mount.name} at its Speed ${mountSpeed}: ${Math.max(0, mountSpeed - spent)} ft left after ${spent} ft spent`, creatureId: actorId });
  } else {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-POS-6', text: `${mount.name} is not under ${rider.name}'s control: it moves on its own turn, carrying its rider`, creatureId: mountId });
  }
};

/** Where a dismount lands: `options.to`, when it names a square. */
function dismountSpot(options: Readonly<Record<string, Json>>): Square | undefined {
  const to = options['to'] as { x?: unknown; y?: unknown } | undefined;
  return to && typeof to.x === 'number' && typeof to.y === 'number' ? { x: to.x, y: to.y } : undefined;
}

/**
 * Why it cannot dismount now (A5E-POS-2), in the handler's order: not riding, not its turn, mounted or
 * dismounted already this turn, too little movement for half its Speed, or (on a grid) a landing square
 * the map refuses (`options.to`). A fall off a flying mount comes after, and refuses nothing.
 */
export function dismountRefusal(_ruleset: LoadedRuleset, state: EncounterState, actorId: string, purchase: Purchase): Refusal | null {
  const rider = state.creatures[actorId]!;
  const mountId = ridingOn(state, actorId);
  if (!mountId) return { code: 'not-mounted', message: `${rider.name} is not riding anything`, ruleId: 'A5E-POS-2' };
  if (!isActingNow(state, actorId)) return { code: 'not-your-turn', message: `${rider.name} can dismount only on its turn`, ruleId: 'A5E-POS-2' };
  if (rider.vars[MOUNTED_THIS_TURN] === true) return { code: 'once-per-turn', message: `${rider.name} has already mounted or dismounted this turn`, ruleId: 'A5E-POS-2' };
  const movement = halfSpeedRefusal(state, actorId, walkSpeed(state, actorId), 'dismounting', 'A5E-POS-2');
  if (movement) return movement;
  // Paying movement and clearing the riding vars leave the map as it is: the landing is asked of it now.
  const landed = landing(state, actorId, mountId, dismountSpot(purchase.options));
  return landed && 'error' in landed ? { code: landed.error.code, message: landed.error.message, ruleId: 'A5E-POS-2' } : null;
}

/** Dismount (A5E-POS-2): half its own Speed, once per turn, landing beside the mount (`options.to` picks the square). */
export const dismountAction: ActionHandler = (ctx, actorId, targets, options, action) => {
  rejectWith(ctx, dismountRefusal(ctx.ruleset, ctx.state, actorId, purchaseOf(action, targets, options)));
  const mountId = ridingOn(ctx.state, actorId)!;
  payHalfSpeed(ctx, actorId, sheetSpeed(ctx, actorId), 'dismounting', 'A5E-POS-2');
  ctx.emit({ type: 'VarSet', creatureId: actorId, key: MOUNTED_THIS_TURN, value: true });
  separate(ctx, actorId, mountId, { prone: false, to: dismountSpot(options), ruleId: 'A5E-POS-2', reason: `dismounts ${ctx.state.creatures[mountId]!.name}` });
};

function sheetSpeed(ctx: Resolution, id: string): number {
  return walkSpeed(ctx.state, id);
}

/** Its own walking Speed from its stat block: what mounting and dismounting cost half of (A5E-POS-2). */
function walkSpeed(state: EncounterState, id: string): number {
  return sheetById(state, id).speed.walk;
}

/** Puts the rider in its mount's space (A5E-POS-5a): same corner square and height; same zone. */
export function placeOnMount(ctx: Resolution, riderId: string, mountId: string): void {
  const g = gridOf(ctx.state);
  const at = g?.creatures[mountId];
  if (g && at && g.creatures[riderId]) {
    const next = { ...g, creatures: { ...g.creatures, [riderId]: { ...g.creatures[riderId]!, x: at.x, y: at.y, elevation: at.elevation } } };
    ctx.emit({ type: 'SpaceChanged', space: next as unknown as Json, moved: riderId });
  }
  const z = zonesOf(ctx.state);
  if (z && z.creatures[riderId] && z.creatures[mountId] && z.creatures[riderId]!.zone !== z.creatures[mountId]!.zone) {
    ctx.emit({ type: 'SpaceChanged', space: moveCreature(z, riderId, { zone: z.creatures[mountId]!.zone }) as unknown as Json, moved: riderId });
  }
}

/**
 * A mount moved against its will (A5E-POS-5c): its rider makes a DC 10 Dexterity save or falls off,
 * prone, in a space within 5 ft.
 */
export function riderKeepsSeat(ctx: Resolution, mountId: string): void {
  const riderId = riderOf(ctx.state, mountId);
  if (!riderId) return;
  const p = a5eTest(ctx, { kind: 'save', actor: riderId, ability: 'dex', dc: { label: 'stay mounted', value: 10 }, ruleId: 'A5E-POS-5' });
  if (p.outcome === 'success') {
    placeOnMount(ctx, riderId, mountId);
    return;
  }
  separate(ctx, riderId, mountId, { prone: true, ruleId: 'A5E-POS-5', reason: `is thrown from ${ctx.state.creatures[mountId]!.name}` });
}

/**
 * A mount knocked prone (A5E-POS-5d): the rider may use its reaction to dismount and land on its
 * feet; otherwise it is dismounted and lands prone within 5 ft.
 */
export const mountFallsHook: Hook<'condition.added'> = {
  stage: 'condition.added', id: 'a5e.position.mount-falls', priority: 40, ruleId: 'A5E-POS-5',
  run: (ctx, p) => {
    if (p.condition.conditionId !== 'prone') return;
    const riderId = riderOf(ctx.state, p.creatureId);
    if (!riderId) return;
    const mount = ctx.state.creatures[p.creatureId]!;
    let land = 'fall';
    if (mayReact(ctx.ruleset, ctx.state, riderId)) {
      const note = costNote(ctx.ruleset, ctx.state, riderId, REACTION);
      land = ctx.ask({
        key: 'a5e.mountFalls', to: { controllerOf: riderId }, about: riderId, ruleId: 'A5E-POS-5',
        text: `${mount.name} falls prone: use ${ctx.state.creatures[riderId]!.name}'s reaction to dismount and land on its feet${note ? ` (${note})` : ''}?`,
        options: [{ id: 'dismount', label: 'Dismount (reaction)' }, { id: 'fall', label: 'Fall with it' }], default: 'dismount',
      }) as string;
    }
    if (land === 'dismount') {
      spend(ctx, riderId, REACTION, 'A5E-POS-5');
      separate(ctx, riderId, p.creatureId, { prone: false, ruleId: 'A5E-POS-5', reason: `leaps clear of ${mount.name} and lands on its feet` });
    } else {
      separate(ctx, riderId, p.creatureId, { prone: true, ruleId: 'A5E-POS-5', reason: `goes down with ${mount.name} and lands prone` });
    }
  },
};

export const mountTurnHooks: Hook<'turn.start'>[] = [
  {
    stage: 'turn.start', id: 'a5e.position.mount-once-per-turn', priority: 30, ruleId: 'A5E-POS-2',
    run: (ctx, p) => {
      if (ctx.state.creatures[p.creatureId]?.vars[MOUNTED_THIS_TURN] !== undefined) ctx.emit({ type: 'VarSet', creatureId: p.creatureId, key: MOUNTED_THIS_TURN, value: null });
    },
  },
];
