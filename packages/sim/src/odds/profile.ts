import type { AttackProfile, EncounterState, Json, LoadedRuleset } from '@fray/engine';

export type { AttackProfile };

export class OddsError extends Error {}

/** The mini test ruleset: attackBonus vs AC, damage dice doubled on a natural 20 (it has no `attackProfile` hook). */
function miniProfile(state: EncounterState, attacker: string, attackId: string | undefined, target: string): AttackProfile {
  const sheet = state.creatures[attacker]!.sheet as Record<string, Json>;
  if (attackId !== undefined && attackId !== 'attack') throw new OddsError(`mini creatures have one attack, 'attack' (not '${attackId}')`);
  const t = state.creatures[target]!.sheet as Record<string, Json>;
  return {
    attackName: 'attack', bonus: Number(sheet['attackBonus']), ac: Number(t['ac']), damage: String(sheet['damage']),
    damageType: String(sheet['damageType'] ?? 'slashing'), crit: 'doubleDice', critFrom: 20,
  };
}

/** The profile of `attacker`'s attack against `target`: the ruleset's own `attackProfile` (its attack bonus, defence and damage). */
export function attackProfile(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attackId: string | undefined, target: string): AttackProfile {
  for (const [role, id] of [['attacker', attacker], ['target', target]] as const) {
    if (!state.creatures[id]) throw new OddsError(`no ${role} '${id}'; creatures: ${state.creatureIds.join(', ')}`);
  }
  if (ruleset.id === 'mini') return miniProfile(state, attacker, attackId, target);
  if (!ruleset.attackProfile) throw new OddsError(`exact attack odds are not available for the ruleset '${ruleset.id}' (it has no attackProfile)`);
  const p = ruleset.attackProfile(state, attacker, attackId, target);
  if (!p) {
    const attacks = ((state.creatures[attacker]!.sheet as { attacks?: { id?: string }[] } | null)?.attacks ?? []).map((a) => a.id).join(', ');
    throw new OddsError(`${attacker} has no attack '${attackId ?? '(first)'}'; attacks: ${attacks || 'none'}`);
  }
  return p;
}
