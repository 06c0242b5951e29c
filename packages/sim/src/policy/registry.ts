import { chooseCommand, demoPromptPolicy } from './demo';
import { a5eDemoPromptPolicy, chooseA5eCommand } from './demo-a5e';
import { chooseFtdCommand, ftdDemoPromptPolicy } from './demo-ftd';
import { choose13aCommand, thirteenthAgeDemoPromptPolicy } from './demo-13a';
import { leanA5eTurnPolicy } from './lean-a5e';
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
 * Turn policies that make `legalTurnPolicy`'s choice without enumerating every legal command (the
 * same command on every state, tested against it), per ruleset id.
 */
const leanTurnPolicies: Record<string, (target: TargetStrategy) => SimPolicies['chooseCommand']> = { a5e: leanA5eTurnPolicy };

/** Rulesets whose compiled fight (`compileFight`) is specified against these policies. */
const compiledRulesets = new Set(['a5e', '13th-age']);

/**
 * The simulator's policies for a ruleset: turns chosen as from the rules' legal commands (attack the
 * weakest hostile, or a random one; A5E's lean policy makes the same choice without listing them all),
 * prompts answered as in the demo (the ruleset's own answers when it has them, otherwise the prompt's default).
 */
export function simPoliciesFor(rulesetId: string, target: TargetStrategy = 'weakest'): SimPolicies {
  const prompts = Object.hasOwn(promptPolicies, rulesetId) ? promptPolicies[rulesetId]! : demoPromptPolicy;
  const turn = Object.hasOwn(leanTurnPolicies, rulesetId) ? leanTurnPolicies[rulesetId]!(target) : legalTurnPolicy(target);
  // These are the policies a compiled fight is specified against: attack with the first attack, `target`'s pick, the simulator's prompt answers.
  return { chooseCommand: turn, prompts, ...(compiledRulesets.has(rulesetId) ? { compiled: { target, prompts: 'sim' } } : {}) };
}
