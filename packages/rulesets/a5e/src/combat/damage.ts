import { activeEffects, emptyProfile, type DamageProfile, type DamageStep, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { sheetOf } from '../sheet/derived';

/**
 * A5E's order after the roll, crit doubling and halvings (A5E-DMG-20): flat reductions, immunity,
 * resistance once, vulnerability once, an object's threshold, then temporary hit points.
 */
export const a5eDamageSteps: DamageStep[] = [
  { step: 'reduction', ruleId: 'A5E-DMG-20' },
  { step: 'immunity', ruleId: 'A5E-DMG-14' },
  { step: 'resistance', ruleId: 'A5E-DMG-10' },
  { step: 'vulnerability', ruleId: 'A5E-DMG-11' },
  { step: 'threshold', ruleId: 'A5E-DMG-18' },
  { step: 'tempHp', ruleId: 'A5E-DMG-19' },
];

/** Stat block defences plus whatever active conditions add; duplicates count once (A5E-DMG-13). */
export function a5eDamageProfile(ruleset: LoadedRuleset, state: EncounterState, id: string): DamageProfile {
  const c = state.creatures[id]!;
  const sheet = sheetOf(c);
  const p = emptyProfile(c.tempHp);
  const add = (list: string[], types: readonly string[] | 'all') => {
    for (const t of types === 'all' ? ['all'] : types) if (!list.includes(t)) list.push(t);
  };
  add(p.immune, sheet.immune);
  add(p.resist, sheet.resist);
  add(p.vulnerable, sheet.vulnerable);
  for (const a of activeEffects(ruleset, c)) {
    if (a.effect.kind !== 'damageAdjust') continue;
    add(a.effect.adjust === 'immunity' ? p.immune : a.effect.adjust === 'resistance' ? p.resist : p.vulnerable, a.effect.types);
  }
  const threshold = (c.vars['damageThreshold'] as number | undefined) ?? null;
  p.threshold = threshold;
  return p;
}
