import type { RulesetModule } from '@fray/engine';
import type { CostHook } from './core/economy';

export type { ActionHandler } from '@fray/engine';

/**
 * One area of the rules as a fragment (see `RulesetModule`); the ruleset is the merge of its modules.
 * An A5E module may also declare cost hooks: its say in what the economy's costs take (the duel's pool
 * of duel actions). The ruleset built from the modules carries them (`costHooksOf`), so a build without
 * the module has none, whatever was imported.
 */
export interface A5eModule extends RulesetModule {
  costHooks?: CostHook[];
}
