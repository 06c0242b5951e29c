export { contentConditionIds, effectHookIds, reactionTriggers, type EffectAction, type EffectReaction } from './schema';
export { SPENT_PREFIX, USED_PREFIX, effectEntries, entryRefusal, runA5eEffects, targetLimit, type EffectEntry } from './run';
export { effectActionCommands, readyRechargeAction } from './legal';
