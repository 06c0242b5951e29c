import type { EncounterState, Json, LoadedRuleset, Resolution } from '@fray/engine';
import { armorClass, attackBonus, damageExpression, sheetOf, type Attack } from '@fray/ruleset-a5e';

/** What one attack needs for exact odds: the numbers the ruleset's own attack would use. */
export interface AttackProfile {
  attackName: string;
  bonus: number;
  ac: number;
  /** the damage roll, labelled terms for extra types */
  damage: string;
  /** the type of unlabelled damage */
  damageType: string;
  /** how a critical hit deals damage: dice doubled (5e-style) or the total doubled (A5E-DMG-4) */
  crit: 'doubleDice' | 'doubleTotal';
  /** naturals that crit (and hit) */
  critFrom: number;
}

export class OddsError extends Error {}

type ProfileFn = (ruleset: LoadedRuleset, state: EncounterState, attacker: string, attackId: string | undefined, target: string) => AttackProfile;

/** A5E: the stat block's bonus (or ability + proficiency), AC with its condition modifiers, damage with the ability modifier. */
const a5eProfile: ProfileFn = (ruleset, state, attacker, attackId, target) => {
  const sheet = sheetOf(state.creatures[attacker]!);
  const attack: Attack | undefined = attackId === undefined ? sheet.attacks[0] : sheet.attacks.find((a) => a.id === attackId);
  if (!attack) throw new OddsError(`${attacker} has no attack '${attackId ?? '(first)'}'; attacks: ${sheet.attacks.map((a) => a.id).join(', ') || 'none'}`);
  // armorClass reads only the state and the ruleset, so it can be asked outside a command.
  const ac = armorClass({ state, ruleset } as unknown as Resolution, target);
  return { attackName: attack.name, bonus: attackBonus(sheet, attack), ac, damage: damageExpression(sheet, attack), damageType: attack.damageType, crit: 'doubleTotal', critFrom: 20 };
};

/** The mini test ruleset: attackBonus vs AC, damage dice doubled on a natural 20. */
const miniProfile: ProfileFn = (_ruleset, state, attacker, attackId, target) => {
  const sheet = state.creatures[attacker]!.sheet as Record<string, Json>;
  if (attackId !== undefined && attackId !== 'attack') throw new OddsError(`mini creatures have one attack, 'attack' (not '${attackId}')`);
  const t = state.creatures[target]!.sheet as Record<string, Json>;
  return {
    attackName: 'attack', bonus: Number(sheet['attackBonus']), ac: Number(t['ac']), damage: String(sheet['damage']),
    damageType: String(sheet['damageType'] ?? 'slashing'), crit: 'doubleDice', critFrom: 20,
  };
};

const profiles: Record<string, ProfileFn> = { a5e: a5eProfile, mini: miniProfile };

/** The profile of `attacker`'s attack against `target` under the state's ruleset. */
export function attackProfile(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attackId: string | undefined, target: string): AttackProfile {
  const fn = Object.hasOwn(profiles, ruleset.id) ? profiles[ruleset.id]! : null;
  if (!fn) throw new OddsError(`exact attack odds are not available for the ruleset '${ruleset.id}' yet (known: ${Object.keys(profiles).join(', ')})`);
  for (const [role, id] of [['attacker', attacker], ['target', target]] as const) {
    if (!state.creatures[id]) throw new OddsError(`no ${role} '${id}'; creatures: ${state.creatureIds.join(', ')}`);
  }
  return fn(ruleset, state, attacker, attackId, target);
}
