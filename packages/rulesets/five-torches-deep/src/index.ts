import {
  cancelOut, emptyProfile, loadRuleset, mergeModules, parseContent, runActionFrom, sumAll, type CompiledPolicySpec, type EncounterState, type Json, type LoadedRuleset,
  type Ruleset,
} from '@fray/engine';
import type { FtdModule } from './module';
import { ambientLight } from './campaign/light';
import { statBlockSchema, type StatBlock } from './sheet/stat-block';
import { economyModule } from './core/economy';
import { initiativeModule, rollInitiative } from './core/initiative';
import { actionsModule } from './core/actions';
import { loadModule } from './core/load';
import { ftdMove } from './core/movement';
import { ftdLegalCommands } from './core/legal';
import { ftdAttackOptions } from './combat/attack-options';
import { ftdCommandRefusal } from './combat/refusals';
import { ftdActionMenu, ftdAttackProfile, ftdPreviewMove } from './core/menu';
import { attackModule } from './combat/attack';
import { deathModule } from './combat/death';
import { healingModule } from './combat/healing';
import { moraleModule } from './combat/morale';
import { retreatModule } from './combat/retreat';
import { checksModule } from './adventure/checks';
import { chaseModule } from './adventure/chase';
import { campaignModule } from './campaign/module';
import { ftdCampaignLegalCommands } from './campaign/legal';
import { compileFtdFight } from './sim/compile';
import { ftdDerivedNumbers } from './core/derived-numbers';
import { ftdAcStatistic } from './core/armor-class';
import { ftdWords } from './words';

export { statBlockSchema, type StatBlock } from './sheet/stat-block';
export { chaseDc } from './adventure/chase';
export { coinLoad, speedOf, modOf, scores } from './core/sheet';
export * from './campaign/index';
export { ftdActionMenu, ftdAttackProfile, ftdPreviewMove, ftdResources } from './core/menu';
export { ftdAttackOptions, ftdAttackRefusal } from './combat/attack-options';
export { ftdCommandRefusal } from './combat/refusals';

/** Every area of the rules, in the order their hooks register. */
export const ftdModules: FtdModule[] = [
  economyModule, initiativeModule, actionsModule, loadModule, attackModule, deathModule, healingModule,
  moraleModule, retreatModule, checksModule, chaseModule, campaignModule,
];

export function buildFtdRuleset(modules: readonly FtdModule[] = ftdModules): LoadedRuleset {
  const merged = mergeModules('five-torches-deep', modules);
  const def: Ruleset = {
    id: 'five-torches-deep',
    version: '0.1.0',
    name: 'Five Torches Deep',
    ruleIdPrefix: 'FTD',
    parseStatBlock: (raw, file) => parseContent(statBlockSchema, raw, file) as unknown as Json,
    initCreature(sheet) {
      const s = sheet as unknown as StatBlock;
      // The sheet's HP is the maximum: levels and hit dice are worked out before play (FTD-HEAL-2).
      return {
        hp: s.hp, maxHp: s.hp, tempHp: 0, status: 'conscious', tracks: {}, tallies: {},
        resources: { active: 1, movement: 1, quick: 1, moveFeet: 0 },
        tags: [s.kind === 'character' ? 'pc' : s.kind],
      };
    },
    conditions: merged.conditions,
    damageTypes: ['damage'],
    damageSteps: [{ step: 'tempHp' }],
    damageProfile: (state, id) => emptyProfile(state.creatures[id]?.tempHp ?? 0),
    stacking: sumAll,
    rollMode: cancelOut,
    hooks: merged.hooks,
    options: merged.options,
    optionalModules: merged.optionalModules,
    creatureVars: merged.creatureVars,
    commands: merged.commands,
    campaignCommands: merged.campaignCommands,
    runAction: runActionFrom(merged.actions),
    move: ftdMove,
    rollInitiative,
    initiativeTies: 'rolloff',
    takesTurn: (state, id) => !['dead', 'dying', 'escaped'].includes(state.creatures[id]?.status ?? 'dead'),
    legalCommands: (state, who) => ftdLegalCommands(self.loaded!, state, who),
    attackOptions: (state, attacker) => ftdAttackOptions(self.loaded!, state, attacker),
    commandRefusal: (state, command) => ftdCommandRefusal(self.loaded!, state, command, (action) => Object.hasOwn(merged.actions, action)),
    actionMenu: (state, id, who, opts) => ftdActionMenu(self.loaded!, state, id, who, opts),
    attackProfile: (state, attacker, attackId, target) => ftdAttackProfile(self.loaded!, state, attacker, attackId, target),
    previewMove: (state, id, to) => {
      const { refusal: _refusal, ...p } = ftdPreviewMove(self.loaded!, state, id, to);
      return p;
    },
    derivedNumbers: (state, id) => ftdDerivedNumbers(self.loaded!, state, id),
    statistics: (state, id) => ({ ac: ftdAcStatistic(state, id) }),
    campaignLegalCommands: ftdCampaignLegalCommands,
    words: ftdWords,
    roundSeconds: 6,
    publicState: ftdPublicState,
    zoneBands: { bands: ['close', 'ranged', 'far'], defaultBand: 'ranged' },
    // The compiled fight models the full module set's rules; a custom build plays on the engine only.
    ...(modules === ftdModules ? { compileFight: (state: EncounterState, spec: CompiledPolicySpec) => compileFtdFight(self.loaded!, state, spec) } : {}),
  };
  const self: { loaded?: LoadedRuleset } = {};
  self.loaded = loadRuleset(def);
  return self.loaded;
}

export const ftdRuleset: LoadedRuleset = buildFtdRuleset();

/**
 * What the table sees of the scene: its light (FTD-LIGHT-10), and whose nerve broke into flight or
 * surrender (FTD-MORALE-1), among the creatures the seat can see.
 */
function ftdPublicState(state: EncounterState, seat: string | null): Record<string, Json> {
  const seen = state.creatureIds.filter((id) => {
    const c = state.creatures[id];
    return !!c && (seat === null || !c.hidden || c.controller === seat);
  });
  const having = (cond: string) => seen.filter((id) => state.creatures[id]!.conditions.some((x) => x.conditionId === cond));
  return { light: ambientLight(state), morale: { fleeing: having('fleeing'), surrendered: having('surrendered') } };
}
