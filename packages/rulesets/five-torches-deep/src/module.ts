import type { AnyHook, CommandDef, ConditionDef, Json, Resolution } from '@fray/engine';

/** What `takeAction` runs for one action id. */
export type ActionHandler = (ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>) => void;

/** One area of the rules as a fragment; the ruleset is the merge of its modules. */
export interface FtdModule {
  id: string;
  conditions?: ConditionDef[];
  hooks?: AnyHook[];
  actions?: Record<string, ActionHandler>;
  commands?: CommandDef[];
  /** commands between fights (travel, rests, treasure), run by a campaign */
  campaignCommands?: CommandDef[];
}
