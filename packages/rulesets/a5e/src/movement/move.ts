import {
  canPlace, distanceFeet, hasCondition, pathCost, terrainAt, type CostModifier, type GridPlacement, type GridSpaceState, type Json,
  type PathPoint, type Resolution,
} from '@fray/engine';
import { actBlock, closestEnemies, movementLimits } from '../conditions/queries';
import { endGrapplesOutOfReach } from '../conditions/grapple';
import { isActingNow, RELEASING, REACTION, spend } from '../core/economy';
import { endBackToBack } from '../position/back-to-back';
import { BEING_PULLED, gridOf, isAlly, isIncapacitated, reachOf, spaceOf } from '../position/geometry';
import { isControlledBy, riderOf, ridingOn } from '../position/mount';
import { mayReact } from '../position/reactions';
import { perceive } from '../senses/vision';
import { offerOpportunityAttacks, provocations, type Provocation } from './opportunity';
import { gridMoveSchema, zoneMoveSchema, type GridMove, type JumpSpec, type Point, type ZoneMove } from './parse';
import { relocate } from './relocate';
import { canUseMode, hasOwnSpeed, modeSpeed, movedThisTurn, movementLeft, type MoveMode } from './speed';
import { emitSpace, FLYING, FOOT_RUN, setVar, spaceCall, spendMovement, TUMBLE_THROUGH, withPlacement } from './state';
import { planJump, resolveJump, type JumpPlan } from './jump-move';
import { zoneWalk } from './zone-move';

/** Who moves: the commanded creature, the body whose space moves (its mount when riding), and who pays. */
export interface Mover {
  id: string;
  body: string;
  rider: string | null;
  payers: string[];
  pulled: string | null;
  inCombat: boolean;
}

/** Modifier ids and the rules behind them, for the log. */
export const COST_RULES: Record<string, string> = {
  difficult: 'A5E-MOVE-6', crawl: 'A5E-MOVE-5', climb: 'A5E-MOVE-4', swim: 'A5E-MOVE-4', squeeze: 'A5E-MOVE-20',
  fixated: 'A5E-COND-14', pull: 'A5E-POS-12', 'difficult-mode': 'A5E-MOVE-8',
};

/**
 * The ruleset's `move` (A5E-MOVE-*): `to` is a grid path or destination, or a zone move, optionally a
 * teleport or forced move, with a pulled ally or a jump. Costs come from the space's path costs and
 * the movement rules; the pool is the creature's (or its mount's) movement; leaving a hostile's reach
 * offers it an opportunity attack just before.
 */
export function a5eMove(ctx: Resolution, id: string, to: Json): void {
  const space = spaceOf(ctx.state);
  const c = ctx.state.creatures[id]!;
  if (!space) return ctx.reject('no-space', 'this encounter has no grid or zones to move in', 'A5E-MOVE-1');
  if (!Object.hasOwn(space.creatures, id)) ctx.reject('not-placed', `${c.name} is not in the encounter's space`, 'A5E-MOVE-1');
  const schema = space.kind === 'grid' ? gridMoveSchema : zoneMoveSchema;
  const parsed = schema.safeParse(Array.isArray(to) ? { path: to } : to);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return ctx.reject('bad-move', `${issue.path.join('.') || 'to'}: ${issue.message}`, 'A5E-MOVE-1');
  }
  const move = parsed.data as GridMove | ZoneMove;
  const kind = move.kind ?? 'move';
  if (kind === 'forced' && ctx.envelope.issuedBy.role !== 'gm') ctx.reject('forbidden', 'forced movement is applied by the Narrator', 'A5E-MOVE-21');
  if (kind !== 'move') return relocate(ctx, id, move, kind);
  const m = resolveMover(ctx, id);
  if (space.kind === 'grid') gridWalk(ctx, m, move as GridMove);
  else zoneWalk(ctx, m, move as ZoneMove);
}

function resolveMover(ctx: Resolution, id: string): Mover {
  const { state } = ctx;
  const c = state.creatures[id]!;
  const inCombat = state.phase === 'combat' && state.turnIndex >= 0;
  if (inCombat && !isActingNow(state, id) && c.vars[RELEASING] !== true) ctx.reject('not-your-turn', `${c.name} moves on its own turn`, 'A5E-MOVE-1');
  const block = actBlock(state, id, 'move', ctx.ruleset);
  if (block) ctx.reject(block.code, block.message, block.ruleId);
  const mount = ridingOn(state, id);
  if (mount) {
    if (!isControlledBy(state, mount, id)) ctx.reject('mount-not-controlled', `${c.name} rides ${state.creatures[mount]!.name} without controlling it: it moves on its own turn (dismount to move alone)`, 'A5E-POS-6');
    return { id, body: mount, rider: id, payers: [mount, id], pulled: null, inCombat };
  }
  const rider = riderOf(state, id);
  if (rider && isControlledBy(state, id, rider)) ctx.reject('mount-controlled', `${c.name} is ridden by the creature controlling it and moves only with its rider's movement`, 'A5E-POS-6');
  return { id, body: id, rider, payers: [id], pulled: null, inCombat };
}

/** The mode a creature moves in, after prone (crawl only, A5E-MOVE-5) and the speeds it has (A5E-MOVE-2). */
export function checkMode(ctx: Resolution, m: Mover, wanted: MoveMode | undefined, jumping: boolean): MoveMode {
  const body = ctx.state.creatures[m.body]!;
  let mode: MoveMode = wanted ?? 'walk';
  if (movementLimits(ctx.state, m.body, ctx.ruleset).crawlOnly) {
    if (mode !== 'walk' && mode !== 'crawl') ctx.reject('crawl-only', `${body.name} is prone: crawling is its only movement until it stands up`, 'A5E-MOVE-5');
    if (jumping) ctx.reject('crawl-only', `${body.name} is prone and cannot jump`, 'A5E-MOVE-5');
    mode = 'crawl';
  }
  if (!canUseMode(body, mode)) ctx.reject(`no-${mode}-speed`, `${body.name} has no ${mode} speed`, mode === 'fly' ? 'A5E-MOVE-9' : 'A5E-MOVE-2');
  if (jumping && mode !== 'walk') ctx.reject('jump-on-foot', 'a jump is made on foot', 'A5E-MOVE-10');
  if (m.inCombat && modeSpeed(ctx.ruleset, ctx.state, m.body, mode) <= 0) ctx.reject('speed-zero', `${body.name}'s ${mode} speed is 0`, 'A5E-MOVE-22');
  return mode;
}

/** Extra cost per foot from the mover's situation, shared by both kinds of space (A5E-MOVE-7). */
export function modeModifiers(ctx: Resolution, body: string, mode: MoveMode, difficult: boolean, pulling: boolean): CostModifier[] {
  const c = ctx.state.creatures[body]!;
  const out: CostModifier[] = [];
  if (difficult && mode !== 'fly') out.push({ id: 'difficult', extra: 1 });
  if (mode === 'crawl') out.push({ id: 'crawl', extra: 1 });
  if ((mode === 'climb' || mode === 'swim') && !hasOwnSpeed(c, mode)) out.push({ id: mode, extra: 1 });
  if (pulling) out.push({ id: 'pull', extra: 2 });
  // Seed 002's own example (7 ft) reads climbing in difficult terrain as 4 ft per foot (A5E-MOVE-8 option).
  const modeCosts = mode === 'crawl' || ((mode === 'climb' || mode === 'swim') && !hasOwnSpeed(c, mode));
  if (difficult && modeCosts && ctx.state.options['climbInDifficultTerrainCostPerFoot'] === 4) out.push({ id: 'difficult-mode', extra: 1 });
  return out;
}

interface Step {
  to: GridPlacement;
  from: GridPlacement;
  feet: number;
  baseFeet: number;
  mode: MoveMode;
  modifiers: readonly CostModifier[];
}

/** A straight walk to a destination: diagonal while both axes differ, rising or sinking one square a step. */
function straightPath(from: GridPlacement, to: Point, squareFeet: number): PathPoint[] {
  const out: PathPoint[] = [];
  let { x, y, elevation } = from;
  const goal = to.elevation ?? elevation;
  while (x !== to.x || y !== to.y || elevation !== goal) {
    x += Math.sign(to.x - x);
    y += Math.sign(to.y - y);
    elevation += Math.sign(goal - elevation) * Math.min(squareFeet, Math.abs(goal - elevation));
    out.push({ x, y, elevation });
  }
  return out;
}

function distanceWith(g: GridSpaceState, id: string, at: GridPlacement, other: string): number {
  return distanceFeet(withPlacement(g, id, at), id, other);
}

/** Steps with their modes and costs (A5E-MOVE-4..8, A5E-MOVE-20, A5E-COND-14/15, A5E-POS-12). */
function costSteps(ctx: Resolution, m: Mover, g: GridSpaceState, path: readonly PathPoint[], mode: MoveMode, squeezing: boolean, pulling: boolean): Step[] {
  const limits = movementLimits(ctx.state, m.body, ctx.ruleset);
  const enemies = limits.mustApproachClosestEnemy ? closestEnemies(ctx.state, m.body).filter((e) => perceive(ctx.ruleset, ctx.state, m.body, e).perceives) : [];
  const modes: MoveMode[] = [];
  const cost = spaceCall(ctx, 'A5E-MOVE-1', () => pathCost(g, m.body, path, {
    difficultExtra: 0,
    modifiers: (step) => {
      let stepMode = mode;
      if (mode === 'walk' && step.to.elevation !== step.from.elevation) stepMode = 'climb';
      else if (mode === 'walk' && step.tags.includes('water')) stepMode = 'swim';
      modes[step.index] = stepMode;
      const out = modeModifiers(ctx, m.body, stepMode, step.difficult, pulling);
      if (squeezing) out.push({ id: 'squeeze', extra: 1 });
      const at = g.creatures[m.body]!;
      const fromP = { ...at, ...step.from };
      const toP = { ...at, ...step.to };
      for (const src of limits.doubleCostAwayFrom) {
        if (!g.creatures[src]) continue;
        if (distanceWith(g, m.body, toP, src) > distanceWith(g, m.body, fromP, src)) out.push({ id: 'fixated', extra: 1 });
      }
      // Enraged: it charges the closest enemy it can perceive within 60 ft (A5E-COND-13): no step away from all of them.
      if (limits.mustApproachClosestEnemy && enemies.length && enemies.every((e) => distanceWith(g, m.body, toP, e) > distanceWith(g, m.body, fromP, e))) {
        ctx.reject('enraged', `${ctx.state.creatures[m.body]!.name} is enraged and must move toward ${enemies.map((e) => ctx.state.creatures[e]!.name).join(' or ')}`, 'A5E-COND-13');
      }
      for (const src of limits.cannotApproach) {
        if (!g.creatures[src]) continue;
        if (distanceWith(g, m.body, toP, src) < distanceWith(g, m.body, fromP, src)) {
          ctx.reject('frightened', `${ctx.state.creatures[m.body]!.name} is frightened of ${ctx.state.creatures[src]!.name} and cannot move closer to it`, 'A5E-COND-15');
        }
      }
      return out;
    },
  }));
  const at = g.creatures[m.body]!;
  return cost.steps.map((s) => ({
    from: { ...at, ...s.from }, to: { ...at, ...s.to }, feet: s.feet, baseFeet: s.baseFeet, mode: modes[s.index] ?? mode, modifiers: s.modifiers,
  }));
}

/** Checks the pool step by step, each mode against what that mode still allows (A5E-MOVE-1, A5E-MOVE-3). */
export function checkBudget(ctx: Resolution, m: Mover, costs: readonly { feet: number; mode: MoveMode }[], extra = 0): void {
  if (!m.inCombat) return;
  const name = ctx.state.creatures[m.id]!.name;
  let total = 0;
  for (const s of costs) {
    total += s.feet;
    const left = movementLeft(ctx.ruleset, ctx.state, m.body, s.mode);
    if (total + (s === costs[costs.length - 1] ? extra : 0) > left) {
      const switched = hasOwnSpeed(ctx.state.creatures[m.body]!, s.mode) && movedThisTurn(ctx.state.creatures[m.body]!) > 0;
      ctx.reject('not-enough-movement', `moving there costs ${total + extra} ft of movement; ${name} has ${left} ft left${s.mode !== 'walk' ? ` to ${s.mode}` : ''}`, switched ? 'A5E-MOVE-3' : 'A5E-MOVE-1');
    }
  }
  if (!costs.length && extra > movementLeft(ctx.ruleset, ctx.state, m.body, 'walk')) {
    ctx.reject('not-enough-movement', `that costs ${extra} ft of movement; ${name} has ${movementLeft(ctx.ruleset, ctx.state, m.body, 'walk')} ft left`, 'A5E-MOVE-1');
  }
}

/** Who may share a square with the mover on its way: its rider or mount, a pulled ally, allies, creatures it tumbled past. */
function passable(ctx: Resolution, m: Mover, extra: ReadonlySet<string>): (other: string) => boolean {
  const me = ctx.state.creatures[m.id]!;
  const tumbled = me.conditions.filter((x) => x.conditionId === 'tumbling').map((x) => (x.data as { through?: unknown } | undefined)?.through);
  const listed = me.vars[TUMBLE_THROUGH];
  const through = new Set([...tumbled, ...(Array.isArray(listed) ? listed : [])].filter((x): x is string => typeof x === 'string'));
  return (other) => other === m.rider || other === m.body || other === m.pulled || other === m.id || isAlly(ctx.state, m.id, other) || through.has(other) || extra.has(other)
    || ctx.state.creatures[other]?.status === 'dead';
}

/** The pulled ally must be willing, within 5 ft, and the puller pays its reaction (A5E-POS-12). */
export function checkPull(ctx: Resolution, m: Mover, allyId: string, within5: boolean): void {
  const ally = ctx.state.creatures[allyId];
  const name = ctx.state.creatures[m.id]!.name;
  if (!ally) return ctx.reject('unknown-creature', `no creature '${allyId}'`, 'A5E-POS-12');
  if (m.rider || allyId === m.id) ctx.reject('cannot-pull', `${name} cannot pull ${ally.name} now`, 'A5E-POS-12');
  if (!isAlly(ctx.state, m.id, allyId)) ctx.reject('not-an-ally', `${ally.name} is not an ally`, 'A5E-POS-12');
  if (!within5) ctx.reject('too-far', `${ally.name} is not within 5 feet of ${name}`, 'A5E-POS-12');
  if (!mayReact(ctx.ruleset, ctx.state, m.id)) ctx.reject('no-reaction-left', `${name} has no reaction to pull with`, 'A5E-POS-12');
}

/** Asks the ally (unless its player is the puller's) and pays the reaction; false if it refuses. */
export function confirmPull(ctx: Resolution, m: Mover, allyId: string): boolean {
  const ally = ctx.state.creatures[allyId]!;
  const puller = ctx.state.creatures[m.id]!;
  if (ally.controller !== puller.controller) {
    const answer = ctx.ask({
      key: 'a5e.pullAlly', to: { controllerOf: allyId }, about: allyId, ruleId: 'A5E-POS-12',
      text: `${puller.name} wants to pull ${ally.name} along with its movement: go along?`,
      options: [{ id: 'accept', label: 'Go along' }, { id: 'refuse', label: 'Stay' }], default: 'accept',
    });
    if (answer !== 'accept') {
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-POS-12', text: `${ally.name} will not be pulled`, creatureId: allyId });
      return false;
    }
  }
  spend(ctx, m.id, REACTION, 'A5E-POS-12');
  setVar(ctx, allyId, BEING_PULLED, true);
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-POS-12', text: `${puller.name} pulls ${ally.name} along: every foot costs 2 extra, and ${ally.name} cannot react`, creatureId: m.id });
  return true;
}

/** Leaving reach on a grid: within the reactor's reach before the step, beyond it after (A5E-ATK-16). */
function gridProvocations(ctx: Resolution, m: Mover, before: GridSpaceState, after: GridSpaceState): Provocation[] {
  return provocations(ctx, m, (reactor) => !!before.creatures[reactor], (x, reactor) => {
    const reach = reachOf(ctx.state.creatures[reactor]!);
    return distanceFeet(before, x, reactor) <= reach && distanceFeet(after, x, reactor) > reach;
  });
}

/** Whether the mover can go on after an opportunity attack: still up, still able, not knocked down. */
export function canContinue(ctx: Resolution, m: Mover, mode: MoveMode, startedProne: boolean): boolean {
  for (const id of [m.id, m.body]) {
    const c = ctx.state.creatures[id]!;
    if (c.status !== 'conscious' || isIncapacitated(ctx.ruleset, c)) return false;
    if (!startedProne && hasCondition(c, 'prone')) return false;
  }
  return modeSpeed(ctx.ruleset, ctx.state, m.body, mode) > 0;
}

function applyStep(g: GridSpaceState, m: Mover, step: Step): GridSpaceState {
  let next = withPlacement(g, m.body, { x: step.to.x, y: step.to.y, elevation: step.to.elevation, squeezing: step.to.squeezing });
  if (m.rider && m.rider !== m.body) next = withPlacement(next, m.rider, { x: step.to.x, y: step.to.y, elevation: step.to.elevation });
  if (m.pulled) {
    const prev = g.creatures[m.body]!;
    next = withPlacement(next, m.pulled, { x: prev.x, y: prev.y, elevation: prev.elevation });
  }
  return next;
}

function gridWalk(ctx: Resolution, m: Mover, to: GridMove): void {
  const grid = gridOf(ctx.state)!;
  const bodyName = ctx.state.creatures[m.body]!.name;
  const mode = checkMode(ctx, m, to.mode, !!to.jump);
  const startedProne = hasCondition(ctx.state.creatures[m.body]!, 'prone');
  const start = grid.creatures[m.body]!;
  const squeezing = to.squeeze ?? false;
  const path = to.path ?? (to.x !== undefined ? straightPath(start, { x: to.x, y: to.y!, ...(to.elevation !== undefined ? { elevation: to.elevation } : {}) }, grid.squareFeet) : []);
  if (!path.length && !to.jump) ctx.reject('empty-move', 'give a path, a destination or a jump', 'A5E-MOVE-1');
  if (to.pull) {
    const ally = grid.creatures[to.pull];
    checkPull(ctx, m, to.pull, !!ally && distanceFeet(grid, m.id, to.pull) <= grid.squareFeet);
    m.pulled = to.pull;
  }
  const g = withPlacement(grid, m.body, { squeezing });
  let steps = costSteps(ctx, m, g, path, mode, squeezing, !!m.pulled);
  const plan: JumpPlan | null = to.jump ? planJump(ctx, m, to.jump as JumpSpec, steps, g) : null;
  if (!plan?.poolOverride) checkBudget(ctx, m, steps, plan?.feet ?? 0);

  // Passing through: allies and tumbled-past creatures freely; a hostile occupant is asked (A5E-MOVE-19).
  const share = passable(ctx, m, new Set());
  const blockers: string[] = [];
  for (const s of steps) {
    const check = canPlace(withPlacement(g, m.body, {}), m.body, s.to, { elevation: s.to.elevation, squeezing: s.to.squeezing, canShareWith: share });
    if (!check.ok && check.code !== 'square-occupied') ctx.reject(check.code, check.message, 'A5E-MOVE-17');
    if (!check.ok) for (const b of check.blockers) if (!blockers.includes(b)) blockers.push(b);
  }
  const endOk = (s: Step | undefined): boolean => !s || canPlace(g, m.body, s.to, { elevation: s.to.elevation, squeezing: s.to.squeezing, canShareWith: [m.rider ?? '', m.pulled ?? ''].filter(Boolean) }).ok;
  if (!endOk(steps.at(-1))) ctx.reject('space-occupied', `${bodyName} cannot end its move in another creature's space`, 'A5E-MOVE-19');
  if (m.pulled && steps.length) {
    const allyAt = steps.at(-1)!.from;
    if (!canPlace(g, m.pulled, allyAt, { elevation: allyAt.elevation, canShareWith: [m.body] }).ok) ctx.reject('pull-blocked', `${ctx.state.creatures[m.pulled]!.name} would end in an occupied space`, 'A5E-POS-12');
  }

  // Questions only after every refusal above.
  if (m.pulled && !confirmPull(ctx, m, m.pulled)) {
    m.pulled = null;
    steps = costSteps(ctx, m, g, path, mode, squeezing, false);
  }
  const refused = new Set<string>();
  for (const b of blockers) {
    const who = ctx.state.creatures[b]!;
    const answer = ctx.ask({
      key: 'a5e.letPass', to: { controllerOf: b }, about: b, ruleId: 'A5E-MOVE-19',
      text: `${bodyName} wants to move through ${who.name}'s space: let it pass?`,
      options: [{ id: 'refuse', label: 'Block' }, { id: 'allow', label: 'Let it pass' }], default: 'refuse',
    });
    if (answer !== 'allow') refused.add(b);
  }
  const planned = steps.length;
  if (refused.size) steps = truncateAtRefusal(ctx, m, g, steps, refused, endOk);

  // Walk, stopping just before each step that leaves a hostile's reach.
  let cur = gridOf(ctx.state)!;
  let committedCost = 0;
  let spent = 0;
  let taken = 0;
  let covered = 0;
  let committedDistance = 0;
  const commit = (space: GridSpaceState) => {
    if (JSON.stringify(space) !== JSON.stringify(gridOf(ctx.state))) emitSpace(ctx, space, m.body);
    if (m.inCombat) spendMovement(ctx, m.payers, spent - committedCost, covered - committedDistance, 'A5E-MOVE-1');
    committedCost = spent;
    committedDistance = covered;
  };
  for (const step of steps) {
    const next = applyStep(withPlacement(cur, m.body, { squeezing }), m, step);
    if (m.inCombat) {
      const provoked = gridProvocations(ctx, m, cur, next);
      if (provoked.length) {
        commit(withPlacement(cur, m.body, { squeezing }));
        offerOpportunityAttacks(ctx, provoked, ctx.state.creatures[m.id]!.name);
        // The attack may have moved things (a flyer knocked down falls): carry on from what is there now.
        cur = gridOf(ctx.state)!;
        if (!canContinue(ctx, m, step.mode, startedProne)) break;
        if (m.pulled && !canContinue(ctx, { ...m, id: m.pulled, body: m.pulled }, 'walk', false)) m.pulled = null;
      }
    }
    cur = applyStep(withPlacement(cur, m.body, { squeezing }), m, step);
    spent += step.feet;
    covered += step.baseFeet;
    taken++;
  }
  commit(withPlacement(cur, m.body, { squeezing }));
  const done = steps.slice(0, taken);
  afterWalk(ctx, m, done, mode, taken > 0);
  if (taken < steps.length) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ATK-16', text: `${bodyName} cannot go on moving`, creatureId: m.body });
    return;
  }
  // Blocked short of its take-off square, it does not jump.
  if (plan && steps.length === planned) resolveJump(ctx, m, plan);
}

/** A refused pass-through ends the walk before the refusing creature's space, at the last square it may stop on. */
function truncateAtRefusal(ctx: Resolution, m: Mover, g: GridSpaceState, steps: Step[], refused: ReadonlySet<string>, endOk: (s: Step | undefined) => boolean): Step[] {
  const share = passable(ctx, m, new Set());
  let cut = steps.findIndex((s) => {
    const check = canPlace(g, m.body, s.to, { elevation: s.to.elevation, squeezing: s.to.squeezing, canShareWith: share });
    return !check.ok && check.blockers.some((b) => refused.has(b));
  });
  if (cut < 0) return steps;
  while (cut > 0 && !endOk(steps[cut - 1])) cut--;
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-MOVE-19', text: `${[...refused].map((b) => ctx.state.creatures[b]!.name).join(', ')} will not let ${ctx.state.creatures[m.body]!.name} through`, creatureId: m.body });
  return steps.slice(0, cut);
}

/** After a walk: the log of what raised the cost, the run-up, flying, stances and grapples it ends. */
export function afterWalk(ctx: Resolution, m: Mover, steps: readonly { feet: number; baseFeet: number; mode: MoveMode; modifiers: readonly CostModifier[]; to?: GridPlacement }[], mode: MoveMode, moved: boolean): void {
  const name = ctx.state.creatures[m.body]!.name;
  const reasons = new Map<string, number>();
  for (const s of steps) for (const mod of s.modifiers) reasons.set(mod.id, (reasons.get(mod.id) ?? 0) + s.baseFeet);
  for (const [id, feet] of reasons) {
    ctx.emit({ type: 'RuleApplied', ruleId: COST_RULES[id] ?? 'A5E-MOVE-7', text: `${name}: ${feet} ft ${describe(id)} cost extra movement`, creatureId: m.body });
  }
  // The run-up for a jump: feet walked on foot at the end of this move, added to the last move's if unbroken.
  let run = 0;
  let unbroken = true;
  for (let i = steps.length - 1; i >= 0; i--) {
    if (steps[i]!.mode !== 'walk') {
      unbroken = false;
      break;
    }
    run += steps[i]!.baseFeet;
  }
  const before = ctx.state.creatures[m.body]!.vars[FOOT_RUN];
  if (unbroken && typeof before === 'number') run += before;
  if (m.inCombat) setVar(ctx, m.body, FOOT_RUN, run > 0 ? run : null);
  const grid = gridOf(ctx.state);
  const height = grid?.creatures[m.body]?.elevation ?? 0;
  if (mode === 'fly') setVar(ctx, m.body, FLYING, height > 0 ? true : null);
  else if (moved) setVar(ctx, m.body, FLYING, null);
  if (moved) {
    for (const id of [m.body, m.rider, m.pulled]) {
      if (!id) continue;
      endBackToBack(ctx, id, 'it moved');
      endGrapplesOutOfReach(ctx, id);
    }
  }
  if (m.pulled) setVar(ctx, m.pulled, BEING_PULLED, null);
}

function describe(id: string): string {
  switch (id) {
    case 'difficult': return 'of difficult terrain';
    case 'crawl': return 'crawling';
    case 'climb': return 'climbing';
    case 'swim': return 'swimming';
    case 'squeeze': return 'squeezing';
    case 'fixated': return 'away from its fixation';
    case 'pull': return 'pulling an ally';
    case 'difficult-mode': return 'climbing, swimming or crawling in difficult terrain';
    default: return id;
  }
}

/** Whether any square under a placement is difficult terrain. */
export function difficultUnder(g: GridSpaceState, at: GridPlacement): boolean {
  const side = g.sizes[at.size] ?? 1;
  for (let dy = 0; dy < side; dy++) for (let dx = 0; dx < side; dx++) if (terrainAt(g, { x: at.x + dx, y: at.y + dy }).difficult) return true;
  return false;
}

export { gridProvocations, applyStep };
export type { Step };
