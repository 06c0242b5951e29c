import { chooseCommand, demoPromptPolicy } from './demo';
import { a5eDemoPromptPolicy, chooseA5eCommand } from './demo-a5e';
import { legalTurnPolicy, type TargetStrategy } from './legal';
import type { SimPolicies } from './types';

/** The demo's policies per ruleset id; a ruleset without its own plays by the mini ones. */
const demoPolicies: Record<string, SimPolicies> = {
  a5e: { chooseCommand: chooseA5eCommand, prompts: a5eDemoPromptPolicy },
};
const defaultDemo: SimPolicies = { chooseCommand, prompts: demoPromptPolicy };

/** The narrated demo's policies (kept stable: the demo's tests pin its fights). */
export const demoPoliciesFor = (rulesetId: string): SimPolicies => (Object.hasOwn(demoPolicies, rulesetId) ? demoPolicies[rulesetId]! : defaultDemo);

/** Prompt answers per ruleset id, for the simulator. */
const promptPolicies: Record<string, SimPolicies['prompts']> = { a5e: a5eDemoPromptPolicy };

/**
 * The simulator's policies for a ruleset: turns chosen from the rules' legal commands (attack the
 * weakest hostile, or a random one), prompts answered as in the demo (the ruleset's own answers when
 * it has them, otherwise the prompt's default).
 */
export function simPoliciesFor(rulesetId: string, target: TargetStrategy = 'weakest'): SimPolicies {
  const prompts = Object.hasOwn(promptPolicies, rulesetId) ? promptPolicies[rulesetId]! : demoPromptPolicy;
  return { chooseCommand: legalTurnPolicy(target), prompts };
}
