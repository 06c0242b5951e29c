import type { CreatureSetup, FrayEvent, Json, PromptPolicy } from '@fray/engine';
import { CampaignTable, TestTable } from '@fray/testkit';
import { ftdRuleset } from '../src/index';
import { brenna, odo } from './fixtures';

/** Every GM prompt answered with its default (the travel-turn threat, resilience calls). */
export const defaults: PromptPolicy = (p) => p.default;

export function campaign(opts: { creatures?: CreatureSetup[]; clockSeconds?: number; options?: Record<string, Json>; policy?: PromptPolicy } = {}): CampaignTable {
  return new CampaignTable(ftdRuleset, {
    creatures: opts.creatures ?? [brenna(), odo()],
    options: { moraleTriggers: false, ...(opts.options ?? {}) },
    ...(opts.clockSeconds !== undefined ? { clockSeconds: opts.clockSeconds } : {}),
  }, opts.policy ? { policy: opts.policy } : {});
}

/** The texts of the RuleApplied events with this rule id. */
export function said(events: readonly FrayEvent[], ruleId: string): string[] {
  return TestTable.ofType(events, 'RuleApplied').filter((e) => e.ruleId === ruleId).map((e) => e.text);
}

export { TestTable };
