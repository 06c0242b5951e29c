import { cancelOut, loadRuleset, onceEachEffect, mergeModules, parseContent, runActionFrom, sumAll, type CompiledPolicySpec, type EncounterState, type Json, type LoadedRuleset, type Ruleset } from '@fray/engine';
import type { A5eModule } from './module';
import { statBlockSchema, damageTypes, type StatBlock } from './sheet/stat-block';
import { a5eTest } from './core/d20';
import { economyModule, type CostHookCarrier } from './core/economy';
import { saveEndsModule } from './core/save-ends';
import { dyingModule } from './core/dying';
import { attackModule } from './combat/attack';
import { a5eDamageProfile, a5eDamageSteps } from './combat/damage';
import { a5eConditionImmunities, conditionsModule } from './conditions/index';
import { damageModule } from './damage/index';
import { objectsModule } from './objects/objects-module';
import { hazardsModule } from './hazards/hazards-module';
import { scenariosModule } from './scenarios/scenarios-module';
import { worldModule } from './world/module';
import { countdownModule } from './countdown/module';
import { flowModule } from './flow/module';
import { a5eLegalCommands } from './flow/legal';
import { a5eAttackOptions } from './combat/attack-options';
import { a5eCommandRefusal } from './combat/refusals';
import { a5eActionMenu, a5eAttackProfile } from './flow/menu';
import { a5eSaveStatistics } from './sheet/save-numbers';
import { a5ePreviewMove } from './flow/menu-movement';
import { a5eMove, movementModule } from './movement/index';
import { duelModule } from './duel/module';
import { duelModuleOn, duelRecord } from './duel/active';
import { restModule } from './rest/module';
import { a5eCampaignLegalCommands } from './rest/legal';
import { effectsModule } from './effects/module';
import { compileA5eFight } from './sim/compile';
import { a5eDerivedNumbers } from './sheet/derived-numbers';
import { acStatistic } from './sheet/armor-class';
import { a5eWords } from './words';

/** Every area of the rules, in the order their hooks register. Add a module here to switch it on. */
export const a5eModules: A5eModule[] = [
  economyModule,
  attackModule,
  conditionsModule,
  saveEndsModule,
  dyingModule,
  damageModule,
  objectsModule, hazardsModule, scenariosModule,
  worldModule, countdownModule,
  flowModule,
  movementModule,
  duelModule,
  restModule,
  effectsModule,
];

export function buildA5eRuleset(modules: readonly A5eModule[] = a5eModules): LoadedRuleset {
  const merged = mergeModules('a5e', modules);
  // The damage profile reads the loaded ruleset (its condition index), which exists only after loading.
  const self: { loaded?: LoadedRuleset } = {};
  const def: Ruleset & CostHookCarrier = {
    id: 'a5e',
    // The economy's cost hooks are the modules' declarations: a value of this build, not of import order.
    a5eCostHooks: modules.flatMap((m) => m.costHooks ?? []),
    version: '0.1.0',
    name: 'Level Up Advanced 5th Edition',
    ruleIdPrefix: 'A5E',
    parseStatBlock: (raw, file) => parseContent(statBlockSchema, raw, file) as unknown as Json,
    initCreature(sheet) {
      const s = sheet as unknown as StatBlock;
      return {
        hp: s.hp, maxHp: s.hp, tempHp: 0, status: 'conscious', tracks: {}, tallies: {},
        resources: { action: 1, bonusAction: 1, reaction: 1, movementFeet: s.speed.walk, attacksLeft: 0 },
        tags: [s.kind === 'character' ? 'pc' : s.kind],
      };
    },
    conditions: merged.conditions,
    damageTypes: [...damageTypes],
    damageSteps: a5eDamageSteps,
    damageProfile: (state, id) => a5eDamageProfile(self.loaded!, state, id),
    conditionImmunities: (state, id) => a5eConditionImmunities(self.loaded!, state, id),
    // A second source of a condition does not intensify it (A5E-COND-1): its modifier shows, suppressed.
    stacking: onceEachEffect(sumAll),
    rollMode: cancelOut,
    hooks: merged.hooks,
    options: merged.options,
    optionalModules: merged.optionalModules,
    creatureVars: merged.creatureVars,
    commands: merged.commands,
    runAction: runActionFrom(merged.actions),
    move: (ctx, id, to) => a5eMove(ctx, id, to),
    rollInitiative(ctx, id) {
      const p = a5eTest(ctx, { kind: 'check', actor: id, ability: 'dex', dc: null, options: ['check:initiative'], ruleId: 'A5E-INIT-1' });
      return { total: p.total ?? 0, tiebreak: [] };
    },
    initiativeTies: 'rolloff',
    takesTurn: (state, id) => state.creatures[id]!.status !== 'dead',
    legalCommands: (state, who) => a5eLegalCommands(self.loaded!, state, who),
    attackOptions: (state, attacker) => a5eAttackOptions(self.loaded!, state, attacker),
    commandRefusal: (state, command) => a5eCommandRefusal(self.loaded!, state, command),
    actionMenu: (state, id, who, opts) => a5eActionMenu(self.loaded!, state, id, who, opts),
    attackProfile: (state, attacker, attackId, target) => a5eAttackProfile(self.loaded!, state, attacker, attackId, target),
    previewMove: (state, id, to) => {
      const { refusal: _refusal, ...p } = a5ePreviewMove(self.loaded!, state, id, to);
      return p;
    },
    derivedNumbers: (state, id) => a5eDerivedNumbers(self.loaded!, state, id),
    // AC and the saving throws, explained: the one breakdown hook (ADR 0006).
    statistics: (state, id) => ({ ac: acStatistic(self.loaded!, state, id), ...a5eSaveStatistics(self.loaded!, state, id) }),
    hpBand: (c) => (c.hp <= 0 ? 'down' : c.hp * 2 <= c.maxHp ? 'bloodied' : c.hp < c.maxHp ? 'hurt' : 'unhurt'),
    // A duel's record (who duels, the touches, who won) is announced to the table.
    publicState: (state): Record<string, Json> => (duelModuleOn(state) ? { duel: (duelRecord(state) ?? null) as unknown as Json } : {}),
    words: a5eWords,
    roundSeconds: 6,
    campaignCommands: merged.campaignCommands,
    // The compiled fight models the full module set's rules; a custom build plays on the engine only.
    ...(modules === a5eModules ? { compileFight: (state: EncounterState, spec: CompiledPolicySpec) => compileA5eFight(self.loaded!, state, spec) } : {}),
    campaignLegalCommands: (state, who) => a5eCampaignLegalCommands(state, who),
  };
  self.loaded = loadRuleset(def);
  return self.loaded;
}

export const a5eRuleset: LoadedRuleset = buildA5eRuleset();
export * from './module';
export * from './sheet/stat-block';
export * from './sheet/derived';
export * from './sheet/armor-class';
export * from './core/d20';
export * from './core/economy';
export * from './combat/attack';
export { a5eAttackOptions, a5eAttackRefusal, a5eAttackTargetRefusal, offHandReadyRefusal, type A5eAttackAction } from './combat/attack-options';
export { a5eCommandRefusal } from './combat/refusals';
export * from './combat/damage';
export * from './objects/object-schema';
export * from './objects/object-sheet';
export * from './objects/tables';
export { fall, fallDice } from './hazards/falling';
export * from './scenarios/scenario';
export * from './conditions/index';
export * from './damage/exports';
export * from './movement/index';
export * from './rest/index';
export { isHiddenFrom } from './actions/stealth';
export * from './effects/exports';
export { a5eActionMenu, a5eAttackProfile, a5eResources } from './flow/menu';
export { a5ePreviewMove, a5eMovementMenu } from './flow/menu-movement';
