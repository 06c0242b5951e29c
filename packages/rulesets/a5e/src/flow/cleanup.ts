import type { Hook } from '@fray/engine';
import { COMMANDED, RELEASING, controlledBy } from '../core/economy';
import { HIDDEN } from '../actions/stealth';
import { PRESS } from '../actions/press-the-attack';
import { READIED, expireReadied } from '../actions/ready';
import { SPRINT } from '../actions/sprint';
import { INITIATIVE_ADVANTAGE } from './initiative';
import { turnStartHook } from './phases';
import { SURPRISE } from './surprise';

/**
 * At the start of a creature's turn, its "until the start of your next turn" state ends (A5E-ROUND-5):
 * the Press the Attack designation and an unused readied action (its own and its controlled creatures').
 * Conditions with those durations are ended by the engine just before.
 */
export const turnStartExpiry: Hook<'turn.start'> = turnStartHook('expiry', 'a5e.flow.turn-start-expiry', (ctx, p) => {
  for (const id of [p.creatureId, ...controlledBy(ctx.state, p.creatureId)]) {
    const c = ctx.state.creatures[id]!;
    if (c.vars[PRESS] !== undefined) ctx.emit({ type: 'VarSet', creatureId: id, key: PRESS, value: null });
    if (c.vars[READIED] !== undefined) expireReadied(ctx, id);
  }
}, 'A5E-ROUND-5');

/** Per-encounter state that does not outlive Turn-Based Action (A5E-ROUND-8). */
export const ENCOUNTER_VARS = [PRESS, READIED, HIDDEN, COMMANDED, RELEASING, INITIATIVE_ADVANTAGE, SPRINT];

/**
 * When the encounter ends (A5E-ROUND-8): Press the Attack designations, readied actions, hiding,
 * commands and surprise are cleared. Effects lasting the encounter are ended by the engine; deferred
 * fatigue is the fatigue rules' own `encounter.end` hook.
 */
export const encounterEndCleanup: Hook<'encounter.end'> = {
  stage: 'encounter.end', id: 'a5e.flow.encounter-end', priority: 0, ruleId: 'A5E-ROUND-8',
  run: (ctx) => {
    const cleared: string[] = [];
    for (const id of ctx.state.creatureIds) {
      const c = ctx.state.creatures[id]!;
      if (c.vars[READIED] !== undefined) expireReadied(ctx, id);
      for (const key of ENCOUNTER_VARS) {
        if (ctx.state.creatures[id]!.vars[key] === undefined) continue;
        ctx.emit({ type: 'VarSet', creatureId: id, key, value: null });
        cleared.push(`${c.name}: ${key}`);
      }
    }
    if (ctx.state.vars[SURPRISE] !== undefined) ctx.emit({ type: 'VarSet', creatureId: null, key: SURPRISE, value: null });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ROUND-8', text: `Turn-Based Action ends${cleared.length ? `; cleared ${cleared.join(', ')}` : ''}` });
  },
};
