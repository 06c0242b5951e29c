import { distribution, parseDice, expressionOf, scaleDiceCounts, type DiceExpression } from '@fray/dice';
import { calculateDamage, type DamagePart, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { attackProfile, type AttackProfile } from './profile';

export type RollModeName = 'normal' | 'advantage' | 'disadvantage';

export interface ModeOdds {
  mode: RollModeName;
  miss: number;
  hit: number;
  crit: number;
  meanDamage: number;
  /** P(the attack alone takes the target to 0 hit points from where it stands) */
  drop: number;
  /** damage after the target's defences → probability */
  damage: Map<number, number>;
}

export interface AttackOdds {
  profile: AttackProfile;
  targetHp: number;
  /** what the target's defences did to the damage types, for the report */
  defences: { immune: string[]; resist: string[]; vulnerable: string[] };
  modes: ModeOdds[];
}

/** P(natural = n) for n = 1..20 under a roll mode, from the exact distributions of 1d20 and 2d20 keep 1. */
function naturals(mode: RollModeName): number[] {
  const d = distribution(mode === 'normal' ? '1d20' : mode === 'advantage' ? '2d20kh1' : '2d20kl1');
  return Array.from({ length: 21 }, (_, n) => (n === 0 ? 0 : d.probability(n)));
}

/** (amount per type, probability) for every outcome of a damage roll, each labelled group exactly. */
function damageOutcomes(expr: DiceExpression, defaultType: string): { parts: DamagePart[]; p: number }[] {
  const groups = new Map<string, DiceExpression['terms']>();
  for (const t of expr.terms) {
    const key = t.label ?? '';
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  let joint: { parts: DamagePart[]; p: number }[] = [{ parts: [], p: 1 }];
  for (const [label, terms] of groups) {
    const cleaned = terms.map((t) => {
      const { label: _l, ...rest } = t;
      return rest as DiceExpression['terms'][number];
    });
    const d = distribution(expressionOf(cleaned));
    const next: { parts: DamagePart[]; p: number }[] = [];
    for (const j of joint) {
      for (let v = d.min; v <= d.max; v++) {
        const q = d.probability(v);
        if (q > 0) next.push({ parts: [...j.parts, { type: label || defaultType, amount: v }], p: j.p * q });
      }
    }
    joint = next;
  }
  return joint;
}

/**
 * The exact odds of one attack: miss, hit and crit chances under each roll mode, and the distribution
 * of the damage after the target's defences (the ruleset's own damage steps and profile: immunity,
 * resistance, vulnerability, reductions), from exact dice distributions. No simulation.
 */
export function attackOdds(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attackId: string | undefined, target: string): AttackOdds {
  const profile = attackProfile(ruleset, state, attacker, attackId, target);
  const defences = { ...ruleset.damageProfile(state, target), tempHp: 0 };
  const after = (parts: DamagePart[]) => calculateDamage(parts, defences, ruleset.damageSteps).total;
  const expr = parseDice(profile.damage);
  const hitDamage = new Map<number, number>();
  const critDamage = new Map<number, number>();
  const add = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p);
  for (const o of damageOutcomes(expr, profile.damageType)) {
    add(hitDamage, after(o.parts), o.p);
    if (profile.crit === 'doubleTotal') add(critDamage, after(o.parts.map((x) => ({ ...x, amount: x.amount * 2 }))), o.p);
  }
  if (profile.crit === 'doubleDice') for (const o of damageOutcomes(scaleDiceCounts(expr, 2), profile.damageType)) add(critDamage, after(o.parts), o.p);

  const hp = state.creatures[target]!.hp + state.creatures[target]!.tempHp;
  const modes = (['normal', 'advantage', 'disadvantage'] as const).map((mode): ModeOdds => {
    const pn = naturals(mode);
    let hit = 0;
    let crit = 0;
    for (let n = 2; n <= 20; n++) {
      if (n >= profile.critFrom) crit += pn[n]!;
      else if (n + profile.bonus >= profile.ac) hit += pn[n]!;
    }
    const damage = new Map<number, number>([[0, 1 - hit - crit]]);
    for (const [d, p] of hitDamage) add(damage, d, hit * p);
    for (const [d, p] of critDamage) add(damage, d, crit * p);
    let mean = 0;
    let drop = 0;
    for (const [d, p] of damage) {
      mean += d * p;
      if (d >= hp && d > 0) drop += p;
    }
    return { mode, miss: 1 - hit - crit, hit, crit, meanDamage: mean, drop, damage: new Map([...damage].sort((a, b) => a[0] - b[0])) };
  });
  return { profile, targetHp: hp, defences: { immune: defences.immune, resist: defences.resist, vulnerable: defences.vulnerable }, modes };
}
