import type { LoadedRuleset } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { thirteenthAgeRuleset } from '@fray/ruleset-13th-age';
import { ftdRuleset } from '@fray/ruleset-five-torches-deep';
import { miniRuleset } from '@fray/ruleset-mini';

/**
 * Rulesets a scenario can name in `ruleset:`. Adding one is one line here, as for `a5e`
 * (likewise '13th-age', 'five-torches-deep' once they exist).
 * Entries are thunks so a ruleset is only touched when a scenario asks for it.
 */
const registry: Record<string, () => LoadedRuleset> = {
  a5e: () => a5eRuleset,
  '13th-age': () => thirteenthAgeRuleset,
  'five-torches-deep': () => ftdRuleset,
  mini: () => miniRuleset,
};

export function rulesetIds(): string[] {
  return Object.keys(registry).sort();
}

/** The ruleset for an id, or null when no such ruleset is registered. */
export function findRuleset(id: string): LoadedRuleset | null {
  return Object.hasOwn(registry, id) ? registry[id]!() : null;
}
