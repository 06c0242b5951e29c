import { activeEffects, emptyProfile, type DamageProfile, type DamageStep, type EncounterState, type Json, type LoadedRuleset } from '@fray/engine';
import { sheetOf } from '../sheet/derived';
import { objectDefences } from '../objects/defences';
import { scenarioDefences } from '../scenarios/astral';
import { damageTypes } from '../sheet/stat-block';

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

/** Damage an effect deals without naming a type (ongoing bleeding, say): no defence by type touches it (A5E-DMG-8). */
export const UNTYPED = 'untyped';

/** Creature var: flat reductions `[{types: 'all' | string[], amount, source}]`, e.g. a cage that reduces all damage by 5. */
export const DAMAGE_REDUCTIONS_VAR = 'damageReductions';
/** Condition modifier selector for a flat reduction of all damage by its value. */
export const DAMAGE_REDUCTION_SELECTOR = 'damage-reduction';

type Reduction = DamageProfile['reductions'][number];

function reductionsFromVar(value: Json | undefined): Reduction[] {
  if (!Array.isArray(value)) return [];
  const out: Reduction[] = [];
  for (const r of value) {
    if (!r || typeof r !== 'object' || Array.isArray(r)) continue;
    const amount = r['amount'];
    const types = r['types'];
    if (typeof amount !== 'number') continue;
    out.push({
      amount,
      types: Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : 'all',
      source: typeof r['source'] === 'string' ? r['source'] : 'effect',
    });
  }
  return out;
}

/**
 * Stat block defences plus whatever active conditions add; duplicates count once (A5E-DMG-13).
 * "All damage" is spelled out as the thirteen types, so untyped ongoing damage slips past
 * resistance, vulnerability and immunity alike (A5E-DMG-8, AMB-24).
 */
export function a5eDamageProfile(ruleset: LoadedRuleset, state: EncounterState, id: string): DamageProfile {
  const c = state.creatures[id]!;
  const sheet = sheetOf(c);
  const p = emptyProfile(c.tempHp);
  const add = (list: string[], types: readonly string[] | 'all') => {
    for (const t of types === 'all' ? damageTypes : types) if (!list.includes(t)) list.push(t);
  };
  add(p.immune, sheet.immune);
  add(p.resist, sheet.resist);
  add(p.vulnerable, sheet.vulnerable);
  for (const a of activeEffects(ruleset, c)) {
    if (a.effect.kind === 'modifier' && a.effect.selector === DAMAGE_REDUCTION_SELECTOR) {
      p.reductions.push({ types: 'all', amount: a.effect.value, source: a.instance.instanceId });
      continue;
    }
    if (a.effect.kind !== 'damageAdjust') continue;
    add(a.effect.adjust === 'immunity' ? p.immune : a.effect.adjust === 'resistance' ? p.resist : p.vulnerable, a.effect.types);
  }
  p.reductions.push(...reductionsFromVar(c.vars[DAMAGE_REDUCTIONS_VAR]));
  // What the creature is (an object, A5E-OBJ) and where it is (a scenario, A5E-SCEN) add defences too.
  const object = objectDefences(state, id);
  for (const extra of [object, scenarioDefences(state, id)]) {
    add(p.immune, extra.immune);
    add(p.resist, extra.resist);
    add(p.vulnerable, extra.vulnerable);
  }
  const threshold = object.threshold ?? (c.vars['damageThreshold'] as number | undefined) ?? null;
  p.threshold = threshold;
  return p;
}
