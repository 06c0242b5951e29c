import { activeEffects, statistic, type EncounterState, type Json, type LoadedRuleset, type Modifier, type Statistic } from '@fray/engine';
import { sheetById } from './derived';

/**
 * AC now, explained (issue 18 item 5): the stat block's AC, then each condition's AC modifier
 * (slowed −2, A5E-COND-27; a feature's cover, A5E-COVER-3), the same effect from a second source
 * shown but not counted (A5E-COND-1), then the cover an attacker faces (A5E-COVER-3/4), when given.
 * Condition modifiers are not predicated on the attack: AC is one number for every attacker but cover.
 */
export function acStatistic(ruleset: LoadedRuleset, state: EncounterState, id: string, cover?: { degree: string; bonus: number }): Statistic {
  const mods: Modifier[] = [];
  for (const a of activeEffects(ruleset, state.creatures[id]!)) {
    const e = a.effect;
    if (e.kind !== 'modifier' || e.selector !== 'ac') continue;
    mods.push({
      id: a.conditionId, label: a.conditionId, value: e.value, type: e.type ?? 'untyped', source: a.instance.instanceId,
      sameEffect: `${a.conditionId}:${JSON.stringify(e as unknown as Json)}`, ...(e.ruleId ? { ruleId: e.ruleId } : {}),
    });
  }
  if (cover && cover.bonus) {
    mods.push({ id: 'cover', label: `${cover.degree} cover`, value: cover.bonus, type: 'cover', source: 'a5e.cover', ruleId: cover.degree === 'half' ? 'A5E-COVER-3' : 'A5E-COVER-4' });
  }
  return statistic('AC', { label: 'stat block AC', value: sheetById(state, id).ac, source: id }, mods, ruleset.stacking);
}
