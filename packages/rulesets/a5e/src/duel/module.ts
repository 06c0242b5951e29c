import type { AnyHook, CommandDef } from '@fray/engine';
import type { A5eModule } from '../module';
import { DUEL_MODULE, inDuel } from './active';
import { arenaHooks, concedeCommand } from './arena';
import { concentrationUpkeep, duelCostHook, observeConcentration } from './costs';
import { buyActionsCommand, duelLongRestCommand, exertCommand, lendStrengthCommand } from './exertion';
import { rpsInitiative } from './initiative';
import { interfereCommand, penaltyHook, penaltySpentHook, spectatorAttackHook, spectatorInterferesHook } from './interference';
import { rangedInReachHook, rangedInReachNoteHook } from './magic';
import { refreshPools, startDuel } from './setup';
import { declareCommitHook, declareHook, neckHook, outcomeHook, setLocationsCommand } from './targeted';
import { duelWorldActionCommand } from './world';
import { duelOptions, duelVars } from '../settings';

/**
 * The optional one-on-one duel module (DUEL-*), on for an encounter set up with `modules: ['duel']`.
 * The ruleset is loaded once for every encounter, so the hooks are always registered and each one
 * returns at once unless the encounter's `modules` include 'duel' and the duel is running (`inDuel`);
 * the same holds for its cost hook (duel/costs.ts, declared here) and the arena's move watcher (duel/arena.ts).
 */
export const duelModule: A5eModule = {
  id: 'a5e.duel',
  optionalName: DUEL_MODULE,
  costHooks: [duelCostHook],
  options: duelOptions,
  creatureVars: duelVars,
  hooks: [
    // after the world module's set-up (50), so the environment is known
    { stage: 'encounter.start', id: 'a5e.duel.start', priority: 60, ruleId: 'DUEL-SCOPE-1', run: (ctx) => startDuel(ctx) },
    // before the start-of-round phase's steps (countdowns at 100): the pools, then the strategy throw
    {
      stage: 'round.start', id: 'a5e.duel.round', priority: 50, ruleId: 'DUEL-ACTION-1',
      run: (ctx) => {
        if (!inDuel(ctx.state)) return;
        refreshPools(ctx);
        observeConcentration(ctx, ctx.state.round - 1);
        rpsInitiative(ctx);
      },
    },
    // after the budget renews (0) and "until the start of its next turn" effects end (100)
    { stage: 'turn.start', id: 'a5e.duel.concentration', priority: 150, ruleId: 'DUEL-ACTION-11', run: (ctx, p) => { if (inDuel(ctx.state)) concentrationUpkeep(ctx, p.creatureId); } },
    { stage: 'turn.end', id: 'a5e.duel.concentration-seen', priority: 50, ruleId: 'DUEL-ACTION-11', run: (ctx) => { if (inDuel(ctx.state)) observeConcentration(ctx, ctx.state.round); } },
    spectatorAttackHook, penaltyHook, rangedInReachHook, rangedInReachNoteHook, declareHook, spectatorInterferesHook, penaltySpentHook, declareCommitHook, outcomeHook, neckHook,
    ...arenaHooks,
  ] as AnyHook[],
  commands: [
    buyActionsCommand, exertCommand, lendStrengthCommand, duelLongRestCommand, concedeCommand, interfereCommand, setLocationsCommand, duelWorldActionCommand,
  ].map((c) => c as unknown as CommandDef),
};
