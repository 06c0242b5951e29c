import type { RulesetModule } from '@fray/engine';

export type { ActionHandler } from '@fray/engine';

/** One area of the rules as a fragment (see `RulesetModule`); the ruleset is the merge of its modules. */
export type FtdModule = RulesetModule;
