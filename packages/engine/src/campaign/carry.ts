import type { ConditionInstance } from '../condition/condition';
import type { CreatureState } from '../core/state';
import type { LoadedRuleset } from '../ruleset/ruleset';

/** Conditions tied to the fight's turns or to the fight itself end with it; anything they brought along goes too. */
export function conditionsOutlastingFight(conditions: readonly ConditionInstance[]): ConditionInstance[] {
  const ended = new Set(conditions.filter((c) => c.duration.kind === 'turns' || c.duration.kind === 'endOfEncounter').map((c) => c.instanceId));
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of conditions) {
      if (c.impliedBy && ended.has(c.impliedBy) && !ended.has(c.instanceId)) {
        ended.add(c.instanceId);
        grew = true;
      }
    }
  }
  return conditions.filter((c) => !ended.has(c.instanceId));
}

/**
 * The default of `Ruleset.carryOver`: who the creature is (name, side, controller, tags, notes,
 * hidden) stays as the campaign knew it; what the fight did to it comes back — hit points, temporary
 * hit points, maximum, status, tracks, tallies, vars and conditions that outlast the fight. Pools the
 * ruleset starts every creature with (per-turn budgets) start fresh; pools added later (spent
 * abilities) keep their value.
 */
export function carryOver(ruleset: LoadedRuleset, after: CreatureState, before: CreatureState): CreatureState {
  const fresh = ruleset.initCreature(before.sheet).resources;
  return {
    ...after,
    id: before.id,
    name: before.name,
    side: before.side,
    controller: before.controller,
    tags: before.tags,
    hidden: before.hidden,
    notes: before.notes,
    sheet: before.sheet,
    conditions: conditionsOutlastingFight(after.conditions),
    resources: { ...after.resources, ...fresh },
  };
}
