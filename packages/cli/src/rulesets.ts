import type { LoadedRuleset } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { miniRuleset } from '@fray/testkit';

/**
 * Rulesets a scenario can name in `ruleset:`. Adding one is one line here, e.g.
 * `a5e: () => a5eRuleset,` once `@fray/ruleset-a5e` exists (likewise '13th-age', 'five-torches-deep').
 * Entries are thunks so a ruleset is only touched when a scenario asks for it.
 */
const registry: Record<string, () => LoadedRuleset> = {
  a5e: () => a5eRuleset,
  mini: () => miniRuleset,
};

export function rulesetIds(): string[] {
  return Object.keys(registry).sort();
}

/** The ruleset for an id, or null when no such ruleset is registered. */
export function findRuleset(id: string): LoadedRuleset | null {
  return Object.hasOwn(registry, id) ? registry[id]!() : null;
}
