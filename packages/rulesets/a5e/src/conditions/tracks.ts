import {
  addCondition, removeCondition, runStage, type ConditionDef, type ConditionEffect, type EncounterState, type Resolution,
} from '@fray/engine';
import { CONCENTRATION } from './options';
import { FLAG } from './definitions';

/**
 * Fatigue and strife (A5E-TRACK, A5E-FATIGUE, A5E-STRIFE) as leveled conditions named after the
 * track, so `gm.setTrack` works on them. The condition's level is the level in effect; fatigue gained
 * while a fight runs waits in the `pendingFatigue` tally until it ends (A5E-FATIGUE-9).
 */
export type Track = 'fatigue' | 'strife';
export const TRACK_MAX = 7;
export const PENDING_FATIGUE = 'pendingFatigue';
/** creature vars the strife stress effects are recorded in */
export const SHORT_TERM_STRESS_VAR = 'a5e.stress.shortTerm';
export const LONG_TERM_STRESS_VAR = 'a5e.stress.longTerm';

const dis = (selectors: string[], ruleId: string, predicate?: string): ConditionEffect[] =>
  selectors.map((selector) => ({ kind: 'rollMode', selector, subject: 'self', mode: 'disadvantage', ruleId, ...(predicate ? { predicate } : {}) }));
const flag = (name: string, ruleId: string): ConditionEffect => ({ kind: 'flag', flag: name, ruleId });

export const fatigueDef: ConditionDef = {
  id: 'fatigue', name: 'Fatigue', ruleId: 'A5E-TRACK-1', effects: [],
  levels: {
    max: TRACK_MAX,
    effects: {
      1: [{ kind: 'forbid', what: 'dash', ruleId: 'A5E-FATIGUE-1' }, { kind: 'forbid', what: 'sprint', ruleId: 'A5E-FATIGUE-1' }],
      2: dis(['check:str', 'check:dex', 'check:con'], 'A5E-FATIGUE-2'),
      3: [{ kind: 'speed', multiply: 0.5, ruleId: 'A5E-FATIGUE-3' }, flag(FLAG.noFastPace, 'A5E-FATIGUE-3')],
      4: [...dis(['attack:str', 'attack:dex', 'attack:con', 'save:str', 'save:dex', 'save:con'], 'A5E-FATIGUE-4'), flag(FLAG.noNormalPace, 'A5E-FATIGUE-4')],
      5: [flag(FLAG.hitDiceHalved, 'A5E-FATIGUE-5')],
      6: [{ kind: 'speed', set: 5, ruleId: 'A5E-FATIGUE-6' }, flag(FLAG.noSlowPace, 'A5E-FATIGUE-6')],
      // level 7 brings the doomed condition itself (see onTrackChange)
      7: [],
    },
  },
};

export const strifeDef: ConditionDef = {
  id: 'strife', name: 'Strife', ruleId: 'A5E-TRACK-1', effects: [],
  levels: {
    max: TRACK_MAX,
    effects: {
      1: dis(['check:int', 'check:wis', 'check:cha'], 'A5E-STRIFE-1'),
      2: dis(['save', 'check'], 'A5E-STRIFE-2', CONCENTRATION),
      3: [flag(FLAG.actionOrBonus, 'A5E-STRIFE-3')],
      4: dis(['attack:int', 'attack:wis', 'attack:cha', 'save:int', 'save:wis', 'save:cha'], 'A5E-STRIFE-4'),
      5: [flag(FLAG.shortTermStress, 'A5E-STRIFE-5')],
      6: [flag(FLAG.cantripsOnly, 'A5E-STRIFE-6'), { kind: 'forbid', what: 'spell', ruleId: 'A5E-STRIFE-6' }],
      7: [flag(FLAG.longTermStress, 'A5E-STRIFE-7')],
    },
  },
};

/** The level in effect now (0 when the creature has none). */
export function trackLevelOf(state: EncounterState, id: string, track: Track): number {
  return state.creatures[id]?.conditions.find((x) => x.conditionId === track)?.level ?? 0;
}

/** Fatigue counted with what is still waiting for the fight to end (A5E-FATIGUE-9). */
export function fatigueTotal(state: EncounterState, id: string): number {
  return Math.min(TRACK_MAX, trackLevelOf(state, id, 'fatigue') + (state.creatures[id]?.tallies[PENDING_FATIGUE] ?? 0));
}

const clamp = (n: number) => Math.max(0, Math.min(TRACK_MAX, n));

/**
 * Sets a track's level in effect now, through the same path as `gm.setTrack`, so the level hooks
 * (doom at fatigue 7, stress effects) run whoever changes it. Below 1 every effect ends (A5E-TRACK-4).
 */
export function setTrackLevel(ctx: Resolution, id: string, track: Track, level: number, ruleId: string): void {
  const c = ctx.state.creatures[id];
  if (!c) return ctx.reject('unknown-creature', `no creature '${id}'`);
  const target = clamp(level);
  const inst = c.conditions.find((x) => x.conditionId === track);
  const before = inst?.level ?? 0;
  if (target === before) return;
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${c.name}: ${track} ${before} → ${target}`, creatureId: id });
  if (target === 0) {
    removeCondition(ctx, id, track, `${track} reduced below 1`, 'A5E-TRACK-4');
  } else if (inst) {
    ctx.emit({ type: 'ConditionUpdated', creatureId: id, instanceId: inst.instanceId, level: target });
    const after = ctx.state.creatures[id]!.conditions.find((x) => x.instanceId === inst.instanceId)!;
    runStage(ctx, 'condition.updated', { creatureId: id, condition: after, previousLevel: before });
  } else {
    addCondition(ctx, id, track, { level: target, source: null, ruleId });
  }
}

/** Whether fatigue gained now waits for the end of the fight (A5E-FATIGUE-9; `deferCombatFatigue: false` turns it off). */
export function fatigueIsDeferred(state: EncounterState): boolean {
  return state.phase === 'combat' && state.options['deferCombatFatigue'] !== false;
}

/**
 * Adds fatigue levels (A5E-TRACK-3: levels add, A5E-TRACK-5: capped at 7). During a fight they are
 * held as pending and take effect when it ends (A5E-FATIGUE-9).
 */
export function gainFatigue(ctx: Resolution, id: string, n: number, ruleId: string): void {
  const c = ctx.state.creatures[id];
  if (!c) return ctx.reject('unknown-creature', `no creature '${id}'`);
  if (n <= 0) return;
  if (fatigueIsDeferred(ctx.state)) {
    const effective = trackLevelOf(ctx.state, id, 'fatigue');
    const pending = c.tallies[PENDING_FATIGUE] ?? 0;
    const next = Math.min(TRACK_MAX - effective, pending + n);
    if (next === pending) return;
    ctx.emit({ type: 'TallySet', creatureId: id, key: PENDING_FATIGUE, value: next, ruleId });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-FATIGUE-9', text: `${c.name} gains ${next - pending} fatigue (total ${effective + next}); it takes effect when the encounter ends`, creatureId: id });
    return;
  }
  setTrackLevel(ctx, id, 'fatigue', trackLevelOf(ctx.state, id, 'fatigue') + n, ruleId);
}

/** Adds strife levels; strife is never deferred (A5E-STRIFE-9). */
export function gainStrife(ctx: Resolution, id: string, n: number, ruleId: string): void {
  if (n <= 0) return;
  setTrackLevel(ctx, id, 'strife', trackLevelOf(ctx.state, id, 'strife') + n, ruleId);
}

/**
 * Lowers a track (A5E-TRACK-4). Fatigue still waiting for the fight to end is healed first, so a
 * cure mid-fight never waits.
 */
export function loseTrack(ctx: Resolution, id: string, track: Track, n: number, ruleId: string): void {
  const c = ctx.state.creatures[id];
  if (!c) return ctx.reject('unknown-creature', `no creature '${id}'`);
  if (n <= 0) return;
  let left = n;
  if (track === 'fatigue') {
    const pending = c.tallies[PENDING_FATIGUE] ?? 0;
    const fromPending = Math.min(pending, left);
    if (fromPending > 0) {
      ctx.emit({ type: 'TallySet', creatureId: id, key: PENDING_FATIGUE, value: pending - fromPending, ruleId });
      left -= fromPending;
    }
  }
  if (left > 0) setTrackLevel(ctx, id, track, trackLevelOf(ctx.state, id, track) - left, ruleId);
}

/** At the end of a fight the fatigue it caused takes effect (A5E-FATIGUE-9). */
export function applyPendingFatigue(ctx: Resolution): void {
  for (const id of ctx.state.creatureIds) {
    const pending = ctx.state.creatures[id]?.tallies[PENDING_FATIGUE] ?? 0;
    if (!pending) continue;
    ctx.emit({ type: 'TallySet', creatureId: id, key: PENDING_FATIGUE, value: 0, ruleId: 'A5E-FATIGUE-9' });
    setTrackLevel(ctx, id, 'fatigue', trackLevelOf(ctx.state, id, 'fatigue') + pending, 'A5E-FATIGUE-9');
  }
}

/**
 * What crossing a level does beyond its listed effects: fatigue 7 dooms (A5E-FATIGUE-7), strife 5
 * and 7 bring mental stress effects (A5E-STRIFE-5, A5E-STRIFE-7).
 */
export function onTrackChange(ctx: Resolution, id: string, track: Track, before: number, after: number): void {
  const c = () => (ctx.state.creatures[id])!;
  if (track === 'fatigue') {
    if (before < TRACK_MAX && after >= TRACK_MAX) {
      addCondition(ctx, id, 'doomed', { source: null, ruleId: 'A5E-FATIGUE-7' });
      // Seed 002 also says such a creature "dies"; the catalog's ruling keeps the doomed timer.
      if (ctx.state.options['fatigueLevel7'] === 'dies' && c().status !== 'dead') {
        ctx.emit({ type: 'StatusSet', creatureId: id, status: 'dead', ruleId: 'A5E-FATIGUE-7' });
      }
    }
    return;
  }
  if (before < 5 && after >= 5) {
    ctx.emit({ type: 'VarSet', creatureId: id, key: SHORT_TERM_STRESS_VAR, value: { reachedAtClockSeconds: ctx.state.clockSeconds } });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-STRIFE-5', text: `${c().name} suffers a randomly determined short-term mental stress effect (the Narrator rolls it)`, creatureId: id });
  } else if (before >= 5 && after < 5 && c().vars[SHORT_TERM_STRESS_VAR] !== undefined) {
    ctx.emit({ type: 'VarSet', creatureId: id, key: SHORT_TERM_STRESS_VAR, value: null });
  }
  if (before < TRACK_MAX && after >= TRACK_MAX && c().vars[LONG_TERM_STRESS_VAR] === undefined) {
    const how = ctx.ask({
      key: 'a5e.strife.longTermStress',
      to: { role: 'gm' },
      about: id,
      ruleId: 'A5E-STRIFE-7',
      text: `${c().name} reaches strife 7 and suffers a permanent long-term mental stress effect: roll it or choose it?`,
      options: [{ id: 'random', label: 'Roll a random long-term mental stress effect' }, { id: 'chosen', label: 'The Narrator chooses the effect' }],
    });
    ctx.emit({ type: 'VarSet', creatureId: id, key: LONG_TERM_STRESS_VAR, value: { how, permanent: true } });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-STRIFE-7', text: `${c().name} suffers a permanent long-term mental stress effect (${how === 'chosen' ? 'chosen by the Narrator' : 'rolled'})`, creatureId: id });
  }
}

/** Raised from the dead: each track drops by 1 (A5E-TRACK-9). */
export function raisedFromDead(ctx: Resolution, id: string): void {
  loseTrack(ctx, id, 'fatigue', 1, 'A5E-TRACK-9');
  loseTrack(ctx, id, 'strife', 1, 'A5E-TRACK-9');
}

export interface LongRest {
  inHaven: boolean;
  suppliesConsumed: boolean;
}

/**
 * The tracks after a long rest: with Supply in a haven each drops by 1 (A5E-TRACK-6); with Supply
 * elsewhere only a track at exactly 1 drops, each checked on its own (A5E-TRACK-7, A5E-FATIGUE-10);
 * without Supply nothing is recovered and fatigue rises by 1 (A5E-TRACK-8).
 */
export function longRestTrackLevels(levels: { fatigue: number; strife: number }, rest: LongRest): { fatigue: number; strife: number; ruleId: string } {
  if (!rest.suppliesConsumed) return { fatigue: clamp(levels.fatigue + 1), strife: levels.strife, ruleId: 'A5E-TRACK-8' };
  if (rest.inHaven) return { fatigue: clamp(levels.fatigue - 1), strife: clamp(levels.strife - 1), ruleId: 'A5E-TRACK-6' };
  const first = (n: number) => (n === 1 ? 0 : n);
  return { fatigue: first(levels.fatigue), strife: first(levels.strife), ruleId: 'A5E-TRACK-7' };
}

/** A step other modules add before the long-rest recovery (a duel's levels taken for exertion go first, DUEL-EXERT-8). */
export interface LongRestTrackStep {
  id: string;
  run(ctx: Resolution, id: string, rest: LongRest): void;
}

const longRestTrackSteps: LongRestTrackStep[] = [];

/** Adds (or, by id, replaces) a step run at the start of `applyLongRestToTracks`. */
export function beforeLongRestTracks(step: LongRestTrackStep): void {
  const at = longRestTrackSteps.findIndex((s) => s.id === step.id);
  if (at >= 0) longRestTrackSteps[at] = step;
  else longRestTrackSteps.push(step);
}

/** Applies `longRestTrackLevels` to a creature; the rest module calls this when a long rest ends. */
export function applyLongRestToTracks(ctx: Resolution, id: string, rest: LongRest): void {
  for (const s of longRestTrackSteps) s.run(ctx, id, rest);
  const now = { fatigue: fatigueTotal(ctx.state, id), strife: trackLevelOf(ctx.state, id, 'strife') };
  const next = longRestTrackLevels(now, rest);
  if (next.fatigue > now.fatigue) gainFatigue(ctx, id, next.fatigue - now.fatigue, next.ruleId);
  else loseTrack(ctx, id, 'fatigue', now.fatigue - next.fatigue, next.ruleId);
  loseTrack(ctx, id, 'strife', now.strife - next.strife, next.ruleId);
}

/** Hit Dice are halved at fatigue 5+ (A5E-FATIGUE-5): the multiplier on the dice a creature may spend. */
export function hitDiceMultiplier(state: EncounterState, id: string): number {
  return trackLevelOf(state, id, 'fatigue') >= 5 ? 0.5 : 1;
}

/** Ruling for A5E-FATIGUE-5: at most half the total (rounded down) may be spent; the rest are kept, not lost. */
export function spendableHitDice(total: number, unspent: number, multiplier: number): number {
  return Math.min(unspent, Math.floor(total * multiplier));
}

/** Travel paces the creature can keep (A5E-FATIGUE-3, -4, -6). */
export function allowedTravelPaces(state: EncounterState, id: string): ('slow' | 'normal' | 'fast')[] {
  const f = trackLevelOf(state, id, 'fatigue');
  return (['slow', 'normal', 'fast'] as const).filter((p) => !(p === 'fast' && f >= 3) && !(p === 'normal' && f >= 4) && !(p === 'slow' && f >= 6));
}
