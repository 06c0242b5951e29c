import { hasFlag, removeInstance, type EncounterState, type Resolution, type ConditionInstance } from '@fray/engine';
import type { ThirteenModule } from '../module';
import { hostile, alive } from '../core/sheets';
import { actionRefusal, afterPaying, cannotAct, spendAction, setVar, type Refusal, type Rules } from '../core/economy';
import { opportunityAttacks } from '../combat/attack';
import { bandBetween, breakEngagement, engagePair, engagedFoes, isEngagedWith, setWhereabouts } from './zones';
import { rollSave } from '../flow/saves';
import { movementVars } from '../settings';

const sizes = ['small', 'normal', 'large', 'huge'];
const sizeOf = (ctx: Resolution, id: string) => sizes.indexOf((ctx.state.creatures[id]!.sheet as unknown as { size: string }).size);
const grabsOn = (ctx: Rules, id: string): ConditionInstance[] => ctx.state.creatures[id]!.conditions.filter((c) => c.conditionId === 'grabbed');
const grabbersOf = (ctx: Rules, id: string): string[] => grabsOn(ctx, id).map((c) => (c.data as { grabber: string }).grabber);
/** creatures this one is grabbing */
const heldBy = (ctx: Resolution, id: string): string[] => ctx.state.creatureIds.filter((o) => grabbersOf(ctx, o).includes(id));

function releaseGrab(ctx: Resolution, grabber: string, held: string, reason: string, ruleId: string): void {
  for (const g of grabsOn(ctx, held)) if ((g.data as { grabber: string }).grabber === grabber) removeInstance(ctx, held, g, reason, ruleId);
}

/** Why it cannot move at all now (13A-COND-7 stuck, 13A-ENGAGE-8 after a failed disengage). */
export function moveBlock(ctx: Rules, id: string): Refusal | null {
  const c = ctx.state.creatures[id]!;
  if (hasFlag(ctx.ruleset, c, 'cannot-move')) return { code: 'stuck', message: `${c.name} is stuck: it cannot move, disengage or pop free (only teleport)`, ruleId: '13A-COND-7' };
  if (c.vars['disengageFailed'] === true) return { code: 'no-more-movement', message: `${c.name} failed to disengage and cannot move again this turn`, ruleId: '13A-ENGAGE-8' };
  return null;
}

/**
 * Why it cannot engage `t` now (13A-ENGAGE-1, 13A-POS-3): not a living enemy, already engaged with it,
 * unable to move, or short of the move action (two for a far-away enemy, the standard paying for the
 * second). The engage action asks it first; the menu and legal commands ask it too.
 */
export function engageRefusal(ctx: Rules, id: string, t: string): Refusal | null {
  if (!hostile(ctx.state, id, t) || !alive(ctx.state.creatures[t]!)) return { code: 'illegal-target', message: 'you engage a living enemy', ruleId: '13A-ENGAGE-1' };
  if (isEngagedWith(ctx.state, id, t)) return { code: 'already-engaged', message: `already engaged with ${t}`, ruleId: '13A-ENGAGE-1' };
  const stuck = moveBlock(ctx, id);
  if (stuck) return stuck;
  const first = actionRefusal(ctx, id, 'move', '13A-ACT-6');
  if (first) return first;
  const second = bandBetween(ctx.state, id, t) === 'far away' ? actionRefusal(afterPaying(ctx, id, 'move'), id, 'move', '13A-POS-3') : null;
  return second ?? grabbedRefusal(ctx.state, id);
}

/** `engageRefusal` for the targets a command names: exactly one enemy (13A-ENGAGE-1). */
export function engageRefusalOn(ctx: Rules, id: string, targets: readonly string[]): Refusal | null {
  const t = targets[0];
  if (!t || targets.length !== 1) return { code: 'no-target', message: 'engage names one enemy', ruleId: '13A-ENGAGE-1' };
  return engageRefusal(ctx, id, t);
}

/** Why it cannot come back from far away now (13A-POS-3): unable to move, or short of the two move actions it takes (the standard paying for the second). */
export function comeBackRefusal(ctx: Rules, id: string): Refusal | null {
  return moveBlock(ctx, id) ?? actionRefusal(ctx, id, 'move', '13A-POS-3') ?? actionRefusal(afterPaying(ctx, id, 'move'), id, 'move', '13A-POS-3');
}

/** Why it cannot teleport now (13A-TELE-1): the spell takes the standard action; what it provokes comes after. */
export function teleportRefusal(ctx: Rules, id: string): Refusal | null {
  return actionRefusal(ctx, id, 'standard', '13A-TELE-1');
}

/** Why an effect cannot pop `targets[0]` (the actor when none) free now (13A-ENGAGE-11, 13A-COND-7): the stuck stay, and it takes the actor's quick action. */
export function popFreeRefusal(ctx: Rules, id: string, targets: readonly string[]): Refusal | null {
  const t = targets[0] ?? id;
  if (hasFlag(ctx.ruleset, ctx.state.creatures[t]!, 'cannot-move')) return { code: 'stuck', message: `${t} is stuck and cannot pop free`, ruleId: '13A-COND-7' };
  return actionRefusal(ctx, id, 'quick', '13A-ENGAGE-11');
}

/** Why it cannot let go of `targets[0]` (13A-GRAB-1): it is not grabbing it. Letting go is free, at any time. */
export function releaseRefusal(ctx: Rules, id: string, targets: readonly string[]): Refusal | null {
  const t = targets[0];
  return !t || !grabbersOf(ctx, t).includes(id) ? { code: 'not-grabbing', message: `${id} is not grabbing ${t ?? 'anyone'}`, ruleId: '13A-GRAB-1' } : null;
}

/** Why it cannot simply move away (13A-ENGAGE-5, 13A-GRAB-2): unable to move, no move action, or grabbed. */
export function moveAwayRefusal(ctx: Rules, id: string): Refusal | null {
  return moveBlock(ctx, id) ?? actionRefusal(ctx, id, 'move', '13A-ACT-6') ?? grabbedRefusal(ctx.state, id);
}

/** A grabbed creature cannot leave its grabber by moving (13A-GRAB-2). */
export function grabbedRefusal(state: EncounterState, id: string): Refusal | null {
  const held = state.creatures[id]!.conditions.some((c) => c.conditionId === 'grabbed');
  return held ? { code: 'grabbed', message: `${state.creatures[id]!.name} is grabbed: disengage (at -5), teleport or be popped free`, ruleId: '13A-GRAB-2' } : null;
}

/** The foes whose opportunity attacks leaving its engagements would draw (13A-ENGAGE-5, 13A-GRAB-4/5), before any grab question. */
export function leavingProvokers(state: EncounterState, id: string, keep: readonly string[] = []): string[] {
  const held = state.creatureIds.filter((o) => state.creatures[o]!.conditions.some((c) => c.conditionId === 'grabbed' && (c.data as { grabber?: string } | undefined)?.grabber === id));
  return engagedFoes(state, id).filter((f) => hostile(state, id, f) && !keep.includes(f) && !held.includes(f));
}

/** Why it cannot try to disengage now (13A-ENGAGE-6/8, 13A-COND-7, 13A-ACT-2), before the save that decides it. */
export function disengageRefusal(ctx: Rules, id: string): Refusal | null {
  return disengageBlock(ctx, id) ?? actionRefusal(ctx, id, 'move', '13A-ENGAGE-6');
}

/** `disengageRefusal` for the foes a command names (all it is engaged with when none): each must be one it is engaged with (13A-ENGAGE-6). */
export function disengageRefusalOn(ctx: Rules, id: string, targets: readonly string[]): Refusal | null {
  const blocked = disengageBlock(ctx, id);
  if (blocked) return blocked;
  const engaged = engagedFoes(ctx.state, id).filter((f) => hostile(ctx.state, id, f));
  const stray = targets.find((f) => !engaged.includes(f));
  if (stray !== undefined) return { code: 'illegal-target', message: `${ctx.state.creatures[id]!.name} is not engaged with ${stray}`, ruleId: '13A-ENGAGE-6' };
  return actionRefusal(ctx, id, 'move', '13A-ENGAGE-6');
}

/** `disengageRefusal` before the cost: not engaged, stuck, or failed already this turn. */
function disengageBlock(ctx: Rules, id: string): Refusal | null {
  const c = ctx.state.creatures[id]!;
  if (!engagedFoes(ctx.state, id).some((f) => hostile(ctx.state, id, f))) return { code: 'not-engaged', message: `${c.name} is not engaged: just move`, ruleId: '13A-ENGAGE-6' };
  if (hasFlag(ctx.ruleset, c, 'cannot-move')) return { code: 'stuck', message: `${c.name} is stuck and cannot disengage`, ruleId: '13A-COND-7' };
  if (c.vars['disengageFailed'] === true) return { code: 'no-more-movement', message: `${c.name} already failed to disengage this turn`, ruleId: '13A-ENGAGE-8' };
  return null;
}

/**
 * 13A-ENGAGE-5, 13A-GRAB-2/4/5: leaving engaged foes without a check draws their opportunity
 * attacks. A grabbed creature cannot leave its grabber this way. A grabber lets go of what it
 * cannot carry; the released creature gets no opportunity attack.
 */
function leaveEngagement(ctx: Resolution, id: string, keep: readonly string[] = []): boolean {
  const grabbed = grabbedRefusal(ctx.state, id);
  if (grabbed) ctx.reject(grabbed.code, grabbed.message, grabbed.ruleId);
  const carried: string[] = [];
  const released: string[] = [];
  for (const h of heldBy(ctx, id)) {
    if (sizeOf(ctx, h) < sizeOf(ctx, id)) carried.push(h);
    else {
      releaseGrab(ctx, id, h, `${ctx.state.creatures[id]!.name} lets go to move`, '13A-GRAB-4');
      released.push(h);
    }
  }
  if (carried.length) ctx.emit({ type: 'RuleApplied', ruleId: '13A-GRAB-4', text: `${ctx.state.creatures[id]!.name} carries ${carried.join(', ')} along`, creatureId: id });
  const foes = engagedFoes(ctx.state, id).filter((f) => hostile(ctx.state, id, f) && !keep.includes(f) && !carried.includes(f));
  if (released.length) ctx.emit({ type: 'RuleApplied', ruleId: '13A-GRAB-5', text: `${released.join(', ')} cannot make an opportunity attack on the grabber leaving`, creatureId: id });
  const provokers = foes.filter((f) => !released.includes(f));
  if (provokers.length && !opportunityAttacks(ctx, id, provokers, 'moves away')) return false;
  breakEngagement(ctx, id, foes);
  return true;
}

/** 13A-ENGAGE-10, 13A-POS-6: free creatures near both may step in and engage the mover. */
function intercepted(ctx: Resolution, mover: string, target: string | null): string | null {
  const candidates = ctx.state.creatureIds.filter((x) => {
    const c = ctx.state.creatures[x]!;
    if (x === mover || x === target || c.hidden || !alive(c) || !hostile(ctx.state, mover, x) || cannotAct(ctx, x)) return false;
    if (engagedFoes(ctx.state, x).length) return false;
    if (ctx.state.vars['ambushRound'] === true) return false;
    if (bandBetween(ctx.state, x, mover) === 'far away') return false;
    return target === null || bandBetween(ctx.state, x, target) !== 'far away';
  });
  for (const x of candidates) {
    const guard = target !== null && ctx.state.creatures[target]!.vars['behind'] === x;
    const a = ctx.ask({
      key: '13a.intercept', to: { controllerOf: x }, about: x,
      text: `${ctx.state.creatures[mover]!.name} moves past ${ctx.state.creatures[x]!.name}${target ? ` toward ${ctx.state.creatures[target]!.name}` : ''}${guard ? ' (who stands behind you)' : ''}: intercept?`,
      options: [{ id: 'let-pass', label: 'Let it pass' }, { id: 'intercept', label: 'Intercept and engage it' }], default: 'let-pass',
    });
    if (a === 'intercept') {
      engagePair(ctx, x, mover);
      ctx.emit({ type: 'RuleApplied', ruleId: guard ? '13A-POS-6' : '13A-ENGAGE-10', text: `${ctx.state.creatures[x]!.name} intercepts ${ctx.state.creatures[mover]!.name}, who stops there`, creatureId: x });
      return x;
    }
  }
  return null;
}

const otherEnemies = (ctx: Resolution, id: string) => ctx.state.creatureIds.filter((o) => o !== id && hostile(ctx.state, id, o) && alive(ctx.state.creatures[o]!));

export const movementModule: ThirteenModule = {
  id: 'movement',
  creatureVars: movementVars,
  actions: {
    /** 13A-ENGAGE-1, 13A-POS-2/3: one move action to engage a nearby enemy (two when it is far away). */
    engage: (ctx, id, targets) => {
      const refusal = engageRefusalOn(ctx, id, targets);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      const t = targets[0]!;
      spendAction(ctx, id, 'move', '13A-ACT-6');
      if (bandBetween(ctx.state, id, t) === 'far away') {
        // 13A-POS-3: two moves to reach a far-away creature; the second is the standard as a move.
        spendAction(ctx, id, 'move', '13A-POS-3');
      }
      if (!leaveEngagement(ctx, id)) return;
      if (intercepted(ctx, id, t)) return;
      engagePair(ctx, id, t);
    },
    /** 13A-ENGAGE-5 / 13A-POS-3: move away (drawing opportunity attacks), optionally far away. */
    moveAway: (ctx, id, _targets, options) => {
      const refusal = moveAwayRefusal(ctx, id);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      spendAction(ctx, id, 'move', '13A-ACT-6');
      if (!leaveEngagement(ctx, id)) return;
      if (options['farAway'] === true) {
        const room = ctx.ask({ key: '13a.farAwayRoom', to: { role: 'gm' }, about: id, text: `Is there room for ${ctx.state.creatures[id]!.name} to be far away?`, options: [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No room' }], default: 'yes' });
        if (room === 'yes') {
          setWhereabouts(ctx, id, otherEnemies(ctx, id), 'far away');
          ctx.emit({ type: 'RuleApplied', ruleId: '13A-POS-3', text: `${ctx.state.creatures[id]!.name} is far away`, creatureId: id });
        }
      }
    },
    /** 13A-POS-3: back to nearby from far away takes two moves. */
    comeBack: (ctx, id) => {
      const refusal = comeBackRefusal(ctx, id);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      spendAction(ctx, id, 'move', '13A-POS-3');
      spendAction(ctx, id, 'move', '13A-POS-3');
      setWhereabouts(ctx, id, otherEnemies(ctx, id), 'nearby');
    },
    /** 13A-ENGAGE-6/7/8, 13A-GRAB-3: a normal save, -1 per extra foe, -5 if grabbed (unless it hit the grabber this turn). */
    disengage: (ctx, id, targets, options) => {
      const c = () => (ctx.state.creatures[id])!;
      const engaged = engagedFoes(ctx.state, id).filter((f) => hostile(ctx.state, id, f));
      const refusal = disengageRefusalOn(ctx, id, targets);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      const from = targets.length ? targets : engaged;
      spendAction(ctx, id, 'move', '13A-ENGAGE-6');
      const penalties = [];
      if (from.length > 1) penalties.push({ id: 'extra-foes', label: `${from.length - 1} extra foe(s)`, value: -(from.length - 1), ruleId: '13A-ENGAGE-6' });
      const grabbers = grabbersOf(ctx, id).filter((g) => from.includes(g));
      if (grabbers.length && c().vars['hitGrabberThisTurn'] !== true) penalties.push({ id: 'grabbed', label: 'grabbed', value: -5, ruleId: '13A-GRAB-3' });
      if (rollSave(ctx, id, 'normal', 'disengage', '13A-ENGAGE-6', penalties)) {
        for (const g of grabbers) releaseGrab(ctx, g, id, 'disengaged', '13A-GRAB-3');
        breakEngagement(ctx, id, from);
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-ENGAGE-7', text: `${c().name} pops free of ${from.join(', ')}`, creatureId: id });
        const rest = engagedFoes(ctx.state, id).filter((f) => hostile(ctx.state, id, f));
        if (options['farAway'] === true && !rest.length) setWhereabouts(ctx, id, otherEnemies(ctx, id), 'far away');
      } else {
        setVar(ctx, id, 'disengageFailed', true);
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-ENGAGE-8', text: `${c().name} fails to disengage: no move, still engaged, no opportunity attacks`, creatureId: id });
      }
    },
    /** 13A-TELE-1/2: teleporting ends engagement and grabs with no opportunity attacks; casting it is a spell (provokes unless close-quarters). */
    teleport: (ctx, id, _targets, options) => {
      const refusal = teleportRefusal(ctx, id);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      spendAction(ctx, id, 'standard', '13A-TELE-1');
      const engaged = engagedFoes(ctx.state, id).filter((f) => hostile(ctx.state, id, f));
      if (engaged.length && options['closeQuarters'] !== true) {
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-ENGAGE-4', text: 'casting a teleport spell while engaged provokes', creatureId: id });
        if (!opportunityAttacks(ctx, id, engaged, 'casts a teleport spell')) return;
      }
      for (const g of grabsOn(ctx, id)) removeInstance(ctx, id, g, 'teleported away', '13A-TELE-2');
      for (const h of heldBy(ctx, id)) releaseGrab(ctx, id, h, 'the grabber teleported away', '13A-TELE-2');
      breakEngagement(ctx, id, engagedFoes(ctx.state, id));
      if (options['farAway'] === true) setWhereabouts(ctx, id, otherEnemies(ctx, id), 'far away');
      ctx.emit({ type: 'RuleApplied', ruleId: '13A-TELE-1', text: `${ctx.state.creatures[id]!.name} teleports: no opportunity attacks for the move`, creatureId: id });
    },
    /** 13A-ENGAGE-11: an effect pops the creature free (no check, no opportunity attacks); not when stuck. */
    popFree: (ctx, id, targets) => {
      const refusal = popFreeRefusal(ctx, id, targets);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      const t = targets[0] ?? id;
      spendAction(ctx, id, 'quick', '13A-ENGAGE-11');
      for (const g of grabsOn(ctx, t)) removeInstance(ctx, t, g, 'popped free', '13A-ENGAGE-11');
      breakEngagement(ctx, t, engagedFoes(ctx.state, t));
      ctx.emit({ type: 'RuleApplied', ruleId: '13A-ENGAGE-11', text: `${ctx.state.creatures[t]!.name} pops free`, creatureId: t });
    },
    /** 13A-GRAB-1: letting go is a free action. */
    release: (ctx, id, targets) => {
      const refusal = releaseRefusal(ctx, id, targets);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      releaseGrab(ctx, id, targets[0]!, 'let go', '13A-GRAB-1');
    },
  },
};


