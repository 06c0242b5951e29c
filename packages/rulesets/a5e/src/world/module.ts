import type { ConditionDef } from '@fray/engine';
import type { A5eModule } from '../module';
import { roundStartHook, turnEndHook, turnStartHook } from '../flow/phases';
import { inScenario } from '../scenarios/scenario';
import { CREATURE_VARS } from './config';
import { rechargeStep, worldActionStep } from './phase';
import {
  BURIED, collapseStep, coverCheckAtTurnEnd, echoDamage, endOfEncounter, obscurementModifiers, onConditionRemoved,
  setUpWorld, SUFFOCATING_FLAG, surfacesAtTurnStart, turnEndSaves, WORLD_COVER,
} from './features';
import { LONG_RANGE, worldActions, worldCommands } from './interactions';
import { duelTakesWorldActions } from '../duel/active';
import { worldOptions, worldVars } from '../settings';

const conditions: ConditionDef[] = [
  {
    id: WORLD_COVER, name: 'Half cover (environment)', ruleId: 'A5E-COVER-6', exclusiveGroup: 'cover',
    effects: [
      { kind: 'modifier', selector: 'ac', value: 2, type: 'cover', ruleId: 'A5E-COVER-3' },
      { kind: 'modifier', selector: 'save:dex', value: 2, type: 'cover', ruleId: 'A5E-COVER-3' },
      { kind: 'modifier', selector: 'check:stealth', value: 2, type: 'cover', ruleId: 'A5E-COVER-3' },
    ],
  },
  { id: BURIED, name: 'Buried in rubble', ruleId: 'A5E-WORLD-9', effects: [{ kind: 'flag', flag: SUFFOCATING_FLAG, ruleId: 'A5E-WORLD-9' }] },
];

/**
 * World bonuses, penalties and world actions (A5E-WORLD), chosen per encounter with
 * `options.environment`. The start-of-round phase is the flow module's (A5E-ROUND-2): countdowns roll
 * first, then recharges, then the world action, then other effects — `ROUND_START` in flow/phases.ts
 * gives each step its priority, so this module only says which step it joins.
 */
export const worldModule: A5eModule = {
  id: 'a5e.world',
  options: worldOptions,
  creatureVars: worldVars,
  conditions,
  hooks: [
    { stage: 'encounter.start', id: 'a5e.world.setup', priority: 50, ruleId: 'A5E-WORLD-1', run: (ctx) => setUpWorld(ctx) },
    roundStartHook('recharge', 'a5e.world.recharge', (ctx) => rechargeStep(ctx), 'A5E-WORLD-4'),
    roundStartHook('worldAction', 'a5e.world.action', (ctx) => {
      // Under rolling movement each participant has its own world-action phase instead (A5E-SCEN-11);
      // a running duel takes world actions once per turn, as a reaction, instead (DUEL-WORLD-3: duel/world.ts).
      if (!inScenario(ctx.state, 'rolling') && !duelTakesWorldActions(ctx.state)) worldActionStep(ctx);
    }, 'A5E-WORLD-2'),
    roundStartHook('other', 'a5e.world.collapse', (ctx) => collapseStep(ctx), 'A5E-WORLD-9'),
    turnStartHook('expiry', 'a5e.world.icy-heading', (ctx, p) => {
      if (ctx.state.creatures[p.creatureId]?.vars[CREATURE_VARS.icyHeading] !== undefined) {
        ctx.emit({ type: 'VarSet', creatureId: p.creatureId, key: CREATURE_VARS.icyHeading, value: null });
      }
    }, 'A5E-WORLD-21', 50),
    turnStartHook('rollingMovement', 'a5e.world.rolling', (ctx, p) => {
      if (inScenario(ctx.state, 'rolling')) worldActionStep(ctx, p.creatureId);
    }, 'A5E-SCEN-11'),
    turnStartHook('rollingMovement', 'a5e.world.surfaces', (ctx, p) => surfacesAtTurnStart(ctx, p.creatureId), 'A5E-WORLD-12', 50),
    turnEndHook('environment', 'a5e.world.turn-end', (ctx, p) => turnEndSaves(ctx, p.creatureId), 'A5E-WORLD-13'),
    turnEndHook('environment', 'a5e.world.cover', (ctx, p) => coverCheckAtTurnEnd(ctx, p.creatureId), 'A5E-COVER-6', 50),
    { stage: 'test.modifiers', id: 'a5e.world.obscured', priority: 50, ruleId: 'A5E-WORLD-29', run: obscurementModifiers },
    {
      stage: 'test.modifiers', id: 'a5e.world.rock-long-range', priority: 50, ruleId: 'A5E-WORLD-33',
      run: (_ctx, p) => {
        if (p.kind === 'attack' && p.options.has(LONG_RANGE)) p.rollModeSources.push({ mode: 'disadvantage', source: 'world:loose-rocks', label: 'beyond normal range', ruleId: 'A5E-WORLD-33' });
      },
    },
    { stage: 'damage.modify', id: 'a5e.world.echo', priority: 50, ruleId: 'A5E-WORLD-8', run: echoDamage },
    { stage: 'condition.removed', id: 'a5e.world.freed', priority: 50, run: (ctx, p) => onConditionRemoved(ctx, p.creatureId, p.condition.conditionId, p.condition.source) },
    { stage: 'encounter.end', id: 'a5e.world.end', priority: 50, ruleId: 'A5E-ROUND-8', run: (ctx) => endOfEncounter(ctx) },
  ],
  actions: worldActions,
  commands: worldCommands,
};
