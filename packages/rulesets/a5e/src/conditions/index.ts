import { addCondition, removeCondition, type AnyHook } from '@fray/engine';
import type { A5eModule } from '../module';
import { conditionDefinitions } from './definitions';
import { applyPendingFatigue, fatigueDef, onTrackChange, strifeDef, type Track } from './tracks';
import { bloodiedHooks } from './bloodied';
import { confusedHooks } from './confused';
import { advanceClockCommand, doomedHooks } from './doomed';
import { escapeGrapple, grappleHooks } from './grapple';
import { rollHooks } from './roll-hooks';
import { TURN_START_MOVEMENT_VAR } from './queries';
import { conditionsOptions, conditionsVars } from '../settings';

export * from './options';
export * from './definitions';
export * from './tracks';
export * from './immunities';
export * from './queries';
export * from './bloodied';
export * from './confused';
export * from './doomed';
export * from './grapple';

/** How core/concentration.ts marks concentration: this creature var, or a condition of the same id. */
const CONCENTRATING = 'concentrating';

const isTrack = (id: string): id is Track => id === 'fatigue' || id === 'strife';

const lifecycleHooks: AnyHook[] = [
  {
    // Prone as its own instance, so the creature stays prone after it wakes (A5E-COND-29 ruling).
    stage: 'condition.added', id: 'a5e.conditions.unconscious-falls', priority: 0, ruleId: 'A5E-COND-29',
    run: (ctx, p) => {
      if (p.condition.conditionId !== 'unconscious') return;
      const c = ctx.state.creatures[p.creatureId]!;
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-COND-29', text: `${c.name} drops whatever it is holding and falls prone`, creatureId: c.id });
      if (!c.conditions.some((x) => x.conditionId === 'prone')) addCondition(ctx, c.id, 'prone', { source: p.condition.source, ruleId: 'A5E-COND-29' });
    },
  },
  {
    // Ruling: any concentration held ends the moment the creature becomes agonized (A5E-COND-3).
    stage: 'condition.added', id: 'a5e.conditions.agonized-concentration', priority: 0, ruleId: 'A5E-COND-3',
    run: (ctx, p) => {
      if (p.condition.conditionId !== 'agonized') return;
      const c = ctx.state.creatures[p.creatureId]!;
      const byVar = c.vars[CONCENTRATING] !== undefined;
      const byCondition = c.conditions.some((x) => x.conditionId === CONCENTRATING);
      if (!byVar && !byCondition) return;
      if (byVar) ctx.emit({ type: 'VarSet', creatureId: c.id, key: CONCENTRATING, value: null });
      if (byCondition) removeCondition(ctx, c.id, CONCENTRATING, 'agonized', 'A5E-COND-3');
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-COND-3', text: `${c.name} is agonized and loses concentration`, creatureId: c.id });
    },
  },
  {
    // Manic: remember the movement it started with, to tell later whether it has moved (A5E-COND-19).
    stage: 'turn.start', id: 'a5e.conditions.manic', priority: 20, ruleId: 'A5E-COND-19',
    run: (ctx, p) => {
      const c = ctx.state.creatures[p.creatureId]!;
      if (!c.conditions.some((x) => x.conditionId === 'manic')) return;
      ctx.emit({ type: 'VarSet', creatureId: c.id, key: TURN_START_MOVEMENT_VAR, value: c.resources['movementFeet'] ?? 0 });
    },
  },
  {
    stage: 'condition.added', id: 'a5e.conditions.track-added', priority: 10, ruleId: 'A5E-TRACK-2',
    run: (ctx, p) => { if (isTrack(p.condition.conditionId)) onTrackChange(ctx, p.creatureId, p.condition.conditionId, 0, p.condition.level ?? 0); },
  },
  {
    stage: 'condition.updated', id: 'a5e.conditions.track-updated', priority: 10, ruleId: 'A5E-TRACK-2',
    run: (ctx, p) => { if (isTrack(p.condition.conditionId)) onTrackChange(ctx, p.creatureId, p.condition.conditionId, p.previousLevel, p.condition.level ?? 0); },
  },
  {
    stage: 'condition.removed', id: 'a5e.conditions.track-removed', priority: 10, ruleId: 'A5E-TRACK-4',
    run: (ctx, p) => { if (isTrack(p.condition.conditionId)) onTrackChange(ctx, p.creatureId, p.condition.conditionId, p.condition.level ?? 0, 0); },
  },
  { stage: 'encounter.end', id: 'a5e.conditions.fatigue-after-fight', priority: 0, ruleId: 'A5E-FATIGUE-9', run: (ctx) => applyPendingFatigue(ctx) },
];

/**
 * The 32 conditions of A5E-COND and the two tracks (A5E-TRACK, A5E-FATIGUE, A5E-STRIFE) as data,
 * with hooks for what data cannot say (bloodied, confused, doomed, grapples, crits within 5 ft).
 */
export const conditionsModule: A5eModule = {
  id: 'a5e.conditions',
  options: conditionsOptions,
  creatureVars: conditionsVars,
  conditions: [...conditionDefinitions, fatigueDef, strifeDef],
  hooks: [...rollHooks, ...bloodiedHooks, ...confusedHooks, ...doomedHooks, ...grappleHooks, ...lifecycleHooks],
  actions: { 'escape-grapple': escapeGrapple },
  commands: [advanceClockCommand as never],
};
