import {
  ContentError, flatSteps, loadRuleset, mergeModules, parseContent, type CompiledPolicySpec, type EncounterState, type Json, type LoadedRuleset, type Ruleset,
} from '@fray/engine';
import type { ThirteenModule } from './module';
import { statBlockSchema, damageTypes, type StatBlock } from './sheet/stat-block';
import { thirteenStacking } from './core/stacking';
import { isPc } from './core/sheets';
import { conditionDefs } from './conditions/definitions';
import { damageHooks } from './combat/damage';
import { attackAction, attackModule } from './combat/actions';
import { dyingHooks } from './hp/dying';
import { healingModule } from './hp/healing-actions';
import { ESC, flowModule, rollInitiative13a } from './flow/flow';
import { commandsModule } from './flow/commands';
import { movementModule } from './position/movement';
import { legalCommands13a } from './legal';
import { actionMenu13a, attackProfile13a } from './menu';
import { attackOptions13a } from './combat/attack-options';
import { commandRefusal13a } from './combat/refusals';
import { checksModule } from './special/checks';
import { restRuleset } from './rest/index';
import { mooksModule } from './combat/mooks';
import { compile13aFight } from './sim/compile';
import { derivedNumbers13a } from './core/derived-numbers';
import { defenseStatistic } from './core/stats';
import { thirteenWords } from './words';
import { dyingOptions } from './settings';

export const thirteenModules: ThirteenModule[] = [
  { id: 'conditions', conditions: conditionDefs },
  { id: 'damage', hooks: damageHooks },
  { id: 'dying', hooks: dyingHooks, options: dyingOptions },
  attackModule, healingModule, flowModule, commandsModule, movementModule, checksModule, mooksModule,
];

export function build13aRuleset(modules: readonly ThirteenModule[] = thirteenModules): LoadedRuleset {
  const merged = mergeModules('13th-age', modules);
  const def: Ruleset = {
    id: '13th-age',
    version: '0.1.0',
    name: '13th Age (combat rules)',
    ruleIdPrefix: '13A',
    parseStatBlock(raw: unknown, file: string): Json {
      const sheet = parseContent(statBlockSchema, raw, file);
      for (const [i, a] of sheet.attacks.entries()) {
        if (sheet.kind === 'pc' && a.weaponDie === undefined && a.damage === undefined) throw new ContentError(file, ['attacks', i], 'an attack needs weaponDie or damage');
        if (sheet.kind !== 'pc' && a.bonus === undefined) throw new ContentError(file, ['attacks', i, 'bonus'], 'a monster attack needs its attack bonus');
        if (sheet.kind !== 'pc' && a.damage === undefined) throw new ContentError(file, ['attacks', i, 'damage'], 'a monster attack needs its damage dice');
      }
      return sheet as unknown as Json;
    },
    initCreature(sheet) {
      const s = sheet as unknown as StatBlock;
      const pc = s.kind === 'pc';
      return {
        hp: s.hp, maxHp: s.hp, tempHp: 0, status: 'conscious', tracks: {}, tallies: {},
        resources: { standard: 1, move: 1, quick: 1, interrupt: 1, ...(pc ? { recoveries: s.recoveries } : {}) },
        tags: [s.kind],
        // 13A-INIT-3: identical monsters (same name and level) share one initiative roll.
        ...(pc ? {} : { vars: { initiativeGroup: `${s.name}#${s.level}` } }),
      };
    },
    conditions: merged.conditions,
    damageTypes: [...damageTypes],
    damageSteps: [{ step: 'immunity', ruleId: '13A-RES-4' }, { step: 'resistance', ruleId: '13A-RES-2' }, { step: 'tempHp', ruleId: '13A-THP-3' }],
    damageProfile: (state, id) => ({ immune: [], resist: [], vulnerable: [], reductions: [], threshold: null, tempHp: state.creatures[id]!.tempHp }),
    stacking: thirteenStacking,
    rollMode: flatSteps(2),
    hooks: merged.hooks,
    options: merged.options,
    optionalModules: merged.optionalModules,
    creatureVars: merged.creatureVars,
    commands: merged.commands,
    runAction(ctx, actorId, action, targets, options) {
      const handler = merged.actions[action];
      if (handler) return handler(ctx, actorId, targets, options, action);
      if (attackAction(ctx, actorId, action, targets, options)) return;
      ctx.reject('unknown-action', `no action '${action}'; actions: its attacks, unarmed, flexible, ${Object.keys(merged.actions).sort().join(', ')}`);
    },
    rollInitiative: rollInitiative13a,
    initiativeTies: 'none',
    takesTurn: (state, id) => {
      const c = state.creatures[id]!;
      if (c.status === 'dead') return false;
      if (state.vars['ambushRound'] === true) return ((state.vars['ambushActors'] as string[] | undefined) ?? []).includes(id);
      return true;
    },
    legalCommands: (state, who) => legalCommands13a(self.loaded!, state, who),
    attackOptions: (state, attacker) => attackOptions13a(self.loaded!, state, attacker),
    commandRefusal: (state, command) => commandRefusal13a(self.loaded!, state, command, (action) => Object.hasOwn(merged.actions, action)),
    actionMenu: (state, id, who) => actionMenu13a(self.loaded!, state, id, who),
    attackProfile: (state, attacker, attackId, target) => attackProfile13a(self.loaded!, state, attacker, attackId, target),
    derivedNumbers: (state, id) => derivedNumbers13a(self.loaded!, state, id),
    statistics: (state, id) => ({ ac: defenseStatistic(self.loaded!, state, id, 'AC'), pd: defenseStatistic(self.loaded!, state, id, 'PD'), md: defenseStatistic(self.loaded!, state, id, 'MD') }),
    // PCs keep their exact negative hit points (13A-HP-1). Death comes at -half maximum (13A-DYING-5, the
    // dying hooks); the floor sits lower, at -maximum, so the blow that kills still shows its full total.
    hpFloor: (state, id) => (isPc(state.creatures[id]!) ? -state.creatures[id]!.maxHp : 0),
    hpBand: (c) => (c.status === 'dead' ? 'dead' : c.hp <= 0 ? 'down' : c.hp * 2 <= c.maxHp ? 'staggered' : c.hp < c.maxHp ? 'hurt' : 'unhurt'),
    // The escalation die sits on the table for everyone to see (13A-ESC-1).
    publicState: (state) => ({ escalationDie: state.counters[ESC] ?? 0 }),
    predicateNamespaces: ['roll', 'attack', 'outcome', 'save', 'check', 'damage'],
    words: thirteenWords,
    roundSeconds: 6,
    zoneBands: { bands: ['engaged', 'nearby', 'far away'], defaultBand: 'nearby' },
    ...restRuleset,
    // The compiled fight models the full module set's rules; a custom build plays on the engine only.
    ...(modules === thirteenModules ? { compileFight: (state: EncounterState, spec: CompiledPolicySpec) => compile13aFight(self.loaded!, Object.keys(merged.actions), state, spec) } : {}),
  };
  const self: { loaded?: LoadedRuleset } = {};
  self.loaded = loadRuleset(def);
  return self.loaded;
}

export const thirteenthAgeRuleset: LoadedRuleset = build13aRuleset();
export * from './module';
export * from './sheet/stat-block';
export * from './core/math';
export * from './core/stats';
export * from './core/stacking';
export { resolveAttack, damageExpression, critThreshold } from './combat/attack';
export { unarmedAttack } from './combat/actions';
export { legalCommands13a } from './legal';
export { attackOptions13a, attackRefusal13a } from './combat/attack-options';
export { commandRefusal13a } from './combat/refusals';
export { actionMenu13a, attackProfile13a, resources13a } from './menu';
export { nextTo, bandBetween, engagedFoes } from './position/zones';
export { alliesOf } from './core/sheets';
export { mobOf, mobMembers, mobHp, isMook, MOB_DROPS } from './combat/mooks';
