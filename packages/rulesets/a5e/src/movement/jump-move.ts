import { addCondition, canPlace, pathCost, type GridPlacement, type GridSpaceState, type Resolution } from '@fray/engine';
import { a5eTest } from '../core/d20';
import { MOVEMENT } from '../core/economy';
import { sheetById } from '../sheet/derived';
import { endBackToBack } from '../position/back-to-back';
import { gridOf } from '../position/geometry';
import { endGrapplesOutOfReach } from '../conditions/grapple';
import { highJumpFeet, jumpReachFeet, longJumpFeet, obstacleLimitFeet, RUN_UP_FEET } from './jump';
import { applyStep, canContinue, difficultUnder, gridProvocations, type Mover, type Step } from './move';
import { offerOpportunityAttacks } from './opportunity';
import type { JumpSpec } from './parse';
import { modeSpeed, movedThisTurn, movementLeft, type MoveMode } from './speed';
import { emitSpace, FOOT_RUN, setVar, spaceCall, spendMovement, withPlacement } from './state';

/** A step of the walk before a jump, as far as the jump cares. */
export interface WalkedStep {
  feet: number;
  baseFeet: number;
  mode: MoveMode;
  to?: GridPlacement;
}

export interface JumpPlan {
  spec: JumpSpec;
  running: boolean;
  /** the farthest or highest it may jump by its Strength */
  max: number;
  /** feet the jump costs as asked (distance, or height) */
  feet: number;
  takeoff: GridPlacement | null;
  landing: GridPlacement | null;
  /** where it ends if it crashes into the obstacle (A5E-MOVE-11) */
  before: GridPlacement | null;
  /** the whole turn's movement goes into a jump longer than its Speed (A5E-MOVE-14) */
  poolOverride: boolean;
}

/** Feet walked on foot just before the jump: the trailing walked steps, plus the last move's run if unbroken. */
function runUpFeet(ctx: Resolution, m: Mover, steps: readonly { baseFeet: number; mode: string }[]): number {
  let run = 0;
  for (let i = steps.length - 1; i >= 0; i--) {
    if (steps[i]!.mode !== 'walk') return run;
    run += steps[i]!.baseFeet;
  }
  const before = ctx.state.creatures[m.body]!.vars[FOOT_RUN];
  return run + (typeof before === 'number' ? before : 0);
}

/**
 * Everything about a jump that can be refused, worked out before any question is asked: distance
 * against Strength (A5E-MOVE-10, A5E-MOVE-13), a run-up of 10 ft on foot or a standing jump, the
 * obstacle limit (A5E-MOVE-11), the landing space, and the movement it costs, a jump longer than the
 * creature's Speed taking the whole turn's movement (A5E-MOVE-14).
 */
export function planJump(ctx: Resolution, m: Mover, spec: JumpSpec, steps: readonly WalkedStep[], g: GridSpaceState | null): JumpPlan {
  const strength = sheetById(ctx.state, m.body).abilities.str;
  const running = runUpFeet(ctx, m, steps) >= RUN_UP_FEET;
  const name = ctx.state.creatures[m.body]!.name;
  const takeoff = g ? { ...(steps.at(-1)?.to ?? g.creatures[m.body]!) } : null;
  let feet: number;
  let landing: GridPlacement | null = null;
  let max: number;
  if (spec.kind === 'long') {
    // Seed 002 makes the run-up a requirement; the catalog's standing jump at half distance is an option.
    if (!running && ctx.state.options['a5e.standingLongJump'] !== 'half') {
      ctx.reject('no-run-up', `${name} needs to move 10 ft on foot right before a long jump`, 'A5E-MOVE-10');
    }
    max = longJumpFeet(strength, running);
    if (g && takeoff) {
      if (!spec.to) return ctx.reject('bad-move', 'a long jump on a grid needs jump.to, the landing square', 'A5E-MOVE-10');
      landing = { ...takeoff, x: spec.to.x, y: spec.to.y, elevation: spec.to.elevation ?? takeoff.elevation };
      feet = horizontalFeet(ctx, g, m.body, takeoff, landing);
    } else {
      if (spec.feet === undefined) return ctx.reject('bad-move', 'a long jump needs jump.feet', 'A5E-MOVE-10');
      feet = spec.feet;
    }
    if (feet > max) ctx.reject('jump-too-far', `${name} can long-jump ${max} ft ${running ? 'with a run-up' : 'standing (no 10-ft run-up)'}; ${feet} ft is too far`, 'A5E-MOVE-10');
    if (spec.obstacle && spec.obstacle.height > obstacleLimitFeet(feet)) {
      ctx.reject('obstacle-too-tall', `a ${feet}-ft long jump clears obstacles up to ${obstacleLimitFeet(feet)} ft tall`, 'A5E-MOVE-11');
    }
  } else {
    max = highJumpFeet(strength, running);
    if (spec.feet === undefined) return ctx.reject('bad-move', 'a high jump needs jump.feet, its height', 'A5E-MOVE-13');
    feet = spec.feet;
    if (g && takeoff && spec.to) {
      landing = { ...takeoff, x: spec.to.x, y: spec.to.y, elevation: spec.to.elevation ?? takeoff.elevation };
      if (Math.max(Math.abs(landing.x - takeoff.x), Math.abs(landing.y - takeoff.y)) > 1 || landing.elevation > takeoff.elevation + feet) {
        ctx.reject('bad-move', 'a high jump lands on a neighbouring square no higher than the jump', 'A5E-MOVE-13');
      }
    }
  }
  const share = [m.rider ?? '', m.body].filter(Boolean);
  if (g && landing && !canPlace(g, m.body, landing, { elevation: landing.elevation, canShareWith: share }).ok) ctx.reject('space-occupied', `${name} cannot land in an occupied space`, 'A5E-MOVE-19');
  let before: GridPlacement | null = null;
  if (g && takeoff && spec.obstacle?.before) {
    before = { ...takeoff, x: spec.obstacle.before.x, y: spec.obstacle.before.y, elevation: takeoff.elevation };
    if (!canPlace(g, m.body, before, { elevation: before.elevation, canShareWith: share }).ok) ctx.reject('space-occupied', 'the square before the obstacle is occupied', 'A5E-MOVE-11');
  }
  const pathFeet = steps.reduce((a, s) => a + s.feet, 0);
  const speed = modeSpeed(ctx.ruleset, ctx.state, m.body, 'walk');
  let poolOverride = false;
  if (m.inCombat && pathFeet + feet > movementLeft(ctx.ruleset, ctx.state, m.body, 'walk') && max > speed) {
    const onlyJumping = movedThisTurn(ctx.state.creatures[m.body]!) === 0 && steps.every((s) => s.mode === 'walk');
    if (!onlyJumping || pathFeet + feet > 2 * speed) {
      ctx.reject('not-enough-movement', `a jump longer than its Speed may use up to ${2 * speed} ft, and only in a turn with no other movement`, 'A5E-MOVE-14');
    }
    poolOverride = true;
  }
  return { spec, running, max, feet, takeoff, landing, before, poolOverride };
}

function horizontalFeet(ctx: Resolution, g: GridSpaceState, id: string, from: GridPlacement, to: GridPlacement): number {
  const at = withPlacement(g, id, { x: from.x, y: from.y, elevation: from.elevation });
  const path: { x: number; y: number; elevation: number }[] = [];
  let { x, y } = from;
  while (x !== to.x || y !== to.y) {
    x += Math.sign(to.x - x);
    y += Math.sign(to.y - y);
    path.push({ x, y, elevation: from.elevation });
  }
  return spaceCall(ctx, 'A5E-MOVE-10', () => pathCost(at, id, path, { difficultExtra: 0 })).steps.reduce((a, s) => a + s.baseFeet, 0);
}

/**
 * The jump itself, after the walk: the Narrator may allow a higher jump for an Athletics check
 * (A5E-MOVE-16) or call for one to clear an obstacle (A5E-MOVE-11); a leap out of reach provokes;
 * each foot jumped costs a foot (A5E-MOVE-10, A5E-MOVE-13); a landing in difficult terrain needs a
 * DC 10 Acrobatics check or the jumper falls prone (A5E-MOVE-12).
 */
export function resolveJump(ctx: Resolution, m: Mover, plan: JumpPlan): void {
  const name = ctx.state.creatures[m.body]!.name;
  const spec = plan.spec;
  let feet = plan.feet;
  let landing = plan.landing;
  const ruleId = spec.kind === 'long' ? 'A5E-MOVE-10' : 'A5E-MOVE-13';
  if (spec.kind === 'high' && feet > plan.max) {
    const answer = ctx.ask({
      key: 'a5e.jumpHigher', to: { role: 'gm' }, about: m.body, ruleId: 'A5E-MOVE-16',
      text: `${name} tries to jump ${feet} ft high, above its ${plan.max} ft: allow a Strength (Athletics) check?`,
      options: [{ id: 'refuse', label: 'No' }, { id: 'dc-10', label: 'DC 10' }, { id: 'dc-15', label: 'DC 15' }, { id: 'dc-20', label: 'DC 20' }], default: 'refuse',
    });
    const dc = typeof answer === 'string' && answer.startsWith('dc-') ? Number(answer.slice(3)) : null;
    const made = dc !== null && a5eTest(ctx, { kind: 'check', actor: m.body, ability: 'str', skill: 'athletics', dc: { label: 'jump higher', value: dc }, ruleId: 'A5E-MOVE-16' }).outcome === 'success';
    if (!made) {
      feet = plan.max;
      if (landing && plan.takeoff && landing.elevation > plan.takeoff.elevation + feet) landing = null;
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-MOVE-16', text: `${name} reaches only ${feet} ft`, creatureId: m.body });
    }
  }
  if (spec.obstacle) {
    const answer = ctx.ask({
      key: 'a5e.jumpObstacle', to: { role: 'gm' }, about: m.body, ruleId: 'A5E-MOVE-11',
      text: `${name} jumps over a ${spec.obstacle.height}-ft obstacle: call for a DC 10 Strength (Athletics) check?`,
      options: [{ id: 'no-check', label: 'It clears it' }, { id: 'check', label: 'DC 10 check' }], default: 'no-check',
    });
    if (answer === 'check' && a5eTest(ctx, { kind: 'check', actor: m.body, ability: 'str', skill: 'athletics', dc: { label: 'clear the obstacle', value: 10 }, ruleId: 'A5E-MOVE-11' }).outcome !== 'success') {
      const g = gridOf(ctx.state);
      landing = plan.before;
      feet = g && plan.takeoff && landing ? horizontalFeet(ctx, g, m.body, plan.takeoff, landing) : 0;
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-MOVE-11', text: `${name} crashes into the obstacle and stops short of it`, creatureId: m.body });
    }
  }
  const g = gridOf(ctx.state);
  if (g && landing && m.inCombat) {
    const step: Step = { from: g.creatures[m.body]!, to: { ...g.creatures[m.body]!, x: landing.x, y: landing.y, elevation: landing.elevation }, feet, baseFeet: feet, mode: 'walk', modifiers: [] };
    const provoked = gridProvocations(ctx, m, g, applyStep(g, m, step));
    if (provoked.length) {
      offerOpportunityAttacks(ctx, provoked, ctx.state.creatures[m.id]!.name);
      if (!canContinue(ctx, m, 'walk', false)) {
        ctx.emit({ type: 'RuleApplied', ruleId, text: `${name} never makes the jump`, creatureId: m.body });
        return;
      }
    }
  }
  const now = gridOf(ctx.state);
  if (now && landing) {
    const step: Step = { from: now.creatures[m.body]!, to: { ...now.creatures[m.body]!, x: landing.x, y: landing.y, elevation: landing.elevation }, feet, baseFeet: feet, mode: 'walk', modifiers: [] };
    emitSpace(ctx, applyStep(now, m, step), m.body);
  }
  if (m.inCombat) {
    spendMovement(ctx, m.payers, feet, feet, ruleId);
    if (plan.poolOverride) {
      for (const id of m.payers) if ((ctx.state.creatures[id]!.resources[MOVEMENT] ?? 0) > 0) ctx.emit({ type: 'ResourceSet', creatureId: id, key: MOVEMENT, value: 0, ruleId: 'A5E-MOVE-14' });
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-MOVE-14', text: `${name}'s jump is longer than its Speed: it uses up to twice its Speed and the rest of its movement this turn`, creatureId: m.body });
    }
    setVar(ctx, m.body, FOOT_RUN, null);
  }
  const how = plan.running ? 'with a run-up' : 'standing';
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${name} ${spec.kind === 'long' ? 'long-jumps' : 'high-jumps'} ${feet} ft ${how} (up to ${plan.max} ft)`, creatureId: m.body });
  if (spec.kind === 'high' && spec.bodyHeight !== undefined) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-MOVE-15', text: `${name} can reach ${jumpReachFeet(feet, spec.bodyHeight)} ft above the ground at the top of the jump`, creatureId: m.body });
  }
  const after = gridOf(ctx.state);
  const rough = after && landing ? difficultUnder(after, after.creatures[m.body]!) : spec.landingDifficult === true;
  if (rough) {
    const p = a5eTest(ctx, { kind: 'check', actor: m.body, ability: 'dex', skill: 'acrobatics', dc: { label: 'land on its feet', value: 10 }, ruleId: 'A5E-MOVE-12' });
    if (p.outcome !== 'success') addCondition(ctx, m.body, 'prone', { source: m.body, ruleId: 'A5E-MOVE-12' });
  }
  if (landing) {
    for (const id of [m.body, m.rider].filter((x): x is string => !!x)) {
      endBackToBack(ctx, id, 'it jumped');
      endGrapplesOutOfReach(ctx, id);
    }
  }
}
