import type { AnyHook, CommandDef, ConditionDef, Json, Resolution } from '@fray/engine';

/** What `takeAction` runs for one action id. */
export type ActionHandler = (ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>) => void;

/**
 * One area of the rules (conditions, dying, movement, ...) as a fragment: its conditions, hooks,
 * actions and commands. The ruleset is the merge of its modules, so areas stay in their own files.
 */
export interface A5eModule {
  id: string;
  conditions?: ConditionDef[];
  hooks?: AnyHook[];
  actions?: Record<string, ActionHandler>;
  commands?: CommandDef[];
  /** commands between fights, run by a campaign (rests, travel) */
  campaignCommands?: CommandDef[];
}
