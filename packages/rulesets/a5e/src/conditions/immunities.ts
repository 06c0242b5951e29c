import { activeEffects, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { sheetById } from '../sheet/derived';

/** Immunity to the key brings immunity to each listed condition (A5E-COND-2). */
export const linkedImmunities: Readonly<Record<string, readonly string[]>> = {
  charmed: ['enraged', 'fixated', 'manic'],
  confused: ['amnesiac'],
  frightened: ['placid'],
  rattled: ['agonized'],
  stunned: ['rattled'],
};

/** Every condition a set of immunities covers, following links transitively (stunned → rattled → agonized). */
export function expandImmunities(direct: Iterable<string>): string[] {
  const out = new Set<string>();
  const queue = [...direct];
  while (queue.length) {
    const next = queue.shift()!;
    if (out.has(next)) continue;
    out.add(next);
    queue.push(...(linkedImmunities[next] ?? []));
  }
  return [...out];
}

/** The stat block's condition immunities and those its conditions grant, with their linked ones. */
export function a5eConditionImmunities(ruleset: LoadedRuleset, state: EncounterState, id: string): string[] {
  const c = state.creatures[id];
  if (!c) return [];
  const direct = [...sheetById(state, id).conditionImmunities];
  for (const a of activeEffects(ruleset, c)) if (a.effect.kind === 'conditionImmunity') direct.push(...a.effect.conditions);
  return expandImmunities(direct);
}
