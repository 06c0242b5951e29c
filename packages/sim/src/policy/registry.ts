import { chooseCommand, demoPromptPolicy } from './demo';
import { a5eDemoPromptPolicy, chooseA5eCommand } from './demo-a5e';
import { chooseFtdCommand, ftdDemoPromptPolicy } from './demo-ftd';
import { ftdAfterFight, ftdFightOver } from './ftd';
import { choose13aCommand, thirteenthAgeDemoPromptPolicy } from './demo-13a';
import { leanA5eTurnPolicy } from './lean-a5e';
import { lean13aCompiledSpec, lean13aTurnPolicy } from './lean-13a';
import { legalTurnPolicy, type TargetStrategy } from './legal';
import type { SimPolicies } from './types';

/** The demo's policies per ruleset id; a ruleset without its own plays by the mini ones. */
const demoPolicies: Record<string, SimPolicies> = {
  a5e: { chooseCommand: chooseA5eCommand, prompts: a5eDemoPromptPolicy },
  'five-torches-deep': { chooseCommand: chooseFtdCommand, prompts: ftdDemoPromptPolicy },
  '13th-age': { chooseCommand: choose13aCommand, prompts: thirteenthAgeDemoPromptPolicy },
};
const defaultDemo: SimPolicies = { chooseCommand, prompts: demoPromptPolicy };

/** The narrated demo's policies (kept stable: the demo's tests pin its fights). */
export const demoPoliciesFor = (rulesetId: string): SimPolicies => (Object.hasOwn(demoPolicies, rulesetId) ? demoPolicies[rulesetId]! : defaultDemo);

/** Prompt answers per ruleset id, for the simulator. */
const promptPolicies: Record<string, SimPolicies['prompts']> = { a5e: a5eDemoPromptPolicy };

/**
 * Turn policies that choose among the legal commands without enumerating them all, per ruleset id:
 * A5E's makes `legalTurnPolicy`'s choice; 13th Age's also engages, disengages and rallies (lean-13a.ts).
 * Each is tested command for command against a reference written on `legalCommands`.
 */
const leanTurnPolicies: Record<string, (target: TargetStrategy) => SimPolicies['chooseCommand']> = { a5e: leanA5eTurnPolicy, '13th-age': lean13aTurnPolicy };

/** Rulesets whose compiled fight (`compileFight`) is specified against these policies. */
const compiledRulesets = new Set(['a5e', 'five-torches-deep', 'mini']);
/** Rulesets whose lean policy plays more than attacks: its own description, which their compiled fight checks for. */
const compiledSpecs: Record<string, (target: TargetStrategy) => NonNullable<SimPolicies['compiled']>> = { '13th-age': lean13aCompiledSpec };

/**
 * The simulator's policies for a ruleset: turns chosen as from the rules' legal commands (attack the
 * weakest hostile, or a random one; A5E's lean policy makes the same choice without listing them all;
 * 13th Age's fights in melee by engaging first and rallies when staggered, `lean13aTurnPolicy`),
 * prompts answered as in the demo (the ruleset's own answers when it has them, otherwise the prompt's default).
 */
export function simPoliciesFor(rulesetId: string, target: TargetStrategy = 'weakest', opts: { stabilize?: boolean } = {}): SimPolicies {
  const prompts = Object.hasOwn(promptPolicies, rulesetId) ? promptPolicies[rulesetId]! : demoPromptPolicy;
  const turn = Object.hasOwn(leanTurnPolicies, rulesetId) ? leanTurnPolicies[rulesetId]!(target) : legalTurnPolicy(target);
  const after = Object.hasOwn(afterFights, rulesetId) ? afterFights[rulesetId] : undefined;
  // These are the policies a compiled fight is specified against: `target`'s pick, the simulator's prompt answers, and the turns (A5E, Five Torches Deep: attack with the first attack; 13th Age: named by its spec), and what follows the fight.
  let compiled = Object.hasOwn(compiledSpecs, rulesetId) ? compiledSpecs[rulesetId]!(target) : compiledRulesets.has(rulesetId) ? { target, prompts: 'sim' } : null;
  if (after && compiled) compiled = opts.stabilize === false ? null : { ...compiled, afterFight: after.name };
  return {
    chooseCommand: turn, prompts, ...(compiled ? { compiled } : {}),
    ...(after ? { afterFight: after.make(opts.stabilize !== false), fightOver: after.over } : {}),
  };
}

/**
 * What follows a fight in the simulator, per ruleset id: Five Torches Deep's minute after the fight
 * (allies stabilize the dying, the dying window runs out: `ftdAfterFight`), so a death counts as at
 * the table. `stabilize: false` (for comparison) leaves the dying alone and plays on the engine.
 */
const afterFights: Record<string, { name: string; make: (stabilize: boolean) => NonNullable<SimPolicies['afterFight']>; over: NonNullable<SimPolicies['fightOver']> }> = {
  'five-torches-deep': { name: 'ftd-minute', make: ftdAfterFight, over: ftdFightOver },
};
