import { gameTimeExpired, tickDuration } from '../condition/duration';
import { currentCreatureId } from '../core/state';
import type { Resolution } from '../resolve/context';
import { runStage } from '../ruleset/hooks';
import { activeEffects, removeInstance } from './conditions';
import { dealDamage } from './damage';
import { rollInitiativeFor } from './initiative';

/** Starts combat: initiative for anyone without it, round 1, the first turn. */
export function startCombat(ctx: Resolution): void {
  if (ctx.state.phase === 'combat') ctx.reject('already-started', 'combat has already started');
  if (ctx.state.phase === 'ended') ctx.reject('encounter-ended', 'the encounter has ended');
  const missing = ctx.state.creatureIds.filter((id) => !ctx.state.order.some((e) => e.creatureId === id) && !ctx.state.creatures[id]!.tags.includes('no-initiative'));
  if (missing.length) rollInitiativeFor(ctx, missing);
  if (!ctx.state.order.length) ctx.reject('no-combatants', 'nobody is in the initiative order: add creatures first');
  ctx.emit({ type: 'CombatStarted' });
  runStage(ctx, 'encounter.start', {});
  beginRound(ctx, 1);
}

function takesTurn(ctx: Resolution, creatureId: string): boolean {
  const entry = ctx.state.order.find((e) => e.creatureId === creatureId);
  if (!entry || entry.delayed) return false;
  return ctx.ruleset.takesTurn ? ctx.ruleset.takesTurn(ctx.state, creatureId) : ctx.state.creatures[creatureId]?.status !== 'dead';
}

function beginRound(ctx: Resolution, round: number): void {
  ctx.emit({ type: 'RoundStarted', round });
  expireGameTime(ctx);
  runStage(ctx, 'round.start', { round });
  advanceFrom(ctx, -1);
}

/** Starts the next turn after `index`, or a new round when everyone has gone. */
function advanceFrom(ctx: Resolution, index: number): void {
  if (ctx.state.phase !== 'combat') return;
  const order = ctx.state.order;
  for (let i = index + 1; i < order.length; i++) {
    const id = order[i]!.creatureId;
    if (takesTurn(ctx, id)) {
      startTurn(ctx, id, i);
      return;
    }
  }
  if (!order.some((e) => takesTurn(ctx, e.creatureId))) return;
  runStage(ctx, 'round.end', { round: ctx.state.round });
  beginRound(ctx, ctx.state.round + 1);
}

function startTurn(ctx: Resolution, creatureId: string, turnIndex: number): void {
  ctx.emit({ type: 'TurnStarted', round: ctx.state.round, creatureId, turnIndex });
  tickBoundary(ctx, creatureId, 'start');
  runStage(ctx, 'turn.start', { creatureId });
}

/** Ends the current turn: end-of-turn rules, durations, then the next creature. */
export function endTurn(ctx: Resolution): void {
  const id = currentCreatureId(ctx.state);
  if (ctx.state.phase !== 'combat' || !id) ctx.reject('no-turn', 'no turn is in progress: start combat first');
  const index = ctx.state.turnIndex;
  runStage(ctx, 'turn.end', { creatureId: id });
  tickBoundary(ctx, id, 'end');
  ctx.emit({ type: 'TurnEnded', creatureId: id });
  // A creature that acted now (undelayed) was placed right after the one ending; the index moves past it.
  const nowAt = ctx.state.order.findIndex((e) => e.creatureId === id);
  advanceFrom(ctx, nowAt >= 0 ? nowAt : index - 1);
}

/**
 * A turn boundary of `creatureId`: ongoing effects fire, saves to end effects are rolled, and every
 * creature's durations tied to this boundary count down.
 */
function tickBoundary(ctx: Resolution, creatureId: string, boundary: 'start' | 'end'): void {
  const holder = ctx.state.creatures[creatureId];
  if (holder) {
    for (const a of activeEffects(ctx.ruleset, holder)) {
      if (a.effect.kind !== 'ongoing' || a.effect.timing !== boundary) continue;
      const record = ctx.roll(a.effect.dice, { roller: a.instance.source, purpose: `ongoing ${a.conditionId}` });
      const parts = Object.entries(record.byLabel).map(([type, amount]) => ({ type: type || 'untyped', amount }));
      if (a.effect.ruleId) ctx.emit({ type: 'RuleApplied', ruleId: a.effect.ruleId, text: `ongoing damage from ${a.conditionId}`, creatureId });
      dealDamage(ctx, creatureId, parts, { source: a.instance.source, options: ['damage:ongoing'] });
    }
    for (const inst of [...(ctx.state.creatures[creatureId]?.conditions ?? [])]) {
      if (inst.duration.kind === 'saveEnds' && inst.duration.timing === boundary) {
        const p = runStage(ctx, 'duration.save', { creatureId, condition: inst, save: inst.duration.save, ended: false });
        if (p.ended) removeInstance(ctx, creatureId, inst, 'saved');
      }
    }
  }
  for (const id of [...ctx.state.creatureIds]) {
    for (const inst of [...(ctx.state.creatures[id]?.conditions ?? [])]) {
      const { expired, next } = tickDuration(inst.duration, { creatureId, boundary });
      if (expired) removeInstance(ctx, id, inst, `its time ran out at the ${boundary} of ${ctx.state.creatures[creatureId]?.name ?? creatureId}'s turn`);
      else if (next !== inst.duration) ctx.emit({ type: 'ConditionUpdated', creatureId: id, instanceId: inst.instanceId, duration: next });
    }
  }
}

function expireGameTime(ctx: Resolution): void {
  for (const id of [...ctx.state.creatureIds]) {
    for (const inst of [...(ctx.state.creatures[id]?.conditions ?? [])]) {
      if (gameTimeExpired(inst.duration, ctx.state.clockSeconds)) removeInstance(ctx, id, inst, 'time ran out');
    }
  }
}

/** Ends the encounter: effects that last the encounter end, then the ruleset's end-of-fight rules. */
export function endEncounter(ctx: Resolution, reason: string): void {
  if (ctx.state.phase === 'ended') ctx.reject('encounter-ended', 'the encounter has already ended');
  for (const id of [...ctx.state.creatureIds]) {
    for (const inst of [...(ctx.state.creatures[id]?.conditions ?? [])]) {
      if (inst.duration.kind === 'endOfEncounter' || inst.duration.kind === 'turns') removeInstance(ctx, id, inst, 'the encounter ended');
    }
  }
  runStage(ctx, 'encounter.end', { reason });
  ctx.emit({ type: 'EncounterEnded', reason });
}
