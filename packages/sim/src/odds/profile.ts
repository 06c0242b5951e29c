import type { AttackProfile, EncounterState, LoadedRuleset } from '@fray/engine';

export type { AttackProfile };

export class OddsError extends Error {}

/** The profile of `attacker`'s attack against `target`: the ruleset's own `attackProfile` (its attack bonus, defence and damage). */
export function attackProfile(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attackId: string | undefined, target: string): AttackProfile {
  for (const [role, id] of [['attacker', attacker], ['target', target]] as const) {
    if (!state.creatures[id]) throw new OddsError(`no ${role} '${id}'; creatures: ${state.creatureIds.join(', ')}`);
  }
  if (!ruleset.attackProfile) throw new OddsError(`exact attack odds are not available for the ruleset '${ruleset.id}' (it has no attackProfile)`);
  const p = ruleset.attackProfile(state, attacker, attackId, target);
  if (!p) {
    // A stat block without a list of attacks has the one the ruleset takes when none is named.
    const listed = ((state.creatures[attacker]!.sheet as { attacks?: { id?: string }[] } | null)?.attacks ?? []).map((a) => a.id);
    const attacks = (listed.length ? listed : [ruleset.attackProfile(state, attacker, undefined, target)?.attackName]).filter(Boolean).join(', ');
    throw new OddsError(`${attacker} has no attack '${attackId ?? '(first)'}'; attacks: ${attacks || 'none'}`);
  }
  return p;
}
